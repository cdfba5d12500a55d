// Loaded with NODE_OPTIONS="--import …/bench/cpu-profile.mjs" (Node refuses --cpu-prof there):
// every Node process of a run, the front's workers too, writes a CPU profile into
// BENCH_CPU_PROFILE_DIR when it exits, named as --cpu-prof names its own (bench/member-cost.ts).
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

const dir = process.env.BENCH_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  // --cpu-prof's own interval, in µs.
  session.post("Profiler.setSamplingInterval", { interval: 1000 });
  session.post("Profiler.start");
  let written = false;
  // An in-thread session answers at once, so the profile is written within the handler. On the
  // stopping signal too: a worker is killed a second after its SIGTERM if it has not left (both
  // processes already handle these signals, so listening changes nothing of how they stop).
  const write = () => {
    if (written) return;
    written = true;
    session.post("Profiler.stop", (error, result) => {
      if (error) return;
      const file = `CPU.bench.profile.${process.pid}.0.0.cpuprofile`;
      writeFileSync(path.join(dir, file), JSON.stringify(result.profile));
    });
  };
  process.on("exit", write);
  process.on("SIGTERM", write);
  process.on("SIGINT", write);
}
