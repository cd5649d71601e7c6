//! Puzzles from real games: positions of a played game where exactly one first move wins
//! material or wins the game, found by the engine and verified by a deeper search.
//!
//! # The criteria
//!
//! [`mine_game`] looks at every position of a game after the first [`MinerConfig::skip_plies`]
//! plies (the opening, where the same positions come back game after game) and keeps a position
//! when [`examine`] accepts it:
//!
//! 1. The game is not over there and the side to move has **at least two legal moves** (a
//!    forced capture with no alternative is not a puzzle).
//! 2. The **baseline** ([`baseline`]) is the material balance for the side to move (a man
//!    counts [`MAN`], a king [`KING`] centi-men) of the position, or of the position two plies
//!    earlier when that was higher: what the side to move had before the last exchange. So
//!    taking back a man just given, or going on with a combination already begun, is no gain.
//! 3. A **scan**: the best two lines at [`MinerConfig::scan_depth`] plies
//!    ([`Searcher::analyse`] with 2 lines), with the thresholds below 50 centi-men looser (a
//!    pre-filter: a man won scores about 1.4 men at six plies). The best move must *win*, the
//!    second must not:
//!    * a move wins when its score is a forced win of the game, or at least
//!      [`MinerConfig::min_gain`] (default 150) centi-men above the baseline;
//!    * the best move must be at least [`MinerConfig::margin`] (default 150) centi-men better
//!      than the second, and the second must win neither the game nor material (so *exactly
//!      one* first move wins; a position with two winning moves is rejected).
//! 4. A **verification**: the same test with the best two lines at
//!    [`MinerConfig::verify_depth`] plies (default 14). The puzzle's move is the deep search's.
//! 5. The **solution line** is the verifying search's principal variation up to where the
//!    material is won: the shortest start of it after which the material balance stays at least
//!    a man ([`MAN`]) above the baseline to the end of the line (always a move of the solver).
//!    For a win of the game the line runs to the win. A material puzzle whose line never shows
//!    the man won is rejected (the score's gain may be positional, not material), so is a win
//!    whose line stops before the end (cut by the transposition table), and so is a
//!    line longer than `verify_depth - 4` plies (or [`MinerConfig::max_solution_plies`]): the
//!    verifying search must see at least four plies beyond the solution.
//!
//! 6. **Again from the position alone**: the same test of the position with no history (no
//!    earlier positions for the baseline or repetitions) and cleared tables, as a solver given the
//!    FEN sees it, must accept it with the same first move; the puzzle keeps this second solution,
//!    which `examine` on a fresh [`Searcher`] of the same size finds again exactly (the test of
//!    the built set, `tests/puzzle_set.rs`, does).
//!
//! The **difficulty** (1 to 5) is the number of moves the solver makes in the solution, plus
//! one when there is at least one *tempting wrong move* and one more for three or more, capped
//! at 5. A wrong move is tempting when a two-ply search ([`Searcher::score_root_moves`]) scores
//! it at least as well as the solution less 50 centi-men: at a glance it looked as good, while
//! the deep search (step 4) puts it at least `margin` below.
//!
//! Everything is depth-limited (no time limit), and [`mine_game`] clears the searcher's tables
//! before each game (and after each puzzle found), so the same game and configuration give the same puzzles on any machine.

use crate::search::{Analysis, Limits, Searcher};
use crate::score::Score;
use draughts_rules::notation::{fen, movetext};
use draughts_rules::{Color, Game, Move, Position, Variant};

/// Value of a man in the material balance, in centi-men.
pub const MAN: i32 = 100;
/// Value of a king in the material balance, in centi-men.
pub const KING: i32 = 300;

/// Size of the transposition table `draughts puzzles build` mines with, in MiB: a puzzle's
/// solution is found again exactly by [`examine`] on a fresh [`Searcher`] of this size.
pub const TABLE_MB: usize = 32;

/// Depth of the search that scores the tempting wrong moves.
const GLANCE_DEPTH: u32 = 2;
/// How far below the solution's two-ply score a wrong move may be and still count as tempting.
const GLANCE_MARGIN: i32 = 50;
/// How much looser the scan's thresholds are than the verification's, in centi-men (a man won
/// scores about 1.4 men at six plies, more deeper).
const SCAN_SLACK: i32 = 50;
/// Plies the verifying search must see beyond the end of the solution.
const BEYOND: usize = 4;

