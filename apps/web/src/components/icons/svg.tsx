import type { ReactNode, SVGProps } from 'react';

/** The frame every icon shares: 24×24 viewBox, stroked in currentColor. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number | string };

export function Svg({ size = 24, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

