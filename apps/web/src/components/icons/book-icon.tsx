import { icon } from './svg.tsx';

export const BookIcon = icon(
  <>
    <path d="M4.5 5.5c2.6-1 5.1-.9 7.5.6v13c-2.4-1.5-4.9-1.6-7.5-.6z" />
    <path d="M19.5 5.5c-2.6-1-5.1-.9-7.5.6v13c2.4-1.5 4.9-1.6 7.5-.6z" />
  </>,
);
