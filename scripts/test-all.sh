#!/usr/bin/env bash
# The whole test suite: type check, lint and format, then unit (vitest) + browser e2e (Playwright in Debian's Chromium).
# Installs Chromium from Debian's packages when it is missing, builds the app, runs both,
# and ends with one summary line "Tests: N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/.."

# Playwright drives Debian's chromium-headless-shell (ADR 053); the benches use chromium itself.
if [ -z "${CHROMIUM_PATH:-}" ] && { ! command -v chromium >/dev/null 2>&1 || ! command -v chromium-headless-shell >/dev/null 2>&1; }; then
  echo "== Installing Chromium from Debian's packages"
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null || { echo "could not install chromium"; exit 1; }
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null || { echo "could not install chromium (need root)"; exit 1; }
  fi
fi

# The unit suite starts a throwaway PostgreSQL cluster from Debian's server binaries
# (or uses TEST_DATABASE_URL; TEST_POSTGRES=off leaves PostgreSQL out).
if [ -z "${TEST_DATABASE_URL:-}" ] && [ "${TEST_POSTGRES:-}" != "off" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "== Installing PostgreSQL from Debian's packages"
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null || { echo "could not install postgresql"; exit 1; }
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null || { echo "could not install postgresql (need root)"; exit 1; }
  fi
fi

# The scale-out e2e project puts Debian's nginx (TLS with a throwaway openssl certificate, its
# stream module capping connections per address) in front of two app instances over one
# PostgreSQL (deploy/).
if [ ! -x /usr/sbin/nginx ] || [ ! -f /usr/lib/nginx/modules/ngx_stream_module.so ] || ! command -v openssl >/dev/null 2>&1; then
  echo "== Installing nginx from Debian's packages"
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx libnginx-mod-stream openssl >/dev/null || { echo "could not install nginx"; exit 1; }
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx libnginx-mod-stream openssl >/dev/null || { echo "could not install nginx (need root)"; exit 1; }
  fi
fi

# The contract tests (tests/contract/) run the adapters against the real software: Debian's
# WordPress 6.1 on MariaDB and PHP's built-in server, and Icecast 2.4 fed by ffmpeg.
if [ ! -f /usr/share/wordpress/wp-config.php ] || ! command -v mariadbd >/dev/null 2>&1 || ! command -v php >/dev/null 2>&1 \
  || ! command -v icecast2 >/dev/null 2>&1 || ! command -v ffmpeg >/dev/null 2>&1; then
  echo "== Installing WordPress, MariaDB, PHP, Icecast and ffmpeg from Debian's packages"
  packages="wordpress php-cli mariadb-server icecast2 ffmpeg"
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $packages >/dev/null || { echo "could not install $packages"; exit 1; }
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $packages >/dev/null || { echo "could not install $packages (need root)"; exit 1; }
  fi
fi

[ -d node_modules ] || npm ci

# Each phase says when it starts, in seconds since the script did, so a run shows where its time went.
phase() { echo "== [${SECONDS} s] $1"; }
rm -rf test-results && mkdir -p test-results

# better-sqlite3's native module: an install without scripts (.ci/run) leaves its build to here.
# It runs beside the static checks and the build, which mostly use one core each, and the unit
# suite follows it at once, also beside them; its output is shown when it ends. Built at -O1 unless
# CFLAGS says otherwise: 24 s of one core instead of 44 on the path to the e2e run, and SQLite
# behaves the same at any level. An install with scripts (the README's first command, what the
# benches run on) builds it as it comes.
native_ok() { node -e 'new (require("better-sqlite3"))(":memory:").close()' 2>/dev/null; }
{
  native_ok || CFLAGS="${CFLAGS:--O1}" npm rebuild better-sqlite3 || { echo "better-sqlite3 could not be built"; exit 1; }
  npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
} > test-results/vitest.log 2>&1 &
vitest=$!
stop_unit() { kill "$vitest" 2>/dev/null; wait "$vitest" 2>/dev/null; }

phase "Static checks: types, lint, format"
npx tsc --noEmit && npx tsc --noEmit -p sw || { stop_unit; exit 1; }
npx eslint . --max-warnings=0 || { stop_unit; exit 1; }
npx prettier --check . --log-level=warn || { stop_unit; exit 1; }

phase "Build"
npm run build --silent || { stop_unit; exit 1; }

phase "Unit tests (vitest, started with the static checks)"
wait "$vitest"
unit=$?
cat test-results/vitest.log

phase "Browser e2e (Playwright, Chromium): the embedded default, the production adapters and the scale-out deployment, one run"
npx playwright test "$@"
e2e=$?

phase "Done"
node scripts/test-summary.mjs
if [ $unit -ne 0 ] || [ $e2e -ne 0 ]; then exit 1; fi
