//! Fitting the evaluation weights from the engine's own self-play games (`draughts tune`).
//!
//! 1. Self-play: games from balanced openings ([`crate::matchplay::balanced_opening`]), every move
//!    chosen by a fixed-depth search with the current weights. Every quiet position (no capture
//!    pending) after the opening is kept with the game's result.
//! 2. Fit ("Texel" tuning): the evaluation is linear in its weights (see [`crate::eval`]), so the
//!    predicted result of a position is `sigmoid(k * eval / 100)`; the weights minimising the
//!    mean squared error between prediction and target are found by gradient descent (Adam), with
//!    a light pull towards the starting weights so rare features keep sensible values. `k` is
//!    first fitted to the starting weights, which fixes the scale (centi-men). The target blends
//!    the game's result with the self-play search's own score of the position
//!    (`lambda * result + (1 - lambda) * sigmoid(k * score / 100)`): results say who won, the
//!    deeper search's scores are far less noisy, so fewer games are needed.
//!
//! The result is written as a weight file; saved as `crates/engine/weights/<variant>.txt`, it
//! becomes the built-in evaluation at the next build.

use crate::eval::{features, light_score_parts, Feature, Features, Weights, NUM_FEATURES, PHASE_MAX};
use crate::patterns::{PatternBoard, Patterns, MAX_REGIONS, STATES};
use crate::egdb::{Egdb, Wld};
use crate::matchplay::{balanced_opening, ballot_opening, opening_after, play_out, PlayedOut, PlyCap, Turn};
use crate::score::MATE_BOUND;
use crate::search::{Limits, Searcher};
use draughts_rules::notation::fen;
use draughts_rules::{Color, Game, HalfTurn, Move, Position, Variant};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Settings of a tuning run.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// Rule set whose weights are fitted.
    pub variant: Variant,
    /// Self-play games to generate.
    pub games: usize,
    /// Search depth of every self-play move.
    pub depth: u32,
    /// Seed of the openings.
    pub seed: u64,
    /// Threads playing games at once.
    pub threads: usize,
    /// Gradient-descent passes over the positions.
    pub iterations: usize,
    /// Games longer than this are adjudicated drawn.
    pub max_plies: usize,
    /// Weight of the game result in the target (the rest is the search score), 0..=1.
    pub lambda: f64,
    /// Openings of a ballot ([`crate::ballot`]) the self-play games start from: game `i` from
    /// the `i`-th in an order shuffled by `seed` ([`crate::matchplay::ballot_opening`]),
    /// continued at random by near-best moves ([`crate::matchplay::opening_after`]). Empty:
    /// balanced openings from the start.
    pub openings: Vec<Vec<Move>>,
}

/// What a tuning run is asked to do (the choices of `draughts tune`), checked before any game
/// is played ([`TuneRequest::check`]) and once the positions are gathered
/// ([`TuneRequest::check_samples`]).
#[derive(Clone, Debug)]
pub struct TuneRequest {
    /// Rule set whose weights (or pattern values) are fitted.
    pub variant: Variant,
    /// Self-play games to play (0: fit to the given files alone).
    pub games: usize,
    /// Search depth of every self-play move, 1..20.
    pub depth: u32,
    /// Weight of the game result in the target, 0..=1.
    pub lambda: f64,
    /// Gradient-descent passes.
    pub iterations: usize,
    /// Fit pattern values (every board, see [`crate::patterns`]) instead of the linear
    /// weights.
    pub patterns: bool,
    /// Game record files given (positions labelled with results; linear fit only).
    pub pdn_files: usize,
    /// Position files given (as [`write_positions`] writes them; pattern fit only).
    pub position_files: usize,
    /// Whether the self-play positions are to be saved (pattern fit only).
    pub save_positions: bool,
    /// Whether an output file is given (the pattern fit writes a binary file: required).
    pub out: bool,
    /// Whether endgame databases are given to label positions (pattern fit only).
    pub egdb: bool,
    /// Whether self-play evaluates with given pattern values (pattern fit's games only).
    pub play_patterns: bool,
    /// Whether self-play adds a given network to its evaluation (pattern fit's games only).
    pub play_network: bool,
    /// Whether self-play probes given endgame databases and ends its games where they hold the
    /// position (`--play-egdb`; pattern and network fits).
    pub play_egdb: bool,
    /// Score every position again with a search to this depth (pattern and network fits).
    pub label_depth: Option<u32>,
    /// Fit a network ([`crate::network`]) on top of the evaluation instead: its positions are
    /// gathered as the pattern fit's are.
    pub network: bool,
    /// Whether the network is fitted to, and used at, one range of pieces only
    /// (`--network-pieces`; network fit only).
    pub network_pieces: bool,
    /// Whether self-play starts from a ballot's openings (`--openings`; needs games).
    pub openings: bool,
}

