import { icon } from './svg.tsx';

export const HelpIcon = icon(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.7 9.6a2.4 2.4 0 1 1 3.3 2.2c-.6.3-1 .8-1 1.5v.7" />
    <circle cx="12" cy="16.8" r=".6" fill="currentColor" />
  </>,
);
