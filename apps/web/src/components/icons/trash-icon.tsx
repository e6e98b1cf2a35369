import { icon } from './svg.tsx';

export const TrashIcon = icon(
  <>
    <path d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13" />
    <path d="M10.5 11v5.5M13.5 11v5.5" />
  </>,
);
