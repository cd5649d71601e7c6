#!/usr/bin/env bash
# Rebuilds the puzzle set the server embeds, crates/server/data/puzzles/<variant>.jsonl, from the
# game collections of ../shared/data/pdn/ (docs/engine.md, "Puzzles"): one rule set after another,
# each command's summary (puzzles, games, time, share of solutions played) on standard error.
#
#   bash scripts/build-puzzles.sh [VARIANT...]     # default: all seven rule sets
#
# DRAUGHTS_BIN names the binary (default: a ci-profile build, `cargo build --profile ci -p
# draughts-cli`); PDN_DIR the collections (default ../shared/data/pdn beside the checkout).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${DRAUGHTS_BIN:-${CARGO_TARGET_DIR:-target}/ci/draughts}"
pdn="${PDN_DIR:-../shared/data/pdn}"
out=crates/server/data/puzzles
max=50
variants=("$@")
if [ ${#variants[@]} -eq 0 ]; then
  variants=(english american german russian international turkish italian)
fi
mkdir -p "$out"
for v in "${variants[@]}"; do
  case "$v" in
    # American and German have no games of their own: the ACF archive's English games, mined
    # under their rules (each game followed while its moves are legal there).
    american | german) args=(--positions-as "$v" "$pdn/english/EricCJoyce-Datasets__Checkers_ACF.txt") ;;
    english | russian | international | turkish | italian) args=(--variant "$v" "$pdn/$v/") ;;
    *) echo "unknown rule set: $v" >&2; exit 2 ;;
  esac
  echo "$v:" >&2
  "$bin" puzzles build --max-per-variant "$max" --out "$out/$v.jsonl" "${args[@]}"
done
