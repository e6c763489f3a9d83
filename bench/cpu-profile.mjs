// Loaded with `node --import` (NODE_OPTIONS refuses --cpu-prof): profiles this process from start
// to exit, as --cpu-prof does, into $CPU_PROFILE_DIR/<pid>.cpuprofile (open it in Chrome's DevTools).
import fs from "node:fs";
import inspector from "node:inspector";
import path from "node:path";

const session = new inspector.Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.start");
process.on("exit", () => {
  // A session in the same thread answers synchronously, so the file is written before the exit.
  session.post("Profiler.stop", (error, result) => {
    if (!error)
      fs.writeFileSync(
        path.join(process.env.CPU_PROFILE_DIR, `${process.pid}.cpuprofile`),
        JSON.stringify(result.profile),
      );
  });
});
