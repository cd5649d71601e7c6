//! How a move named from outside becomes a legal [`Move`]: the one resolver.
//!
//! Every reader of moves goes through [`find`]: move text typed by a user or read from PDN
//! (full path or a shortening, RULES.md section 8), the route of a board click or an API body
//! (origin and every landing square, optionally the captured squares), and the origin,
//! destination and captured set of the engine protocols (Hub, DXP). Squares in a query are
//! [`Square`]s; captured sets are bit sets. [`square`] reads a square name with an error that
//! names it.
//!
//! Errors say what is wrong in the field's terms ([`MatchError`]): a bad square or malformed
//! text, an illegal move (with the legal list), an ambiguous one (with the candidates) or a
//! capture chain cut short.

use crate::moves::Move;
use crate::notation::{movetext, square as names, ParseError};
use crate::position::Position;
use crate::square::Square;
use crate::variant::Variant;
use std::fmt;

/// What names a move. Squares are [`Square`]s; captured sets are bit sets.
#[derive(Clone, Copy, Debug)]
pub enum MoveQuery<'a> {
    /// Move text: the full path (`32x23x14`) or any shortening that names one legal move
    /// (`32x14`). A quiet move written with `x` (or `:`) is refused; a capture may be written
    /// with `-`, as some records do.
    Text(&'a str),
    /// Squares already read from move text (origin, some landings, destination) and whether
    /// the text wrote a capture separator; matched as [`MoveQuery::Text`].
    Through {
        /// The squares in the order written: origin, any landings, destination.
        squares: &'a [Square],
        /// True when the text joined them with `x` or `:` (a capture), false for `-`.
        capture_mark: bool,
    },
    /// A route: the origin and every landing square in order, exactly as played on the board;
    /// `captured`, when given, must be the move's captured set.
    Route {
        /// The origin square.
        from: Square,
        /// Every landing square in order, the last one the destination; a single square for a
        /// quiet move.
        landings: &'a [Square],
        /// The captured squares as a bit set, when the caller knows them; `None` matches any.
        captured: Option<u64>,
    },
    /// Origin and destination, with the captured set when given (Hub, DXP); without it the
    /// two squares must name one move.
    Taking {
        /// The origin square.
        from: Square,
        /// The destination square.
        to: Square,
        /// The captured squares as a bit set (as DXP's MOVE sends them); `None`: the two
        /// squares alone must name one move.
        captured: Option<u64>,
        /// True when the text joined the squares with `x` or `:` (Hub's `fromxto`); a quiet
        /// move may not be written so. DXP's MOVE has no separators: false.
        capture_mark: bool,
    },
}

impl MoveQuery<'_> {
    /// True when the query wrote a capture mark (`x`, `:`, `×`) between its squares.
    fn capture_mark(&self, variant: Variant) -> bool {
        match *self {
            MoveQuery::Text(text) => movetext::lex(variant, text).is_ok_and(|l| l.capture_mark),
            MoveQuery::Through { capture_mark, .. } | MoveQuery::Taking { capture_mark, .. } => capture_mark,
            MoveQuery::Route { .. } => false,
        }
    }
}

/// Why a query names no single legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// A square name that is not on the board (the name, and why).
    BadSquare {
        /// The square as written.
        name: String,
        /// Why it names no playable square of the variant's board.
        reason: String,
    },
    /// Move text that is not squares joined by `-` or `x` (the token and where it is).
    Syntax(ParseError),
    /// No legal move matches. `asked` is the query as written; `legal` the legal moves.
    Illegal {
        /// Rule set of the position the query was matched in (to write the moves listed).
        variant: Variant,
        /// The query written out as move text (squares in the variant's notation).
        asked: String,
        /// Every legal move of the position; empty when the side to move has none.
        legal: Vec<Move>,
    },
    /// A route whose squares name a legal move, but whose given captured squares are not the
    /// pieces it takes; `moves` are the legal moves along those squares.
    CapturedMismatch {
        /// The rule set, to write the moves.
        variant: Variant,
        /// The query as written.
        asked: String,
        /// The legal moves along the route's squares.
        moves: Vec<Move>,
    },
    /// A quiet move written with a capture mark (`11x15`).
    QuietWrittenAsCapture {
        /// Rule set of the position the query was matched in.
        variant: Variant,
        /// The query written out as move text.
        asked: String,
    },
    /// Several legal moves match; `candidates` lists them (full paths in [`fmt::Display`]).
    Ambiguous {
        /// Rule set of the position the query was matched in (to write the candidates).
        variant: Variant,
        /// The query written out as move text.
        asked: String,
        /// The legal moves the query matches (two or more).
        candidates: Vec<Move>,
    },
    /// A legal capture starts with exactly these hops but goes on: the chain was cut short.
    Incomplete {
        /// Rule set of the position the query was matched in (to write the continuations).
        variant: Variant,
        /// The query written out as move text.
        asked: String,
        /// The complete legal captures that begin with the hops asked.
        continuations: Vec<Move>,
    },
}

