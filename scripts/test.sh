#!/usr/bin/env bash
# Runs every test of the project: the Rust workspace (rules, engine, server, CLI) and the browser
# tests. Installs what a fresh machine lacks. Usage: bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# The PostgreSQL storage tests (crates/server/tests/postgres.rs) start private clusters with the
# system's PostgreSQL binaries: Debian's postgresql package when they are missing.
if ! command -v initdb >/dev/null && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  fi
fi
cargo test --workspace --profile ci

# Browser tests of the web app (crates/server/tests/browser): Debian's Chromium driven by
# playwright-core against the `draughts` binary built by the line above (profile `ci`).
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
fi
cargo build --profile ci -p draughts-cli
draughts_bin="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/ci/draughts"
(cd crates/server/tests/browser && npm ci --no-audit --no-fund --loglevel=error && DRAUGHTS_BIN="$draughts_bin" npm test)
