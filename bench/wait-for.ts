import type { ChildProcess } from "node:child_process";

/** Until `url` answers 2xx; fails when the server exits first or `seconds` pass. */
export async function waitFor(url: string, child: ChildProcess, seconds = 90) {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer in ${seconds} s`);
}
