//! Replaying PDN games with the rules, and writing games as PDN.
//!
//! A careful human reader's reading of real files (see `../shared/data/pdn/SOURCES.md`): the rule
//! set comes from `[Variant]` (our own ids) or `[GameType]` (first number of `20,W,10,10,N1,0`),
//! else from a default the caller gives; a `[FEN]` tag sets up the start (numeric squares are read
//! on any diagonal board, so legacy numeric FEN in Russian files works); each move token is matched
//! against the legal moves by its squares (captures written with only their start and end squares
//! are accepted when one legal move matches; when several do, the one that lets the rest of the
//! game replay is taken); a capture written one hop per token is joined with the tokens that
//! continue it; algebraic records written from the first mover's side of an English board (the
//! board turned half a turn) are read turned when that is the only way the record replays.

use crate::notation::movetext;
use crate::notation::pdn::{self, PdnGame};
use crate::draw::DrawRules;
use crate::game::{Game, Outcome, Reason};
use crate::moves::Move;
use crate::position::Position;
use crate::resolve::{self, MoveQuery};
use crate::square::Square;
use crate::variant::Variant;
use crate::Color;
use std::fmt;

/// Why a game did not replay: the 1-based ply, the move as written, and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// 1-based ply of the failing move; 0 for a problem with the set-up (tags, FEN).
    pub ply: usize,
    /// The move token as written (empty for set-up problems).
    pub move_text: String,
    /// 1-based line and column of the token in the file (0 when unknown).
    pub line: usize,
    /// 1-based column of the token (0 when unknown).
    pub col: usize,
    /// What is wrong, in words.
    pub reason: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ply == 0 {
            write!(f, "{}", self.reason)
        } else {
            write!(f, "ply {} ({:?}, line {}): {}", self.ply, self.move_text, self.line, self.reason)
        }
    }
}

impl std::error::Error for ReplayError {}

/// A replayed game: the start position and the moves as played.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The rule set the game was replayed under (from its GameType tag, or the caller's).
    pub variant: Variant,
    /// The start position (the FEN tag's, or the variant's start).
    pub start: Position,
    /// The moves as played, with the routes the record wrote.
    pub moves: Vec<Move>,
    /// Readings worth telling the user: (1-based ply, what was read), e.g. a capture written
    /// with start and end squares only that named two moves, settled by the moves that follow,
    /// or a game played under the FMJD's rules that went on after they drew it.
    pub notes: Vec<(usize, String)>,
    /// The draw rules the game was played under: the FMJD's when its `[DrawRules "FMJD"]` tag
    /// says so ([`DRAW_RULES_TAG`]), else the rule set's own.
    pub draws: DrawRules,
}

/// The PDN tag naming the draw rules a game was played under (`[DrawRules "FMJD"]`); absent,
/// the rule set's own (RULES.md section 4).
pub const DRAW_RULES_TAG: &str = "DrawRules";

impl Replayed {
    /// The position after every move.
    pub fn end(&self) -> Position {
        self.moves.iter().fold(self.start, |p, m| p.after(m))
    }

    /// The moves as a [`Game`], which also judges the result by our rules. Stops early (without
    /// error) if our rules end the game before the record does (federation draw rules differ).
    pub fn to_game(&self) -> Game {
        let mut g = Game::from_position_with(self.start, self.draws).unwrap_or_else(|_| Game::from_position(self.start));
        for m in &self.moves {
            if g.play(m).is_err() {
                break;
            }
        }
        g
    }

    /// [`Self::to_game`], and how many of the record's moves come after our rules ended the game
    /// (where it stops): 0 when the record ends where, or before, our rules do. One replay for both.
    pub fn to_game_and_moves_after_end(&self) -> (Game, usize) {
        let game = self.to_game();
        let after = self.moves.len() - game.moves().len();
        (game, after)
    }
}

