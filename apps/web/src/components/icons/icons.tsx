import { Svg, type IconProps } from './svg.tsx';

/**
 * Line icons drawn for this app (24×24, currentColor), one function each so unused ones are
 * tree-shaken. The tab bar's four live in tab-icons.tsx: they ship in the first chunk, these
 * only with the pages that use them.
 */

export type { IconProps };
export { BookIcon, CompassIcon, HomeIcon, UserIcon } from './tab-icons.tsx';

export function SearchIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4 4" />
  </>
    </Svg>
  );
}

export function GridIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
  </>
    </Svg>
  );
}

export function LiveIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <rect x="3.5" y="6" width="12.5" height="12" rx="2" />
    <path d="m16 10.5 4.5-2.5v8l-4.5-2.5" />
    <circle cx="8" cy="10" r="1" fill="currentColor" stroke="none" />
  </>
    </Svg>
  );
}

export function ColumnIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <path d="M6 3.5h9l3.5 3.5v13.5H6z" />
    <path d="M14.5 3.5V7.5h4M9 12h6.5M9 15.5h6.5M9 8.5h3" />
  </>
    </Svg>
  );
}

export function ExamIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <rect x="5" y="4.5" width="14" height="16" rx="2" />
    <path d="M9 3.5h6v2.5H9zM8.5 12l2 2 4.5-4.5M8.5 17h7" />
  </>
    </Svg>
  );
}

export function BuildingIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <path d="M4 20.5h16M6 20.5V5.5l7-2v17M13 8.5l5 1.5v10.5" />
    <path d="M9 8h1.5M9 11.5h1.5M9 15h1.5M15.5 13h.5M15.5 16h.5" />
  </>
    </Svg>
  );
}

export function PlayCircleIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M10 8.8v6.4l5.2-3.2z" />
  </>
    </Svg>
  );
}

export function ReceiptIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <path d="M6 3.5h12v17l-2.5-1.5-2 1.5-1.5-1.5-1.5 1.5-2-1.5L6 20.5z" />
    <path d="M9 8.5h6M9 12h6M9 15.5h3.5" />
  </>
    </Svg>
  );
}

export function StarIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m12 4 2.4 5 5.4.7-4 3.8 1 5.4-4.8-2.6-4.8 2.6 1-5.4-4-3.8 5.4-.7z" />
    </Svg>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </>
    </Svg>
  );
}

export function ChartIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <path d="M4.5 19.5h15" />
    <path d="M7.5 16v-4M12 16V7.5M16.5 16v-6.5" />
  </>
    </Svg>
  );
}

export function CrownIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <path d="m4 8 4 3.5L12 5l4 6.5L20 8l-1.5 10h-13z" />
    <path d="M6 20.5h12" />
  </>
    </Svg>
  );
}

export function BriefcaseIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <rect x="3.5" y="7" width="17" height="12.5" rx="2" />
    <path d="M9 7V5.5c0-.6.4-1 1-1h4c.6 0 1 .4 1 1V7M3.5 12.5h17" />
  </>
    </Svg>
  );
}

export function IdCardIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <rect x="3.5" y="5" width="17" height="14" rx="2" />
    <circle cx="9" cy="11" r="2" />
    <path d="M6 16c.5-1.6 1.6-2.4 3-2.4s2.5.8 3 2.4M14.5 10h3M14.5 13.5h3" />
  </>
    </Svg>
  );
}

export function SettingsIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 3.5v2M12 18.5v2M20.5 12h-2M5.5 12h-2M18 6l-1.4 1.4M7.4 16.6 6 18M18 18l-1.4-1.4M7.4 7.4 6 6" />
  </>
    </Svg>
  );
}

export function HelpIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.7 9.6a2.4 2.4 0 1 1 3.3 2.2c-.6.3-1 .8-1 1.5v.7" />
    <circle cx="12" cy="16.8" r=".6" fill="currentColor" />
  </>
    </Svg>
  );
}

export function PhoneIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6.5 4h3l1.5 4-2 1.3a10 10 0 0 0 5.7 5.7L16 13l4 1.5v3c0 .8-.7 1.5-1.5 1.5A14.5 14.5 0 0 1 5 5.5C5 4.7 5.7 4 6.5 4z" />
    </Svg>
  );
}

export function MailIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
    <path d="m4 7 8 6 8-6" />
  </>
    </Svg>
  );
}

export function ChatIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <path d="M4 11.5C4 7.9 7.6 5 12 5s8 2.9 8 6.5S16.4 18 12 18c-1 0-2-.1-2.8-.4L5.5 19.5l1-3.2A6 6 0 0 1 4 11.5z" />
    <circle cx="9" cy="11.5" r=".7" fill="currentColor" />
    <circle cx="15" cy="11.5" r=".7" fill="currentColor" />
  </>
    </Svg>
  );
}

export function ShieldIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <path d="M12 3.5 19 6v5.5c0 4.3-3 7.8-7 9-4-1.2-7-4.7-7-9V6z" />
    <path d="m9 12 2.2 2.2L15.5 10" />
  </>
    </Svg>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <path d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13" />
    <path d="M10.5 11v5.5M13.5 11v5.5" />
  </>
    </Svg>
  );
}

export function InfoIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 11v5.5" />
    <circle cx="12" cy="7.8" r=".7" fill="currentColor" />
  </>
    </Svg>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <path d="M14 4.5H6.5c-.6 0-1 .4-1 1v13c0 .6.4 1 1 1H14" />
    <path d="M10.5 12h10M17 8.5l3.5 3.5-3.5 3.5" />
  </>
    </Svg>
  );
}

export function WechatIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <path d="M9.5 5C5.9 5 3 7.4 3 10.4c0 1.7.9 3.2 2.4 4.2L5 16.8l2.4-1.2c.7.2 1.4.3 2.1.3" />
    <path d="M15 9.5c3.3 0 6 2.2 6 4.9 0 1.4-.7 2.6-1.9 3.5l.4 1.8-2-1c-.8.3-1.6.4-2.5.4-3.3 0-6-2.2-6-4.8s2.7-4.8 6-4.8z" />
  </>
    </Svg>
  );
}

export function QrIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <rect x="4" y="4" width="6" height="6" rx="1" />
    <rect x="14" y="4" width="6" height="6" rx="1" />
    <rect x="4" y="14" width="6" height="6" rx="1" />
    <path d="M14 14h2.5v2.5H14zM18.5 18.5H20V20M14 20h2" />
  </>
    </Svg>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m9.5 6 6 6-6 6" />
    </Svg>
  );
}

export function BackIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M15 5.5 8.5 12l6.5 6.5" />
    </Svg>
  );
}
