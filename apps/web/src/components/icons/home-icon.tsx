import { icon } from './svg.tsx';

export const HomeIcon = icon(
  <>
    <path d="M3.5 10.5 12 3.8l8.5 6.7" />
    <path d="M5.5 9v10.2c0 .6.4 1 1 1H10v-5.5h4v5.5h3.5c.6 0 1-.4 1-1V9" />
  </>,
);
