import { THEMES, type Theme } from "~/constants";

/** DESIGN §4: theme in the cookie `storyshare-theme`, default system. Plain value, not secret. */
export const THEME_COOKIE = "storyshare-theme";

/**
 * The theme of a page: the cookie's, or `?theme=` on a form posted by the theme switch without
 * JavaScript (preference-switch.server.ts), whose answer is drawn before the cookie is back.
 */
export function getTheme(request: Request): Theme {
  const asked = new URL(request.url).searchParams.get("theme");
  // Loaders after an action see a GET of the same address, so the parameter is read on any.
  if ((THEMES as readonly string[]).includes(asked ?? "")) return asked as Theme;
  const cookies = request.headers.get("Cookie") ?? "";
  const match = cookies.match(/(?:^|;\s*)storyshare-theme=([a-z]+)/);
  const value = match?.[1];
  return (THEMES as readonly string[]).includes(value ?? "") ? (value as Theme) : "system";
}

export function themeCookie(theme: Theme, secure: boolean) {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
