#!/usr/bin/env python3
"""Generate differential-test data for the move generator from independent
Python draughts libraries.

For each variant this script builds positions in two ways:

* ``random-game``: random games from the start position, each ply a uniformly
  random legal move taken from the primary library's own move list; positions
  along the way are sampled (every position is kept with probability
  ``--sample``; games are capped at ``--max-plies`` plies);
* ``king-heavy``: random placements of a few men and several kings per side
  (men never on their own promotion row, side to move random).

Every position is answered by the primary library (pydraughts, which covers all
six variants) and cross-checked, at the level of (origin, destination, set of
captured squares), against every other library the oracle offers for that
variant.  Disagreements between libraries are written to
``disagreements.jsonl``.

The libraries are reached through the shared oracle wrapper ``oracle.py``
(``--oracle-dir``; run its ``setup_venvs.sh`` first).  Each library lives in
its own virtualenv, so the script starts one long-lived worker process per
library (this same file, run with ``--worker LIB`` under that library's venv
python) and talks to it with JSON lines; that is much faster than one oracle
subprocess per position.

Output (``--out``, one file per variant, ``<variant>.jsonl``), one JSON object
per line::

    {"fen": FEN, "moves": [{"path": [...], "captures": [...]}, ...],
     "source": "random-game" | "king-heavy", "lib": "pydraughts"}

* FEN is the PDN style of RULES.md section 6 (``W:W21,22,K30:B1,2,3``), with
  explicit square lists (no ranges).  Numeric squares (RULES.md section 5) for
  english, international and italian, in ascending order; algebraic squares
  (``a1``..``h8``) for russian, turkish and brazilian, ordered by rank, then
  file (``a1,c1,...,b2,...``).
* Moves use the same square naming.  Convention ``set``: one move per
  (origin, destination, set of captured squares); ``path`` is one representative
  route (the smallest in PDN-number order), ``captures`` the captured squares
  sorted.  Italian exception (perft.md): the order in which kings are taken is
  part of a move's identity, so two Italian routes with equal origin,
  destination and captured set but a different king order are both listed.
* Moves are sorted (by path, then captures, in the file's square naming).

Usage::

    /work/shared/tools/oracle/setup_venvs.sh
    python3 tools/oracle_gen.py --seed 1 --out crates/rules/tests/data/oracle

Everything is deterministic for a given ``--seed`` (and library versions).
A library that errors or times out on a position (kish, on king captures that
can end on their own start square) is reported in the summary printed on
stdout, and that position is simply not cross-checked with it.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import select
import subprocess
import sys
import time
from typing import Dict, List, Optional, Tuple

DEFAULT_ORACLE_DIR = os.environ.get("DRAUGHTS_ORACLE_DIR", "/work/shared/tools/oracle")

# Libraries per variant; the first one is the primary (its answer is recorded).
VARIANT_LIBS = {
    "english": ["pydraughts", "py-draughts", "clatsop"],
    "russian": ["pydraughts", "py-draughts"],
    "international": ["pydraughts", "py-draughts", "dame"],
    "italian": ["pydraughts"],
    "turkish": ["pydraughts", "kish"],
    "brazilian": ["pydraughts", "py-draughts"],
}
VARIANTS = list(VARIANT_LIBS)
ALGEBRAIC = {"russian", "turkish", "brazilian"}

# King-heavy placements: (min men, max men, min kings, max kings) per side.
KING_HEAVY_MIX = {
    "international": (0, 4, 1, 4),
    "turkish": (0, 4, 1, 3),
}
KING_HEAVY_DEFAULT = (0, 3, 1, 4)

# Per-request timeouts (seconds).  kish can hang on a king capture that can end
# on its own start square; the worker is then killed and restarted.
TIMEOUT = {"kish": 10.0}
DEFAULT_TIMEOUT = 120.0

Move = Tuple[Tuple[int, ...], Tuple[int, ...]]


# ----------------------------------------------------------------------------
# Worker side (runs inside a library's virtualenv)
# ----------------------------------------------------------------------------


def worker_main(lib: str, oracle_dir: str) -> int:
    """Answer JSON-line requests on stdin with one JSON line each on stdout.

    {"op": "moves", "variant": V, "fen": F}   -> {"moves": [[path, caps], ...]}
        every distinct route (oracle convention "path", library bugs corrected
        as oracle.py does by default), canonical oracle numbering.
    {"op": "play", "variant": V, "fen": F, "path": P, "caps": C}
        -> {"fen": F2}: the position after that move, as the library plays it
        (a "play" right after a "moves" on the same position reuses its state).
    Errors are returned as {"error": "..."}.
    """
    sys.path.insert(0, oracle_dir)
    import oracle  # noqa: E402

    out = sys.stdout
    last = None  # (variant, fen, state, [(native, move)]) of the last "moves" request
    for line in sys.stdin:
        try:
            req = json.loads(line)
            variant, fen = req["variant"], req["fen"]
            if last is not None and last[:2] == (variant, fen):
                st, natives = last[2], last[3]
            else:
                st = oracle.make_state(lib, variant, oracle.parse_fen(variant, fen))
                natives = st.moves()
            last = None
            if req["op"] == "moves":
                last = (variant, fen, st, natives)
                ms = oracle.normalize([m for _, m in natives], "path")
                resp = {"moves": [[list(p), list(c)] for p, c in ms]}
            elif req["op"] == "play":
                want = (tuple(req["path"]), tuple(req["caps"]))
                for native, mv in natives:
                    if mv == want:
                        st.push(native)
                        resp = {"fen": oracle.format_fen(st.pos())}
                        break
                else:
                    resp = {"error": f"move {want} not found"}
            else:
                resp = {"error": f"unknown op {req['op']!r}"}
        except BaseException as e:  # noqa: BLE001 - report everything, keep serving
            resp = {"error": f"{type(e).__name__}: {e}"}
        out.write(json.dumps(resp) + "\n")
        out.flush()
    return 0


# ----------------------------------------------------------------------------
# Driver side
# ----------------------------------------------------------------------------


class LibError(Exception):
    pass


class Worker:
    """A long-lived worker process for one library."""

    def __init__(self, lib: str, oracle_dir: str, oracle_mod):
        self.lib = lib
        self.oracle_dir = oracle_dir
        self.python = oracle_mod.venv_python(lib)
        if not os.path.exists(self.python):
            raise SystemExit(f"{self.python} missing: run {oracle_dir}/setup_venvs.sh first")
        self.timeout = TIMEOUT.get(lib, DEFAULT_TIMEOUT)
        self.proc: Optional[subprocess.Popen] = None
        self.restarts = 0

    def _start(self):
        self.proc = subprocess.Popen(
            [self.python, os.path.abspath(__file__), "--worker", self.lib, "--oracle-dir", self.oracle_dir],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def close(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def request(self, req: dict) -> dict:
        if self.proc is None:
            self._start()
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], self.timeout)
        if not ready:
            self.close()
            self.restarts += 1
            raise LibError(f"timeout after {self.timeout:g}s")
        line = self.proc.stdout.readline()
        if not line:
            self.close()
            self.restarts += 1
            raise LibError("worker died")
        resp = json.loads(line)
        if "error" in resp:
            raise LibError(resp["error"])
        return resp

    def moves(self, variant: str, fen: str) -> List[Move]:
        resp = self.request({"op": "moves", "variant": variant, "fen": fen})
        return [(tuple(p), tuple(c)) for p, c in resp["moves"]]

    def play(self, variant: str, fen: str, mv: Move) -> str:
        resp = self.request({"op": "play", "variant": variant, "fen": fen, "path": list(mv[0]), "caps": list(mv[1])})
        return resp["fen"]


def set_key(mv: Move):
    return (mv[0][0], mv[0][-1], mv[1])


def italian_king_order(oracle, mv: Move, board: Dict[int, str]) -> Tuple[int, ...]:
    """Squares of the kings taken by an Italian capture, in capture order (no
    flying pieces: each jump takes the piece on the square jumped over)."""
    order = []
    for a, b in zip(mv[0], mv[0][1:]):
        (fa, ra), (fb, rb) = oracle.square_to_fr("italian", a), oracle.square_to_fr("italian", b)
        if abs(fa - fb) == 2:
            mid = oracle.fr_to_square("italian", (fa + fb) // 2, (ra + rb) // 2)
            if board.get(mid, "") in ("W", "B"):
                order.append(mid)
    return tuple(order)


def canonical_moves(oracle, variant: str, board: Dict[int, str], moves: List[Move]) -> List[Move]:
    """Convention "set" (Italian: set plus order of captured kings); the
    representative route is the smallest path in oracle numbering."""
    seen, out = set(), []
    for mv in sorted(set(moves)):
        k = set_key(mv)
        if variant == "italian":
            k = k + (italian_king_order(oracle, mv, board),)
        if k not in seen:
            seen.add(k)
            out.append(mv)
    return out


class Namer:
    """Square naming of the output files."""

    def __init__(self, oracle, variant: str):
        self.oracle = oracle
        self.variant = variant
        self.alg = variant in ALGEBRAIC

    def sq(self, n: int):
        return self.oracle.square_name(self.variant, n) if self.alg else n

    def fen(self, pos) -> str:
        turn, board = pos
        order = sorted(board.items(), key=lambda kv: self._order(kv[0]))
        parts = []
        for side in "WB":
            sqs = [("K" if p.isupper() else "") + str(self.sq(s)) for s, p in order if p.upper() == side]
            parts.append(side + ",".join(sqs))
        return f"{turn}:{parts[0]}:{parts[1]}"

    def _order(self, n: int):
        """FEN order: PDN number; algebraic variants: by rank, then file (a1, c1, ..., b2, ...)."""
        if not self.alg:
            return n
        f, rank = self.oracle.square_to_fr(self.variant, n)
        return rank, f

    def move(self, mv: Move) -> dict:
        return {"path": [self.sq(s) for s in mv[0]], "captures": sorted(self.sq(s) for s in mv[1])}

    def moves(self, mvs: List[Move]) -> List[dict]:
        out = [self.move(m) for m in mvs]
        out.sort(key=lambda d: (d["path"], d["captures"]))
        return out


def geometry(oracle, variant: str):
    """(all playable squares, White's promotion row, Black's promotion row)."""
    size, kind, _ = oracle.VARIANTS[variant]
    top = 10 if kind == "d10" else 8
    squares = list(range(1, size + 1))
    white_far = {s for s in squares if oracle.square_to_fr(variant, s)[1] == top}
    black_far = {s for s in squares if oracle.square_to_fr(variant, s)[1] == 1}
    return squares, white_far, black_far


def king_heavy_position(oracle, variant: str, rng: random.Random):
    squares, white_far, black_far = geometry(oracle, variant)
    mmin, mmax, kmin, kmax = KING_HEAVY_MIX.get(variant, KING_HEAVY_DEFAULT)
    free = list(squares)
    rng.shuffle(free)
    board: Dict[int, str] = {}
    for side, far in (("w", white_far), ("b", black_far)):
        n_men, n_kings = rng.randint(mmin, mmax), rng.randint(kmin, kmax)
        for _ in range(n_kings):
            board[free.pop()] = side.upper()
        placed = 0
        for s in list(free):
            if placed == n_men:
                break
            if s not in far:
                free.remove(s)
                board[s] = side
                placed += 1
    return rng.choice("WB"), board


def has_both_sides(board: Dict[int, str]) -> bool:
    return any(p in "wW" for p in board.values()) and any(p in "bB" for p in board.values())


def generate_variant(variant: str, args, oracle, log) -> dict:
    t0 = time.time()
    rng = random.Random(f"{args.seed}:{variant}")
    libs = VARIANT_LIBS[variant]
    workers = {lib: Worker(lib, args.oracle_dir, oracle) for lib in libs}
    primary = workers[libs[0]]
    namer = Namer(oracle, variant)
    n_total = args.positions
    n_kings = min(args.king_heavy, n_total)
    n_games_target = n_total - n_kings

    cache: Dict[str, List[Move]] = {}  # oracle fen -> primary's raw routes
    errors: List[dict] = []

    def primary_moves(fen: str) -> Optional[List[Move]]:
        if fen not in cache:
            try:
                cache[fen] = primary.moves(variant, fen)
            except LibError as e:
                errors.append({"fen": fen, "lib": primary.lib, "error": str(e)})
                cache[fen] = None
        return cache[fen]

    # (a) random games
    picked: Dict[str, str] = {}  # oracle fen -> source (insertion ordered)
    games = 0
    start = oracle.format_fen(oracle.parse_fen(variant, "startpos"))
    while len(picked) < n_games_target:
        games += 1
        fen = start
        for ply in range(args.max_plies):
            pos = oracle.parse_fen(variant, fen)
            mvs = primary_moves(fen)
            if mvs is None:
                break
            if fen not in picked and has_both_sides(pos[1]) and (ply == 0 or rng.random() < args.sample):
                picked[fen] = "random-game"
                if len(picked) >= n_games_target:
                    break
            if not mvs:
                break
            choices = canonical_moves(oracle, variant, pos[1], mvs)
            mv = rng.choice(choices)
            try:
                fen = primary.play(variant, fen, mv)
            except LibError as e:
                errors.append({"fen": fen, "lib": primary.lib, "error": f"play {mv}: {e}"})
                break

    t_games = time.time() - t0

    # (b) king-heavy random placements
    attempts = 0
    while len(picked) < n_total and attempts < 100 * n_total:
        attempts += 1
        fen = oracle.format_fen(king_heavy_position(oracle, variant, rng))
        if fen in picked or primary_moves(fen) is None:
            continue
        picked[fen] = "king-heavy"

    # answer and cross-check every position
    records, disagreements = [], []
    lib_errors: Dict[str, int] = {lib: 0 for lib in libs}
    for fen, source in picked.items():
        pos = oracle.parse_fen(variant, fen)
        mine = canonical_moves(oracle, variant, pos[1], primary_moves(fen))
        rec = {"fen": namer.fen(pos), "moves": namer.moves(mine), "source": source, "lib": primary.lib}
        mine_keys = {set_key(m) for m in mine}
        for lib in libs[1:]:
            try:
                other = canonical_moves(oracle, variant, pos[1], workers[lib].moves(variant, fen))
            except LibError as e:
                lib_errors[lib] += 1
                errors.append({"fen": fen, "lib": lib, "error": str(e)})
                continue
            other_keys = {set_key(m) for m in other}
            if other_keys != mine_keys:
                disagreements.append({
                    "variant": variant, "fen": rec["fen"], "source": source,
                    "answers": {primary.lib: rec["moves"], lib: namer.moves(other)},
                    "only_in": {primary.lib: namer.moves([m for m in mine if set_key(m) not in other_keys]),
                                lib: namer.moves([m for m in other if set_key(m) not in mine_keys])},
                })
        records.append(rec)

    for w in workers.values():
        w.close()
    stats = {
        "variant": variant,
        "positions": len(records),
        "random-game": sum(r["source"] == "random-game" for r in records),
        "king-heavy": sum(r["source"] == "king-heavy" for r in records),
        "games": games,
        "no-move positions": sum(not r["moves"] for r in records),
        "capture positions": sum(bool(r["moves"] and r["moves"][0]["captures"]) for r in records),
        "libs": libs,
        "lib errors": lib_errors,
        "disagreements": len(disagreements),
        "seconds": round(time.time() - t0, 1),
        "seconds in random games": round(t_games, 1),
    }
    log(json.dumps(stats))
    return {"records": records, "disagreements": disagreements, "errors": errors, "stats": stats}


def _run_variant(job):
    variant, args = job
    sys.path.insert(0, args.oracle_dir)
    import oracle

    return variant, generate_variant(variant, args, oracle, lambda s: print(s, file=sys.stderr, flush=True))


def line_of(row: dict) -> str:
    return json.dumps(row, separators=(",", ":")) + "\n"


def fit_size(results: dict, variants: List[str], max_bytes: int):
    """Drop random-game records from the end of the largest file until the
    variant files (plus disagreements) fit in max_bytes."""
    size = {v: sum(len(line_of(r)) for r in results[v]["records"]) for v in variants}
    extra = sum(len(line_of(d)) for v in variants for d in results[v]["disagreements"])
    while sum(size.values()) + extra > max_bytes:
        v = max(size, key=size.get)
        recs = results[v]["records"]
        idx = max((i for i, r in enumerate(recs) if r["source"] == "random-game"), default=len(recs) - 1)
        size[v] -= len(line_of(recs.pop(idx)))
        st = results[v]["stats"]
        st["positions"], st["random-game"] = len(recs), st["random-game"] - 1
        results[v]["stats"]["dropped for size"] = results[v]["stats"].get("dropped for size", 0) + 1


def dump_jsonl(path: str, rows: List[dict]):
    with open(path, "w") as f:
        for r in rows:
            f.write(line_of(r))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="crates/rules/tests/data/oracle", help="output folder")
    ap.add_argument("--variants", default=",".join(VARIANTS), help="comma list (default: all six)")
    ap.add_argument("--positions", type=int, default=2000, help="positions per variant")
    ap.add_argument("--king-heavy", type=int, default=300, help="of which king-heavy")
    ap.add_argument("--sample", type=float, default=0.25, help="probability of keeping a game position")
    ap.add_argument("--max-plies", type=int, default=150, help="cap on the length of a random game")
    ap.add_argument("--max-mb", type=float, default=8.0, help="size cap of the output files (MB)")
    ap.add_argument("--jobs", type=int, default=2, help="variants generated in parallel")
    ap.add_argument("--oracle-dir", default=DEFAULT_ORACLE_DIR, help="folder of oracle.py / setup_venvs.sh")
    ap.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.worker:
        return worker_main(args.worker, args.oracle_dir)

    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    for v in variants:
        if v not in VARIANT_LIBS:
            raise SystemExit(f"unknown variant {v}; one of {VARIANTS}")
    os.makedirs(args.out, exist_ok=True)
    t0 = time.time()
    jobs = [(v, args) for v in variants]
    if args.jobs > 1 and len(jobs) > 1:
        import multiprocessing as mp

        with mp.get_context("spawn").Pool(args.jobs) as pool:
            results = dict(pool.imap_unordered(_run_variant, jobs))
    else:
        results = dict(map(_run_variant, jobs))

    fit_size(results, variants, int(args.max_mb * 1e6))
    all_dis, all_err, stats = [], [], []
    for v in variants:
        res = results[v]
        dump_jsonl(os.path.join(args.out, f"{v}.jsonl"), res["records"])
        all_dis.extend(res["disagreements"])
        all_err.extend(dict(e, variant=v) for e in res["errors"])
        stats.append(res["stats"])
    dump_jsonl(os.path.join(args.out, "disagreements.jsonl"), all_dis)
    summary = {"seed": args.seed, "seconds": round(time.time() - t0, 1), "variants": stats, "errors": all_err}
    print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
