//! Puzzles: the set mined from real games (`draughts puzzles build`, one JSON-lines file per
//! rule set in `crates/server/data/puzzles/<variant id>.jsonl`, embedded in the binary), the
//! judging of a player's moves against a puzzle's solution, the player's Glicko-2 puzzle rating
//! (the `skillratings` crate), and the API under `/api/puzzles` (docs/api.md, "Puzzles").
//!
//! A puzzle's solution alternates the solver's moves and the opponent's forced replies, starting
//! with the solver's. The player sends the solver's moves played so far; the server answers with
//! the next reply, or the verdict once the line is finished or left. Only the solution's line is
//! accepted: the miner proved the first move the only winning one, and the replies are the
//! opponent's best defence, after which the solution's moves are what the verifying search found.

use crate::api::{ApiError, ApiResult};
use crate::storage::{now_ms, Op, PuzzleAttempt, PuzzleStanding, StorageError};
use crate::wire::{MoveInput, MoveJson, PositionJson};
use crate::AppState;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use draughts_rules::notation::fen;
use draughts_rules::{Move, Position, Variant};
use rust_embed::RustEmbed;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The data folder, embedded: `<variant id>.jsonl` for each rule set that has puzzles.
#[derive(RustEmbed)]
#[folder = "data/puzzles/"]
struct Files;

/// Where the embedded files are kept in the source tree, for error messages.
const FOLDER: &str = "crates/server/data/puzzles";

/// A puzzle's rating for its difficulty (1 to 5, `draughts_engine::puzzles::difficulty`):
/// 1100 for 1 up to 1900 for 5, around a new player's 1500.
pub fn puzzle_rating(difficulty: u8) -> f64 {
    900.0 + 200.0 * f64::from(difficulty.clamp(1, 5))
}

/// The rating deviation given to every puzzle: puzzles are rated by difficulty, not by play,
/// so they are treated as well-known opponents.
const PUZZLE_DEVIATION: f64 = 80.0;

/// How many recent attempts `next` steers clear of.
const RECENT: usize = 200;

/// The game a puzzle comes from, as its tags name it.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub struct Source {
    pub file: String,
    /// 1-based number of the game in its file.
    pub game: usize,
    /// The ply of the puzzle's position in the game (0 is the start).
    pub ply: usize,
    pub white: Option<String>,
    pub black: Option<String>,
    pub event: Option<String>,
}

/// One line of a puzzle file, as `draughts puzzles build` writes it.
#[derive(Deserialize)]
struct Line {
    variant: String,
    fen: String,
    side: String,
    solution: Vec<String>,
    gain: serde_json::Value,
    difficulty: u8,
    played_solution: bool,
    source: Source,
}

/// A puzzle of the set, its solution checked against the rules.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Stable across rebuilds of the set: the first 12 hex digits of the SHA-256 of the FEN.
    pub id: String,
    pub variant: Variant,
    pub start: Position,
    /// The solution's moves: the solver's at even indexes, the forced replies at odd ones.
    pub solution: Vec<Move>,
    /// 1 (easy) to 5 (hard).
    pub difficulty: u8,
    /// What the solution wins, as the file has it (`{"material": centi-men}` or `{"win": plies}`).
    pub gain: serde_json::Value,
    /// The game went on with the solution's first move.
    pub played_solution: bool,
    pub source: Source,
}

impl Puzzle {
    /// How many moves the solver makes.
    pub fn solver_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// The position after the first `plies` moves of the solution.
    fn after(&self, plies: usize) -> Position {
        self.solution[..plies].iter().fold(self.start, |p, m| p.after(m))
    }

