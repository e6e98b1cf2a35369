import { Svg, type IconProps } from './svg.tsx';

export function BackIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M15 5.5 8.5 12l6.5 6.5" />
    </Svg>
  );
}
