import { useLightMode } from "~/components/light-switch";
import { avatarEmoji } from "~/lib/avatar";

/**
 * A person's picture when they have one, else their emoji (the same one the header shows for
 * them, spec 01 §2). Decorative: the name is always written next to it.
 */
export function UserAvatar({
  name,
  emoji,
  url = null,
  size = "md",
}: {
  name: string;
  /** Instead of the one the name gives. */
  emoji?: string;
  url?: string | null;
  size?: "sm" | "md";
}) {
  const box = size === "sm" ? "h-9 w-9 text-lg" : "h-11 w-11 text-2xl";
  // Light mode (decision 065) shows the emoji: the picture is decorative.
  const light = useLightMode();
  if (url && !light) {
    return (
      <img
        src={url}
        alt=""
        width={44}
        height={44}
        className={`${box} shrink-0 rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} grid shrink-0 select-none place-items-center rounded-full bg-secondary`}
    >
      {emoji ?? avatarEmoji(name)}
    </span>
  );
}
