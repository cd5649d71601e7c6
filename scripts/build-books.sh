#!/usr/bin/env bash
# Rebuilds the opening books the engine embeds, crates/engine/books/<variant>.book, by our own
# self-play expansion (`draughts book build`; docs/engine.md, "Opening books"): one rule set after
# another, each command's summary (positions, moves, bytes, time) on standard output. The diagonal
# 8x8 rule sets search 12 plies a move; international 10 and Turkish 8, where a search of the same
# depth costs several times as much (Turkish: about 1 s a position at depth 10 on our machines).
# A book already there, built with the same settings, is resumed rather than rebuilt.
#
#   bash scripts/build-books.sh [VARIANT...]     # default: every rule set
#
# DRAUGHTS_BIN names the binary (default: a ci-profile build, `cargo build --profile ci -p
# draughts-cli`). Rebuild the binary afterwards: the books are compiled into it.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${DRAUGHTS_BIN:-${CARGO_TARGET_DIR:-target}/ci/draughts}"
out=crates/engine/books
variants=("$@")
if [ ${#variants[@]} -eq 0 ]; then
  variants=(english american german russian international turkish italian brazilian)
fi
mkdir -p "$out"
for v in "${variants[@]}"; do
  case "$v" in
    international) depth=10 ;;
    turkish) depth=8 ;;
    english | american | german | russian | italian | brazilian) depth=12 ;;
    *) echo "unknown rule set: $v" >&2; exit 2 ;;
  esac
  "$bin" book build --variant "$v" --plies 12 --depth "$depth" --positions 400 --margin 15 --width 3 --out "$out/$v.book"
done
