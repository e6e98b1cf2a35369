import { icon } from './svg.tsx';

export const ExamIcon = icon(
  <>
    <rect x="5" y="4.5" width="14" height="16" rx="2" />
    <path d="M9 3.5h6v2.5H9zM8.5 12l2 2 4.5-4.5M8.5 17h7" />
  </>,
);