    /// Judges the solver's moves `played`, in order: each must be the solution's.
    pub fn judge(&self, played: &[MoveInput]) -> Result<Judged, ApiError> {
        if played.len() > self.solver_moves() {
            return Err(ApiError::bad_request(format!("the solution has {} moves of the solver; {} were sent", self.solver_moves(), played.len())));
        }
        let mut line = Vec::new();
        for (i, input) in played.iter().enumerate() {
            let pos = self.after(2 * i);
            let mv = input.resolve(&pos).map_err(|e| ApiError::bad_request(format!("move {}: {e}", i + 1)))?;
            line.push(mv);
            if mv != self.solution[2 * i] {
                return Ok(Judged { verdict: Verdict::Wrong, line });
            }
            if let Some(reply) = self.solution.get(2 * i + 1) {
                line.push(*reply);
            }
        }
        let verdict = if played.len() == self.solver_moves() { Verdict::Solved } else { Verdict::Right };
        Ok(Judged { verdict, line })
    }
}

/// What the player's moves are worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// On the solution's line, which goes on.
    Right,
    /// The last move sent is not the solution's.
    Wrong,
    /// Every move of the solver played.
    Solved,
    /// The player asked for the solution.
    Shown,
}

/// A judged list of moves: the verdict and the line played (the solver's moves with the replies
/// that follow them, up to and including a wrong move).
#[derive(Clone, Debug)]
pub struct Judged {
    pub verdict: Verdict,
    pub line: Vec<Move>,
}

/// Why the puzzle set cannot be read: the file and line, and what is wrong there.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{FOLDER}/{file} line {line}: {reason} (rebuild it with `draughts puzzles build`)")]
pub struct PuzzleSetError {
    pub file: String,
    /// 1-based; 0 for the file as a whole.
    pub line: usize,
    pub reason: String,
}

/// The puzzles of every rule set that has a file, in file order.
#[derive(Debug, Default)]
pub struct PuzzleSet {
    by_variant: HashMap<Variant, Vec<Puzzle>>,
}

impl PuzzleSet {
    /// The embedded set, read once (the first call parses it).
    pub fn embedded() -> Result<&'static PuzzleSet, &'static PuzzleSetError> {
        static SET: OnceLock<Result<PuzzleSet, PuzzleSetError>> = OnceLock::new();
        SET.get_or_init(|| {
            let mut set = PuzzleSet::default();
            let mut names: Vec<_> = Files::iter().filter(|n| n.ends_with(".jsonl")).collect();
            names.sort();
            for name in names {
                let file = Files::get(&name).map(|f| f.data).unwrap_or_default();
                let text = std::str::from_utf8(&file).map_err(|e| PuzzleSetError { file: name.to_string(), line: 0, reason: format!("not UTF-8 text ({e})") })?;
                set.add_file(&name, text)?;
            }
            Ok(set)
        })
        .as_ref()
    }

    /// Reads the file `name` (`<variant id>.jsonl`) into the set: every line a puzzle of that
    /// rule set whose solution is legal move by move. A position found twice is kept once.
    pub fn add_file(&mut self, name: &str, text: &str) -> Result<(), PuzzleSetError> {
        let err = |line: usize, reason: String| PuzzleSetError { file: name.to_string(), line, reason };
        let id = name.strip_suffix(".jsonl").unwrap_or(name);
        let v = crate::wire::offered_variant(id).map_err(|e| err(0, format!("the file name names no rule set: {e}")))?;
        let list = self.by_variant.entry(v).or_default();
        for (i, raw) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let p = parse_line(v, raw).map_err(|reason| err(i + 1, reason))?;
            if !list.iter().any(|q| q.id == p.id) {
                list.push(p);
            }
        }
        Ok(())
    }

    /// The puzzles of a rule set (empty when it has no file).
    pub fn of(&self, v: Variant) -> &[Puzzle] {
        self.by_variant.get(&v).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The puzzle `id` of a rule set.
    pub fn find(&self, v: Variant, id: &str) -> Option<&Puzzle> {
        self.of(v).iter().find(|p| p.id == id)
    }

    /// The puzzle to offer a player rated `rating` whose recent attempts are `recent` (puzzle
    /// ids, newest first): one of the three nearest in rating among those not attempted
    /// recently, picked at random; when every puzzle was, the one attempted longest ago.
    pub fn next(&self, v: Variant, rating: f64, recent: &[String]) -> Option<&Puzzle> {
        let all = self.of(v);
        let mut fresh: Vec<&Puzzle> = all.iter().filter(|p| !recent.contains(&p.id)).collect();
        if fresh.is_empty() {
            return all.iter().max_by_key(|p| recent.iter().position(|r| *r == p.id));
        }
        fresh.sort_by(|a, b| (puzzle_rating(a.difficulty) - rating).abs().total_cmp(&(puzzle_rating(b.difficulty) - rating).abs()));
        let mut byte = [0u8; 1];
        let pick = if getrandom::fill(&mut byte).is_ok() { usize::from(byte[0]) % fresh.len().min(3) } else { 0 };
        Some(fresh[pick])
    }
}

