import { Svg, type IconProps } from './svg.tsx';

export function GridIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
  </>
    </Svg>
  );
}
