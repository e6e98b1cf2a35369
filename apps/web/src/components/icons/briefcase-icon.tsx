import { icon } from './svg.tsx';

export const BriefcaseIcon = icon(
  <>
    <rect x="3.5" y="7" width="17" height="12.5" rx="2" />
    <path d="M9 7V5.5c0-.6.4-1 1-1h4c.6 0 1 .4 1 1V7M3.5 12.5h17" />
  </>,
);
