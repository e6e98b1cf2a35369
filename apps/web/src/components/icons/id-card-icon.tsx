import { icon } from './svg.tsx';

export const IdCardIcon = icon(
  <>
    <rect x="3.5" y="5" width="17" height="14" rx="2" />
    <circle cx="9" cy="11" r="2" />
    <path d="M6 16c.5-1.6 1.6-2.4 3-2.4s2.5.8 3 2.4M14.5 10h3M14.5 13.5h3" />
  </>,
);