impl TuneRequest {
    /// Errors for settings that do not go together, in the order `draughts tune` reports them.
    pub fn check(&self) -> Result<(), String> {
        let bad_depth = self.depth == 0 || self.depth > 20;
        if self.patterns && self.network {
            return Err("--patterns and --network are two different fits: give one".into());
        }
        if self.network_pieces && !self.network {
            return Err("--network-pieces goes with --network".into());
        }
        if self.openings && self.games == 0 {
            return Err("--openings says where self-play games start: give --games (at least 1)".into());
        }
        if !self.patterns && !self.network {
            if self.position_files > 0 || self.save_positions {
                return Err("--positions and --save-positions go with --patterns or --network".into());
            }
            if self.egdb {
                return Err("--egdb goes with --patterns or --network".into());
            }
            if self.play_patterns {
                return Err("--play-patterns goes with --patterns or --network".into());
            }
            if self.play_network {
                return Err("--play-network goes with --patterns or --network".into());
            }
            if self.play_egdb {
                return Err("--play-egdb goes with --patterns or --network".into());
            }
            if self.label_depth.is_some() {
                return Err("--label-depth goes with --patterns or --network".into());
            }
            if (self.games == 0 && self.pdn_files == 0) || bad_depth {
                return Err("give --games (at least 1) or --pdn files, and --depth 1..20".into());
            }
            // The linear fit checks lambda once its positions are gathered (check_samples).
            return Ok(());
        }
        if self.patterns && crate::patterns::PatternBoard::of(self.variant).is_none() {
            return Err(format!("pattern values need a board the patterns know: {} has none", self.variant));
        }
        if self.pdn_files > 0 && self.label_depth.is_none() {
            return Err("--pdn gives no search scores: with --patterns or --network give --label-depth to score its positions".into());
        }
        if (self.games == 0 && self.position_files == 0 && self.pdn_files == 0) || bad_depth {
            return Err("give --games (at least 1), --positions files or --pdn files, and --depth 1..20".into());
        }
        if self.play_patterns && self.games == 0 && self.label_depth.is_none() {
            return Err("--play-patterns says how self-play games are played and positions scored: give --games (at least 1) or --label-depth".into());
        }
        if self.save_positions && self.games == 0 && self.label_depth.is_none() {
            return Err("--save-positions writes the self-play positions, or with --label-depth every position: give --games or --label-depth".into());
        }
        if matches!(self.label_depth, Some(d) if d == 0 || d > 30) {
            return Err("--label-depth must be 1..30".into());
        }
        if self.play_network && self.games == 0 && self.label_depth.is_none() {
            return Err("--play-network says how self-play games are played and positions scored: give --games (at least 1) or --label-depth".into());
        }
        if self.play_egdb && self.games == 0 && self.label_depth.is_none() {
            return Err("--play-egdb says how self-play games are played and positions scored: give --games (at least 1) or --label-depth".into());
        }
        if !self.out && self.iterations > 0 {
            let fit = if self.network { "--network" } else { "--patterns" };
            return Err(format!("{fit} writes a binary file: give --out"));
        }
        check_lambda(self.lambda)
    }

    /// Errors for a fit to `samples` positions: too few to fit (at least 100), and for the linear
    /// fit a lambda outside 0..=1.
    pub fn check_samples(&self, samples: usize) -> Result<(), String> {
        if samples < 100 {
            let more = if self.patterns || self.network { "position files" } else { "records" };
            return Err(format!("only {samples} positions; play more games or give more {more}"));
        }
        if self.patterns || self.network {
            Ok(())
        } else {
            check_lambda(self.lambda)
        }
    }

    /// The run's settings: `threads` playing games (default: all cores), `seed` of the
    /// openings, the self-play games adjudicated at 300 plies.
    pub fn config(&self, threads: Option<usize>, seed: u64) -> TuneConfig {
        TuneConfig {
            variant: self.variant,
            games: self.games,
            depth: self.depth,
            seed,
            threads: threads.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)),
            iterations: self.iterations,
            max_plies: 300,
            lambda: self.lambda,
            openings: Vec::new(),
        }
    }
}

fn check_lambda(lambda: f64) -> Result<(), String> {
    if !(0.0..=1.0).contains(&lambda) {
        return Err("--lambda must be between 0 and 1".into());
    }
    Ok(())
}

/// The weights a tuning run starts from: the weight file `from`, or the built-in ones of
/// `variant`.
pub fn start_weights(variant: Variant, from: Option<&std::path::Path>) -> Result<Weights, String> {
    match from {
        Some(p) => Weights::read_file(p),
        None => Ok(Weights::builtin(variant).clone()),
    }
}

/// A position for fitting: its features, the game's result for Light (1, 0.5 or 0) and the
/// self-play search's score for Light (centi-men; NaN for positions from game records, whose
/// target is then the result alone).
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position's feature vector (Light minus Dark) and phase.
    pub features: Features,
    /// The game's result for Light: 1, 0.5 or 0.
    pub result: f64,
    /// Light's score by the self-play search, centi-men; NaN for positions from game records.
    pub score: f64,
}

/// Positions from game records (PDN text, RULES.md section 6) of `variant`, labelled with each
/// game's result: every quiet position after the first 10 half-moves. Games without a decisive
/// or drawn result, of another variant, or that do not replay are skipped; returns the samples
/// and the number of games used.
pub fn samples_from_pdn(text: &str, variant: Variant) -> (Vec<Sample>, usize) {
    let (positions, used) = positions_from_pdn(text, variant);
    (positions.into_iter().map(|p| Sample { features: features(&p.position), result: p.result, score: f64::NAN }).collect(), used)
}

