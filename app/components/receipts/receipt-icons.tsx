import { Icon, type IconProps } from "~/components/icons";

/** Icons only the receipt pages use (kept out of the shared icon files' downloads). */

export const PrinterIcon = (p: IconProps) => <Icon {...p} name="printer" />;
export const DownloadIcon = (p: IconProps) => <Icon {...p} name="download" />;
export const ReceiptIcon = (p: IconProps) => <Icon {...p} name="receipt" />;