fn parse_line(v: Variant, raw: &str) -> Result<Puzzle, String> {
    let line: Line = serde_json::from_str(raw).map_err(|e| format!("not a puzzle line ({e})"))?;
    if line.variant != v.id() {
        return Err(format!("a {} puzzle in the file of {}", line.variant, v.id()));
    }
    let start = fen::parse(v, &line.fen).map_err(|e| format!("bad FEN {:?}: {e}", line.fen))?;
    if line.side != start.side_to_move().name().to_lowercase() {
        return Err(format!("side {:?} is not the FEN's side to move", line.side));
    }
    if line.solution.is_empty() {
        return Err("the solution is empty".into());
    }
    if !(1..=5).contains(&line.difficulty) {
        return Err(format!("difficulty {} is not between 1 and 5", line.difficulty));
    }
    let mut pos = start;
    let mut solution = Vec::with_capacity(line.solution.len());
    for (i, text) in line.solution.iter().enumerate() {
        let mv = MoveInput { text: Some(text.clone()), ..Default::default() }.resolve(&pos).map_err(|e| format!("solution move {} {text:?}: {e}", i + 1))?;
        pos = pos.after(&mv);
        solution.push(mv);
    }
    let hash = Sha256::digest(line.fen.as_bytes());
    let id = hash.iter().take(6).map(|b| format!("{b:02x}")).collect();
    Ok(Puzzle { id, variant: v, start, solution, difficulty: line.difficulty, gain: line.gain, played_solution: line.played_solution, source: line.source })
}

/// A new player's standing: Glicko-2's 1500, deviation 350, volatility 0.06.
pub fn new_standing() -> PuzzleStanding {
    let g = Glicko2Rating::new();
    PuzzleStanding { rating: g.rating, deviation: g.deviation, volatility: g.volatility, streak: 0, solved: 0, attempts: 0 }
}

/// The standing after an attempt at a puzzle of `difficulty`: a clean solve is a win against the
/// puzzle's rating, a solve after a hint a draw (and it ends the streak), anything else a loss.
pub fn rate(before: &PuzzleStanding, difficulty: u8, solved: bool, hinted: bool) -> PuzzleStanding {
    let player = Glicko2Rating { rating: before.rating, deviation: before.deviation, volatility: before.volatility };
    let puzzle = Glicko2Rating { rating: puzzle_rating(difficulty), deviation: PUZZLE_DEVIATION, volatility: 0.06 };
    let outcome = match (solved, hinted) {
        (true, false) => Outcomes::WIN,
        (true, true) => Outcomes::DRAW,
        (false, _) => Outcomes::LOSS,
    };
    let (after, _) = glicko2(&player, &puzzle, &outcome, &Glicko2Config::new());
    PuzzleStanding {
        rating: after.rating,
        deviation: after.deviation,
        volatility: after.volatility,
        streak: if solved && !hinted { before.streak + 1 } else { 0 },
        solved: before.solved + u32::from(solved),
        attempts: before.attempts + 1,
    }
}

// ---- The API ----

/// The `/api/puzzles` routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/puzzles/{variant}/next", get(next))
        .route("/api/puzzles/{variant}/{id}", get(one))
        .route("/api/puzzles/{variant}/{id}/hint", post(hint))
        .route("/api/puzzles/{variant}/{id}/attempt", post(attempt))
}

