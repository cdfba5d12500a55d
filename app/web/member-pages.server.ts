import { randomBytes } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { contentSecurityPolicy } from "~/http/content-security.server";
import {
  acceptsGzip,
  type DeflatedParts,
  deflateParts,
  gzipBetween,
} from "~/http/gzip-parts.server";
import { SHARED_MAX_AGE } from "~/http/shared-cache.server";
import { i18next } from "~/i18next.server";
import { avatarEmoji } from "~/lib/avatar";
import { LIGHT_COOKIE } from "~/lib/light-mode";
import { lightMode } from "~/lib/light-mode.server";
import { getTheme, THEME_COOKIE } from "~/theme.server";
import { getUser } from "~/web/auth.server";

/**
 * Signed-in visitors' copies of shared pages (decision 039). On the routes that opt in
 * (`sameForMembers`), a signed-in visitor's page differs from an anonymous one only in the header
 * (name, avatar, inbox count, the administrator's link). So the page is rendered once per address,
 * language, theme, role and inbox count with a stand-in name and avatar, kept for as long as a
 * shared cache may keep the anonymous page (SHARED_MAX_AGE), and each member gets that copy with
 * their own name, avatar and a fresh CSP nonce written in: no loader or React render of theirs.
 *
 * The name and avatar are written in as they are, so only usernames made of letters, digits and
 * `_ . -` (what registration allows) qualify: they read the same in HTML text, attributes and the
 * JSON of the data scripts. Anything else (a toast, a fresh own write, a `?lng=` switch, another
 * cookie, a non-browser client) gets the ordinary render.
 */

export interface Viewer {
  username: string;
  role: "user" | "admin";
  unread: number;
  avatar: string;
}

export const MEMBER_COOKIES = new Set([
  "storyshare_session",
  "storyshare_device",
  "lng",
  THEME_COOKIE,
  LIGHT_COOKIE,
]);
const SAFE_NAME = /^[\p{L}\p{N}_.-]+$/u;

// Per process and unguessable, so no story or name can contain them.
const mark = randomBytes(8).toString("hex");
const STAND_IN = { username: `ssname${mark}`, avatar: `ssavatar${mark}` };

/** A page drawn with the stand-in, cut where a member's own name, avatar and nonce go. */
interface Drawn {
  parts: Buffer[];
  /** What goes between parts[i] and parts[i + 1]. */
  slots: ("username" | "avatar" | "nonce")[];
}

interface Copy extends Drawn {
  /** The parts compressed once, for the browsers that take gzip (nearly all). */
  deflated: DeflatedParts;
  headers: [string, string][];
}

type Decision =
  | { kind: "render" }
  | { kind: "fill"; key: string; viewer: Viewer; done: (copy: Copy | null) => void }
  | { kind: "copy"; copy: Copy; viewer: Viewer };

/**
 * What else of a page is the member's own, as part of the copy's key (e.g. whether they hearted
 * the story), or null when the page holds more of theirs than a key can say: then it is drawn.
 */
export type OwnParts = (userId: string, viewer: Viewer) => Promise<string | null>;

interface Plan {
  /** A loader of this request said its page is the same for members (but for `ownParts`). */
  sameForMembers: boolean;
  ownParts?: OwnParts;
  userId?: string;
  viewer?: Promise<Viewer | null>;
  locale?: Promise<string>;
  decision?: Promise<Decision>;
  settled?: Decision;
}

/**
 * Per request. Remix hands each loader a copy of the Request, but the same load context object
 * (a fresh `{}` per request from remix-serve) to every loader and to the document's render.
 */
const plans = new WeakMap<object, Plan>();

/** What identifies one request to its loaders and its render. */
export interface RequestArgs {
  request: Request;
  context: object;
}

const FRESH_MS = SHARED_MAX_AGE * 1000;

/**
 * Copies are fresh for FRESH_MS. For one more FRESH_MS, while one request draws the page again,
 * the others get the copy they had (as nginx's `proxy_cache_use_stale updating`) instead of all
 * drawing it at once.
 */
