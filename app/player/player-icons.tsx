/** Player-only icons (decorative; the button around each carries the accessible name). Shapes in app/assets/icons.svg. */
import { Icon, type IconProps } from "~/components/icons";

const skipLabel = (seconds: number) => (
  <text x="12" y="16.6" textAnchor="middle" fontSize="7.5" fontWeight="800" fontFamily="system-ui, sans-serif">
    {seconds}
  </text>
);

/** Circular arrow back with a number (seconds) in it. */
export const SkipBackIcon = ({ seconds, ...p }: IconProps & { seconds: number }) => (
  <Icon name="skip-back" {...p}>
    {skipLabel(seconds)}
  </Icon>
);

export const SkipForwardIcon = ({ seconds, ...p }: IconProps & { seconds: number }) => (
  <Icon name="skip-forward" {...p}>
    {skipLabel(seconds)}
  </Icon>
);

export const KeyboardIcon = (p: IconProps) => <Icon name="keyboard" {...p} />;

export const MoonIcon = (p: IconProps) => <Icon name="moon" {...p} />;
