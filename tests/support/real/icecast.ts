import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, needCommands, stopProcess, waitFor } from "./processes";

/**
 * Debian's Icecast 2.4 on a free port, with sources fed by ffmpeg (a sine tone encoded to MP3) and
 * titles set the way a playout tool does: GET /admin/metadata?mode=updinfo, whose `song` is
 * Latin-1 unless `charset` says otherwise. Icecast applies a title a moment later, so every change
 * waits until status-json.xsl shows it.
 */
export interface RealIcecast {
  origin: string;
  statusUrl: string;
  /** `bitrate` of the MP3 (ffmpeg's notation, e.g. "128k"): what a listener buffers ahead depends on it. */
  startSource(mount: string, options?: { bitrate?: string }): Promise<void>;
  stopSource(mount: string): Promise<void>;
  /** `song` as raw bytes (percent-encoded here), as a playout tool sends them. */
  setTitle(mount: string, song: Uint8Array, charset?: string): Promise<void>;
  close(): Promise<void>;
}

const SOURCE_PASSWORD = "contract-source";
const ADMIN_PASSWORD = "contract-admin";

type Status = {
  icestats: { source?: { listenurl: string; title?: string } | { listenurl: string; title?: string }[] };
};

export async function startIcecast(): Promise<RealIcecast> {
  needCommands(["icecast2", "ffmpeg"], "icecast2 ffmpeg");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hamradio-icecast-"));
  fs.chmodSync(dir, 0o755);
  fs.mkdirSync(path.join(dir, "log"), { mode: 0o777 });
  fs.chmodSync(path.join(dir, "log"), 0o777);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const statusUrl = `${origin}/status-json.xsl`;
  // Icecast will not keep root: it changes to nobody once its port is open.
  fs.writeFileSync(
    path.join(dir, "icecast.xml"),
    `<icecast>
  <location>contract tests</location><admin>nobody@example.test</admin>
  <limits><sources>4</sources></limits>
  <authentication>
    <source-password>${SOURCE_PASSWORD}</source-password>
    <admin-user>admin</admin-user><admin-password>${ADMIN_PASSWORD}</admin-password>
  </authentication>
  <hostname>127.0.0.1</hostname>
  <listen-socket><port>${port}</port><bind-address>127.0.0.1</bind-address></listen-socket>
  <paths>
    <logdir>${dir}/log</logdir>
    <webroot>/usr/share/icecast2/web</webroot>
    <adminroot>/usr/share/icecast2/admin</adminroot>
  </paths>
  <logging><accesslog>access.log</accesslog><errorlog>error.log</errorlog><loglevel>2</loglevel></logging>
  <security><chroot>0</chroot><changeowner><user>nobody</user><group>nogroup</group></changeowner></security>
</icecast>`,
  );
  const icecast = spawn("icecast2", ["-c", path.join(dir, "icecast.xml")], { stdio: "ignore" });
  const sources = new Map<string, ChildProcess>();
  const close = async () => {
    for (const source of sources.values()) await stopProcess(source);
    await stopProcess(icecast);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const status = async (): Promise<Status> => (await fetch(statusUrl)).json() as Promise<Status>;
  const mountOf = async (mount: string) => {
    const source = (await status()).icestats.source;
    return [source ?? []].flat().find((s) => new URL(s.listenurl).pathname === mount);
  };
  try {
    await waitFor("Icecast", async () => (await fetch(statusUrl)).ok);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    origin,
    statusUrl,
    async startSource(mount, { bitrate = "32k" } = {}) {
      const ffmpeg = spawn(
        "ffmpeg",
        [
          ...["-hide_banner", "-loglevel", "error", "-re", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=22050"],
          ...["-ac", "1", "-c:a", "libmp3lame", "-b:a", bitrate, "-content_type", "audio/mpeg", "-f", "mp3"],
          `icecast://source:${SOURCE_PASSWORD}@127.0.0.1:${port}${mount}`,
        ],
        { stdio: "ignore" },
      );
      sources.set(mount, ffmpeg);
      await waitFor(`source ${mount}`, async () => (await mountOf(mount)) !== undefined);
    },
    async stopSource(mount) {
      const source = sources.get(mount);
      if (source) await stopProcess(source);
      sources.delete(mount);
      await waitFor(`end of ${mount}`, async () => (await mountOf(mount)) === undefined);
    },
    async setTitle(mount, song, charset) {
      const before = (await mountOf(mount))?.title;
      const query = `mount=${encodeURIComponent(mount)}&mode=updinfo${charset ? `&charset=${charset}` : ""}&song=${[...song].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("")}`;
      const answer = await fetch(`${origin}/admin/metadata?${query}`, {
        headers: { authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString("base64")}` },
      });
      if (!answer.ok) throw new Error(`Icecast metadata update: HTTP ${answer.status}`);
      await waitFor(`title of ${mount}`, async () => (await mountOf(mount))?.title !== before);
    },
    close,
  };
}
