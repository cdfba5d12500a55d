/**
 * The one rule for redirect targets that come from a request (`?redirect=`, a form's
 * `redirectTo`): parsed with the WHATWG URL parser, as a browser would read it, against a base of
 * our own. Only a result on that same origin is taken, and only its normalised path, query and
 * hash are sent. So tabs and newlines (which browsers drop), backslashes (which they read as
 * slashes), dot segments and schemes cannot lead off the site. And the value is serialised ASCII,
 * so no character can break the Location header.
 */
const BASE = "http://storyshare.invalid";

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || to.trim() === "") return fallback;
  let url: URL;
  try {
    url = new URL(to, `${BASE}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil.example" normalises to "//evil.example": a browser reads that as another host.
  return target.startsWith("//") ? fallback : target;
}