/// The positions of [`samples_from_pdn`] for the pattern and network fits: each with its game's
/// result for Light and no search score (NaN) until [`label_by_search`] scores it. Returns the
/// positions and the number of games used.
pub fn positions_from_pdn(text: &str, variant: Variant) -> (Vec<PositionSample>, usize) {
    use draughts_rules::notation::pdn::{self, replay};
    let file = pdn::parse(text);
    let mut out = Vec::new();
    let mut used = 0;
    for g in &file.games {
        if g.moves.is_empty() {
            continue;
        }
        if replay::game_variant(g, Some(variant)).ok() != Some(variant) {
            continue;
        }
        let result = match g.tag_result().or(g.result.as_deref()).map(str::trim) {
            Some("1-0") | Some("2-0") => 1.0,
            Some("0-1") | Some("0-2") => 0.0,
            Some("1/2-1/2") | Some("1-1") => 0.5,
            _ => continue,
        };
        let Ok(r) = replay::replay(g, variant) else { continue };
        used += 1;
        let mut pos = r.start;
        for (i, m) in r.moves.iter().enumerate() {
            if i >= 10 && !pos.has_capture() && pos.has_legal_move() {
                out.push(PositionSample { position: pos, score: f64::NAN, result });
            }
            pos = pos.after(m);
        }
    }
    (out, used)
}

/// A quiet self-play position with its labels (for fitting pattern values, see
/// [`fit_patterns`]).
#[derive(Clone, Debug)]
pub struct PositionSample {
    /// The quiet position (no capture pending).
    pub position: Position,
    /// Light's score by the self-play search, centi-men.
    pub score: f64,
    /// The game's result for Light: 1, 0.5 or 0.
    pub result: f64,
}

/// How the self-play games of a tuning run are played. The linear fit's games are evaluated by the
/// linear weights alone (it models nothing else); the pattern fit's by the linear weights and,
/// when given, pattern values of an earlier fit (the fit itself is always on top of the linear
/// weights alone).
#[derive(Clone, Copy, Debug)]
struct SelfPlay {
    /// Half-moves of the balanced opening.
    opening_plies: usize,
    /// Transposition table of each game's searcher, MiB.
    tt_mb: usize,
}

/// The linear-weight fit's games (as they have always been played, so weight files stay
/// reproducible).
const LINEAR_SELF_PLAY: SelfPlay = SelfPlay { opening_plies: 6, tt_mb: 4 };
/// The pattern fit's games: longer openings for variety.
const PATTERN_SELF_PLAY: SelfPlay = SelfPlay { opening_plies: 8, tt_mb: 16 };

/// The game after `opening` from the start of `variant` (`None` if a move is refused).
fn game_after(variant: Variant, opening: &[Move]) -> Option<Game> {
    let mut game = Game::new(variant);
    for m in opening {
        game.play(m).ok()?;
    }
    Some(game)
}

/// Plays one self-play game on from `game`; returns its quiet positions (with Light's search
/// score) and the result for Light.
fn self_play_game(mut game: Game, weights: &Weights, eval: PlayEval, depth: u32, max_plies: usize, how: SelfPlay) -> Vec<PositionSample> {
    let mut searcher = eval.searcher(weights, how.tt_mb);
    let mut kept = Vec::new();
    // A searched position always has a move, which is legal: the game ends by the rules, at
    // the ply cap or at the first position the databases hold (were it otherwise, the positions
    // so far are kept all the same).
    let played = play_out(
        &mut game,
        PlyCap::Adjudicate(max_plies),
        |game| {
            if let Some(light) = eval.egdb.and_then(|db| database_result(db, game.position())) {
                return Ok(Turn::Stop(Some(light)));
            }
            let r = searcher.search(game, &Limits::depth(depth), None, &mut |_| {});
            let pos = *game.position();
            if !pos.has_capture() && r.score.0.abs() < MATE_BOUND {
                let light = if pos.side_to_move() == Color::Light { r.score.0 } else { -r.score.0 };
                kept.push(PositionSample { position: pos, score: light as f64, result: 0.5 });
            }
            Ok::<_, std::convert::Infallible>(match r.best {
                Some(mv) => Turn::Play(mv),
                None => Turn::Stop(None),
            })
        },
        &mut |_| {},
    );
    let result = match (played, game.outcome().and_then(|o| o.winner())) {
        (Ok(PlayedOut::Stopped(Some(light))), _) => light,
        (_, Some(Color::Light)) => 1.0,
        (_, Some(Color::Dark)) => 0.0,
        (_, None) => 0.5,
    };
    for k in kept.iter_mut() {
        k.result = result;
    }
    kept
}

/// Plays `cfg.games` self-play games on `cfg.threads` threads (game `i` from the opening of seed
/// `cfg.seed + i * 104729`, or after the ballot opening `cfg.openings` gives it); returns their
/// positions in game order, whatever the threads.
fn play_games(cfg: &TuneConfig, weights: &Weights, eval: PlayEval, how: SelfPlay, progress: &(dyn Fn(usize) + Sync)) -> Vec<PositionSample> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let games: Mutex<Vec<Vec<PositionSample>>> = Mutex::new(vec![Vec::new(); cfg.games]);
    std::thread::scope(|s| {
        for _ in 0..cfg.threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= cfg.games {
                    break;
                }
                let seed = cfg.seed.wrapping_add(i as u64 * 104729);
                let opening = if cfg.openings.is_empty() {
                    balanced_opening(cfg.variant, how.opening_plies, seed)
                } else {
                    opening_after(cfg.variant, ballot_opening(&cfg.openings, cfg.seed, i), how.opening_plies, seed, false)
                };
                let kept = match game_after(cfg.variant, &opening) {
                    Some(game) => self_play_game(game, weights, eval, cfg.depth, cfg.max_plies, how),
                    None => Vec::new(),
                };
                games.lock().expect("no panics while holding the lock")[i] = kept;
                progress(done.fetch_add(1, Ordering::SeqCst) + 1);
            });
        }
    });
    games.into_inner().unwrap_or_default().into_iter().flatten().collect()
}

