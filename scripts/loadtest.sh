#!/usr/bin/env bash
# Runs `draughts loadtest` against server nodes started here: one node on SQLite, or NODES
# nodes over one private PostgreSQL cluster (initdb in a temporary folder, as the tests do),
# and reports the CPU time of each node and of PostgreSQL with its backends.
#
#   scripts/loadtest.sh sqlite|postgres NODES ROOMS [loadtest options...]
#   e.g. scripts/loadtest.sh postgres 2 2000 --duration-s 30 --ramp-s 15
#
# DRAUGHTS_BIN is the binary (default: target/ci/draughts). TESTERS=K splits the rooms over K
# load testers running at once (each process holds two sockets a room, and the open-file limit
# is per process); each prints its own report. PostgreSQL runs with its durable
# defaults (fsync, synchronous_commit on); PGOPTS adds server options, e.g.
# PGOPTS='-c synchronous_commit=off'. The open-file limit is raised to the hard limit.
set -euo pipefail
store=${1:?sqlite or postgres}; nodes=${2:?number of nodes}; rooms=${3:?number of rooms}; shift 3
bin=${DRAUGHTS_BIN:-target/ci/draughts}
ulimit -n "$(ulimit -Hn)"
work=$(mktemp -d /tmp/draughts-loadtest.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  if [ -f "$work/pg/PG_VERSION" ]; then as_pg "$pgbin/pg_ctl" -D "$work/pg" -m fast -w stop >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# Each node holds one socket per room (two nodes) or two (one node); lift the per-address
# limits meant for strangers: every client is on 127.0.0.1.
conns=$((2 * rooms + 200))
node_args=(--max-connections "$conns" --max-connections-per-address "$conns" --rooms-per-minute $((rooms + 100)))
cpu_of=()
urls=()
start_node() { # $1: database option and value
  local port; port=$(free_port)
  RUST_LOG=warn "$bin" serve --addr "127.0.0.1:$port" "$@" "${node_args[@]}" >"$work/node-$port.log" 2>&1 &
  pids+=($!); cpu_of+=(--cpu-of $!); urls+=(--node "http://127.0.0.1:$port")
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && return; sleep 0.1; done
  echo "node on port $port did not start:"; cat "$work/node-$port.log"; exit 1
}
case $store in
  sqlite)
    [ "$nodes" = 1 ] || { echo "SQLite serves one node"; exit 2; }
    start_node --db "$work/loadtest.sqlite3" ;;
  postgres)
    pgbin=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)}
    mkdir -p "$work/pg"; [ "$(id -u)" = 0 ] && chown postgres "$work" "$work/pg"
    as_pg "$pgbin/initdb" -D "$work/pg" -U draughts -A trust -E UTF8 --no-instructions >/dev/null
    pgport=$(free_port)
    as_pg "$pgbin/pg_ctl" -D "$work/pg" -o "-p $pgport -k $work -c listen_addresses=127.0.0.1 -c max_connections=200 ${PGOPTS:-}" -l "$work/pg.log" -w start >/dev/null
    cpu_of+=(--cpu-of "$(head -1 "$work/pg/postmaster.pid")")
    for _ in $(seq "$nodes"); do start_node --database "postgres://draughts@127.0.0.1:$pgport/postgres"; done ;;
  *) echo "sqlite or postgres, not $store"; exit 2 ;;
esac
testers=${TESTERS:-1}
tpids=()
for t in $(seq "$testers"); do
  "$bin" loadtest "${urls[@]}" --rooms $((rooms / testers)) "${cpu_of[@]}" "$@" >"$work/tester-$t.out" 2>"$work/tester-$t.err" &
  tpids+=($!)
done
status=0
for t in $(seq "$testers"); do
  wait "${tpids[$((t - 1))]}" || status=1
  [ "$testers" = 1 ] || echo "== load tester $t of $testers"
  cat "$work/tester-$t.out"; grep -v '^ ' "$work/tester-$t.err" || true
done
grep -ih 'error\|warn' "$work"/node-*.log | sort | uniq -c | sort -rn | head -5 || true
exit $status
