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


/**
 * One icon component from its drawing, in the shared frame. `frame` holds attributes every use of
 * this icon has (a solid glyph: no stroke, filled); it wins over the caller's, as the icon's own.
 * Marked free of side effects so a file of several icons ships only those a chunk imports.
 */
/* @__NO_SIDE_EFFECTS__ */
export function icon(drawing: ReactNode, frame?: IconProps) {
  return function Icon(props: IconProps) {
    return (
      <Svg {...props} {...frame}>
        {drawing}
      </Svg>
    );
  };
}