/// Generates samples from `cfg.games` self-play games on `cfg.threads` threads; `progress` is
/// called with the number of games finished.
pub fn generate_samples(cfg: &TuneConfig, weights: &Weights, progress: &(dyn Fn(usize) + Sync)) -> Vec<Sample> {
    play_games(cfg, weights, PlayEval::default(), LINEAR_SELF_PLAY, progress)
        .into_iter()
        .map(|p| Sample { features: features(&p.position), result: p.result, score: p.score })
        .collect()
}

/// Light's result (1, 0.5 or 0) of a position that endgame database `db` holds, a pending
/// capture resolved through ([`Egdb::resolve`]); `None` where it does not hold it.
fn database_result(db: &Egdb, pos: &Position) -> Option<f64> {
    if pos.variant() != db.variant() || pos.occupied().count_ones() > db.max_pieces() {
        return None;
    }
    let mover = match db.resolve(pos)?.wld {
        Wld::Win => 1.0,
        Wld::Draw => 0.5,
        Wld::Loss => 0.0,
    };
    Some(if pos.side_to_move() == Color::Light { mover } else { 1.0 - mover })
}

/// What evaluates self-play games besides the linear weights: pattern values, a network
/// (none: the linear weights alone), and endgame databases that the search probes and where the
/// games end.
#[derive(Clone, Copy, Default)]
pub struct PlayEval<'a> {
    /// Pattern values ([`crate::patterns`]).
    pub patterns: Option<&'a Arc<Patterns>>,
    /// Networks added to the evaluation, one a stage ([`crate::network`]; none when empty).
    pub networks: &'a [Arc<crate::network::Network>],
    /// Endgame databases (`--play-egdb`): the searches probe them, and a self-play game ends
    /// at the first position they hold, with their result, since its positions from there on
    /// are the databases' and its result is known.
    pub egdb: Option<&'a Arc<Egdb>>,
}

impl PlayEval<'_> {
    /// A searcher with a table of `tt_mb` MiB that evaluates with `weights` and what this adds:
    /// the one set-up of self-play and of scoring positions again.
    fn searcher(&self, weights: &Weights, tt_mb: usize) -> Searcher {
        let mut searcher = Searcher::new(tt_mb);
        searcher.set_weights(weights.clone());
        searcher.set_patterns(self.patterns.cloned());
        searcher.set_networks(self.networks.to_vec());
        if let Some(db) = self.egdb {
            searcher.set_egdbs(vec![db.clone()]);
        }
        searcher
    }
}

/// Positions for [`fit_patterns`] and [`crate::network::fit_network`] from `cfg.games` self-play games evaluated
/// by the linear weights `weights` and what `eval` adds (8-ply balanced openings); in game
/// order.
pub fn generate_positions(cfg: &TuneConfig, weights: &Weights, eval: PlayEval, progress: &(dyn Fn(usize) + Sync)) -> Vec<PositionSample> {
    play_games(cfg, weights, eval, PATTERN_SELF_PLAY, progress)
}

/// Scores every position of `samples` again with a search to `depth` (a fresh search of each
/// position, its table kept from one position to the next on each of `threads` threads, so the
/// scores may differ slightly with the number of threads), evaluated as `eval` says on top of
/// `weights`; a won or lost score becomes ±100,000 as [`label_by_egdb`]'s. Deeper searches than
/// the self-play's give the fit a target that carries what a deep search knows. `progress` is
/// called with the number of positions scored.
pub fn label_by_search(samples: &mut [PositionSample], weights: &Weights, eval: PlayEval, depth: u32, threads: usize, progress: &(dyn Fn(usize) + Sync)) {
    let done = AtomicUsize::new(0);
    let per = samples.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|s| {
        for chunk in samples.chunks_mut(per) {
            let done = &done;
            s.spawn(move || {
                let mut searcher = eval.searcher(weights, PATTERN_SELF_PLAY.tt_mb);
                for x in chunk.iter_mut() {
                    let game = Game::from_position(x.position);
                    let r = searcher.search(&game, &Limits::depth(depth), None, &mut |_| {});
                    let mover = if r.score.0.abs() >= MATE_BOUND { r.score.0.signum() * 100_000 } else { r.score.0 };
                    x.score = if x.position.side_to_move() == Color::Light { mover } else { -mover } as f64;
                    progress(done.fetch_add(1, Ordering::SeqCst) + 1);
                }
            });
        }
    });
}

/// Labels the positions that endgame database `db` holds with their exact result: Light's
/// result, and a search score that says the same (decided: ±100,000 centi-men; drawn: 0), so the
/// fitting target of such a position is the result whatever the blend (`lambda`). Positions with
/// a capture pending are resolved through the capture. Returns how many were labelled.
pub fn label_by_egdb(samples: &mut [PositionSample], db: &Egdb) -> usize {
    let mut labelled = 0;
    for s in samples.iter_mut() {
        let Some(light) = database_result(db, &s.position) else { continue };
        s.result = light;
        s.score = (light - 0.5) * 200_000.0;
        labelled += 1;
    }
    labelled
}

/// Writes positions one per line: `FEN;score;result` (Light's score in centi-men, Light's
/// result 1, 0.5 or 0), the format [`read_positions`] reads, after `header` (how they were made:
/// each of its lines written after `# `).
pub fn write_positions(samples: &[PositionSample], header: &str) -> String {
    let mut out: String = header.lines().map(|l| format!("# {l}\n")).collect();
    for s in samples {
        out.push_str(&format!("{};{};{}\n", fen::write(&s.position), s.score, s.result));
    }
    out
}