fn setup_error(reason: impl Into<String>) -> ReplayError {
    ReplayError { ply: 0, move_text: String::new(), line: 0, col: 0, reason: reason.into() }
}

/// The rule set of a game: `[Variant]` naming one of our ids, else `[GameType]`, else `default`.
///
/// Errors: an unsupported GameType, or no tag and no default.
pub fn game_variant(game: &PdnGame, default: Option<Variant>) -> Result<Variant, String> {
    let named = game.tag("Variant").and_then(|v| v.trim().parse::<Variant>().ok());
    if let Some(v) = named {
        return Ok(v);
    }
    if let Some(gt) = game.tag("GameType") {
        let first = gt.split(',').next().unwrap_or("").trim();
        if !first.is_empty() {
            let n: u8 = first.parse().map_err(|_| format!("unreadable GameType {gt:?}"))?;
            return Variant::from_game_type(n)
                .ok_or_else(|| format!("GameType {n} is not a rule set we play (20, 21, 22, 25, 26, 30, 41, 42)"));
        }
    }
    default.ok_or_else(|| "no GameType tag; say which rule set the file is (e.g. --variant english)".to_string())
}

/// The start position of a game: its `[FEN]` tag, else the variant's start.
pub fn start_position(game: &PdnGame, variant: Variant) -> Result<Position, ReplayError> {
    match game.tag("FEN").map(str::trim) {
        Some(f) if !f.is_empty() => {
            crate::notation::fen::parse(variant, f).map_err(|e| setup_error(format!("bad [FEN] tag: {e}")))
        }
        _ => Ok(Position::start(variant)),
    }
}

/// The draw rules a game was played under: its [`DRAW_RULES_TAG`] tag's, else the rule set's
/// own. Errors: an unknown tag value, or the FMJD's rules on a rule set that has none.
pub fn draw_rules(game: &PdnGame, variant: Variant) -> Result<DrawRules, ReplayError> {
    match game.tag(DRAW_RULES_TAG) {
        None => Ok(DrawRules::Simplified),
        Some(t) => {
            let d = DrawRules::from_code(t).ok_or_else(|| setup_error(format!("unknown [{DRAW_RULES_TAG} {t:?}] tag: FMJD or Simplified")))?;
            if !d.available(variant.rules()) {
                return Err(setup_error(format!("[{DRAW_RULES_TAG} {t:?}]: {} has no FMJD draw rules", variant.rules().name)));
            }
            Ok(d)
        }
    }
}

/// Replays a game under `variant`.
///
/// A game with a move the reader could not read whole ([`PdnGame::incomplete`], such as a
/// trailing `32x`) fails at that move, even when the moves around it replay: what was not read
/// is not known to be legal, and the moves after it are read without it. A capture written
/// with fewer hops than it has, when nothing after it continues it, fails as cut short.
pub fn replay(game: &PdnGame, variant: Variant) -> Result<Replayed, ReplayError> {
    let start = start_position(game, variant)?;
    let draws = draw_rules(game, variant)?;
    let cut = game.incomplete.first();
    let read = &game.moves[..cut.map_or(game.moves.len(), |c| c.after.min(game.moves.len()))];
    let tokens: Vec<Token> = read.iter().map(|t| Token::new(t, variant)).collect();
    let plain = run(start, &tokens, false);
    let result = match plain {
        Ok(moves) => Ok(moves),
        Err(e) => {
            // Algebraic records of English games are sometimes written from the first mover's
            // side (SOURCES.md, playstrategy exports): try the board turned half a turn.
            let algebraic = tokens.first().is_some_and(|t| t.algebraic);
            let turnable = variant.geometry().size == 8 && variant.rules().notation == crate::SquareNotation::Numeric;
            if algebraic && turnable {
                match run(start, &tokens, true) {
                    Ok((moves, mut notes)) => {
                        notes.insert(0, (1, "algebraic squares read from the first mover's side (board turned half a turn)".to_string()));
                        Ok((moves, notes))
                    }
                    Err(e2) if e2.ply > e.ply => Err(e2),
                    Err(_) => Err(e),
                }
            } else {
                Err(e)
            }
        }
    };
    let (moves, notes) = result?;
    if let Some(c) = cut {
        return Err(ReplayError {
            ply: moves.len() + 1,
            move_text: c.token.text.clone(),
            line: c.token.line,
            col: c.token.col,
            reason: "incomplete move: a separator with no square after it (or a square alone); the game cannot be read past it".to_string(),
        });
    }
    let mut replayed = Replayed { variant, start, moves, notes, draws };
    if draws == DrawRules::Fmjd {
        let g = replayed.to_game();
        if let Some(o) = g.outcome().filter(|_| g.ply() < replayed.moves.len()) {
            if matches!(o.reason(), Reason::FmjdKingMoves | Reason::FmjdLoneKing(_) | Reason::Threefold) {
                replayed.notes.push((g.ply() + 1, format!("the game goes on after the FMJD rules drew it at ply {} ({o})", g.ply())));
            }
        }
    }
    Ok(replayed)
}