const copies = new LRUCache<string, { copy: Copy; freshUntil: number }>({
  maxSize: Number(process.env.MEMBER_PAGES_MB ?? 32) * 1024 * 1024 || 1,
  sizeCalculation: ({ copy }) =>
    [...copy.parts, ...copy.deflated.blocks].reduce((n, part) => n + part.length, 512),
  ttl: 2 * FRESH_MS,
});

/** Draws in progress, by key: the copy they will give (null: none). */
const drawing = new Map<string, { copy: Promise<Copy | null>; since: number }>();
/** How long others wait for a draw, and after how long a draw is taken as lost. */
const WAIT_MS = 3_000;
const LOST_MS = 10_000;

function copyFor(key: string, viewer: Viewer, now: number): Decision | Promise<Decision> {
  const kept = copies.get(key);
  if (kept && kept.freshUntil > now) return { kind: "copy", copy: kept.copy, viewer };
  const draw = drawing.get(key);
  if (draw && now - draw.since < LOST_MS) {
    if (kept) return { kind: "copy", copy: kept.copy, viewer };
    return waitFor(draw.copy).then((copy) =>
      copy ? { kind: "copy", copy, viewer } : { kind: "fill", key, viewer, done: () => {} },
    );
  }
  let done: (copy: Copy | null) => void = () => {};
  const copy = new Promise<Copy | null>((resolve) => {
    done = resolve;
  });
  const entry = { copy, since: now };
  drawing.set(key, entry);
  copy.then(() => {
    if (drawing.get(key) === entry) drawing.delete(key);
  });
  return { kind: "fill", key, viewer, done };
}

function waitFor(copy: Promise<Copy | null>): Promise<Copy | null> {
  return Promise.race([copy, new Promise<null>((r) => setTimeout(r, WAIT_MS, null).unref())]);
}

function planOf(context: object): Plan {
  let plan = plans.get(context);
  if (!plan) {
    plan = { sameForMembers: false };
    plans.set(context, plan);
  }
  return plan;
}

/**
 * A browser asking for a page: a GET for HTML, with a session and no cookie but those that do not
 * change these pages. (Single-fetch data requests reach loaders under the page's own address;
 * they ask for any type, so they never take the copy.)
 */
function mayCopy(request: Request): boolean {
  if (request.method !== "GET") return false;
  if (!(request.headers.get("Accept") ?? "").includes("text/html")) return false;
  const dest = request.headers.get("Sec-Fetch-Dest");
  if (dest && dest !== "document") return false;
  const url = new URL(request.url);
  if (["lng", "theme", "light"].some((p) => url.searchParams.has(p))) return false;
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter(Boolean);
  return names.includes("storyshare_session") && names.every((name) => MEMBER_COOKIES.has(name));
}

/** The address part of a copy's key: what the page shows is the same for its members. */
function addressOf(request: Request) {
  const url = new URL(request.url);
  return `${url.host}\n${url.pathname}${url.search}`;
}

/** A copy's key: its address, variant, the member's role and count and own parts (or null: drawn). */
async function copyKey(
  request: Request,
  viewer: Viewer,
  userId: string,
  locale: string,
  ownParts: OwnParts | undefined,
): Promise<string | null> {
  const own = ownParts ? await ownParts(userId, viewer) : "";
  if (own === null) return null;
  // Light mode (decision 065) draws another page: no scripts, no pictures.
  const variant = `${locale} ${getTheme(request)} ${lightMode(request) ? "light" : "full"}`;
  return [addressOf(request), variant, viewer.role, viewer.unread, own].join("\n");
}

/**
 * The addresses whose pages have members' copies, with what else of such a page is a member's
 * own: learnt from the loaders when a page is decided, so that a copy can be found without
 * running them. (A route's loader says the same of every request to one address.)
 */
const copyRoutes = new LRUCache<string, { ownParts?: OwnParts }>({ max: 5_000, ttl: 2 * FRESH_MS });

/**
 * A member's page from a fresh copy without Remix: the same checks and key as `decide`, for an
 * address a loader has already said has copies. Null when the page must go through Remix (no
 * copy yet or a stale one, or anything `decide` would draw), and for a browser that does not take
 * gzip (remix-serve would compress it otherwise).
 */
