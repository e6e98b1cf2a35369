import { icon } from './svg.tsx';

export const UserIcon = icon(
  <>
    <circle cx="12" cy="8.5" r="4" />
    <path d="M4.5 20c.8-3.6 3.8-5.5 7.5-5.5s6.7 1.9 7.5 5.5" />
  </>,
);
