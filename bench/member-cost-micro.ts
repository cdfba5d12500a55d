/**
 * The app's own parts of a member's copy, timed in one process (issue 45 item 2; bench/member-cost.ts
 * measures the whole request): CPU per call of the session lookup, of the root loader and a page's
 * loader deciding on a copy (the session lookup included), and of writing a member into a copy of
 * the real home page with its gzip splice. CPU time, not wall time, so another process's load
 * shows less; run it in two checkouts in turns for an A/B:
 *
 *   DATABASE_URL=file:bench/.data-i/bench-20000.db MEMBER_COST_HTML=bench/.data-i/home.html \
 *     npx tsx bench/member-cost-micro.ts
 */
import { readFileSync } from "node:fs";
import { BENCH_READER } from "./generate";

process.env.NODE_ENV = "production";
process.env.LOG_LEVEL = "error";
const { eq } = await import("drizzle-orm");
const { db } = await import("#db/client");
const { users } = await import("#db/schema");
const { sessionUser, startUserSession } = await import("~/models/sessions.server");
const { rootData } = await import("~/loaders/root.server");
const members = await import("~/web/member-pages.server");

const ORIGIN = "http://localhost:3000";
const reader = await db.query.users.findFirst({ where: eq(users.username, BENCH_READER) });
if (!reader) throw new Error("no bench reader in this database");
const cookie = (await startUserSession(new Request(ORIGIN), reader.id)).split(";")[0]!;
const page = () =>
  new Request(`${ORIGIN}/`, {
    headers: {
      accept: "text/html,application/xhtml+xml",
      "accept-encoding": "gzip",
      cookie,
      host: "localhost:3000",
    },
  });

/** CPU µs per call, over `count` calls after a tenth as many to warm up. */
async function time(count: number, call: () => unknown) {
  for (let i = 0; i < count / 10; i++) await call();
  const before = process.cpuUsage();
  for (let i = 0; i < count; i++) await call();
  const used = process.cpuUsage(before);
  return Number(((used.user + used.system) / count).toFixed(1));
}

const loaders = async () => {
  const args = { request: page(), context: {}, params: {} };
  await Promise.all([rootData(args), members.sameForMembers(args, async () => "page data")]);
};

// A copy of the real home page: drawn once with the stand-in (its header's name and avatar, and
// the page's nonces), as the render would.
members.forgetMemberPages();
const first = { request: page(), context: {}, params: {} };
const [decision] = await Promise.all([
  members.decide(first),
  members.sameForMembers(first, async () => null),
]);
if (decision.kind !== "fill") throw new Error(`expected a fill, got ${decision.kind}`);
const standIn = members.shownViewer(decision, null)!;
const html = readFileSync(process.env.MEMBER_COST_HTML ?? "bench/.data-i/home.html", "utf8")
  .replace(/nonce="[^"]*"/g, 'nonce="n1"')
  .replace("<body", `<b>${standIn.username}</b><i>${standIn.avatar}</i><body`);
members.fillFrom(decision, Buffer.from(html), "n1", 200, new Headers(), true);
const second = { request: page(), context: {}, params: {} };
const [copy] = await Promise.all([
  members.decide(second),
  members.sameForMembers(second, async () => null),
]);
if (copy.kind !== "copy") throw new Error(`expected a copy, got ${copy.kind}`);

const rounds = Number(process.env.MEMBER_COST_MICRO_ROUNDS ?? 3);
for (let round = 0; round < rounds; round++) {
  const row = {
    sessionLookupUs: await time(3000, () => sessionUser(page())),
    loadersUs: await time(2000, loaders),
    writeInGzipUs: await time(5000, () =>
      members.personalise(copy.copy, copy.viewer, "nonce-of-24-characters==", true),
    ),
    pageBytes: html.length,
  };
  console.log(JSON.stringify(row));
}
process.exit(0);