/// One move token with its squares read (or why they could not be).
struct Token<'a> {
    raw: &'a pdn::MoveToken,
    squares: Result<Vec<Square>, String>,
    /// The text joins squares with `x` or `:` (a quiet move may not be written so).
    capture_mark: bool,
    algebraic: bool,
    variant: Variant,
}

impl<'a> Token<'a> {
    fn new(raw: &'a pdn::MoveToken, variant: Variant) -> Token<'a> {
        let lexed = movetext::lex(variant, &raw.text).map_err(|e| e.reason);
        let capture_mark = lexed.as_ref().is_ok_and(|l| l.capture_mark);
        let squares = lexed.map(|l| l.squares);
        let algebraic = raw.text.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
        Token { raw, squares, capture_mark, algebraic, variant }
    }

    fn squares(&self, turned: bool) -> Result<Vec<Square>, String> {
        let sq = self.squares.clone()?;
        if !turned {
            return Ok(sq);
        }
        let g = self.variant.geometry();
        let n = g.size as u32 - 1;
        Ok(sq
            .into_iter()
            .map(|sq| {
                let (r, c) = g.row_col(sq.bit());
                Square::from_bit(g.bit_at(n - r, n - c).expect("a half turn maps dark squares to dark squares"))
            })
            .collect())
    }
}

/// Moves read and notes on the reading.
type Reading = (Vec<Move>, Vec<(usize, String)>);

/// Replays `tokens` from `start`. Returns the moves, or the first failure.
fn run(start: Position, tokens: &[Token], turned: bool) -> Result<Reading, ReplayError> {
    let mut pos = start;
    let mut moves = Vec::with_capacity(tokens.len());
    let mut notes = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let tok = &tokens[i];
        let fail = |reason: String| ReplayError {
            ply: moves.len() + 1,
            move_text: tok.raw.text.clone(),
            line: tok.raw.line,
            col: tok.raw.col,
            reason,
        };
        let sq = tok.squares(turned).map_err(fail)?;
        let mut found = resolve::candidates(&pos, MoveQuery::Through { squares: &sq, capture_mark: false });
        let mut used = 1;
        if found.is_empty() {
            // A capture written one hop per token: join the tokens that continue it.
            let mut joined = sq.clone();
            while found.is_empty() && i + used < tokens.len() && continues(&pos, &joined) {
                let next = match tokens[i + used].squares(turned) {
                    Ok(s) if s[0] == *joined.last().expect("squares") => s,
                    _ => break,
                };
                joined.extend_from_slice(&next[1..]);
                used += 1;
                found = resolve::candidates(&pos, MoveQuery::Through { squares: &joined, capture_mark: false });
            }
            if found.is_empty() {
                used = 1;
            }
        }
        match found.len() {
            0 => {
                // A capture with hops left out at the end, which no later token continues: say
                // so (the resolver's words), rather than just "not legal".
                let route = MoveQuery::Route { from: sq[0], landings: &sq[1..], captured: None };
                if let Err(e @ resolve::MatchError::Incomplete { .. }) = resolve::find(&pos, route) {
                    return Err(fail(e.reason()));
                }
                let legal: Vec<String> = pos.legal_moves().iter().map(|m| movetext::write(pos.variant(), m)).collect();
                return Err(fail(if legal.is_empty() {
                    format!("{} has no legal move here", pos.side_to_move())
                } else {
                    format!("not a legal move for {}; legal: {}", pos.side_to_move(), legal.join(" "))
                }));
            }
            1 => {
                let written = MoveQuery::Through { squares: &sq, capture_mark: tok.capture_mark };
                let mv = resolve::accept(&pos, written, found[0]).map_err(|e| fail(e.reason()))?;
                pos.play_unchecked(&mv);
                moves.push(mv);
            }
            _ => {
                // Start and end squares alone name several captures: take the one that lets the
                // rest of the record replay (the furthest, if none does).
                let rest = &tokens[i + used..];
                let mut best: Option<(usize, Move, Reading)> = None;
                let mut whole = 0;
                for cand in &found {
                    let tail = run(pos.after(cand), rest, turned);
                    let (reach, reading) = match tail {
                        Ok(t) => (usize::MAX, t),
                        Err(e) => (e.ply, (Vec::new(), Vec::new())),
                    };
                    whole += (reach == usize::MAX) as usize;
                    if best.as_ref().is_none_or(|b| reach > b.0) {
                        best = Some((reach, *cand, reading));
                    }
                }
                let (reach, mv, (tail, tail_notes)) = best.expect("several candidates");
                let paths: Vec<String> = found.iter().map(|m| movetext::write(pos.variant(), m)).collect();
                if reach == usize::MAX {
                    let ply = moves.len() + 1;
                    let how = if whole == 1 { "the only one the rest of the game allows" } else { "the first of several the rest of the game allows" };
                    notes.push((ply, format!("{:?} names {}; read as {}, {how}", tok.raw.text, paths.join(" or "), movetext::write(pos.variant(), &mv))));
                    moves.push(mv);
                    moves.extend(tail);
                    notes.extend(tail_notes.into_iter().map(|(p, n)| (p + ply, n)));
                    return Ok((moves, notes));
                }
                return Err(fail(format!("ambiguous: {}; none lets the rest of the game replay", paths.join(" or "))));
            }
        }
        i += used;
    }
    Ok((moves, notes))
}

