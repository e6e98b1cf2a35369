import { Svg, type IconProps } from './svg.tsx';

/** The bottom tab bar's icons (kept apart from icons.tsx so only these four ship in the first chunk). */

export function HomeIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <path d="M3.5 10.5 12 3.8l8.5 6.7" />
    <path d="M5.5 9v10.2c0 .6.4 1 1 1H10v-5.5h4v5.5h3.5c.6 0 1-.4 1-1V9" />
  </>
    </Svg>
  );
}

export function CompassIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="m15.5 8.5-2 5-5 2 2-5z" />
  </>
    </Svg>
  );
}

export function BookIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <path d="M4.5 5.5c2.6-1 5.1-.9 7.5.6v13c-2.4-1.5-4.9-1.6-7.5-.6z" />
    <path d="M19.5 5.5c-2.6-1-5.1-.9-7.5.6v13c2.4-1.5 4.9-1.6 7.5-.6z" />
  </>
    </Svg>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <circle cx="12" cy="8.5" r="4" />
    <path d="M4.5 20c.8-3.6 3.8-5.5 7.5-5.5s6.7 1.9 7.5 5.5" />
  </>
    </Svg>
  );
}
