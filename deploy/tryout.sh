#!/usr/bin/env bash
# Several panels on one machine, for a try-out (deploy/README.md): a throwaway PostgreSQL 15, three
# panel-only `outpost run` instances and HAProxy from deploy/haproxy.cfg on http://localhost:8000
# (HAPROXY_PORT). Everything lives in a temporary folder, removed with Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
pg=/usr/lib/postgresql/15/bin
port=${HAPROXY_PORT:-8000}
dir=$(mktemp -d /tmp/outpost-tryout-XXXXXX)
chmod 755 "$dir"
pids=()

# initdb refuses to run as root: PostgreSQL's files belong to the postgres user then.
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

stop() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  as_postgres "$pg/pg_ctl" -D "$dir/pg" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 0' INT TERM

node scripts/build.mjs
mkdir "$dir/pg"
if [ "$(id -u)" = 0 ]; then chown postgres "$dir/pg"; fi
as_postgres "$pg/initdb" -D "$dir/pg" -U postgres --auth=trust >/dev/null
as_postgres "$pg/pg_ctl" -D "$dir/pg" -l "$dir/pg/server.log" -o "-p 55433 -k $dir/pg -c listen_addresses=127.0.0.1" -w start >/dev/null
"$pg/createdb" -h 127.0.0.1 -p 55433 -U postgres outpost

start_panel() {
  mkdir -p "$dir/panel$1"
  OUTPOST_LOCAL_NODE=false OUTPOST_DB_DIALECT=postgres OUTPOST_DB_URL=postgres://postgres@127.0.0.1:55433/outpost \
    OUTPOST_TRUST_PROXY=127.0.0.1 OUTPOST_HOST=127.0.0.1 OUTPOST_PORT=$((8100 + $1)) OUTPOST_DATA_DIR="$dir/panel$1" \
    OUTPOST_ADMIN_EMAIL=admin@outpost.test OUTPOST_ADMIN_PASSWORD=admin-password-1 \
    node packages/cli/bin/outpost.js run >"$dir/panel$1.log" 2>&1 &
  pids+=($!)
  echo "panel$1 on http://127.0.0.1:$((8100 + $1)), pid $!, log $dir/panel$1.log"
  until curl -sf "http://127.0.0.1:$((8100 + $1))/health" >/dev/null; do sleep 0.5; done
}
# The first start creates the tables and the administrator; the others find them.
start_panel 1
start_panel 2
start_panel 3

OUTPOST_LISTEN=127.0.0.1:$port PANEL1=127.0.0.1:8101 PANEL2=127.0.0.1:8102 PANEL3=127.0.0.1:8103 \
  /usr/sbin/haproxy -db -f deploy/haproxy.cfg &
pids+=($!)
echo
echo "Outpost on http://localhost:$port (admin@outpost.test / admin-password-1). Ctrl-C stops everything."
echo "Set the master URL (Settings) to http://localhost:$port before adding nodes."
wait
