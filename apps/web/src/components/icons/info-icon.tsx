import { icon } from './svg.tsx';

export const InfoIcon = icon(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 11v5.5" />
    <circle cx="12" cy="7.8" r=".7" fill="currentColor" />
  </>,
);
