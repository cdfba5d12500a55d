/**
 * Issue 45, item 6: what `npm start` holds in memory after the bench, per process (the front and
 * each worker), and whether the front's cache keeps to its byte bound when 20,000 distinct pages
 * pass through it, each asked twice so that the second miss keeps it (decision 037).
 */
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import readline from "node:readline";
import { isFrontCommand } from "../scripts/front-command.mjs";
import type { FrontMemory, MemoryResults } from "./types";

/** Resident set size of a process, in MB (VmRSS of /proc/{pid}/status). */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** The process and every descendant, parents first. */
export function processTree(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Field 4 of stat is the parent; the name in field 2 may hold spaces, so read after ")".
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {}
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, parent] of parentOf) if (parent === tree[i]) tree.push(pid);
  }
  return tree;
}

function commandOf(pid: number): string {
  const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  if (isFrontCommand(args)) return "front";
  if (args.some((a) => a.includes("remix-serve"))) return "worker";
  return args
    .map((a) => a.split("/").at(-1))
    .join(" ")
    .slice(0, 40);
}

/** Every process of `npm start` (the front and its workers) with its resident memory. */
export function snapshot(frontPid: number): MemoryResults["processes"] {
  const processes: MemoryResults["processes"] = [];
  for (const pid of processTree(frontPid)) {
    try {
      processes.push({ pid, role: commandOf(pid), residentMb: residentMb(pid) });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return processes;
}

/**
 * Asks for `pages` distinct pages twice each, `concurrency` at a time: the first miss of a key
 * only notes it, the second stores it, so every page is offered to the cache.
 */
export async function distinctPages(
  base: string,
  pages: number,
  headers: Record<string, string>,
  concurrency = 16,
): Promise<{ seconds: number; failed: number }> {
  const started = Date.now();
  let next = 0;
  let failed = 0;
  async function lane() {
    for (;;) {
      const i = next++;
      if (i >= pages) return;
      // A query the app ignores makes each address a page of its own to the cache.
      const url = `${base}/api/stories/regular?page=${1 + (i % 50)}&distinct=${i}`;
      for (let n = 0; n < 2; n++) {
        try {
          const response = await fetch(url, { headers });
          await response.arrayBuffer();
          if (!response.ok) failed += 1;
        } catch {
          failed += 1;
        }
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { seconds: Math.round((Date.now() - started) / 1000), failed };
}

/**
 * The front's own account of its memory (decision 069): SIGUSR2 makes it log one `front.memory`
 * line on stderr with its cache's count of bytes, entries and bound beside Node's figures.
 * The front must be spawned with stderr piped; every other line is passed on.
 */
export function frontMemoryReader(front: ChildProcess) {
  const waiting: ((memory: FrontMemory) => void)[] = [];
  readline.createInterface({ input: front.stderr! }).on("line", (line) => {
    if (line.includes('"front.memory"')) {
      const { time: _time, level: _level, event: _event, ...memory } = JSON.parse(line);
      for (const resolve of waiting.splice(0)) resolve(memory as FrontMemory);
    } else process.stderr.write(`${line}\n`);
  });
  return {
    ask(timeoutMs = 10_000): Promise<FrontMemory> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error("the front did not report its memory")),
          timeoutMs,
        );
        waiting.push((memory) => {
          clearTimeout(timer);
          resolve(memory);
        });
        front.kill("SIGUSR2");
      });
    },
  };
}
