import type { SVGProps } from "react";
import sprite from "~/icons.svg?url";

/**
 * Small stroke icons (24×24, currentColor). Their shapes are symbols in one sprite, app/icons.svg,
 * which the build fingerprints and browsers cache for good; each icon on a page is a `<use>` of
 * it (decision 038): a page once carried about 40 inline copies of the same shapes, and React
 * rendered every one of their elements. The `icon` class (app/tailwind.css) sets stroke and fill
 * once; the shapes inherit them, so a caller may still change them (a filled heart).
 */
export type IconProps = SVGProps<SVGSVGElement>;

export function Icon({
  name,
  className,
  fill,
  strokeWidth,
  style,
  ...props
}: IconProps & { name: string }) {
  // The class draws every icon alike; a caller's own fill or stroke width must beat it.
  const own = fill || strokeWidth ? { ...style, fill, strokeWidth } : style;
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      className={className ? `icon ${className}` : "icon"}
      style={own}
      {...props}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

export const SunIcon = (p: IconProps) => <Icon {...p} name="sun" />;
export const MoonIcon = (p: IconProps) => <Icon {...p} name="moon" />;
export const MonitorIcon = (p: IconProps) => <Icon {...p} name="monitor" />;
export const MenuIcon = (p: IconProps) => <Icon {...p} name="menu" />;
export const CloseIcon = (p: IconProps) => <Icon {...p} name="close" />;
export const LogOutIcon = (p: IconProps) => <Icon {...p} name="log-out" />;
export const BellIcon = (p: IconProps) => <Icon {...p} name="bell" />;
export const SearchIcon = (p: IconProps) => <Icon {...p} name="search" />;
export const PenIcon = (p: IconProps) => <Icon {...p} name="pen" />;
export const HeartIcon = (p: IconProps) => <Icon {...p} name="heart" />;
export const MailIcon = (p: IconProps) => <Icon {...p} name="mail" />;
export const PhoneIcon = (p: IconProps) => <Icon {...p} name="phone" />;
export const MapPinIcon = (p: IconProps) => <Icon {...p} name="map-pin" />;
export const CheckCircleIcon = (p: IconProps) => <Icon {...p} name="check-circle" />;
export const AlertCircleIcon = (p: IconProps) => <Icon {...p} name="alert-circle" />;
export const InfoIcon = (p: IconProps) => <Icon {...p} name="info" />;
export const FacebookIcon = (p: IconProps) => <Icon {...p} name="facebook" />;
export const InstagramIcon = (p: IconProps) => <Icon {...p} name="instagram" />;
export const YoutubeIcon = (p: IconProps) => <Icon {...p} name="youtube" />;
export const XLogoIcon = (p: IconProps) => <Icon {...p} name="xlogo" />;
export const ArrowLeftIcon = (p: IconProps) => <Icon {...p} name="arrow-left" />;
export const ImageIcon = (p: IconProps) => <Icon {...p} name="image" />;
export const ChevronLeftIcon = (p: IconProps) => <Icon {...p} name="chevron-left" />;
export const ChevronRightIcon = (p: IconProps) => <Icon {...p} name="chevron-right" />;
export const VideoIcon = (p: IconProps) => <Icon {...p} name="video" />;
