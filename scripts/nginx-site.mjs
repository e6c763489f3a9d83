// deploy/nginx.conf on this machine, with a main configuration around it, for the scale-out e2e
// stack (tests/e2e/support/scale-out.ts) and the peak benchmark's stack (bench/stack.mjs): only its
// ports, paths and certificate change.

/**
 * deploy/nginx.conf with this machine's ports and paths; each edit must find its line. No
 * `accessLog`: no access log. `connectionsPerAddress` replaces the cap on requests at once from
 * one address.
 * @param {string} shipped
 * @param {{ https: number; http: number; instances: number[] }} ports
 * @param {{ certificate: string; key: string; accessLog?: string; cache: string; publicDir: string }} paths
 * @param {{ connectionsPerAddress?: number }} [options]
 * @returns {string}
 */
export function localNginxSite(shipped, ports, paths, { connectionsPerAddress } = {}) {
  /** @param {string} text @param {RegExp} pattern @param {(...groups: string[]) => string} by */
  const replaceOnce = (text, pattern, by) => {
    const match = pattern.exec(text);
    if (!match) throw new Error(`deploy/nginx.conf no longer has a line like ${pattern}`);
    return text.replace(match[0], () => by(...match.slice(1).map((g) => g ?? "")));
  };
  let site = shipped;
  // The upstream's server lines, one per instance, each keeping the shipped options.
  const upstream = /^( +)server 127\.0\.0\.1:\d+( [^;]*)?;\n(?: +server 127\.0\.0\.1:\d+[^;]*;\n)*/m;
  site = replaceOnce(site, upstream, (indent, options) =>
    ports.instances.map((p) => `${indent}server 127.0.0.1:${p}${options};\n`).join(""),
  );
  site = replaceOnce(site, /^( +)listen 80;\n +listen \[::\]:80;$/m, (i) => `${i}listen 127.0.0.1:${ports.http};`);
  site = replaceOnce(
    site,
    /^( +)listen 443 ssl http2;\n +listen \[::\]:443 ssl http2;$/m,
    (i) => `${i}listen 127.0.0.1:${ports.https} ssl http2;`,
  );
  site = replaceOnce(site, /ssl_certificate \S+;/, () => `ssl_certificate ${paths.certificate};`);
  site = replaceOnce(site, /ssl_certificate_key \S+;/, () => `ssl_certificate_key ${paths.key};`);
  site = replaceOnce(site, /access_log \S+ hamradio;/, () =>
    paths.accessLog ? `access_log ${paths.accessLog} hamradio;` : "access_log off;",
  );
  site = replaceOnce(site, /proxy_cache_path \S+ /, () => `proxy_cache_path ${paths.cache} `);
  if (connectionsPerAddress)
    site = replaceOnce(
      site,
      /limit_conn hamradio_addr \d+;/,
      () => `limit_conn hamradio_addr ${connectionsPerAddress};`,
    );
  site = replaceOnce(site, /root \S+;/, () => `root ${paths.publicDir};`);
  return site;
}

/**
 * The main configuration around the site: Debian's (its MIME types, root workers able to write
 * here) with every path in `dir`. The e2e stack runs one small worker; the benchmark the tuning
 * deploy/README.md step 5 asks for.
 * @param {string} dir
 * @param {string} errorLog
 * @param {{ tuned?: boolean }} [options]
 * @returns {string}
 */
export function localNginxMain(dir, errorLog, { tuned = false } = {}) {
  return [
    "daemon off;",
    // As root nginx would hand requests to an unprivileged worker that cannot write here.
    process.getuid?.() === 0 ? "user root;" : "",
    tuned ? "worker_processes auto;\nworker_rlimit_nofile 8192;" : "worker_processes 1;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${errorLog} warn;`,
    `events { worker_connections ${tuned ? 4096 : 256}; }`,
    "http {",
    "  include /etc/nginx/mime.types;",
    "  default_type application/octet-stream;",
    ...(tuned ? ["  sendfile on;", "  tcp_nopush on;"] : []),
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${dir}/${t};`),
    `  include ${dir}/site.conf;`,
    "}",
  ].join("\n");
}
