// `npm run scan`: real scanners against the production build on a fresh database (issue 9).
// sqlmap (SQLite, level 3) on every parameter that reaches a query, wapiti's header, CSP,
// cookie and CSRF modules. Fails on any finding not accepted, with a reason, in
// docs/security-scan.md. Needs Debian's sqlmap and wapiti (apt-get install -y sqlmap wapiti).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const PORT = Number(process.env.SCAN_PORT ?? 3450);
const BASE = `http://localhost:${PORT}`;
const work = mkdtempSync(path.join(os.tmpdir(), "storyshare-scan-"));

for (const tool of ["sqlmap", "wapiti"]) {
  if (spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0) {
    console.error(`${tool} is not installed: apt-get install -y sqlmap wapiti`);
    process.exit(2);
  }
}

execFileSync(process.execPath, ["scripts/ensure-install.mjs", "--all"], { stdio: "inherit" });
execFileSync(process.execPath, ["scripts/build.mjs"], { stdio: ["ignore", "ignore", "inherit"] });
const server = spawn(process.execPath, ["tests/e2e/serve.mjs"], {
  env: { ...process.env, E2E_PORT: String(PORT), E2E_DIR: path.join(work, "site") },
  stdio: ["ignore", "ignore", "inherit"],
});
const stopServer = () => server.exitCode === null && server.kill("SIGTERM");
process.on("exit", stopServer);

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server did not start");
}

async function json(url, init) {
  const res = await fetch(BASE + url, init);
  return { res, body: await res.json() };
}

await waitForServer();
const login = await fetch(`${BASE}/api/login`, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ username: "admin", password: "e2e-admin-password" }),
});
const cookie = login.headers.get("set-cookie")?.split(";")[0];
if (!cookie) throw new Error("admin sign-in failed");
const { body: stories } = await json("/api/stories/regular?page=1");
const { body: pools } = await json("/api/donation-pools");
const storyId = stories[0].id;
const poolId = pools.find((p) => p.status === "active").id;

// Every parameter that reaches a query: query strings, path ids (marked *) and JSON bodies.
const targets = [
  { url: `${BASE}/api/stories/regular?filter=all&page=1&pageSize=9` },
  { url: `${BASE}/api/stories/featured?page=1&pageSize=9` },
  { url: `${BASE}/stories/all?filter=loved&page=2` },
  { url: `${BASE}/api/stories/${storyId}*` },
  { url: `${BASE}/stories/${storyId}*?page=1` },
  { url: `${BASE}/api/stories/${storyId}/comments?page=1` },
  { url: `${BASE}/api/donation-pools?page=1&pageSize=9` },
  { url: `${BASE}/api/donation-pools/all?page=1&pageSize=9`, cookie },
  { url: `${BASE}/api/donation-pools/${poolId}*/recent-donations` },
  { url: `${BASE}/donations/abc*` },
  { url: `${BASE}/api/login`, data: '{"username":"reader","password":"secret-pass"}' },
  {
    url: `${BASE}/api/donation-pools/${poolId}/donations`,
    data: JSON.stringify({
      donor_name: "Scan",
      phone_number: "99112233",
      amount: 1000,
      transaction_reference: "SCAN-1",
      message: "hello",
    }),
  },
  { url: `${BASE}/api/stories/pending?page=1`, cookie },
  { url: `${BASE}/api/donation-pools/pending-donations?page=1`, cookie },
  { url: `${BASE}/admin/activity?action=story.approved&page=1`, cookie },
];

const findings = [];
for (const target of targets) {
  const args = [
    "-u",
    target.url,
    "--batch",
    "--dbms=SQLite",
    "--level=3",
    "--risk=1",
    "--threads=4",
    "--time-sec=2",
    "--flush-session",
    "--disable-coloring",
    "--output-dir",
    path.join(work, "sqlmap"),
    // 429s from the rate limits are answers, not errors to stop on.
    "--ignore-code=429",
  ];
  if (target.data) args.push("--data", target.data, "--headers", "Content-Type: application/json");
  if (target.cookie) args.push("--cookie", target.cookie, "--skip", "storyshare_session");
  console.log(`sqlmap ${target.url}`);
  const run = spawnSync("sqlmap", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const out = `${run.stdout}${run.stderr}`;
  for (const line of out.split("\n")) {
    if (
      /is vulnerable|identified the following injection point|appears to be injectable/i.test(line)
    ) {
      findings.push({
        tool: "sqlmap",
        category: "SQL injection",
        info: `${target.url}: ${line.trim()}`,
      });
    }
  }
}

console.log("wapiti");
const report = path.join(work, "wapiti.json");
spawnSync(
  "wapiti",
  [
    "-u",
    `${BASE}/`,
    "-m",
    "http_headers,csp,cookieflags,csrf",
    "--flush-session",
    "--max-scan-time",
    "600",
    "-f",
    "json",
    "-o",
    report,
  ],
  { stdio: ["ignore", "ignore", "inherit"] },
);
const wapiti = JSON.parse(readFileSync(report, "utf8"));
for (const kind of ["vulnerabilities", "anomalies"]) {
  for (const [category, list] of Object.entries(wapiti[kind] ?? {})) {
    for (const item of list) {
      findings.push({
        tool: "wapiti",
        category,
        info: `${item.path ?? ""} ${item.info ?? ""}`.trim(),
      });
    }
  }
}
stopServer();

// docs/security-scan.md: a table of | tool | category | text the finding contains | reason |.
const accepted = readFileSync("docs/security-scan.md", "utf8")
  .split("\n")
  .filter((l) => /^\|\s*(sqlmap|wapiti)\s*\|/.test(l))
  .map((l) => l.split("|").map((c) => c.trim().replace(/^`|`$/g, "")))
  .map(([, tool, category, match, reason]) => ({ tool, category, match, reason }));

const open = findings.filter(
  (f) =>
    !accepted.some(
      (a) => a.tool === f.tool && a.category === f.category && a.reason && f.info.includes(a.match),
    ),
);
console.log(`\n${findings.length} finding(s), ${findings.length - open.length} accepted.`);
for (const f of findings)
  console.log(
    `${open.includes(f) ? "OPEN    " : "accepted"} ${f.tool} · ${f.category} · ${f.info}`,
  );
process.exit(open.length ? 1 : 0);
