/**
 * Light mode (issue 44 item 5, decision 065): pages without pictures (a small one on demand),
 * web fonts or scripts, for readers on slow or metered connections. No imports: the front
 * (server/front/rules.ts) states the same rule, and tests/unit/light-mode.test.ts checks both.
 */

/** The reader's own choice, `1` or `0`, kept for a year like the theme. */
export const LIGHT_COOKIE = "storyshare-light";
export const LIGHT_COOKIE_MAX_AGE = 31_536_000;

/** The request header a browser sends when its user asked it to save data. */
export const SAVE_DATA_HEADER = "Save-Data";

/**
 * `Save-Data: on`, whatever its case. The header's grammar allows parameters after the token
 * (`on; foo`), so only the token counts.
 */
export function saveDataOn(value: string | null | undefined): boolean {
  return (value ?? "").split(";")[0]!.trim().toLowerCase() === "on";
}

/** `1`/`0` as the switch and its cookie write them; anything else is no choice. */
export function lightChoice(value: string | null | undefined): boolean | null {
  if (value === "1") return true;
  if (value === "0") return false;
  return null;
}

/**
 * Whether a page is drawn light. A choice the reader made wins, in either direction: the
 * `?light=` of a long form posted by the switch without JavaScript (its answer is drawn before
 * the cookie is back), then the cookie; without one, the browser's `Save-Data: on` decides.
 */
export function isLight(input: {
  asked?: string | null;
  cookie?: string | null;
  saveData?: string | null;
}): boolean {
  return lightChoice(input.asked) ?? lightChoice(input.cookie) ?? saveDataOn(input.saveData);
}
