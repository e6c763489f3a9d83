#!/usr/bin/env bash
# Quick start on the embedded default: build if needed, then serve at http://localhost:${PORT:-3000}
# in production mode. When SESSION_SECRET is not set, a random one is created once and kept in
# DATA_DIR/session-secret (a real deployment sets SESSION_SECRET itself; see README).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/server.js ] && [ -f build/index.js ] && [ -f public/sw.js ] || npm run build --silent
DATA_DIR="${DATA_DIR:-./data}"
mkdir -p "$DATA_DIR"
if [ -z "${SESSION_SECRET:-}" ]; then
  secret_file="$DATA_DIR/session-secret"
  [ -s "$secret_file" ] || node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("hex"))' > "$secret_file"
  chmod 600 "$secret_file"
  SESSION_SECRET="$(cat "$secret_file")"
fi
# What a newcomer tries, on this machine or from a phone on the LAN over plain HTTP: mails are
# printed here when no SMTP_URL is set, and the session cookie works without HTTPS. A deployment
# (npm start, deploy/) keeps the strict defaults; set either here to get them.
MAIL_CONSOLE="${MAIL_CONSOLE:-on}"
SECURE_COOKIES="${SECURE_COOKIES:-off}"
# Production needs the public origin; here it is this machine. Log lines are pino-pretty's.
SITE_URL="${SITE_URL:-http://localhost:${PORT:-3000}}"
LOG_FORMAT="${LOG_FORMAT:-pretty}"
export SESSION_SECRET DATA_DIR MAIL_CONSOLE SECURE_COOKIES SITE_URL LOG_FORMAT
exec env NODE_ENV=production node build/server.js
