import { isLight, LIGHT_COOKIE, LIGHT_COOKIE_MAX_AGE, SAVE_DATA_HEADER } from "~/lib/light-mode";

/** The first `storyshare-light` cookie's value, as the front reads it (first of a name wins). */
export function lightCookieValue(request: Request): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== LIGHT_COOKIE) continue;
    return part.slice(at + 1).trim();
  }
  return null;
}

/** Whether this request's page is drawn light (decision 065). */
export function lightMode(request: Request): boolean {
  return isLight({
    // Loaders after an action see a GET of the same address, so the parameter counts on any.
    asked: new URL(request.url).searchParams.get("light"),
    cookie: lightCookieValue(request),
    saveData: request.headers.get(SAVE_DATA_HEADER),
  });
}

export function lightCookie(on: boolean, secure: boolean) {
  return `${LIGHT_COOKIE}=${on ? 1 : 0}; Path=/; Max-Age=${LIGHT_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * Every answer whose content light mode changes (documents, single fetch's data) says so, so that
 * no shared cache or browser cache hands one to a request of the other kind.
 */
export function varyOnSaveData(headers: Headers) {
  if (!/(^|,)\s*save-data\s*(,|$)/i.test(headers.get("Vary") ?? "")) {
    headers.append("Vary", SAVE_DATA_HEADER);
  }
}