/// True if some legal capture starts with the hops in `squares`.
fn continues(pos: &Position, squares: &[Square]) -> bool {
    pos.legal_routes().iter().any(|m| {
        m.is_capture()
            && m.from() == squares[0]
            && m.hops as usize >= squares.len()
            && m.landings().zip(&squares[1..]).all(|(a, &b)| a == b)
    })
}

/// Writes a game as PDN 3.0: `GameType` (and `[Variant]` for our own settings), `[SetUp]`/`[FEN]`
/// when the game does not start from the start position, `extra` tags (Event, White, ...), the
/// moves with full paths, and the result (`*` while the game goes on).
pub fn write_pdn(game: &Game, extra: &[(String, String)]) -> String {
    write_pdn_with(game, &RecordOptions { tags: extra.to_vec(), ..RecordOptions::default() })
}

/// What a PDN record adds to a game (see [`write_pdn_with`]).
#[derive(Clone, Debug, Default)]
pub struct RecordOptions {
    /// Tags written first, in order (Event, players, ...).
    pub tags: Vec<(String, String)>,
    /// The result when it was decided outside the game's rules (a match's adjudication);
    /// `None`: the game's own outcome. Also written as a `Termination` tag (its reason code).
    pub outcome: Option<Outcome>,
    /// Comments after the move of that index (0-based ply), e.g. where a set opening ends.
    pub comments: Vec<(usize, String)>,
}