/// What counts as a puzzle, and how hard the miner searches. See the
/// [module documentation](self).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinerConfig {
    /// Plies of the opening that are not looked at.
    pub skip_plies: usize,
    /// Depth of the scan of every position, in plies.
    pub scan_depth: u32,
    /// Depth of the search that verifies a candidate, in plies.
    pub verify_depth: u32,
    /// Centi-men above the baseline the winning move must gain.
    pub min_gain: i32,
    /// Centi-men by which the winning move must beat every other move.
    pub margin: i32,
    /// Longest solution line kept, in plies (the verify depth also bounds it).
    pub max_solution_plies: usize,
}

impl Default for MinerConfig {
    fn default() -> MinerConfig {
        MinerConfig { skip_plies: 10, scan_depth: 6, verify_depth: 14, min_gain: 150, margin: 150, max_solution_plies: 15 }
    }
}

/// What a puzzle's solution wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gain {
    /// Material: centi-men above the baseline at the end of the solution (the least the
    /// balance reaches from there to the end of the principal variation).
    Material(i32),
    /// The game, by force, in this many plies.
    Win(i32),
}

/// A position's solution, as [`examine`] finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The moves of the solution, starting with the winning move (see the module documentation).
    pub line: Vec<Move>,
    /// What it wins.
    pub gain: Gain,
    /// The verifying search's score of the winning move, for the side to move.
    pub score: Score,
    /// The verifying search's score of the second-best move.
    pub second: Score,
    /// How many wrong moves looked as good as the solution at two plies.
    pub tempting: usize,
    /// 1 (easy) to 5 (hard).
    pub difficulty: u8,
}

/// Why [`examine`] turned a position down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The game is over in the position.
    GameOver,
    /// The side to move has one legal move (or none): nothing to find.
    Forced,
    /// No move wins material or the game (at the scan, or at the verification).
    NoWin,
    /// A second move wins too, or comes within the margin of the best.
    SecondWins,
    /// The principal variation does not show the material won, or stops before the win.
    LineShort,
    /// The solution is longer than the verifying search can check with plies to spare.
    TooLong,
}

impl Rejection {
    /// A short description.
    pub fn text(self) -> &'static str {
        match self {
            Rejection::GameOver => "the game is over",
            Rejection::Forced => "one legal move",
            Rejection::NoWin => "no move wins",
            Rejection::SecondWins => "a second move wins too",
            Rejection::LineShort => "the line does not show the material won or the win",
            Rejection::TooLong => "the solution is too long to verify",
        }
    }
}

/// Where a game comes from: its file, its number in the file and its players.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameSource {
    /// The file's name.
    pub file: String,
    /// 1-based number of the game in its file.
    pub game: usize,
    /// The White tag (Light), if any.
    pub white: Option<String>,
    /// The Black tag (Dark), if any.
    pub black: Option<String>,
    /// The Event tag, if any.
    pub event: Option<String>,
}

impl GameSource {
    /// The source of game number `game` of `file`, with the White, Black and Event tags of
    /// `tags` (blank values and `?` count as absent).
    pub fn from_tags(file: &str, game: usize, tags: &[(String, String)]) -> GameSource {
        let tag = |name: &str| {
            tags.iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.trim().to_string())
                .filter(|v| !v.is_empty() && v != "?")
        };
        GameSource { file: file.to_string(), game, white: tag("White"), black: tag("Black"), event: tag("Event") }
    }
}

/// A puzzle found in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The rule set.
    pub variant: Variant,
    /// The position, in FEN.
    pub fen: String,
    /// The side to move, who solves the puzzle.
    pub side: Color,
    /// The solution as move texts, starting with the winning move.
    pub solution: Vec<String>,
    /// The game it comes from.
    pub source: GameSource,
    /// The ply of the position in the game (0 is the start position).
    pub ply: usize,
    /// The move the game went on with, as text (`None` at the game's last position).
    pub played: Option<String>,
    /// Whether the move played was the solution's first move.
    pub played_solution: bool,
    /// The solution as found (moves, gain, scores, difficulty).
    pub found: Solution,
}

impl Puzzle {
    /// The puzzle of `pos` with its `solution` (from [`examine`]), from ply `ply` of the game
    /// `source`, which went on with `played` (`None` when unknown or at the game's end).
    pub fn new(pos: &Position, solution: Solution, source: GameSource, ply: usize, played: Option<&Move>) -> Puzzle {
        let v = pos.variant();
        Puzzle {
            variant: v,
            fen: fen::write(pos),
            side: pos.side_to_move(),
            solution: solution.line.iter().map(|m| movetext::write(v, m)).collect(),
            source,
            ply,
            played: played.map(|m| movetext::write(v, m)),
            played_solution: played.is_some_and(|m| m.same_as(&solution.line[0])),
            found: solution,
        }
    }
}

