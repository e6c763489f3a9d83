// Loaded with `node --import` (NODE_OPTIONS refuses --cpu-prof): profiles this process from start
// to exit, as --cpu-prof does, into $CPU_PROFILE_DIR/<pid>.cpuprofile (open it in Chrome's DevTools).
// With CPU_PROFILE_PORT only the instance on that port profiles (the others share the variables);
// with CPU_PROFILE_ON_SIGNAL=1 it profiles from one SIGWINCH to the next, so a benchmark can take the
// seconds it measures and leave out start-up and sign-ups. SIGWINCH: the app ends gracefully on
// SIGUSR2 (close-with-grace), and a process without this handler ignores SIGWINCH.
import fs from "node:fs";
import inspector from "node:inspector";
import path from "node:path";
import { isMainThread } from "node:worker_threads";

const wanted = isMainThread && (!process.env.CPU_PROFILE_PORT || process.env.CPU_PROFILE_PORT === process.env.PORT);
if (wanted) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  // A session in the same thread answers synchronously, so the file is written before an exit.
  const stop = () =>
    session.post("Profiler.stop", (error, result) => {
      if (!error)
        fs.writeFileSync(
          path.join(process.env.CPU_PROFILE_DIR, `${process.pid}.cpuprofile`),
          JSON.stringify(result.profile),
        );
    });
  if (process.env.CPU_PROFILE_ON_SIGNAL === "1") {
    let running = false;
    process.on("SIGWINCH", () => {
      if (running) stop();
      else session.post("Profiler.start");
      running = !running;
    });
  } else {
    session.post("Profiler.start");
    process.on("exit", stop);
  }
}
