#!/usr/bin/env bash
# Runs the cargo-fuzz targets for a bounded time each and reports what they did: executions,
# corpus size and any crash (written to fuzz/artifacts/<target>/). A benchmark-style run for a
# person or a nightly job, not part of CI (scripts/test.sh does not call it).
#
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]     # default: 60 s each, every target
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`); on the stable toolchain RUSTC_BOOTSTRAP=1
# allows the nightly flags it uses. Exit status 1 when a target found a crash.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(fen pdn room_message)
fi
if ! cargo fuzz --help > /dev/null 2>&1; then
  echo "cargo-fuzz is not installed: cargo install cargo-fuzz" >&2
  exit 2
fi
export RUSTC_BOOTSTRAP=1
status=0
for t in "${targets[@]}"; do
  mkdir -p "fuzz/corpus/$t"
  seeds=()
  if [ -d "fuzz/seeds/$t" ]; then
    seeds=("fuzz/seeds/$t")
  fi
  log="$(mktemp)"
  echo "== $t: ${seconds} s"
  if cargo fuzz run "$t" "fuzz/corpus/$t" "${seeds[@]}" -- -max_total_time="$seconds" -print_final_stats=1 > "$log" 2>&1; then
    result="no crash"
  else
    result="CRASH (see fuzz/artifacts/$t/ and $log)"
    status=1
  fi
  execs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')"
  corpus="$(find "fuzz/corpus/$t" -type f | wc -l)"
  echo "$t: $execs executions in ${seconds} s, corpus $corpus inputs, $result"
  [ "$status" -eq 0 ] && rm -f "$log"
done
exit "$status"