/// Reads positions written by [`write_positions`] (lines starting with `#` are the header, and
/// skipped). Errors name the line and what is wrong.
pub fn read_positions(text: &str, variant: Variant) -> Result<Vec<PositionSample>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: &str| format!("line {}: {what}", n + 1);
        let mut parts = line.split(';');
        let (Some(f), Some(score), Some(result), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
            return Err(bad("expected FEN;score;result"));
        };
        let position = fen::parse(variant, f).map_err(|e| bad(&format!("FEN: {e}")))?;
        let score: f64 = score.trim().parse().map_err(|_| bad("score is not a number"))?;
        let result: f64 = result.trim().parse().map_err(|_| bad("result is not a number"))?;
        if ![0.0, 0.5, 1.0].contains(&result) || !score.is_finite() {
            return Err(bad("result must be 1, 0.5 or 0 and the score finite"));
        }
        out.push(PositionSample { position, score, result });
    }
    Ok(out)
}

fn predict(theta: &[f64], f: &Features) -> f64 {
    let ph = f.phase as f64 / PHASE_MAX as f64;
    let mut e = 0.0;
    for i in 0..NUM_FEATURES {
        let v = f.values[i] as f64;
        if v != 0.0 {
            e += v * (theta[i] * ph + theta[NUM_FEATURES + i] * (1.0 - ph));
        }
    }
    e
}

/// A xorshift generator for the fits' random choices (first values, order, test positions):
/// small, fast and the same on every machine, so fits repeat exactly from their seed.
#[derive(Clone, Debug)]
pub(crate) struct XorShift(u64);

impl XorShift {
    /// A generator from `seed` (any value; zero is moved off, where xorshift would stay).
    pub(crate) fn new(seed: u64) -> XorShift {
        XorShift(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1)
    }

    /// The next 64 random bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (`n` > 0).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A number in -1..1.
    pub(crate) fn signed_unit(&mut self) -> f32 {
        (self.next() >> 11) as f32 / (1u64 << 53) as f32 * 2.0 - 1.0
    }
}

pub(crate) fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean squared error of the predictions of `theta` with scale `k` against `targets`.
fn loss(theta: &[f64], k: f64, samples: &[Sample], targets: &[f64]) -> f64 {
    let s: f64 = samples.iter().zip(targets).map(|(x, t)| (t - sigmoid(k * predict(theta, &x.features) / 100.0)).powi(2)).sum();
    s / samples.len().max(1) as f64
}

/// The sigmoid scale `k` (0.05 to 3 in steps of 0.05) with the lowest `loss(k)`.
pub(crate) fn best_scale(loss: impl Fn(f64) -> f64) -> f64 {
    let mut k = 1.0;
    let mut best = f64::MAX;
    for i in 1..=60 {
        let kk = i as f64 * 0.05;
        let l = loss(kk);
        if l < best {
            best = l;
            k = kk;
        }
    }
    k
}

/// One Adam update of a value with gradient `g` at pass `t` (from 1), keeping its moment
/// estimates in `m` and `v`: returns the amount to subtract from the value (at most about one
/// unit, centi-men here).
fn adam_step(m: &mut f64, v: &mut f64, g: f64, t: usize) -> f64 {
    let (b1, b2, lr, eps) = (0.9, 0.999, 1.0, 1e-8);
    *m = b1 * *m + (1.0 - b1) * g;
    *v = b2 * *v + (1.0 - b2) * g * g;
    let mh = *m / (1.0 - f64::powi(b1, t as i32));
    let vh = *v / (1.0 - f64::powi(b2, t as i32));
    lr * mh / (vh.sqrt() + eps)
}

/// The result of a fit.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The fitted weights, rounded to whole centi-men.
    pub weights: Weights,
    /// The sigmoid scale fitted to the starting weights.
    pub k: f64,
    /// Mean squared error between prediction and target with the starting weights.
    pub loss_before: f64,
    /// Mean squared error with the fitted weights (before rounding).
    pub loss_after: f64,
    /// Number of positions fitted to.
    pub samples: usize,
}

/// Fits weights to samples, starting from (and pulled lightly towards) `start`; `lambda` is the
/// weight of game results in the target (see the module docs).
pub fn fit(samples: &[Sample], start: &Weights, iterations: usize, lambda: f64) -> Fit {
    let mut theta: Vec<f64> = start.opening.iter().chain(start.ending.iter()).map(|w| *w as f64).collect();
    let anchor = theta.clone();
    // Scale k: fitted to the game results with the starting weights.
    let results: Vec<f64> = samples.iter().map(|x| x.result).collect();
    let k = best_scale(|kk| loss(&theta, kk, samples, &results));
    let lambda = lambda.clamp(0.0, 1.0);
    let targets: Vec<f64> = samples
        .iter()
        .map(|x| if x.score.is_nan() { x.result } else { lambda * x.result + (1.0 - lambda) * sigmoid(k * x.score / 100.0) })
        .collect();
    let loss_before = loss(&theta, k, samples, &targets);
    let n = theta.len();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let pull = 1e-6;
    // The man's opening weight anchors the scale; the king chase and the double corner are
    // endgame technique that game records rarely reach (they are resigned first): all keep their
    // starting values.
    let fixed = [
        Feature::Man as usize,
        Feature::KingChase as usize,
        NUM_FEATURES + Feature::KingChase as usize,
        Feature::DoubleCorner as usize,
        NUM_FEATURES + Feature::DoubleCorner as usize,
    ];
    for t in 1..=iterations {
        let mut grad = vec![0.0; n];
        for (x, target) in samples.iter().zip(&targets) {
            let ph = x.features.phase as f64 / PHASE_MAX as f64;
            let p = sigmoid(k * predict(&theta, &x.features) / 100.0);
            let g = -2.0 * (target - p) * p * (1.0 - p) * k / 100.0;
            for i in 0..NUM_FEATURES {
                let f = x.features.values[i] as f64;
                if f != 0.0 {
                    grad[i] += g * f * ph;
                    grad[NUM_FEATURES + i] += g * f * (1.0 - ph);
                }
            }
        }
        let count = samples.len().max(1) as f64;
        for i in 0..n {
            if fixed.contains(&i) {
                continue;
            }
            let g = grad[i] / count + pull * (theta[i] - anchor[i]);
            theta[i] -= adam_step(&mut m[i], &mut v[i], g, t);
        }
    }
    let loss_after = loss(&theta, k, samples, &targets);
    let mut w = start.clone();
    for i in 0..NUM_FEATURES {
        w.opening[i] = theta[i].round() as i32;
        w.ending[i] = theta[NUM_FEATURES + i].round() as i32;
    }
    Fit { weights: w, k, loss_before, loss_after, samples: samples.len() }
}

