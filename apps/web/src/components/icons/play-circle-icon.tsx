import { Svg, type IconProps } from './svg.tsx';

export function PlayCircleIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M10 8.8v6.4l5.2-3.2z" />
  </>
    </Svg>
  );
}