/// Material balance of `pos` for `side`, in centi-men ([`MAN`], [`KING`]).
pub fn material(pos: &Position, side: Color) -> i32 {
    let count = |c: Color| pos.men(c).count_ones() as i32 * MAN + pos.kings(c).count_ones() as i32 * KING;
    count(side) - count(!side)
}

/// The baseline of the current position of `game` (see the [module documentation](self)): the
/// material balance for the side to move, or the balance two plies earlier (the same side to
/// move) when that was higher.
pub fn baseline(game: &Game) -> i32 {
    let side = game.position().side_to_move();
    let now = material(game.position(), side);
    match game.ply().checked_sub(2).map(|i| &game.positions()[i]) {
        Some(before) if before.side_to_move() == side => now.max(material(before, side)),
        _ => now,
    }
}

/// Whether a score wins for the side to move: the game, or `min_gain` above `baseline`.
fn wins(score: Score, baseline: i32, min_gain: i32) -> bool {
    score.is_win() || (!score.is_mate() && score.raw() >= baseline + min_gain)
}

/// Applies the verification's test (`slack` 0) or the scan's (`slack` [`SCAN_SLACK`]) to a
/// two-line analysis: the thresholds moved by `slack` in the candidate's favour.
fn judge(a: &Analysis, baseline: i32, config: &MinerConfig, slack: i32) -> Result<(), Rejection> {
    let best = a.lines.first().ok_or(Rejection::GameOver)?;
    if !wins(best.score, baseline, config.min_gain - slack) {
        return Err(Rejection::NoWin);
    }
    if let Some(second) = a.lines.get(1) {
        if wins(second.score, baseline, config.min_gain + slack) || best.score.raw() - second.score.raw() < config.margin - slack {
            return Err(Rejection::SecondWins);
        }
    }
    Ok(())
}

/// Examines the current position of `game` (its history counts for repetitions and the draw
/// counters): its [`Solution`] when exactly one first move wins, else why not. See the
/// [module documentation](self) for the criteria.
pub fn examine(searcher: &mut Searcher, game: &Game, config: &MinerConfig) -> Result<Solution, Rejection> {
    if game.outcome().is_some() {
        return Err(Rejection::GameOver);
    }
    let moves = game.legal_moves();
    if moves.len() < 2 {
        return Err(Rejection::Forced);
    }
    let pos = *game.position();
    let side = pos.side_to_move();
    let baseline = baseline(game);
    let scan = searcher.analyse(game, 2, &Limits::depth(config.scan_depth.max(1)), None, &mut |_| {});
    judge(&scan, baseline, config, SCAN_SLACK)?;
    let deep = searcher.analyse(game, 2, &Limits::depth(config.verify_depth.max(config.scan_depth).max(1)), None, &mut |_| {});
    judge(&deep, baseline, config, 0)?;
    let best = &deep.lines[0];
    let longest = (deep.depth as usize).saturating_sub(BEYOND).min(config.max_solution_plies);
    let (line, gain) = match best.score.mate_in() {
        Some(n) => {
            let n = n.max(1) as usize;
            if n > longest {
                return Err(Rejection::TooLong);
            }
            if best.pv.len() < n {
                return Err(Rejection::LineShort);
            }
            (best.pv.iter().take(n).copied().collect::<Vec<_>>(), Gain::Win(n as i32))
        }
        None => {
            // Material after each ply of the line; the solution ends where it stays a man up.
            let mut p = pos;
            let after: Vec<i32> = best
                .pv
                .iter()
                .map(|m| {
                    p = p.after(m);
                    material(&p, side) - baseline
                })
                .collect();
            let mut cut = None;
            let mut least = i32::MAX;
            for (i, &g) in after.iter().enumerate().rev() {
                if g < MAN {
                    break;
                }
                least = least.min(g);
                cut = Some(i + 1);
            }
            let Some(cut) = cut else { return Err(Rejection::LineShort) };
            if cut > longest {
                return Err(Rejection::TooLong);
            }
            (best.pv[..cut].to_vec(), Gain::Material(least))
        }
    };
    let glance = searcher.score_root_moves(game, GLANCE_DEPTH, &Limits::depth(GLANCE_DEPTH), None);
    let first = line[0];
    let solution_glance = glance.iter().find(|(m, _)| m.same_as(&first)).map(|s| s.1).unwrap_or(i32::MIN);
    let tempting = glance
        .iter()
        .filter(|(m, s)| !m.same_as(&first) && *s >= solution_glance.saturating_sub(GLANCE_MARGIN))
        .count();
    let second = deep.lines.get(1).map_or(-Score::INFINITY, |l| l.score);
    Ok(Solution { difficulty: difficulty(line.len(), tempting), line, gain, score: best.score, second, tempting })
}

