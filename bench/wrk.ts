import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Load } from "./types";

/**
 * One load run with wrk (Debian's package): two threads, fixed connections and duration,
 * `--latency` for the percentiles. autocannon, used before, saturated its own core at about a
 * tenth of what wrk reaches against the same static page here (issue 21), so every share of the
 * ceiling it reported was a share of the client's limit.
 */

const run = promisify(execFile);

/** "1.23ms", "850.00us", "2.01s" → milliseconds. */
export function toMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return Number.NaN;
  const value = Number(m[1]);
  const unit = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as "us" | "ms" | "s" | "m"];
  return Math.round(value * unit * 100) / 100;
}

/** The figures of wrk's report (with --latency). */
export function parseWrk(name: string, output: string): Load {
  const number = (re: RegExp) => Number(re.exec(output)?.[1] ?? 0);
  const percentile = (p: number) =>
    toMs(new RegExp(`^\\s*${p}%\\s+(\\S+)`, "m").exec(output)?.[1] ?? "");
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  return {
    name,
    requestsPerSecond: Math.round(number(/Requests\/sec:\s+([\d.]+)/)),
    p50: percentile(50),
    p99: percentile(99),
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/),
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

export interface WrkOptions {
  connections: number;
  durationSeconds: number;
  headers: Record<string, string>;
}

export async function wrk(name: string, url: string, options: WrkOptions): Promise<Load> {
  const args = [
    "-t2",
    `-c${options.connections}`,
    `-d${options.durationSeconds}s`,
    "--latency",
    "--timeout",
    "10s",
  ];
  for (const [header, value] of Object.entries(options.headers))
    args.push("-H", `${header}: ${value}`);
  const { stdout } = await run("wrk", [...args, url], { maxBuffer: 1024 * 1024 });
  return parseWrk(name, stdout);
}
