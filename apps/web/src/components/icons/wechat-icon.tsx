import { Svg, type IconProps } from './svg.tsx';

export function WechatIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <>
    <path d="M9.5 5C5.9 5 3 7.4 3 10.4c0 1.7.9 3.2 2.4 4.2L5 16.8l2.4-1.2c.7.2 1.4.3 2.1.3" />
    <path d="M15 9.5c3.3 0 6 2.2 6 4.9 0 1.4-.7 2.6-1.9 3.5l.4 1.8-2-1c-.8.3-1.6.4-2.5.4-3.3 0-6-2.2-6-4.8s2.7-4.8 6-4.8z" />
  </>
    </Svg>
  );
}
