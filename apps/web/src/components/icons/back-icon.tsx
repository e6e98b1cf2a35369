import { icon } from './svg.tsx';

export const BackIcon = icon(<path d="M15 5.5 8.5 12l6.5 6.5" />);
