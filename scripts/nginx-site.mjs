// deploy/nginx.conf and deploy/nginx-stream.conf on this machine, with a main configuration
// around them, for the scale-out e2e stack (tests/e2e/support/scale-out.ts) and the peak
// benchmark's stack (bench/stack.mjs): only their ports, paths and certificate change.

/** Debian's libnginx-mod-stream: the stream {} of deploy/nginx-stream.conf. */
export const NGINX_STREAM_MODULE = "/usr/lib/nginx/modules/ngx_stream_module.so";

/** @param {string} file @returns {(text: string, pattern: RegExp, by: (...groups: string[]) => string) => string} */
const replacerFor = (file) => (text, pattern, by) => {
  const match = pattern.exec(text);
  if (!match) throw new Error(`${file} no longer has a line like ${pattern}`);
  return text.replace(match[0], () => by(...match.slice(1).map((g) => g ?? "")));
};

/**
 * deploy/nginx.conf with this machine's ports and paths; each edit must find its line. No
 * `accessLog`: no access log. `connectionsPerAddress` replaces the cap on requests at once from
 * one address. Its servers listen on sockets in `paths.sockets`, behind localNginxStream's ports.
 * @param {string} shipped
 * @param {{ https: number; http: number; instances: number[] }} ports
 * @param {{ certificate: string; key: string; accessLog?: string; cache: string; publicDir: string; sockets: string }} paths
 * @param {{ connectionsPerAddress?: number }} [options]
 * @returns {string}
 */
export function localNginxSite(shipped, ports, paths, { connectionsPerAddress } = {}) {
  const replaceOnce = replacerFor("deploy/nginx.conf");
  let site = shipped;
  // The upstream's server lines, one per instance, each keeping the shipped options.
  const upstream = /^( +)server 127\.0\.0\.1:\d+( [^;]*)?;\n(?: +server 127\.0\.0\.1:\d+[^;]*;\n)*/m;
  site = replaceOnce(site, upstream, (indent, options) =>
    ports.instances.map((p) => `${indent}server 127.0.0.1:${p}${options};\n`).join(""),
  );
  for (const name of ["http", "https"])
    site = replaceOnce(
      site,
      new RegExp(`listen unix:\\S+-${name}\\.sock`),
      () => `listen unix:${paths.sockets}/${name}.sock`,
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
 * deploy/nginx-stream.conf on this machine's ports (loopback only), handing connections to
 * localNginxSite's sockets in `paths.sockets`; `connectionsPerAddress` replaces its cap.
 * @param {string} shipped
 * @param {{ https: number; http: number }} ports
 * @param {{ sockets: string }} paths
 * @param {{ connectionsPerAddress?: number }} [options]
 * @returns {string}
 */
export function localNginxStream(shipped, ports, paths, { connectionsPerAddress } = {}) {
  const replaceOnce = replacerFor("deploy/nginx-stream.conf");
  let stream = shipped;
  for (const [port, name] of [
    [443, "https"],
    [80, "http"],
  ]) {
    stream = replaceOnce(
      stream,
      new RegExp(`^( +)listen ${port};\\n +listen \\[::\\]:${port};$`, "m"),
      (i) => `${i}listen 127.0.0.1:${ports[name]};`,
    );
    stream = replaceOnce(stream, new RegExp(`unix:\\S+-${name}\\.sock`), () => `unix:${paths.sockets}/${name}.sock`);
  }
  if (connectionsPerAddress)
    stream = replaceOnce(
      stream,
      /limit_conn hamradio_tcp \d+;/,
      () => `limit_conn hamradio_tcp ${connectionsPerAddress};`,
    );
  return stream;
}

/**
 * The main configuration around the site and its stream front (`dir`/site.conf and
 * `dir`/stream.conf): Debian's (its MIME types, root workers able to write
 * here) with every path in `dir`. The e2e stack runs one small worker; the benchmark the tuning
 * deploy/README.md step 5 asks for.
 * @param {string} dir
 * @param {string} errorLog
 * @param {{ tuned?: boolean }} [options]
 * @returns {string}
 */
export function localNginxMain(dir, errorLog, { tuned = false } = {}) {
  return [
    `load_module ${NGINX_STREAM_MODULE};`,
    "daemon off;",
    // As root nginx would hand requests to an unprivileged worker that cannot write here.
    process.getuid?.() === 0 ? "user root;" : "",
    tuned ? "worker_processes auto;" : "worker_processes 1;",
    "worker_rlimit_nofile 8192;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${errorLog} warn;`,
    // A connection through the stream front is three of a worker's: the client's, the stream's
    // to the socket, and the http server's from it.
    `events { worker_connections ${tuned ? 4096 : 1024}; }`,
    `include ${dir}/stream.conf;`,
    "http {",
    "  include /etc/nginx/mime.types;",
    "  default_type application/octet-stream;",
    ...(tuned ? ["  sendfile on;", "  tcp_nopush on;"] : []),
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${dir}/${t};`),
    `  include ${dir}/site.conf;`,
    "}",
  ].join("\n");
}