/// [`examine`] in the game, then again from the position alone with cleared tables (criterion
/// 6 of the [module documentation](self)): the second solution when both accept the position
/// with the same first move.
fn examine_twice(searcher: &mut Searcher, game: &Game, config: &MinerConfig) -> Option<Solution> {
    let first = examine(searcher, game, config).ok()?;
    let alone = examine_position(searcher, game.position(), config).ok()?;
    alone.line[0].same_as(&first.line[0]).then_some(alone)
}

/// [`examine`] of `pos` alone (no history) with cleared tables, as a solver given the FEN sees
/// it (criterion 6 of the [module documentation](self)): the solution the puzzle set keeps, or
/// why the position is no puzzle (`draughts puzzles examine`).
pub fn examine_position(searcher: &mut Searcher, pos: &Position, config: &MinerConfig) -> Result<Solution, Rejection> {
    searcher.clear();
    examine(searcher, &Game::from_position(*pos), config)
}

/// The difficulty of a solution of `plies` plies with `tempting` tempting wrong moves: the
/// solver's moves, plus one for a tempting move and one more for three, between 1 and 5.
pub fn difficulty(plies: usize, tempting: usize) -> u8 {
    let moves = plies.div_ceil(2);
    let points = moves + usize::from(tempting >= 1) + usize::from(tempting >= 3);
    points.clamp(1, 5) as u8
}

/// The positions of `game` under the rules of `target`, a rule set on the same board (for
/// puzzles of rule sets without game collections of their own, `draughts puzzles build
/// --positions-as`): the game's start position (its pieces and side to move) read as `target`,
/// then the game's moves for as long as each is legal under `target` (the same origin,
/// destination and captured pieces, [`Move::same_as`]). The game stops at its first move that is
/// not legal there (a quiet move while a flying king of `target` has a capture, a capture that
/// must go on), or where the game ends under `target`'s rules. Errors when the boards differ.
pub fn replay_as(game: &Game, target: Variant) -> Result<Game, String> {
    let from = game.variant();
    if from.geometry() != target.geometry() {
        return Err(format!("{} games cannot be read as {target}: the boards differ", from.id()));
    }
    let start = fen::parse(target, &fen::write(game.start())).map_err(|e| format!("the start position under {target}: {e}"))?;
    let mut out = Game::from_position(start);
    for m in game.moves() {
        let Some(same) = out.legal_moves().into_iter().find(|t| t.same_as(m)) else { break };
        if out.play(&same).is_err() {
            break;
        }
    }
    Ok(out)
}

/// Every puzzle of `game` (a whole game, as replayed from its record), in the order of the
/// plies; `source` names the game. Clears the searcher's tables first (see the
/// [module documentation](self)). `on_ply` is called after each position looked at, with its
/// ply, for progress.
pub fn mine_game(
    searcher: &mut Searcher,
    game: &Game,
    config: &MinerConfig,
    source: &GameSource,
    on_ply: &mut dyn FnMut(usize),
) -> Vec<Puzzle> {
    searcher.clear();
    let mut found = Vec::new();
    let Ok(mut prefix) = Game::from_position_with(*game.start(), game.draw_rules()) else {
        return found;
    };
    let moves = game.moves();
    // The rest of the last puzzle's solution while the game follows it: those positions are
    // the combination going on, not new puzzles.
    let mut inside: Vec<Move> = Vec::new();
    for ply in 0..=moves.len() {
        if ply >= config.skip_plies && inside.is_empty() {
            if let Some(solution) = examine_twice(searcher, &prefix, config) {
                let played = moves.get(ply);
                if played.is_some_and(|m| m.same_as(&solution.line[0])) {
                    inside = solution.line.clone();
                }
                found.push(Puzzle::new(prefix.position(), solution, source.clone(), ply, played));
            }
            on_ply(ply);
        }
        let Some(m) = moves.get(ply) else { break };
        if !inside.is_empty() {
            if inside[0].same_as(m) {
                inside.remove(0);
            } else {
                inside.clear();
            }
        }
        if prefix.play(m).is_err() {
            break;
        }
    }
    found
}
