/** Player-only icons (decorative; the button around each carries the accessible name). */
import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Icon({ size = 24, children, ...rest }: IconProps & { children: React.ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  );
}

/** Circular arrow back with a number (seconds) in it. */
export const SkipBackIcon = ({ seconds, ...p }: IconProps & { seconds: number }) => (
  <Icon {...p}>
    <path d="M12 4V1L7 5.5 12 10V6.5a6.5 6.5 0 1 1-6.5 6.5H3a9 9 0 1 0 9-9z" />
    <text x="12" y="16.6" textAnchor="middle" fontSize="7.5" fontWeight="800" fontFamily="system-ui, sans-serif">
      {seconds}
    </text>
  </Icon>
);

export const SkipForwardIcon = ({ seconds, ...p }: IconProps & { seconds: number }) => (
  <Icon {...p}>
    <path d="M12 4V1l5 4.5L12 10V6.5A6.5 6.5 0 1 0 18.5 13H21a9 9 0 1 1-9-9z" />
    <text x="12" y="16.6" textAnchor="middle" fontSize="7.5" fontWeight="800" fontFamily="system-ui, sans-serif">
      {seconds}
    </text>
  </Icon>
);

export const KeyboardIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 6h18a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1zm1 2v8h16V8zm1.5 1.5h2v2h-2zm3 0h2v2h-2zm3 0h2v2h-2zm3 0h2v2h-2zm3 0h1.5v2H17.5zM7 13h10v1.5H7z" />
  </Icon>
);

export const MoonIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14.5 2.5a9.5 9.5 0 1 0 7 15.9A8 8 0 0 1 14.5 2.5z" />
  </Icon>
);
