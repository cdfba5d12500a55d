/**
 * The URL parameters of the story tabs (filter, search, page): the tabs' state lives in the URL,
 * so every view is a bookmarkable link and works without JavaScript. Shared by loaders, actions
 * and components, hence no server-only code here.
 */

/** A page number from the URL: a positive whole number, otherwise 1. */
export function pageParam(params: URLSearchParams): number {
  const raw = params.get("page") ?? "";
  return /^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
}

/**
 * `path` with `params` changed: a null/empty value or a default drops the parameter, and
 * changing anything but the page starts again at page 1 (page 1 is never written).
 */
export function hrefWith(
  path: string,
  params: URLSearchParams,
  changes: Record<string, string | number | null>,
  defaults: Record<string, string> = {},
): string {
  const next = new URLSearchParams(params);
  next.delete("index");
  if (!("page" in changes)) next.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    const text = value === null ? "" : String(value);
    if (!text || defaults[key] === text || (key === "page" && text === "1")) next.delete(key);
    else next.set(key, text);
  }
  const search = next.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Where to land after a change that may have emptied the page shown (the last story of the last
 * page approved or deleted): the same URL, its page number lowered to the last page there is.
 */
export function landOnValidPage(requestUrl: string, pageCount: number): string {
  const url = new URL(requestUrl);
  const params = url.searchParams;
  const page = pageParam(params);
  const target = Math.min(page, Math.max(1, pageCount));
  return hrefWith(url.pathname, params, { page: target });
}
