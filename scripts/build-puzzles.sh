#!/usr/bin/env bash
# Rebuilds the puzzle set the server embeds, crates/server/data/puzzles/<variant>.jsonl, from the
# game collections of ../shared/data/pdn/ (docs/engine.md, "Puzzles"): one rule set after another,
# each command's summary (puzzles, games, time, share of solutions played) on standard error.
# Then each tactic of the rules guides (crates/server/guides.json) from a real game that the build
# did not find is added with `draughts puzzles examine` and the tactic's source (jq reads the guides; installed when missing); one the
# miner turns down is named on standard error and left out.
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
# jq reads the guides' tactics (below): Debian's jq package when it is missing.
if ! command -v jq >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq >/dev/null
  fi
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
  jq -r --arg v "$v" '.guides[$v].tactics[] | select(.source.composed != true) | .source as $s
    | [.position, ($s.file | split("/") | last), $s.game, $s.ply, ($s.file | split("/") | first), $s.white, $s.black, $s.event] | @tsv' \
    crates/server/guides.json |
    while IFS=$'\t' read -r fen file game ply played white black event; do
      if line=$("$bin" puzzles examine --variant "$v" --fen "$fen" --source-file "$file" --source-game "$game" \
        --source-ply "$ply" --source-variant "$played" --white "$white" --black "$black" --event "$event"); then
        grep -qF "\"fen\":\"$(jq -r .fen <<<"$line")\"" "$out/$v.jsonl" || echo "$line" >>"$out/$v.jsonl"
      else
        echo "$v guide tactic $fen ($file game $game) left out" >&2
      fi
    done
done
