import { icon } from './svg.tsx';

export const ChevronRightIcon = icon(<path d="m9.5 6 6 6-6 6" />);