/// The result of a pattern fit ([`fit_patterns`]).
#[derive(Clone, Debug)]
pub struct PatternFit {
    /// The fitted pattern values (those of the best pass).
    pub patterns: Patterns,
    /// The sigmoid scale fitted to the linear evaluation.
    pub k: f64,
    /// Mean squared error on the held-out positions, without and with the fitted values.
    pub held_out_before: f64,
    /// Mean squared error on the held-out positions with the values kept.
    pub held_out_after: f64,
    /// Positions fitted to (each also seen with colours reversed) and held out.
    pub fitted: usize,
    /// Positions held out to choose the best pass (each also seen with colours reversed).
    pub held_out: usize,
    /// The pass whose values were kept (the one with the lowest held-out error).
    pub best_pass: usize,
}

/// One position prepared for the pattern fit.
struct PatternSample {
    idx: [u16; MAX_REGIONS],
    phase: f32,
    /// Light's linear evaluation before the drawish-ending divisor, and that divisor.
    base: f32,
    divisor: f32,
    target: f32,
}

/// `pos` with its colours reversed, as a position of `to` (a rule set on the same board): the
/// board turned 180 degrees round (`turn`, that board's [`HalfTurn`]), each light piece a dark
/// one and the other side to move. Errors as [`Position::new`] does (a man left on the row it
/// would have been crowned on).
pub(crate) fn colours_reversed(pos: &Position, to: Variant, turn: &HalfTurn) -> Result<Position, draughts_rules::SetupError> {
    Position::new(to, turn.set(pos.pieces(Color::Dark)), turn.set(pos.pieces(Color::Light)), turn.set(pos.all_kings()), !pos.side_to_move())
}

