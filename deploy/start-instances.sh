#!/usr/bin/env bash
# Starts COUNT instances of the built server (build/server.js) on consecutive ports from
# FIRST_PORT, each with a DATA_DIR of its own under DATA_ROOT, all over the one PostgreSQL at
# DATABASE_URL. Runs in the foreground under whatever supervises it (systemd, a container):
# SIGTERM/SIGINT stop every instance gracefully; when one instance exits, the others are stopped
# too and the script exits with its status, so the supervisor restarts the set.
#   DATABASE_URL=postgres://… SESSION_SECRET=… deploy/start-instances.sh 4 3001
set -uo pipefail
cd "$(dirname "$0")/.."
count=${1:?usage: deploy/start-instances.sh COUNT FIRST_PORT}
first_port=${2:?usage: deploy/start-instances.sh COUNT FIRST_PORT}
: "${DATABASE_URL:?DATABASE_URL must name the PostgreSQL every instance shares}"
: "${SESSION_SECRET:?SESSION_SECRET must be set, the same on every instance}"
data_root=${DATA_ROOT:-/var/lib/hamradio}
[ -f build/server.js ] || { echo "build/server.js is missing: run npm ci && npm run build first" >&2; exit 1; }

pids=()
stop_all() {
  kill -TERM "${pids[@]}" 2>/dev/null
  wait "${pids[@]}" 2>/dev/null
}
trap 'stop_all; exit 0' TERM INT

for ((i = 0; i < count; i++)); do
  port=$((first_port + i))
  mkdir -p "$data_root/$port"
  NODE_ENV=production HOST="${HOST:-127.0.0.1}" PORT="$port" DATA_DIR="$data_root/$port" \
    TRUST_PROXY_HOPS="${TRUST_PROXY_HOPS:-1}" node build/server.js &
  pids+=("$!")
done

wait -n "${pids[@]}"
status=$?
echo "an instance exited (status $status): stopping the others" >&2
trap - TERM INT
stop_all
exit "$status"
