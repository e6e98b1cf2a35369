import { Svg, type IconProps } from './svg.tsx';

export function CrownIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <path d="m4 8 4 3.5L12 5l4 6.5L20 8l-1.5 10h-13z" />
    <path d="M6 20.5h12" />
  </>
    </Svg>
  );
}
