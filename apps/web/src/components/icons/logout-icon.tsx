import { icon } from './svg.tsx';

export const LogoutIcon = icon(
  <>
    <path d="M14 4.5H6.5c-.6 0-1 .4-1 1v13c0 .6.4 1 1 1H14" />
    <path d="M10.5 12h10M17 8.5l3.5 3.5-3.5 3.5" />
  </>,
);
