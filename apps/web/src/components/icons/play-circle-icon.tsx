import { icon } from './svg.tsx';

export const PlayCircleIcon = icon(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M10 8.8v6.4l5.2-3.2z" />
  </>,
);
