import { icon } from './svg.tsx';

export const PhoneIcon = icon(<path d="M6.5 4h3l1.5 4-2 1.3a10 10 0 0 0 5.7 5.7L16 13l4 1.5v3c0 .8-.7 1.5-1.5 1.5A14.5 14.5 0 0 1 5 5.5C5 4.7 5.7 4 6.5 4z" />);
