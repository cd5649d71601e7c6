#!/usr/bin/env bash
# Node rate and depth at equal time against Moby Dam on the eleven international positions of
# scripts/node-rate-positions.txt (issue 24; docs/engine.md, "What a node is", says what each
# program counts). For each position and pair, our engine and Moby Dam search it in turn for
# 10 s, one thread, a 64 MiB table each, no opening book, no endgame databases:
#
#   ours:      draughts analyze --variant international --fen FEN --movetime 10000 --hash 64 --no-egdb --json
#   Moby Dam:  mobydam -b MISSING -t 22 -o FEN    (its profiling mode: one 10 s search; MISSING
#              names no book file; -t 22 is 2^22 entries of 16 bytes)
#
# Each run's CPU time (user + system) comes from bash's `time`; each program's own node count
# and last completed depth from its own report (our JSON, Moby Dam's engine.log). A row per run
# pair, then the median ratio of nodes per CPU second (ours / Moby Dam) and how often each side
# was deeper. Moby Dam is not part of this project: build it yourself from its public source
# (github.com/rhalbersma/mobydam, `make` in main/) and give its binary's path.
#
#   bash scripts/node-rate.sh MOBYDAM [PAIRS] [MILLISECONDS]    # default 5 pairs, 10000 ms
#
# DRAUGHTS_BIN names our binary (default target/release/draughts: `cargo build --release -p
# draughts-cli`, the profile a user runs). MILLISECONDS only changes our time: Moby Dam's
# profiling search is always 10 s. The two programs must not share the machine with other work
# if depth at equal time is to mean anything; nodes per CPU second are less sensitive.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ]; then
  sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
moby="$(realpath "$1")"
pairs="${2:-5}"
ms="${3:-10000}"
bin="$(realpath "${DRAUGHTS_BIN:-target/release/draughts}")"
[ -x "$moby" ] || { echo "node-rate: $1 is not an executable (Moby Dam's binary)" >&2; exit 2; }
[ -x "$bin" ] || { echo "node-rate: $bin is not built (cargo build --release -p draughts-cli)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
TIMEFORMAT='%U %S'
rows="$work/rows"
printf '%-4s %-5s %12s %7s %7s %6s %12s %7s %7s %6s %6s\n' pos pair our_nodes cpu_s M/s depth moby_nodes cpu_s M/s depth ratio
n=0
while IFS= read -r line; do
  fen="${line%%#*}"
  fen="${fen// /}"
  [ -z "$fen" ] && continue
  n=$((n + 1))
  for p in $(seq 1 "$pairs"); do
    { time "$bin" analyze --variant international --fen "$fen" --movetime "$ms" --hash 64 --no-egdb --json \
        > "$work/ours.json" 2>/dev/null; } 2> "$work/ours.time"
    rm -f "$work/engine.log"
    { time (cd "$work" && "$moby" -b MISSING -t 22 -o "$fen" < /dev/null > /dev/null 2>&1); } 2> "$work/moby.time"
    [ -s "$work/ours.json" ] || { echo "node-rate: $bin analyze printed nothing for $fen" >&2; exit 1; }
    [ -s "$work/engine.log" ] || { echo "node-rate: Moby Dam wrote no engine.log for $fen" >&2; exit 1; }
    on=$(grep -o '"nodes":[0-9]*' "$work/ours.json" | cut -d: -f2)
    od=$(grep -o '"depth":[0-9]*' "$work/ours.json" | cut -d: -f2)
    mn=$(grep -o 'nodes total=[0-9]*' "$work/engine.log" | tail -1 | cut -d= -f2)
    md=$(grep -o 'reached depth=[0-9]*' "$work/engine.log" | tail -1 | cut -d= -f2)
    awk -v pos="$n" -v pair="$p" -v on="$on" -v od="$od" -v mn="$mn" -v md="$md" \
      -v ot="$(cat "$work/ours.time")" -v mt="$(cat "$work/moby.time")" 'BEGIN {
        split(ot, a, " "); split(mt, b, " ");
        oc = a[1] + a[2]; mc = b[1] + b[2];
        orate = on / oc / 1e6; mrate = mn / mc / 1e6;
        printf "%-4s %-5s %12d %7.2f %7.2f %6d %12d %7.2f %7.2f %6d %6.2f\n", pos, pair, on, oc, orate, od, mn, mc, mrate, md, orate / mrate
      }' | tee -a "$rows"
  done
done < scripts/node-rate-positions.txt
sort -n -k11 "$rows" | awk '{ r[NR] = $11; if ($6 > $10) deeper++; else if ($6 < $10) shallower++; else equal++ }
  END {
    m = (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2;
    printf "median nodes per CPU second, ours / Moby Dam: %.2fx over %d pairs (%.2f-%.2f)\n", m, NR, r[1], r[NR];
    printf "depth at equal time: ours deeper in %d, equal in %d, Moby Dam deeper in %d\n", deeper, equal, shallower
  }'
