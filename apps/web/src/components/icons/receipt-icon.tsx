import { icon } from './svg.tsx';

export const ReceiptIcon = icon(
  <>
    <path d="M6 3.5h12v17l-2.5-1.5-2 1.5-1.5-1.5-1.5 1.5-2-1.5L6 20.5z" />
    <path d="M9 8.5h6M9 12h6M9 15.5h3.5" />
  </>,
);
