import { icon } from './svg.tsx';

export const ColumnIcon = icon(
  <>
    <path d="M6 3.5h9l3.5 3.5v13.5H6z" />
    <path d="M14.5 3.5V7.5h4M9 12h6.5M9 15.5h6.5M9 8.5h3" />
  </>,
);
