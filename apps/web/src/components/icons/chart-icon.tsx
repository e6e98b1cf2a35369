import { icon } from './svg.tsx';

export const ChartIcon = icon(
  <>
    <path d="M4.5 19.5h15" />
    <path d="M7.5 16v-4M12 16V7.5M16.5 16v-6.5" />
  </>,
);