export async function answerCopyRequest(
  request: Request,
): Promise<{ page: Buffer; headers: [string, string][] } | null> {
  if (!mayCopy(request) || !acceptsGzip(request.headers.get("Accept-Encoding"))) return null;
  const route = copyRoutes.get(addressOf(request));
  if (!route) return null;
  const user = await getUser(request);
  if (!user || !SAFE_NAME.test(user.username)) return null;
  const viewer = viewerFrom(user);
  const key = await copyKey(
    request,
    viewer,
    user.id,
    await i18next.getLocale(request),
    route.ownParts,
  );
  const kept = key === null ? undefined : copies.get(key);
  if (!kept || kept.freshUntil <= Date.now()) return null;
  const nonce = randomBytes(16).toString("base64");
  return answerFromCopy(
    { kind: "copy", copy: kept.copy, viewer },
    nonce,
    true,
    contentSecurityPolicy(nonce),
  );
}

function viewerFrom(user: { username: string; role: Viewer["role"]; unread: number }): Viewer {
  return {
    username: user.username,
    role: user.role,
    unread: user.unread,
    avatar: avatarEmoji(user.username),
  };
}

/** The signed-in visitor as the header shows them, looked up once per request. */
export function viewerOf({ request, context }: RequestArgs): Promise<Viewer | null> {
  const plan = planOf(context);
  plan.viewer ??= getUser(request).then((user) => {
    if (!user) return null;
    plan.userId = user.id;
    return viewerFrom(user);
  });
  return plan.viewer;
}

/** The page's language, found once per request for the root loader and the decision. */
export function localeOf({ request, context }: RequestArgs): Promise<string> {
  const plan = planOf(context);
  plan.locale ??= i18next.getLocale(request);
  return plan.locale;
}

/**
 * Decided once per request, by whichever of the root loader and the page's loader asks first:
 * both get the same answer.
 */
export function decide(args: RequestArgs): Promise<Decision> {
  const { request } = args;
  const plan = planOf(args.context);
  plan.decision ??= (async (): Promise<Decision> => {
    if (!mayCopy(request)) return { kind: "render" };
    const [viewer, locale] = await Promise.all([viewerOf(args), localeOf(args)]);
    // Every loader of the request has started by the next turn, so the page's has spoken.
    await nextTurn();
    if (!viewer || !plan.sameForMembers || !SAFE_NAME.test(viewer.username)) {
      return { kind: "render" };
    }
    // What the front may ask for without Remix (answerCopyRequest): this address has copies.
    copyRoutes.set(addressOf(request), { ownParts: plan.ownParts });
    const key = await copyKey(request, viewer, plan.userId!, locale, plan.ownParts);
    return key === null ? { kind: "render" } : copyFor(key, viewer, Date.now());
  })().then((decision) => {
    plan.settled = decision;
    return decision;
  });
  return plan.decision;
}

/** The user the root loader hands to the page: the stand-in while a copy is being drawn. */
export function shownViewer(decision: Decision, viewer: Viewer | null): Viewer | null {
  return decision.kind === "fill" ? { ...decision.viewer, ...STAND_IN } : viewer;
}

/**
 * Runs a route loader whose page is the same for every member but the header, unless the
 * member's copy is served instead (the page is then not rendered, so nothing reads its data).
 * Called from the route's own `loader` function, which the browser build drops.
 */
export async function sameForMembers<Args extends LoaderFunctionArgs, Result>(
  args: Args,
  load: (args: Args) => Promise<Result>,
  ownParts?: OwnParts,
): Promise<Result> {
  const plan = planOf(args.context);
  plan.sameForMembers = true;
  plan.ownParts = ownParts;
  if ((await decide(args)).kind === "copy") return null as Result;
  return load(args);
}

/**
 * The name and avatar a page's own loader shows for the member (a comment form's "as …"): the
 * stand-in while the copy is drawn, so that they are written in like the header's.
 */
export function memberShown(args: RequestArgs, username: string) {
  const drawing = plans.get(args.context)?.settled?.kind === "fill";
  return drawing ? { ...STAND_IN } : { username, avatar: avatarEmoji(username) };
}

/** This request's decision, once the loaders have run (for the document's render). */
export function settledDecision(context: object | undefined): Decision | undefined {
  return context ? plans.get(context)?.settled : undefined;
}

