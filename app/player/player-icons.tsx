/** Player-only icons (decorative; the button around each carries the accessible name). Shapes in app/assets/icons.svg. */
import { svgIcon, type IconProps } from "~/ui/primitives";

const skipLabel = (seconds: number) => (
  <text x="12" y="16.6" textAnchor="middle" fontSize="7.5" fontWeight="800" fontFamily="system-ui, sans-serif">
    {seconds}
  </text>
);

/** Circular arrow back with a number (seconds) in it. */
export const SkipBackIcon = (p: IconProps & { seconds: number }) =>
  svgIcon("skip-back", p, undefined, skipLabel(p.seconds));

export const SkipForwardIcon = (p: IconProps & { seconds: number }) =>
  svgIcon("skip-forward", p, undefined, skipLabel(p.seconds));

export const KeyboardIcon = (p: IconProps) => svgIcon("keyboard", p);

export const MoonIcon = (p: IconProps) => svgIcon("moon", p);

export const VolumeIcon = (p: IconProps) => svgIcon("volume", p);

export const VolumeOffIcon = (p: IconProps) => svgIcon("volume-off", p);