impl MatchError {
    /// Where in the asked text the error is, for text queries: the token and its character
    /// offset. Meaning errors point at the whole move.
    pub fn into_parse_error(self, text: &str) -> ParseError {
        let lead = text.chars().count() - text.trim_start().chars().count();
        match self {
            MatchError::Syntax(e) => e,
            MatchError::BadSquare { name, reason } => ParseError::new("move", &name, lead, reason),
            other => ParseError::new("move", text.trim(), lead, other.reason()),
        }
    }

    /// A stable name of the error's kind, for programs that word it themselves (the web API's
    /// codes, which the web app words in its languages): `move_bad_square`, `move_syntax`,
    /// `move_illegal`, `move_no_legal_move`, `move_quiet_as_capture`, `move_captured_mismatch`,
    /// `move_ambiguous`, `move_incomplete`.
    pub fn code(&self) -> &'static str {
        match self {
            MatchError::BadSquare { .. } => "move_bad_square",
            MatchError::Syntax(_) => "move_syntax",
            MatchError::Illegal { legal, .. } if legal.is_empty() => "move_no_legal_move",
            MatchError::Illegal { .. } => "move_illegal",
            MatchError::QuietWrittenAsCapture { .. } => "move_quiet_as_capture",
            MatchError::CapturedMismatch { .. } => "move_captured_mismatch",
            MatchError::Ambiguous { .. } => "move_ambiguous",
            MatchError::Incomplete { .. } => "move_incomplete",
        }
    }

    /// The query as written (a square name for [`MatchError::BadSquare`], the token for
    /// [`MatchError::Syntax`]).
    pub fn asked(&self) -> &str {
        match self {
            MatchError::BadSquare { name, .. } => name,
            MatchError::Syntax(e) => &e.token,
            MatchError::Illegal { asked, .. }
            | MatchError::QuietWrittenAsCapture { asked, .. }
            | MatchError::CapturedMismatch { asked, .. }
            | MatchError::Ambiguous { asked, .. }
            | MatchError::Incomplete { asked, .. } => asked,
        }
    }

    /// The moves the error lists, written in the variant's notation: the legal moves, the
    /// candidates, the continuations, or the moves along the route; empty for the others.
    pub fn listed(&self) -> Vec<String> {
        let write = |v: Variant, ms: &[Move]| ms.iter().map(|m| movetext::write(v, m)).collect();
        match self {
            MatchError::Illegal { variant, legal, .. } => write(*variant, legal),
            MatchError::CapturedMismatch { variant, moves, .. } => write(*variant, moves),
            MatchError::Ambiguous { variant, candidates, .. } => write(*variant, candidates),
            MatchError::Incomplete { variant, continuations, .. } => write(*variant, continuations),
            _ => Vec::new(),
        }
    }

    /// The error in words, without the asked text (see [`fmt::Display`] for the whole).
    pub fn reason(&self) -> String {
        let list = |v: Variant, ms: &[Move], sep: &str| ms.iter().map(|m| movetext::write(v, m)).collect::<Vec<_>>().join(sep);
        match self {
            MatchError::BadSquare { name, reason } => format!("square {name:?}: {reason}"),
            MatchError::Syntax(e) => e.reason.clone(),
            MatchError::Illegal { legal, .. } if legal.is_empty() => "illegal move: the side to move has no legal move".into(),
            MatchError::Illegal { variant, legal, .. } => format!("illegal move; legal moves are {}", list(*variant, legal, ", ")),
            MatchError::QuietWrittenAsCapture { .. } => "illegal move: a quiet move is written with -, not with a capture mark (x or :)".into(),
            MatchError::CapturedMismatch { variant, moves, .. } => {
                let takes: Vec<String> = moves
                    .iter()
                    .map(|m| {
                        let taken: Vec<String> = m.captured_squares().map(|b| b.name(*variant)).collect();
                        if taken.is_empty() {
                            format!("{} takes nothing", movetext::write(*variant, m))
                        } else {
                            format!("{} takes {}", movetext::write(*variant, m), taken.join(", "))
                        }
                    })
                    .collect();
                format!("illegal move: the captured squares given are not the pieces this move takes ({})", takes.join("; "))
            }
            MatchError::Ambiguous { variant, candidates, .. } => format!("ambiguous: {}", list(*variant, candidates, " or ")),
            MatchError::Incomplete { variant, continuations, .. } => {
                format!("not a complete move: the capture chain must go on ({})", list(*variant, continuations, " or "))
            }
        }
    }
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::BadSquare { .. } => write!(f, "{}", self.reason()),
            MatchError::Syntax(e) => write!(f, "{e}"),
            MatchError::Illegal { asked, .. }
            | MatchError::QuietWrittenAsCapture { asked, .. }
            | MatchError::CapturedMismatch { asked, .. }
            | MatchError::Ambiguous { asked, .. }
            | MatchError::Incomplete { asked, .. } => write!(f, "move {asked}: {}", self.reason()),
        }
    }
}

