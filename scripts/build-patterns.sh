#!/usr/bin/env bash
# Rebuilds the pattern values the engine embeds, crates/engine/weights/<variant>.patterns
# (docs/engine.md, "Evaluation" and "Tuning"): two self-play runs, one a core, whose positions are
# saved, then the fit, for each rule set named. The settings below are the ones each shipped file
# was made with (its header repeats them); a run takes about 20 minutes of each of two cores for
# English and Italian, 35 for international and Turkish.
#
#   bash scripts/build-patterns.sh [VARIANT...]     # default: every rule set with a shipped file
#
# DRAUGHTS_BIN names the binary (default: a ci-profile build, `cargo build --profile ci -p
# draughts-cli`). The 8x8 diagonal fits label the positions the 4-piece endgame databases hold
# with their exact result (Turkish has no databases); the databases are built first (in $EGDB_DIR, default $WORK/egdb; a minute for
# English). The position files go to $WORK (default a temporary folder). Rebuild the binary afterwards: the values are compiled into it.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${DRAUGHTS_BIN:-${CARGO_TARGET_DIR:-target}/ci/draughts}"
work="${WORK:-$(mktemp -d)}"
variants=("$@")
if [ ${#variants[@]} -eq 0 ]; then
  variants=(international english russian italian turkish)
fi
for v in "${variants[@]}"; do
  egdb=()
  case "$v" in
    international) games_a=9925 games_b=8692 depth=6 seed_a=7000000 seed_b=9000000 iterations=200 ;;
    turkish) games_a=9000 games_b=9000 depth=6 seed_a=1000000 seed_b=3000000 iterations=600 ;;
    english | russian | italian)
      case "$v" in
        english | italian) games_a=12000 games_b=12000 depth=8 seed_a=1000000 seed_b=3000000 iterations=600 ;;
        russian) games_a=12000 games_b=12000 depth=7 seed_a=1000000 seed_b=3000000 iterations=600 ;;
      esac
      dir="${EGDB_DIR:-$work/egdb}"
      "$bin" egdb build --variant "$v" --pieces 4 --dir "$dir" >&2
      egdb=(--egdb "$dir") ;;
    *) echo "no pattern settings for $v (docs/engine.md, \"Tuning\")" >&2; exit 2 ;;
  esac
  common=(tune --variant "$v" --patterns --depth "$depth" --threads 1 --iterations 0)
  "$bin" "${common[@]}" --games "$games_a" --seed "$seed_a" --save-positions "$work/$v-a.txt" &
  "$bin" "${common[@]}" --games "$games_b" --seed "$seed_b" --save-positions "$work/$v-b.txt" &
  wait
  "$bin" tune --variant "$v" --patterns --games 0 --positions "$work/$v-a.txt" "$work/$v-b.txt" \
    --iterations "$iterations" "${egdb[@]}" --out "crates/engine/weights/$v.patterns"
done
