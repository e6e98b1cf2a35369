import { icon } from './svg.tsx';

export const CrownIcon = icon(
  <>
    <path d="m4 8 4 3.5L12 5l4 6.5L20 8l-1.5 10h-13z" />
    <path d="M6 20.5h12" />
  </>,
);
