import { icon } from './svg.tsx';

export const ShieldIcon = icon(
  <>
    <path d="M12 3.5 19 6v5.5c0 4.3-3 7.8-7 9-4-1.2-7-4.7-7-9V6z" />
    <path d="m9 12 2.2 2.2L15.5 10" />
  </>,
);