function splitAt(page: Buffer, tokens: Record<Drawn["slots"][number], string>): Drawn {
  const found: { at: number; slot: Drawn["slots"][number]; length: number }[] = [];
  for (const [slot, token] of Object.entries(tokens) as [Drawn["slots"][number], string][]) {
    const needle = Buffer.from(token);
    for (let at = page.indexOf(needle); at >= 0; at = page.indexOf(needle, at + needle.length)) {
      found.push({ at, slot, length: needle.length });
    }
  }
  found.sort((a, b) => a.at - b.at);
  const parts: Buffer[] = [];
  let from = 0;
  for (const { at, length } of found) {
    parts.push(page.subarray(from, at));
    from = at + length;
  }
  parts.push(page.subarray(from));
  return { parts, slots: found.map((f) => f.slot) };
}

/** What goes into a copy's slots for this member and answer. */
function valuesFor(drawn: Drawn, viewer: Viewer, nonce: string): Buffer[] {
  const values = {
    username: Buffer.from(viewer.username),
    avatar: Buffer.from(viewer.avatar),
    nonce: Buffer.from(nonce),
  };
  return drawn.slots.map((slot) => values[slot]);
}

function plain(drawn: Drawn, values: Buffer[]): Buffer {
  return Buffer.concat(drawn.parts.flatMap((part, i) => (values[i] ? [part, values[i]] : [part])));
}

/** A member's page from a copy: gzipped from its parts compressed once, if the browser takes it. */
export function personalise(copy: Copy, viewer: Viewer, nonce: string, gzip: boolean): Buffer {
  const values = valuesFor(copy, viewer, nonce);
  return gzip ? gzipBetween(copy.parts, copy.deflated, values) : plain(copy, values);
}

/**
 * A member's answer from a copy: the page with them written in, and the copy's headers with this
 * answer's own (one list, so that the Response builds its headers once).
 */
export function answerFromCopy(
  { copy, viewer }: Extract<Decision, { kind: "copy" }>,
  nonce: string,
  gzip: boolean,
  contentSecurityPolicy: string,
): { page: Buffer; headers: [string, string][] } {
  const page = personalise(copy, viewer, nonce, gzip);
  const headers: [string, string][] = [
    ...copy.headers,
    ["Content-Length", String(page.length)],
    ["Content-Security-Policy", contentSecurityPolicy],
    [COPY_HEADER, "hit"],
  ];
  if (gzip) headers.push(["Content-Encoding", "gzip"]);
  return { page, headers };
}

/**
 * After a render drawn with the stand-in: the copy (kept when the answer may be reused: a 200
 * that sets no cookie) and this member's page, gzipped from the copy when asked and kept (one
 * that is not kept is left for the caller to compress, as any page drawn for one person).
 */
export function fillFrom(
  decision: Extract<Decision, { kind: "fill" }>,
  page: Buffer,
  nonce: string,
  status: number,
  headers: Headers,
  gzip: boolean,
): { page: Buffer; gzipped: boolean } {
  const drawn = splitAt(page, { ...STAND_IN, nonce });
  if (status !== 200 || headers.has("Set-Cookie")) {
    decision.done(null);
    return { page: plain(drawn, valuesFor(drawn, decision.viewer, nonce)), gzipped: false };
  }
  const copy: Copy = {
    ...drawn,
    deflated: deflateParts(drawn.parts),
    headers: [...headers].filter(([name]) => !PER_ANSWER.has(name.toLowerCase())),
  };
  copies.set(decision.key, { copy, freshUntil: Date.now() + FRESH_MS });
  decision.done(copy);
  return { page: personalise(copy, decision.viewer, nonce, gzip), gzipped: gzip };
}

/** Says whether a member's page was a copy (`hit`) or drawn for the copy (`miss`). */
export const COPY_HEADER = "X-Page-Copy";

/** Set again for each answer. */
const PER_ANSWER = new Set([
  "content-length",
  "content-encoding",
  "content-security-policy",
  "set-cookie",
  "date",
  COPY_HEADER.toLowerCase(),
]);

/** Forgets every copy (tests; clearing the demo data). */
export function forgetMemberPages() {
  copies.clear();
  copyRoutes.clear();
  drawing.clear();
}
