import { icon } from './svg.tsx';

export const BuildingIcon = icon(
  <>
    <path d="M4 20.5h16M6 20.5V5.5l7-2v17M13 8.5l5 1.5v10.5" />
    <path d="M9 8h1.5M9 11.5h1.5M9 15h1.5M15.5 13h.5M15.5 16h.5" />
  </>,
);
