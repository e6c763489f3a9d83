/**
 * Inline SVG icons (decorative: the control around them carries the accessible name). The shapes
 * live once in the sprite app/assets/icons.svg (a hashed, immutable build asset); each icon is an
 * <svg> that <use>s its symbol, so neither the JS bundle nor every card's HTML carries path data.
 * Fill and stroke are set here (currentColor) and inherited by the symbol.
 */
import type { SVGProps } from "react";
import sprite from "~/assets/icons.svg";

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function Icon({ name, size = 24, children, ...rest }: IconProps & { name: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...rest}>
      <use href={`${sprite}#${name}`} />
      {children}
    </svg>
  );
}

const icon = (name: string) => {
  const Named = (p: IconProps) => <Icon name={name} {...p} />;
  return Named;
};

export const PlayIcon = icon("play");
export const PauseIcon = icon("pause");
export const SearchIcon = icon("search");
export const UserIcon = icon("user");
export const MenuIcon = icon("menu");
export const CloseIcon = icon("close");
export const HeartIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => (
  <Icon name="heart" {...p} fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth={2} />
);
export const ShareIcon = icon("share");
export const RssIcon = icon("rss");
export const DownloadIcon = icon("download");
export const CastIcon = icon("cast");
export const LiveIcon = icon("live");
export const DotsIcon = icon("dots");
export const MicIcon = icon("mic");
export const FacebookIcon = icon("facebook");
export const XIcon = icon("x");
export const InstagramIcon = icon("instagram");
export const YoutubeIcon = icon("youtube");