/// Fits `variant`'s pattern values ([`crate::patterns`]; it must have a [`PatternBoard`]) on
/// top of the linear weights `w`:
/// the predicted result of a position is `sigmoid(k * (linear + patterns) / divisor / 100)`,
/// and the values minimise the mean squared error against the target (`lambda * result +
/// (1 - lambda) * sigmoid(k * score / 100)`, as [`fit`]) by Adam over `passes` passes, with a
/// light pull towards zero. Every position is also used with colours reversed (rotated, the
/// other side to move, the labels mirrored), so the values come out nearly symmetric. The last
/// tenth of the positions is held out: the values of the pass with the lowest error on it are
/// kept (the values are many and rarely seen ones overfit).
pub fn fit_patterns(variant: Variant, samples: &[PositionSample], w: &Weights, passes: usize, lambda: f64) -> PatternFit {
    let board = PatternBoard::of(variant).expect("a rule set with pattern values");
    let regions = board.regions();
    let turn = variant.geometry().half_turn();
    let mut prepared = Vec::with_capacity(samples.len() * 2);
    let mut results = Vec::with_capacity(samples.len() * 2);
    let mut scores = Vec::with_capacity(samples.len() * 2);
    for s in samples {
        let p = &s.position;
        let mut both = vec![(*p, s.score, s.result)];
        if let Ok(f) = colours_reversed(p, variant, &turn) {
            both.push((f, -s.score, 1.0 - s.result));
        }
        for (pos, score, result) in both {
            let (base, divisor, phase) = light_score_parts(&pos, w);
            prepared.push(PatternSample {
                idx: board.indices(pos.men(Color::Light), pos.men(Color::Dark)),
                phase: phase as f32 / PHASE_MAX as f32,
                base: base as f32,
                divisor: divisor as f32,
                target: 0.0,
            });
            results.push(result);
            scores.push(score);
        }
    }
    let n = prepared.len();
    // Pairs stay together: the split falls on an even index.
    let split = (n * 9 / 10) & !1;
    let k = best_scale(|kk| prepared.iter().zip(&results).map(|(s, r)| (r - sigmoid(kk * (s.base / s.divisor) as f64 / 100.0)).powi(2)).sum());
    let lambda = lambda.clamp(0.0, 1.0);
    for ((s, r), sc) in prepared.iter_mut().zip(&results).zip(&scores) {
        s.target = (lambda * r + (1.0 - lambda) * sigmoid(k * sc / 100.0)) as f32;
    }
    let np = regions * STATES * 2;
    let predict = |th: &[f64], s: &PatternSample| {
        let (mut o, mut e) = (0.0, 0.0);
        for (r, &i) in s.idx[..regions].iter().enumerate() {
            let j = (r * STATES + i as usize) * 2;
            o += th[j];
            e += th[j + 1];
        }
        let ph = s.phase as f64;
        sigmoid(k * (s.base as f64 + o * ph + e * (1.0 - ph)) / s.divisor as f64 / 100.0)
    };
    let loss = |th: &[f64], set: &[PatternSample]| set.iter().map(|s| (s.target as f64 - predict(th, s)).powi(2)).sum::<f64>() / set.len().max(1) as f64;
    let mut theta = vec![0f64; np];
    let held_out_before = loss(&theta, &prepared[split..]);
    let mut kept = theta.clone();
    let mut kept_loss = held_out_before;
    let mut best_pass = 0;
    let (mut m, mut v, mut grad) = (vec![0f64; np], vec![0f64; np], vec![0f64; np]);
    // Adam; the gradient is scaled to the order of one per value, so the pull is relative.
    let pull = 1e-7;
    for t in 1..=passes {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for s in &prepared[..split] {
            let p = predict(&theta, s);
            let g = -2.0 * (s.target as f64 - p) * p * (1.0 - p) * k / 100.0 / s.divisor as f64;
            let ph = s.phase as f64;
            for (r, &i) in s.idx[..regions].iter().enumerate() {
                let j = (r * STATES + i as usize) * 2;
                grad[j] += g * ph;
                grad[j + 1] += g * (1.0 - ph);
            }
        }
        let scale = 1000.0 / split.max(1) as f64;
        for j in 0..np {
            let g = grad[j] * scale + pull * theta[j];
            theta[j] -= adam_step(&mut m[j], &mut v[j], g, t);
        }
        let l = loss(&theta, &prepared[split..]);
        if l < kept_loss {
            kept_loss = l;
            kept.copy_from_slice(&theta);
            best_pass = t;
        }
    }
    let mut patterns = Patterns::zero(board);
    for r in 0..regions {
        for st in 0..STATES {
            let j = (r * STATES + st) * 2;
            let q = |x: f64| x.round().clamp(i16::MIN as f64, i16::MAX as f64) as i16;
            patterns.set(r, st, q(kept[j]), q(kept[j + 1]));
        }
    }
    PatternFit { patterns, k, held_out_before, held_out_after: kept_loss, fitted: split / 2, held_out: (n - split) / 2, best_pass }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitting_lowers_the_error_on_its_own_samples() {
        let cfg = TuneConfig { variant: Variant::English, games: 4, depth: 2, seed: 1, threads: 1, iterations: 30, max_plies: 120, lambda: 0.5, openings: Vec::new() };
        let start = Weights::builtin(Variant::English).clone();
        let samples = generate_samples(&cfg, &start, &|_| {});
        assert!(samples.len() > 40, "{} samples", samples.len());
        let f = fit(&samples, &start, cfg.iterations, cfg.lambda);
        assert!(f.loss_after <= f.loss_before + 1e-9, "{} -> {}", f.loss_before, f.loss_after);
        assert_eq!(f.weights.opening[Feature::Man as usize], start.opening[Feature::Man as usize]);
    }

    #[test]
    fn pattern_fit_learns_a_planted_pattern() {
        let cfg = TuneConfig { variant: Variant::International, games: 12, depth: 2, seed: 3, threads: 2, iterations: 40, max_plies: 200, lambda: 0.0, openings: Vec::new() };
        let w = Weights::builtin(Variant::International);
        let played = generate_positions(&cfg, w, PlayEval::default(), &|_| {});
        assert!(played.len() > 300, "{} positions", played.len());
        // The file format round-trips.
        let back = read_positions(&write_positions(&played, "built-by: test"), Variant::International).unwrap();
        assert_eq!(back.len(), played.len());
        assert!(back.iter().zip(&played).all(|(a, b)| a.position == b.position && a.score == b.score && a.result == b.result));
        // Positions near the start (up to three men of each side taken off at random, Light's man
        // on 33 in half of them) scored by the linear evaluation plus a man's worth with the man
        // on 33 and minus one without it: only pattern values can learn that, and the held-out
        // error must fall.
        let g = Variant::International.rules().geometry;
        let bit = |n: u32| 1u64 << g.bit_of_number(n).unwrap();
        let start = Position::start(Variant::International);
        let mut rng = XorShift::new(1);
        let mut rand = move |n: u64| rng.below(n);
        let mut positions = Vec::new();
        for _ in 0..3000 {
            let (mut l, mut d) = (start.pieces(Color::Light), start.pieces(Color::Dark));
            for _ in 0..rand(4) {
                l &= !bit(31 + rand(20) as u32);
                d &= !bit(1 + rand(20) as u32);
            }
            if rand(2) == 0 {
                l &= !bit(33);
            } else {
                l |= bit(33);
            }
            let position = Position::new(Variant::International, l, d, 0, Color::Light).unwrap();
            let (base, divisor, _) = light_score_parts(&position, w);
            let planted = if l & bit(33) != 0 { 100 } else { -100 };
            positions.push(PositionSample { position, score: ((base + planted) / divisor) as f64, result: 0.5 });
        }
        let f = fit_patterns(Variant::International, &positions, w, cfg.iterations, cfg.lambda);
        assert!(f.best_pass > 0 && f.held_out_after < f.held_out_before * 0.7, "{} -> {} (pass {})", f.held_out_before, f.held_out_after, f.best_pass);
        assert_eq!(f.fitted + f.held_out, positions.len());
    }

    #[test]
    fn endgame_database_positions_get_their_exact_result() {
        use crate::egdb::{build_all, Egdb};
        // English 2 kings against 1 is a win for the side with two, 1 against 1 a draw: the
        // database's results replace what the self-play said, in the blend's terms.
        let mut db = Egdb::empty(Variant::English);
        build_all(&mut db, 3, crate::egdb::distance_pieces(Variant::English), None, &mut |_, _, _, _| {}).unwrap();
        let pos = |f: &str| fen::parse(Variant::English, f).unwrap();
        let mut samples = vec![
            PositionSample { position: pos("B:WK14,K23:BK5"), score: 35.0, result: 0.5 },
            PositionSample { position: pos("W:WK32:BK1"), score: -80.0, result: 0.0 },
            PositionSample { position: pos("W:W21,22,23,24,25:B1,2,3,4,5"), score: 12.0, result: 1.0 },
        ];
        assert_eq!(label_by_egdb(&mut samples, &db), 2);
        assert_eq!((samples[0].result, samples[0].score), (1.0, 100_000.0));
        assert_eq!((samples[1].result, samples[1].score), (0.5, 0.0));
        // Beyond the database: unchanged.
        assert_eq!((samples[2].result, samples[2].score), (1.0, 12.0));
        assert!(sigmoid(3.0 * samples[0].score / 100.0) == 1.0);
    }

    #[test]
    fn self_play_with_databases_ends_at_their_first_position() {
        use crate::egdb::build_all;
        let mut db = Egdb::empty(Variant::English);
        build_all(&mut db, 3, crate::egdb::distance_pieces(Variant::English), None, &mut |_, _, _, _| {}).unwrap();
        let db = Arc::new(db);
        // Two kings against two men on their first row: once a piece is off, the databases hold
        // the game (here a win for Light).
        let start = Game::from_position(fen::parse(Variant::English, "B:WK9,K12:B1,3").unwrap());
        let w = Weights::builtin(Variant::English);
        let with = self_play_game(start.clone(), w, PlayEval { egdb: Some(&db), ..PlayEval::default() }, 4, 200, PATTERN_SELF_PLAY);
        let without = self_play_game(start, w, PlayEval::default(), 4, 200, PATTERN_SELF_PLAY);
        assert!(!with.is_empty());
        assert!(with.iter().all(|s| s.position.occupied().count_ones() == 4 && s.result == 1.0), "{with:?}");
        // Without them the same game goes on into the three-piece ending.
        assert!(without.iter().any(|s| s.position.occupied().count_ones() == 3), "{without:?}");
        assert_eq!(database_result(&db, &fen::parse(Variant::English, "B:WK14,K23:BK5").unwrap()), Some(1.0));
        assert_eq!(database_result(&db, &fen::parse(Variant::English, "W:WK14:BK5,K23").unwrap()), Some(0.0));
        assert_eq!(database_result(&db, &fen::parse(Variant::English, "B:WK19,K20:B1,2").unwrap()), None);
    }

    #[test]
    fn position_files_name_the_bad_line() {
        let good = "W:W31-50:B1-20;0;0.5\n";
        assert_eq!(read_positions(good, Variant::International).unwrap().len(), 1);
        for (bad, what) in [("W:W31-50:B1-20;0", "FEN;score;result"), ("W:W31-50:B1-60;0;1", "FEN"), ("W:W31-50:B1-20;x;1", "score"), ("W:W31-50:B1-20;0;2", "result")] {
            let e = read_positions(&format!("{good}{bad}\n"), Variant::International).unwrap_err();
            assert!(e.starts_with("line 2") && e.contains(what), "{bad}: {e}");
        }
    }

    #[test]
    fn game_records_give_labelled_samples() {
        // A match game written by our PDN writer is read back by the rules crate's reader.
        use crate::matchplay::{play_game, EnginePlayer};
        let mut a = EnginePlayer::fixed_depth(2);
        let mut b = EnginePlayer::fixed_depth(1);
        let rec = play_game(&mut a, &mut b, Variant::English, draughts_rules::DrawRules::Simplified, &[], 200, 1).unwrap();
        let text = rec.to_pdn("test");
        let (samples, games) = samples_from_pdn(&text, Variant::English);
        assert_eq!(games, 1, "{text}");
        assert!(!samples.is_empty());
        let expected = match rec.outcome.winner() {
            Some(Color::Light) => 1.0,
            Some(Color::Dark) => 0.0,
            None => 0.5,
        };
        assert!(samples.iter().all(|s| s.result == expected && s.score.is_nan()));
        // The pattern and network fits' form of the same positions: one for one, unscored until
        // label_by_search scores them.
        let (mut positions, games) = positions_from_pdn(&text, Variant::English);
        assert_eq!((positions.len(), games), (samples.len(), 1));
        assert!(positions.iter().zip(&samples).all(|(p, s)| p.result == s.result && features(&p.position) == s.features && p.score.is_nan()));
        label_by_search(&mut positions[..3], Weights::builtin(Variant::English), PlayEval::default(), 2, 1, &|_| {});
        assert!(positions[..3].iter().all(|p| p.score.is_finite()) && positions[3..].iter().all(|p| p.score.is_nan()));
        // Records of another variant are skipped.
        assert_eq!(samples_from_pdn(&text, Variant::Italian).1, 0);
    }
}
