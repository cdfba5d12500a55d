import { Icon, type IconProps } from "~/components/icons";

/**
 * Icons only inner pages use (story, pools, donate, post-story, admin), apart from icons.tsx so
 * that the home page's first download does not carry them.
 */

export const SpinnerIcon = (p: IconProps) => (
  <Icon {...p} name="spinner" className={`animate-spin ${p.className ?? ""}`} />
);
export const ClockIcon = (p: IconProps) => <Icon {...p} name="clock" />;
export const MessageIcon = (p: IconProps) => <Icon {...p} name="message" />;
export const TrashIcon = (p: IconProps) => <Icon {...p} name="trash" />;
export const CopyIcon = (p: IconProps) => <Icon {...p} name="copy" />;
export const CheckIcon = (p: IconProps) => <Icon {...p} name="check" />;
export const GiftIcon = (p: IconProps) => <Icon {...p} name="gift" />;
export const UploadIcon = (p: IconProps) => <Icon {...p} name="upload" />;
export const ShieldIcon = (p: IconProps) => <Icon {...p} name="shield" />;
export const CalendarIcon = (p: IconProps) => <Icon {...p} name="calendar" />;
export const BookIcon = (p: IconProps) => <Icon {...p} name="book" />;
