#!/usr/bin/env bash
# Starts COUNT instances of the built server (build/server.js) on consecutive ports from
# FIRST_PORT, each with a DATA_DIR of its own under DATA_ROOT, all over the one PostgreSQL at
# DATABASE_URL, and supervises each on its own: an instance that exits is started again within a
# second or two, alone, while the others keep serving. SIGHUP is passed on to every instance (each drops
# its cached reads); SIGTERM/SIGINT stop them all gracefully and the script exits when they have.
# Where systemd is available, deploy/hamradio@.service does the same with one unit per port.
#   DATABASE_URL=postgres://… SESSION_SECRET=… deploy/start-instances.sh 4 3001
set -uo pipefail
cd "$(dirname "$0")/.."
count=${1:?usage: deploy/start-instances.sh COUNT FIRST_PORT}
first_port=${2:?usage: deploy/start-instances.sh COUNT FIRST_PORT}
: "${DATABASE_URL:?DATABASE_URL must name the PostgreSQL every instance shares}"
: "${SESSION_SECRET:?SESSION_SECRET must be set, the same on every instance}"
: "${SITE_URL:?SITE_URL must be the public origin (https://listen.example.org), the same on every instance}"
data_root=${DATA_ROOT:-/var/lib/hamradio}
[ -f build/server.js ] || { echo "build/server.js is missing: run npm ci && npm run build first" >&2; exit 1; }

declare -A port_of # pid of a running instance → its port
stopping=

start() {
  local port=$1
  mkdir -p "$data_root/$port"
  # Metrics on a port of each instance's own: 10000 above its site port (3001 → 13001);
  # METRICS=off serves none (and none are taken).
  local metrics_port=$((port + 10000))
  [ "${METRICS:-on}" != off ] || metrics_port=0
  NODE_ENV=production HOST="${HOST:-127.0.0.1}" PORT="$port" DATA_DIR="$data_root/$port" \
    TRUST_PROXY_HOPS="${TRUST_PROXY_HOPS:-1}" METRICS_PORT=$metrics_port node build/server.js &
  port_of[$!]=$port
}
signal_all() {
  ((${#port_of[@]})) && kill "-$1" "${!port_of[@]}" 2>/dev/null
}
# Whether a process still runs (an exited child not yet reaped is a zombie, state Z).
running() {
  local stat
  { read -r stat <"/proc/$1/stat"; } 2>/dev/null || return 1
  stat=${stat##*) }
  [ "${stat%% *}" != Z ]
}
trap 'stopping=1; signal_all TERM' TERM INT
trap 'signal_all HUP' HUP

for ((i = 0; i < count; i++)); do start $((first_port + i)); done

# Looks once a second rather than `wait -n`: an instance that exits while another is being
# restarted is reaped then, and `wait -n` would never report it. A trapped signal ends the wait
# at once.
while ((${#port_of[@]})); do
  sleep 1 &
  wait $!
  for pid in "${!port_of[@]}"; do
    running "$pid" && continue
    wait "$pid"
    status=$?
    port=${port_of[$pid]}
    unset "port_of[$pid]"
    [ -z "$stopping" ] || continue
    echo "the instance on port $port exited (status $status): starting it again" >&2
    start "$port"
  done
done
exit 0
