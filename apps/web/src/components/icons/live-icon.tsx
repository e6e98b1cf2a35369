import { icon } from './svg.tsx';

export const LiveIcon = icon(
  <>
    <rect x="3.5" y="6" width="12.5" height="12" rx="2" />
    <path d="m16 10.5 4.5-2.5v8l-4.5-2.5" />
    <circle cx="8" cy="10" r="1" fill="currentColor" stroke="none" />
  </>,
);
