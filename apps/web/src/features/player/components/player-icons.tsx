import { icon, type IconProps } from '../../../components/icons/svg.tsx';

/** Solid glyphs (play, pause): filled, no outline. */
const FILLED: IconProps = { stroke: 'none', fill: 'currentColor' };

/** The seconds the skip buttons jump, drawn inside their arrow. */
const FIFTEEN = (
  <text x="12" y="15.5" fontSize="7" textAnchor="middle" stroke="none" fill="currentColor" fontWeight="600">
    15
  </text>
);

export const PlayFillIcon = icon(
  <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.4-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />,
  FILLED,
);

export const PauseFillIcon = icon(
  <>
    <rect x="6" y="5" width="4" height="14" rx="1.2" />
    <rect x="14" y="5" width="4" height="14" rx="1.2" />
  </>,
  FILLED,
);

export const FullscreenIcon = icon(<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />);

export const ExitFullscreenIcon = icon(<path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />);

export const Back15Icon = icon(
  <>
    <path d="M4 12a8 8 0 1 0 2.6-5.9" />
    <path d="M4 4v4h4" />
    {FIFTEEN}
  </>,
);

export const Forward15Icon = icon(
  <>
    <path d="M20 12a8 8 0 1 1-2.6-5.9" />
    <path d="M20 4v4h-4" />
    {FIFTEEN}
  </>,
);

export const CloseIcon = icon(<path d="M6 6l12 12M18 6 6 18" />);

export const MoonIcon = icon(<path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />);

export const PrevIcon = icon(
  <>
    <path d="M6 5v14" />
    <path d="M18 6v12l-9-6z" fill="currentColor" />
  </>,
);

export const NextIcon = icon(
  <>
    <path d="M18 5v14" />
    <path d="M6 6v12l9-6z" fill="currentColor" />
  </>,
);
