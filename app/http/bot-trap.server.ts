import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "~/config.server";
import { BOT_TRAP_FIELDS } from "~/constants";

/**
 * Two quiet checks on the public forms (register, comment, donate, report; issue 18): a field
 * people never see (a program filling every field fills it too), and the time since the form
 * was served — a person needs a few seconds, a program posts at once. The time travels signed in
 * a hidden field, so it cannot be backdated; no cookie and no JavaScript needed. /api calls are
 * not checked: scripts are welcome there, within the same per-account limits.
 */

const sign = (time: string) =>
  createHmac("sha256", config.SESSION_SECRET).update(`form:${time}`).digest("base64url");

/** The signed time a form was served, for its hidden field. */
export function botTrapToken(now = Date.now()): string {
  const time = String(now);
  return `${time}.${sign(time)}`;
}

/**
 * Why a form post looks like a program, as a message key, or null: the hidden field filled, the
 * time missing or forged, or the form sent too soon after it was served.
 */
export function botTrapRefusal(form: FormData, now = Date.now()): string | null {
  if (String(form.get(BOT_TRAP_FIELDS.honeypot) ?? "") !== "") return "errors.formRefused";
  const [time = "", signature = ""] = String(form.get(BOT_TRAP_FIELDS.started) ?? "").split(".");
  const expected = Buffer.from(sign(time));
  const given = Buffer.from(signature);
  if (!time || given.length !== expected.length || !timingSafeEqual(given, expected))
    return "errors.formRefused";
  return now - Number(time) < config.FORM_MIN_FILL_MS ? "errors.formTooFast" : null;
}
