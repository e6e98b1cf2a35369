import { Svg, type IconProps } from './svg.tsx';

export function ChartIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <path d="M4.5 19.5h15" />
    <path d="M7.5 16v-4M12 16V7.5M16.5 16v-6.5" />
  </>
    </Svg>
  );
}
