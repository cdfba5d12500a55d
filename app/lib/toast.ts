/**
 * A toast is stored as translation keys plus values, so it is translated when shown, in the
 * language of the page that shows it.
 */
export interface ToastMessage {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
  values?: Record<string, string | number>;
  /** Where to go next (a path on this site) and the key of the link's words. */
  link?: { href: string; label: string };
}

/** The catalogues a toast's keys live in ("post:toast.loginRequired" → post), besides common. */
export function toastNamespaces(toast: ToastMessage | null | undefined): string[] {
  if (!toast) return [];
  return [toast.title, toast.description ?? ""]
    .map((key) => /^([a-z]+):[\w.]+$/.exec(key)?.[1])
    .filter((ns): ns is string => Boolean(ns));
}