impl std::error::Error for MatchError {}

/// Reads a square name of `variant` (number or algebraic, RULES.md section 5).
pub fn square(variant: Variant, name: &str) -> Result<Square, MatchError> {
    names::parse(variant, name).map_err(|reason| MatchError::BadSquare { name: name.to_string(), reason })
}

/// Reads a list of square names into a bit set (a captured set).
pub fn square_set(variant: Variant, list: &[impl AsRef<str>]) -> Result<u64, MatchError> {
    list.iter().try_fold(0u64, |acc, s| square(variant, s.as_ref()).map(|sq| acc | sq.mask()))
}

/// The one legal move of `pos` that `query` names.
pub fn find(pos: &Position, query: MoveQuery) -> Result<Move, MatchError> {
    let v = pos.variant();
    let text_squares;
    let query = match query {
        MoveQuery::Text(text) => {
            let lexed = movetext::lex(v, text).map_err(MatchError::Syntax)?;
            text_squares = lexed.squares;
            MoveQuery::Through { squares: &text_squares, capture_mark: lexed.capture_mark }
        }
        q => q,
    };
    let found = candidates(pos, query);
    // What was asked is written out only for an error.
    let asked = || written(v, query, pos.has_capture());
    match found.len() {
        1 => accept(pos, query, found[0]),
        0 => {
            if let MoveQuery::Route { from, landings, captured: Some(_) } = query {
                let moves = candidates(pos, MoveQuery::Route { from, landings, captured: None });
                if !moves.is_empty() {
                    return Err(MatchError::CapturedMismatch { variant: v, asked: asked(), moves });
                }
            }
            let continuations = cut_short(pos, query);
            if continuations.is_empty() {
                Err(MatchError::Illegal { variant: v, asked: asked(), legal: pos.legal_moves() })
            } else {
                Err(MatchError::Incomplete { variant: v, asked: asked(), continuations })
            }
        }
        _ => Err(MatchError::Ambiguous { variant: v, asked: asked(), candidates: found }),
    }
}

/// `mv`, the one candidate of `query`, unless it is a quiet move that the query wrote with a
/// capture mark (RULES.md section 8): the check every reader of move text makes, also those
/// that pick among [`candidates`] themselves (PDN replay).
pub fn accept(pos: &Position, query: MoveQuery, mv: Move) -> Result<Move, MatchError> {
    let v = pos.variant();
    if query.capture_mark(v) && !mv.is_capture() {
        return Err(MatchError::QuietWrittenAsCapture { variant: v, asked: written(v, query, pos.has_capture()) });
    }
    Ok(mv)
}

/// Every legal move `query` could name, one route per move (the route as written when it is
/// one), for readers that settle ambiguity themselves (PDN replay looks ahead).
/// [`MoveQuery::Text`] that does not lex gives no candidates.
pub fn candidates(pos: &Position, query: MoveQuery) -> Vec<Move> {
    match query {
        MoveQuery::Text(text) => match movetext::lex(pos.variant(), text) {
            Ok(l) => through(pos, &l.squares),
            Err(_) => Vec::new(),
        },
        MoveQuery::Through { squares, .. } => through(pos, squares),
        MoveQuery::Route { from, landings, captured } => distinct_routes(pos, |m| {
            m.from() == from && m.landings().eq(landings.iter().copied()) && captured.is_none_or(|c| c == m.captured)
        }),
        MoveQuery::Taking { from, to, captured, .. } => pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.from() == from && m.to() == to && captured.is_none_or(|c| c == m.captured))
            .collect(),
    }
}

