import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, needCommands, stopProcess, waitFor } from "./processes";

/**
 * A throwaway copy of Debian's `wordpress` package (6.1): MariaDB on a Unix socket in a temporary
 * directory, PHP's built-in web server on a free port, installed by WordPress's own installer with
 * the show's category ids and an editor who posts through the REST API with an application password.
 * Debian's wp-config.php reads /etc/wordpress/config-<WORDPRESS_CONFIG>.php; one file per run.
 */
export interface RealWordPress {
  origin: string;
  apiUrl: string;
  /** A REST call as the editor (application password). */
  asEditor(
    route: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<unknown>;
  /** Uploads an image file to the media library; its attachment id. */
  upload(file: string, name: string): Promise<number>;
  close(): Promise<void>;
}

const HERE = path.dirname(new URL(import.meta.url).pathname);
const WORDPRESS_ROOT = "/usr/share/wordpress";

export async function startWordPress(): Promise<RealWordPress> {
  needCommands(["mariadb-install-db", "mariadbd", "mariadb", "php"], "wordpress php-cli mariadb-server");
  if (!fs.existsSync(`${WORDPRESS_ROOT}/wp-config.php`)) throw new Error("Debian's wordpress package is not installed");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hamradio-wp-"));
  const socket = path.join(dir, "mysql.sock");
  const contentDir = path.join(dir, "wp-content");
  fs.mkdirSync(path.join(contentDir, "uploads"), { recursive: true });
  const children: ChildProcess[] = [];
  let configFile: string | null = null;
  const close = async () => {
    for (const child of children.reverse()) await stopProcess(child);
    if (configFile) fs.rmSync(configFile, { force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    execFileSync(
      "mariadb-install-db",
      [
        "--no-defaults",
        `--datadir=${dir}/db`,
        "--user=root",
        "--auth-root-authentication-method=normal",
        "--skip-test-db",
      ],
      { stdio: "ignore" },
    );
    children.push(
      spawn(
        "mariadbd",
        [
          "--no-defaults",
          `--datadir=${dir}/db`,
          `--socket=${socket}`,
          "--skip-networking",
          "--user=root",
          "--skip-log-bin",
          "--innodb-buffer-pool-size=32M",
          `--log-error=${dir}/mariadb.log`,
        ],
        { stdio: "ignore" },
      ),
    );
    await waitFor("MariaDB", () => {
      execFileSync("mariadb", ["--no-defaults", "-S", socket, "-uroot", "-e", "CREATE DATABASE IF NOT EXISTS wp"], {
        stdio: "ignore",
      });
      return true;
    });

    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const name = `hamradio-test-${port}`;
    configFile = `/etc/wordpress/config-${name}.php`;
    fs.writeFileSync(
      configFile,
      `<?php
define('DB_NAME', 'wp');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', 'localhost:${socket}');
define('WP_CONTENT_DIR', '${contentDir}');
define('WP_HOME', '${origin}');
define('WP_SITEURL', '${origin}');
// Application passwords over plain http are for local sites only.
define('WP_ENVIRONMENT_TYPE', 'local');
define('DISABLE_WP_CRON', true);
`,
    );
    for (const sub of ["themes", "plugins"])
      fs.symlinkSync(`${WORDPRESS_ROOT}/wp-content/${sub}`, `${contentDir}/${sub}`);
    const env = {
      ...process.env,
      WORDPRESS_CONFIG: name,
      WP_TEST_HOST: `127.0.0.1:${port}`,
      WP_TEST_CONTENT_DIR: contentDir,
    };
    const editor = JSON.parse(
      execFileSync("php", [path.join(HERE, "wordpress-setup.php")], {
        env,
        stdio: ["ignore", "pipe", "ignore"],
      }).toString(),
    ) as { user: string; password: string };
    children.push(
      spawn("php", ["-S", `127.0.0.1:${port}`, "-t", WORDPRESS_ROOT, path.join(HERE, "wordpress-router.php")], {
        env,
        stdio: "ignore",
      }),
    );
    const apiUrl = `${origin}/wp-json/wp/v2`;
    await waitFor("WordPress", async () => (await fetch(`${apiUrl}/posts`)).ok);

    const authorization = `Basic ${Buffer.from(`${editor.user}:${editor.password}`).toString("base64")}`;
    const asEditor: RealWordPress["asEditor"] = async (route, init = {}) => {
      const body = init.body;
      const response = await fetch(`${apiUrl}/${route}`, {
        method: init.method ?? (body === undefined ? "GET" : "POST"),
        headers: {
          authorization,
          ...(body instanceof Uint8Array ? {} : { "content-type": "application/json" }),
          ...init.headers,
        },
        body: body === undefined ? undefined : body instanceof Uint8Array ? Buffer.from(body) : JSON.stringify(body),
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(`WordPress ${route}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    return {
      origin,
      apiUrl,
      asEditor,
      async upload(file, fileName) {
        const media = (await asEditor("media", {
          body: new Uint8Array(fs.readFileSync(file)),
          headers: { "content-type": "image/jpeg", "content-disposition": `attachment; filename=${fileName}` },
        })) as { id: number };
        return media.id;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
