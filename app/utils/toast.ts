/**
 * A toast is stored as translation keys plus values, so it is translated when shown, in the
 * language of the page that shows it.
 */
export interface ToastMessage {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
  values?: Record<string, string | number>;
}
