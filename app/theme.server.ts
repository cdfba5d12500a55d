import { THEMES, type Theme } from "~/constants";

/** DESIGN §4: theme in the cookie `storyshare-theme`, default system. Plain value, not secret. */
export const THEME_COOKIE = "storyshare-theme";

export function getTheme(request: Request): Theme {
  const cookies = request.headers.get("Cookie") ?? "";
  const match = cookies.match(/(?:^|;\s*)storyshare-theme=([a-z]+)/);
  const value = match?.[1];
  return (THEMES as readonly string[]).includes(value ?? "") ? (value as Theme) : "system";
}

export function themeCookie(theme: Theme, secure: boolean) {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