/// A player's standing as the API sends it (rating and deviation rounded to whole points).
#[derive(Serialize)]
struct StandingJson {
    rating: i64,
    deviation: i64,
    streak: u32,
    solved: u32,
    attempts: u32,
}

impl StandingJson {
    fn new(s: &PuzzleStanding) -> StandingJson {
        StandingJson { rating: s.rating.round() as i64, deviation: s.deviation.round() as i64, streak: s.streak, solved: s.solved, attempts: s.attempts }
    }
}

/// A puzzle as the page gets it: everything but the solution.
#[derive(Serialize)]
struct PuzzleJson {
    id: String,
    variant: &'static str,
    /// `light` or `dark`: who solves it, the side to move.
    side: &'static str,
    position: PositionJson,
    rating: i64,
    difficulty: u8,
    /// The solver's moves in the solution.
    moves: usize,
    gain: serde_json::Value,
    played_solution: bool,
    source: Source,
    /// How many puzzles the rule set has.
    of: usize,
}

#[derive(Serialize)]
struct PuzzleReply {
    puzzle: PuzzleJson,
    standing: StandingJson,
}

fn set() -> ApiResult<&'static PuzzleSet> {
    PuzzleSet::embedded().map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "puzzles_broken", e.to_string()))
}

fn variant(id: &str) -> ApiResult<Variant> {
    crate::wire::offered_variant(id).map_err(|e| ApiError::new(StatusCode::NOT_FOUND, "not_found", e))
}

fn store(e: StorageError) -> ApiError {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string())
}

/// The puzzle `id` of `v`: 404 `no_puzzles` for a rule set without a file, `no_such_puzzle`
/// for an id the set does not hold.
fn find(v: Variant, id: &str) -> ApiResult<&'static Puzzle> {
    let set = set()?;
    if set.of(v).is_empty() {
        return Err(no_puzzles(v));
    }
    set.find(v, id).ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "no_such_puzzle", format!("the {} puzzles have no puzzle {id:?}", v.id())).arg("id", id))
}

fn no_puzzles(v: Variant) -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no_puzzles", format!("there are no {} puzzles yet", v.id())).arg("variant", v.id())
}

async fn standing(state: &AppState, v: Variant) -> ApiResult<PuzzleStanding> {
    Ok(state.storage.puzzle_standing(v.id().to_string()).await.map_err(store)?.unwrap_or_else(new_standing))
}

async fn reply(state: &AppState, p: &Puzzle) -> ApiResult<Json<PuzzleReply>> {
    let standing = standing(state, p.variant).await?;
    let puzzle = PuzzleJson {
        id: p.id.clone(),
        variant: p.variant.id(),
        side: if p.start.side_to_move() == draughts_rules::Color::Light { "light" } else { "dark" },
        position: PositionJson::new(&p.start, &p.start.legal_routes()),
        rating: puzzle_rating(p.difficulty) as i64,
        difficulty: p.difficulty,
        moves: p.solver_moves(),
        gain: p.gain.clone(),
        played_solution: p.played_solution,
        source: p.source.clone(),
        of: set()?.of(p.variant).len(),
    };
    Ok(Json(PuzzleReply { puzzle, standing: StandingJson::new(&standing) }))
}

