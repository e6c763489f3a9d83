// Local stand-ins for the show's streaming service during e2e tests: a "live" MP3 stream and a
// Live365-shaped now-playing API that counts its requests (GET /__stats) and can be told to fail.
// Also the listeners' mailbox: a real SMTP server (`smtpUrl`) whose received mail is listed by
// GET /__mail?to=<address> (JSON, oldest first).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { startSmtpSink } from "../fakes/smtp-sink.mjs";

export async function startFakeUpstreams(port) {
  const stats = { nowPlaying: 0 };
  let mode = "ok"; // ok | fail | junk | slow
  const liveFile = path.resolve("public/media/audio/live-sample.mp3");
  const mail = await startSmtpSink();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/__mail") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(mail.forAddress(url.searchParams.get("to") ?? "")));
    }
    if (url.pathname === "/__stats") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ ...stats, mode }));
    }
    if (url.pathname === "/__mode") {
      mode = url.searchParams.get("mode") ?? "ok";
      stats.nowPlaying = 0;
      res.writeHead(204);
      return res.end();
    }
    if (url.pathname.startsWith("/live365/station/")) {
      stats.nowPlaying++;
      if (mode === "fail") {
        res.writeHead(503);
        return res.end("down");
      }
      if (mode === "junk") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end("{not json");
      }
      const body = JSON.stringify({
        "current-track": { title: "Bunker Sessions Vol. 7", artist: "The Ham Radio Show Crew", art: null },
        name: "The Ham Radio Show",
      });
      const send = () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(body);
      };
      return mode === "slow" ? setTimeout(send, 10_000) : send();
    }
    if (url.pathname === "/live/stream.mp3") {
      if (mode === "fail") {
        res.writeHead(503);
        return res.end();
      }
      const stat = fs.statSync(liveFile);
      res.writeHead(200, {
        "content-type": "audio/mpeg",
        "content-length": stat.size,
        "access-control-allow-origin": "*",
      });
      return fs.createReadStream(liveFile).pipe(res);
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  // Port 0 → a free port chosen by the system (the origin names the one actually bound).
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    smtpUrl: mail.url,
    close: () => {
      server.close();
      void mail.close();
    },
  };
}