/// Writes `game` as a PDN record: `opts.tags`, then `Result`, `GameType` (and `Variant` for the
/// local 8x8 settings), `Termination` when `opts.outcome` is given, `SetUp`/`FEN` when the game
/// did not start from the start position, and the moves with their full paths (captures with
/// `:` in Russian, `x` elsewhere). Every PDN the
/// project writes goes through here; [`crate::notation::pdn::parse`] and [`replay`] read it
/// back to the same moves.
pub fn write_pdn_with(game: &Game, opts: &RecordOptions) -> String {
    let v = game.variant();
    let mut tags: Vec<(String, String)> = opts.tags.clone();
    let outcome = opts.outcome.or(game.outcome());
    let result = outcome.map(|o| o.pdn()).unwrap_or("*");
    tags.push(("Result".into(), result.into()));
    tags.push(("GameType".into(), v.rules().game_type.to_string()));
    if matches!(v, Variant::American | Variant::German) {
        tags.push(("Variant".into(), v.id().into()));
    }
    if let Some(o) = opts.outcome {
        tags.push(("Termination".into(), o.reason().code()));
    }
    if game.draw_rules() == DrawRules::Fmjd {
        tags.push((DRAW_RULES_TAG.into(), "FMJD".into()));
    }
    let start = game.start();
    if *start != Position::start(v) {
        tags.push(("SetUp".into(), "1".into()));
        tags.push(("FEN".into(), crate::notation::fen::write(start)));
    }
    // Russian PDN writes captures with `:` (RULES.md section 6), as the Russian sources do;
    // the squares are algebraic there, so no `x` in the text is anything but a capture.
    let moves: Vec<String> = game
        .moves()
        .iter()
        .map(|m| movetext::write(v, m))
        .map(|t| if v == Variant::Russian { t.replace('x', ":") } else { t })
        .collect();
    let opts = pdn::WriteOptions {
        black_first: start.side_to_move() == Color::Dark && v.rules().first_mover == Color::Light,
        comments: opts.comments.clone(),
        ..Default::default()
    };
    pdn::write_game_with(&tags, &moves, result, &opts)
}

/// The outcome of checking one file.
#[derive(Clone, Debug, Default)]
pub struct FileCheck {
    /// Games read (records with or without moves).
    pub games: usize,
    /// Games replayed to the end.
    pub ok: usize,
    /// Failures: (game number, error).
    pub failed: Vec<(usize, ReplayError)>,
    /// Notes on games that replayed: (game number, ply, note).
    pub notes: Vec<(usize, usize, String)>,
    /// Reader warnings (skipped fragments), as "line L, col C: ...".
    pub warnings: Vec<String>,
}

/// Replays one game of a file under its rule set ([`game_variant`] with `default`). A game whose
/// rule set is unknown fails at ply 0.
pub fn replay_game(game: &PdnGame, default: Option<Variant>) -> Result<Replayed, ReplayError> {
    game_variant(game, default).map_err(setup_error).and_then(|v| replay(game, v))
}

/// Reads PDN text and replays every game; `default` is the rule set of games without a
/// `GameType` or `[Variant]` tag.
pub fn check_text(text: &str, default: Option<Variant>) -> FileCheck {
    let file = pdn::parse(text);
    let mut out = FileCheck { warnings: file.warnings.iter().map(|w| w.to_string()).collect(), ..Default::default() };
    for g in &file.games {
        out.games += 1;
        let res = replay_game(g, default);
        match res {
            Ok(r) => {
                out.ok += 1;
                out.notes.extend(r.notes.into_iter().map(|(p, n)| (g.number, p, n)));
            }
            Err(e) => out.failed.push((g.number, e)),
        }
    }
    out
}