async fn next(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Json<PuzzleReply>> {
    let v = variant(&id)?;
    let recent: Vec<String> = state.storage.puzzle_attempts(v.id().to_string(), RECENT).await.map_err(store)?.into_iter().map(|a| a.puzzle).collect();
    let rating = standing(&state, v).await?.rating;
    let p = set()?.next(v, rating, &recent).ok_or_else(|| no_puzzles(v))?;
    reply(&state, p).await
}

async fn one(State(state): State<AppState>, Path((vid, id)): Path<(String, String)>) -> ApiResult<Json<PuzzleReply>> {
    let p = find(variant(&vid)?, &id)?;
    reply(&state, p).await
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct MovesRequest {
    /// The solver's moves played so far, in order.
    #[serde(default)]
    moves: Vec<MoveInput>,
    /// A hint was shown (an attempt only).
    #[serde(default)]
    hinted: bool,
    /// The player asks for the solution (an attempt only): the attempt is not solved.
    #[serde(default)]
    show: bool,
}

#[derive(Serialize)]
struct HintReply {
    /// The square of the piece the solver moves next.
    from: String,
}

/// The piece to move next after the solver's moves so far (409 `puzzle_off_line` when they
/// have left the solution).
async fn hint(Path((vid, id)): Path<(String, String)>, bytes: Bytes) -> ApiResult<Json<HintReply>> {
    let p = find(variant(&vid)?, &id)?;
    let req: MovesRequest = crate::api::body(&bytes)?;
    let judged = p.judge(&req.moves)?;
    if judged.verdict != Verdict::Right {
        return Err(ApiError::new(StatusCode::CONFLICT, "puzzle_off_line", "a hint is for a line still being solved"));
    }
    Ok(Json(HintReply { from: p.solution[judged.line.len()].from().name(p.variant) }))
}

#[derive(Serialize)]
struct AttemptReply {
    verdict: Verdict,
    /// The moves judged: the solver's with the replies that follow them, up to and including a
    /// wrong move.
    played: Vec<MoveJson>,
    /// The reply the server played after the solver's last move, if any.
    reply: Option<MoveJson>,
    /// The position after `played` (its legal moves empty once the attempt is over).
    position: PositionJson,
    /// The whole solution, once the attempt is over.
    solution: Option<Vec<MoveJson>>,
    /// The player's standing (after this attempt when it was rated).
    standing: StandingJson,
    /// The attempt changed the rating (a retry of the puzzle last attempted does not).
    rated: bool,
    /// The change of the rating, in points (0 when not rated).
    change: i64,
}

/// Judges the solver's moves; an attempt that is over (wrong, solved or shown) is stored and
/// rated, unless the player's last attempt was at this same puzzle (a retry).
async fn attempt(State(state): State<AppState>, Path((vid, id)): Path<(String, String)>, bytes: Bytes) -> ApiResult<Json<AttemptReply>> {
    let v = variant(&vid)?;
    let p = find(v, &id)?;
    let req: MovesRequest = crate::api::body(&bytes)?;
    let mut judged = p.judge(&req.moves)?;
    if req.show && judged.verdict == Verdict::Right {
        judged.verdict = Verdict::Shown;
    }
    let json = |m: &Move| MoveJson::new(v, m);
    let over = judged.verdict != Verdict::Right;
    let after = judged.line.iter().fold(p.start, |pos, m| pos.after(m));
    let legal = if over { Vec::new() } else { after.legal_routes() };
    let reply = match judged.verdict {
        Verdict::Right | Verdict::Solved if judged.line.len() % 2 == 0 && !judged.line.is_empty() => judged.line.last().map(json),
        _ => None,
    };
    // One attempt is judged at a time: the standing read is the one the new row follows.
    let _one = state.puzzle_attempts.lock().await;
    let last = state.storage.puzzle_attempts(v.id().to_string(), 1).await.map_err(store)?.into_iter().next();
    let before = last.as_ref().map(|a| a.standing.clone()).unwrap_or_else(new_standing);
    let retry = last.as_ref().is_some_and(|a| a.puzzle == p.id);
    let mut standing = before.clone();
    let rated = over && !retry;
    if rated {
        if state.closing.is_closing() {
            return Err(ApiError::closing());
        }
        let solved = judged.verdict == Verdict::Solved;
        standing = rate(&before, p.difficulty, solved, req.hinted);
        let row = PuzzleAttempt { variant: v.id().to_string(), puzzle: p.id.clone(), solved, hinted: req.hinted, at: now_ms(), standing: standing.clone() };
        state.storage.write(vec![Op::PuzzleAttempt(row)]).await.map_err(store)?;
    }
    Ok(Json(AttemptReply {
        verdict: judged.verdict,
        played: judged.line.iter().map(json).collect(),
        reply,
        position: PositionJson::new(&after, &legal),
        solution: over.then(|| p.solution.iter().map(json).collect()),
        change: (standing.rating.round() - before.rating.round()) as i64,
        standing: StandingJson::new(&standing),
        rated,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_set_parses_and_every_solution_is_legal() {
        let set = PuzzleSet::embedded().unwrap_or_else(|e| panic!("{e}"));
        let total: usize = Variant::OFFERED.iter().map(|&v| set.of(v).len()).sum();
        assert!(total > 0, "no puzzles embedded");
        for v in Variant::OFFERED {
            for p in set.of(v) {
                assert_eq!(p.start.variant(), v);
                assert!(!p.solution.is_empty());
            }
        }
    }

    #[test]
    fn a_broken_line_is_named_by_file_and_line() {
        let good = r#"{"variant":"english","fen":"W:W18:B14","side":"light","solution":["18x9"],"gain":{"win":1},"difficulty":1,"played_solution":true,"source":{"file":"f.pdn","game":1,"ply":0,"white":null,"black":null,"event":null}}"#;
        let mut set = PuzzleSet::default();
        set.add_file("english.jsonl", good).unwrap();
        assert_eq!(set.of(Variant::English).len(), 1);
        let bad = format!("{good}\n{}", good.replace("18x9", "18x10"));
        let e = PuzzleSet::default().add_file("english.jsonl", &bad).unwrap_err();
        assert_eq!((e.file.as_str(), e.line), ("english.jsonl", 2));
        assert!(e.to_string().contains("crates/server/data/puzzles/english.jsonl line 2: solution move 1"), "{e}");
        let e = PuzzleSet::default().add_file("english.jsonl", "{\"fen\":").unwrap_err();
        assert_eq!(e.line, 1);
        let e = PuzzleSet::default().add_file("chess.jsonl", good).unwrap_err();
        assert!(e.to_string().contains("names no rule set"), "{e}");
    }

    #[test]
    fn moves_are_judged_against_the_line() {
        let set = PuzzleSet::embedded().unwrap();
        let p = Variant::OFFERED.iter().flat_map(|&v| set.of(v)).find(|p| p.solver_moves() >= 2).expect("a puzzle of two moves");
        let text = |m: &Move| MoveInput { text: Some(draughts_rules::notation::movetext::write(p.variant, m)), ..Default::default() };
        let first = p.judge(&[text(&p.solution[0])]).unwrap();
        assert_eq!(first.verdict, Verdict::Right);
        assert_eq!(first.line, p.solution[..2]);
        let all: Vec<MoveInput> = p.solution.iter().step_by(2).map(text).collect();
        assert_eq!(p.judge(&all).unwrap().verdict, Verdict::Solved);
        let wrong = p.start.legal_routes().into_iter().find(|m| *m != p.solution[0]).expect("another legal move");
        let judged = p.judge(&[text(&wrong)]).unwrap();
        assert_eq!(judged.verdict, Verdict::Wrong);
        assert_eq!(judged.line, vec![wrong]);
    }

    #[test]
    fn a_clean_solve_raises_the_rating_a_hinted_one_less_and_a_miss_lowers_it() {
        let s = new_standing();
        let clean = rate(&s, 3, true, false);
        let hinted = rate(&s, 3, true, true);
        let missed = rate(&s, 3, false, false);
        assert!(clean.rating > hinted.rating && hinted.rating > missed.rating && missed.rating < s.rating);
        assert_eq!((clean.streak, hinted.streak, missed.streak), (1, 0, 0));
        assert_eq!((clean.solved, hinted.solved, missed.solved), (1, 1, 0));
        assert!(clean.deviation < s.deviation);
        assert_eq!(rate(&clean, 3, true, false).streak, 2);
    }
}
