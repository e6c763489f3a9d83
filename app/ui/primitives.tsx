/**
 * Icons, used on nearly every page: one module, so one shared chunk. Icons are decorative (the
 * control around them carries the name) and <use> a symbol of the sprite app/assets/icons.svg,
 * so neither the JS nor the HTML carries path data.
 */
import type { ReactNode, SVGProps } from "react";
import sprite from "~/assets/icons.svg";

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** The <svg> of icon `name`; later keys win: defaults, `props`, `extra`. */
export function svgIcon(
  name: string,
  { size = 24, children, ...props }: IconProps & { filled?: boolean; seconds?: unknown },
  extra?: SVGProps<SVGSVGElement>,
  more: ReactNode = children,
): JSX.Element {
  delete props.filled;
  delete props.seconds;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...props}
      {...extra}
    >
      <use href={`${sprite}#${name}`} />
      {more}
    </svg>
  );
}

const icon = (name: string) => {
  const Named = (p: IconProps) => svgIcon(name, p);
  return Named;
};

export const PlayIcon = icon("play");
export const PauseIcon = icon("pause");
export const SearchIcon = icon("search");
export const UserIcon = icon("user");
export const MenuIcon = icon("menu");
export const CloseIcon = icon("close");
export const HeartIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) =>
  svgIcon("heart", p, { fill: filled ? "currentColor" : "none", stroke: "currentColor", strokeWidth: 2 });
export const ShareIcon = icon("share");
export const RssIcon = icon("rss");
export const DownloadIcon = icon("download");
export const CastIcon = icon("cast");
export const LiveIcon = icon("live");
export const DotsIcon = icon("dots");
export const MicIcon = icon("mic");
export const QueueNextIcon = icon("queue-next");
export const QueueAddIcon = icon("queue-add");
export const GripIcon = icon("grip");
export const FacebookIcon = icon("facebook");
export const XIcon = icon("x");
export const InstagramIcon = icon("instagram");