/// The legal moves whose route passes through `squares`: same origin and destination, and the
/// given intermediate squares among its landing squares, in order. Two routes of one move match
/// once, keeping the route exactly as written when there is one; a route written out in full
/// names that move, even if it also shortens a longer one.
fn through(pos: &Position, squares: &[Square]) -> Vec<Move> {
    let (Some(&first), Some(&last)) = (squares.first(), squares.last()) else {
        return Vec::new();
    };
    if squares.len() < 2 {
        return Vec::new();
    }
    let mids = &squares[1..squares.len() - 1];
    let mut found: Vec<Move> = Vec::new();
    for route in pos.legal_routes() {
        if route.from() != first || route.to() != last {
            continue;
        }
        let mut lands = route.landings().take(route.hops as usize - 1);
        if !mids.iter().all(|&m| lands.any(|l| l == m)) {
            continue;
        }
        if let Some(existing) = found.iter_mut().find(|m| m.same_as(&route)) {
            if route.hops as usize == squares.len() - 1 && existing.hops as usize != squares.len() - 1 {
                *existing = route;
            }
            continue;
        }
        found.push(route);
    }
    let exact: Vec<Move> = found
        .iter()
        .filter(|m| m.landings().eq(squares[1..].iter().copied()))
        .copied()
        .collect();
    if !exact.is_empty() && exact.len() < found.len() {
        return exact;
    }
    found
}

/// The legal captures whose route starts with exactly the hops of a route query (or of move
/// text written out hop by hop), and goes on.
fn cut_short(pos: &Position, query: MoveQuery) -> Vec<Move> {
    let (from, landings) = match query {
        MoveQuery::Route { from, landings, .. } => (from, landings),
        MoveQuery::Through { squares: [from, landings @ ..], .. } => (*from, landings),
        _ => return Vec::new(),
    };
    if landings.is_empty() {
        return Vec::new();
    }
    distinct_routes(pos, |m| {
        m.from() == from && m.hops as usize > landings.len() && m.landings().take(landings.len()).eq(landings.iter().copied())
    })
}

/// The legal routes of `pos` that `keep` accepts, one per move (the first route found).
fn distinct_routes(pos: &Position, keep: impl Fn(&Move) -> bool) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    for m in pos.legal_routes() {
        if keep(&m) && !out.iter().any(|o| o.same_as(&m)) {
            out.push(m);
        }
    }
    out
}

/// The query as a user would have written it, for messages: a route joined by `x` when the
/// side to move must capture (so it reads as the capture it was meant to be), else by `-`.
fn written(v: Variant, query: MoveQuery, must_capture: bool) -> String {
    let join = |squares: &mut dyn Iterator<Item = Square>, sep: &str| squares.map(|sq| sq.name(v)).collect::<Vec<_>>().join(sep);
    match query {
        MoveQuery::Text(t) => t.trim().to_string(),
        MoveQuery::Through { squares, capture_mark } => join(&mut squares.iter().copied(), if capture_mark { "x" } else { "-" }),
        MoveQuery::Route { from, landings, .. } => {
            join(&mut std::iter::once(from).chain(landings.iter().copied()), if must_capture { "x" } else { "-" })
        }
        MoveQuery::Taking { from, to, captured, .. } => {
            let mut s = join(&mut [from, to].into_iter(), if captured.is_some_and(|c| c != 0) { "x" } else { "-" });
            if let Some(c) = captured.filter(|&c| c != 0) {
                s.push_str(" taking ");
                s.push_str(&join(&mut crate::bitboard::bits(c).map(Square::from_bit), ", "));
            }
            s
        }
    }
}

/// The legal route named by square names, origin first, then every landing square
/// ([`MoveQuery::Route`]); `captured`, when given, names the captured squares to tell apart two
/// routes through the same squares. Used by the HTTP API and the rooms protocol.
pub fn find_route(pos: &Position, squares: &[impl AsRef<str>], captured: Option<&[impl AsRef<str>]>) -> Result<Move, MatchError> {
    let v = pos.variant();
    if squares.len() < 2 || squares.len() > crate::moves::MAX_HOPS + 1 {
        let asked = squares.iter().map(|s| s.as_ref()).collect::<Vec<_>>().join("-");
        let reason = format!("a route is the origin and 1 to {} landing squares", crate::moves::MAX_HOPS);
        return Err(MatchError::Syntax(ParseError::new("move", &asked, 0, reason)));
    }
    let route = squares.iter().map(|s| square(v, s.as_ref())).collect::<Result<Vec<Square>, _>>()?;
    let captured = captured.map(|c| square_set(v, c)).transpose()?;
    find(pos, MoveQuery::Route { from: route[0], landings: &route[1..], captured })
}
