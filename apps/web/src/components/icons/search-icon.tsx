import { Svg, type IconProps } from './svg.tsx';

export function SearchIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4 4" />
  </>
    </Svg>
  );
}
