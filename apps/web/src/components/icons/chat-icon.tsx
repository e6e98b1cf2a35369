import { icon } from './svg.tsx';

export const ChatIcon = icon(
  <>
    <path d="M4 11.5C4 7.9 7.6 5 12 5s8 2.9 8 6.5S16.4 18 12 18c-1 0-2-.1-2.8-.4L5.5 19.5l1-3.2A6 6 0 0 1 4 11.5z" />
    <circle cx="9" cy="11.5" r=".7" fill="currentColor" />
    <circle cx="15" cy="11.5" r=".7" fill="currentColor" />
  </>,
);
