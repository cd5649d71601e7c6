//! The JSON shapes of the HTTP API (documented in `docs/api.md`) and their conversions from the
//! rules crate. Squares are always named in the variant's own notation (PDN numbers, or
//! algebraic on Russian and Turkish boards); the board layout of `GET /api/variants` says where
//! each named square is drawn.

use crate::table::{Settings, Side};
use draughts_rules::notation::{fen, movetext, square, text};
use draughts_rules::{BoardKind, CaptureChoice, ChainPromotion, DrawRules, KingRange, Move, Outcome, Position, QuietReset, Removal, Square, Variant};
use draughts_rules::resolve::{self, MatchError, MoveQuery};
use serde::{Deserialize, Serialize};

/// The offered rule set with this id (`english`, ...). Errors: the message in words, listing
/// the ids (the caller picks the status: 404 for a path, 400 for a body field).
pub fn offered_variant(id: &str) -> Result<Variant, String> {
    Variant::OFFERED.into_iter().find(|v| v.id() == id).ok_or_else(|| {
        let ids: Vec<&str> = Variant::OFFERED.iter().map(|v| v.id()).collect();
        format!("unknown rule set {id:?}; expected one of {}", ids.join(", "))
    })
}

/// A move: origin, landing squares, captured squares in capture order, and each hop.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct MoveJson {
    /// Full path in the variant's notation (`32x23x14`).
    pub text: String,
    pub from: String,
    /// Landing squares in order; the last is the destination.
    pub path: Vec<String>,
    /// Captured squares in the order they are jumped.
    pub captured: Vec<String>,
    /// The man is crowned by this move.
    pub promotes: bool,
    /// The same for every route of one move (origin, destination and captured set): a page
    /// that shows a move once groups the legal routes by it.
    pub key: String,
}

impl MoveJson {
    /// Converts a move of `variant`.
    pub fn new(variant: Variant, mv: &Move) -> MoveJson {
        let name = |s: Square| s.name(variant);
        let mut taken: Vec<Square> = mv.captured_squares().collect();
        taken.sort();
        let key = std::iter::once(name(mv.from()))
            .chain(std::iter::once(name(mv.to())))
            .chain(taken.into_iter().map(name))
            .collect::<Vec<_>>()
            .join(" ");
        MoveJson {
            key,
            text: movetext::write(variant, mv),
            from: name(mv.from()),
            path: mv.landings().map(name).collect(),
            captured: mv.hops(variant.geometry()).filter_map(|h| h.taken).map(name).collect(),
            promotes: mv.promotes(),
        }
    }
}

/// A piece on the board.
#[derive(Clone, Debug, Serialize)]
pub struct PieceJson {
    pub square: String,
    pub color: Side,
    /// `man` or `king`.
    pub kind: &'static str,
}

/// A position: pieces, side to move, its FEN and guide text, and every legal route.
#[derive(Clone, Debug, Serialize)]
pub struct PositionJson {
    pub fen: String,
    /// Guide 000's position text (`Light c3; Dark d4. Light to move.`).
    pub text: String,
    pub side_to_move: Side,
    pub pieces: Vec<PieceJson>,
    /// Every route of every legal move (two routes of one move are both listed, so that a
    /// player may follow either).
    pub legal: Vec<MoveJson>,
    /// True when the legal moves are captures (capture is compulsory).
    pub must_capture: bool,
    /// The pieces of the side to move that could capture but may not, because another capture
    /// takes more (or, in Italian, comes first): a click on one is answered with why.
    pub outranked: Vec<String>,
}

impl PositionJson {
    /// Converts a position with its legal routes (pass an empty list when the game is over).
    pub fn new(pos: &Position, legal: &[Move]) -> PositionJson {
        let v = pos.variant();
        let g = v.geometry();
        let mut pieces = Vec::new();
        for bit in 0..64u32 {
            if g.board & (1u64 << bit) == 0 {
                continue;
            }
            if let Some(p) = pos.piece_at(bit) {
                pieces.push(PieceJson {
                    square: Square::from_bit(bit).name(v),
                    color: p.color.into(),
                    kind: match p.kind {
                        draughts_rules::PieceKind::Man => "man",
                        draughts_rules::PieceKind::King => "king",
                    },
                });
            }
        }
        PositionJson {
            fen: fen::write(pos),
            text: text::write(pos),
            side_to_move: pos.side_to_move().into(),
            pieces,
            must_capture: legal.iter().any(|m| m.is_capture()),
            outranked: if legal.iter().any(|m| m.is_capture()) {
                pos.capturing_pieces().into_iter().filter(|&s| !legal.iter().any(|m| m.from() == s)).map(|s| s.name(v)).collect()
            } else {
                Vec::new()
            },
            legal: legal.iter().map(|m| MoveJson::new(v, m)).collect(),
        }
    }
}

/// A finished game's result.
#[derive(Clone, Debug, Serialize)]
pub struct OutcomeJson {
    /// In words: "Light wins: Dark has no legal move".
    pub text: String,
    /// PDN result: `1-0`, `0-1`, `1/2-1/2`.
    pub result: &'static str,
    pub winner: Option<Side>,
    /// Reason code of RULES.md section 4 (`no-legal-move`, `threefold`, ...).
    pub reason: String,
}

impl OutcomeJson {
    pub fn new(o: Outcome) -> OutcomeJson {
        OutcomeJson { text: o.to_string(), result: o.pdn(), winner: o.winner().map(Into::into), reason: o.reason().code() }
    }
}

/// Elapsed time (counting up, not a countdown).
#[derive(Clone, Debug, Serialize)]
pub struct ClockJson {
    pub light_ms: i64,
    pub dark_ms: i64,
    pub total_ms: i64,
    /// The side whose time is running, or `null` while paused or over.
    pub running: Option<Side>,
}

/// One move of the move list.
#[derive(Clone, Debug, Serialize)]
pub struct PlayedJson {
    /// 1-based half-move number.
    pub ply: usize,
    /// The move number as PDN writes it: pairs begin with the rule set's first mover.
    pub number: usize,
    pub side: Side,
    /// Milliseconds the mover used.
    pub spent_ms: i64,
    #[serde(rename = "move")]
    pub mv: MoveJson,
}

/// A seated game's state, the same for a local table and a room
/// ([`crate::seated_game::SeatedGame::to_json`]).
#[derive(Clone, Debug, Serialize)]
pub struct GameJson {
    pub variant: &'static str,
    pub ply: usize,
    pub side_to_move: Side,
    pub start_fen: String,
    pub moves: Vec<PlayedJson>,
    pub position: PositionJson,
    pub last_move: Option<MoveJson>,
    pub outcome: Option<OutcomeJson>,
    pub clock: ClockJson,
    pub quiet_count: u16,
    /// The half-moves without a reset that draw the game: the rule set's limit, or under the
    /// FMJD's rules the king-move count of article 6.3 (50).
    pub quiet_limit: u16,
    /// What resets `quiet_count`: `man-move` (a capture or a man move) or `promotion` (a
    /// capture or a promotion), RULES.md section 2.
    pub quiet_reset: &'static str,
    /// How often the current position has occurred (3 draws).
    pub repetitions: usize,
    /// The draw rules the game is judged by: `simplified` (RULES.md section 4) or `fmjd` (the
    /// FMJD's official rules, international only). Fixed when the game starts.
    pub draw_rules: &'static str,
    /// Under the FMJD's rules, in a lone-king ending (articles 6.4 and 6.5): its count so far;
    /// `null` otherwise.
    pub lone_king: Option<LoneKingJson>,
}

/// A lone-king ending's count under the FMJD's rules (articles 6.4 and 6.5).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct LoneKingJson {
    /// Half-moves played since the ending began.
    pub count: u16,
    /// Half-moves it may last: 32 (three pieces against the king) or 10 (two or one).
    pub limit: u16,
}

/// A table's whole state (`GET /api/games/{variant}`): the game and the table's settings.
#[derive(Clone, Debug, Serialize)]
pub struct TableJson {
    #[serde(flatten)]
    pub game: GameJson,
    pub settings: Settings,
    /// The page should ask for the computer's move (`POST .../computer`).
    pub computer_to_move: bool,
}

/// A move as a client sends it, over HTTP and WebSocket alike: either `text` (`"11-15"`,
/// `"32x23x14"`, or a shortening that names one legal move) or `from` + `path` (every landing
/// square in order, as [`MoveJson`] writes them), with optional `captured` squares to tell apart
/// two routes through the same squares. `ply`, when given, must be the game's ply (the client's
/// view is not stale); the rooms protocol requires it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveInput {
    pub text: Option<String>,
    pub from: Option<String>,
    pub path: Option<Vec<String>>,
    pub captured: Option<Vec<String>>,
    pub ply: Option<usize>,
}

impl MoveInput {
    /// The legal move of `pos` this input names. Errors are the resolver's (a bad square or
    /// text, an illegal move listing the legal ones, an ambiguous or cut-short one), or
    /// [`MoveInputError::Shape`] for a message with neither form or both.
    pub fn resolve(&self, pos: &Position) -> Result<Move, MoveInputError> {
        match (&self.text, &self.from, &self.path) {
            (Some(text), None, None) if self.captured.is_none() => Ok(resolve::find(pos, MoveQuery::Text(text))?),
            (None, Some(from), Some(path)) => {
                let route: Vec<&str> = std::iter::once(from.as_str()).chain(path.iter().map(String::as_str)).collect();
                Ok(resolve::find_route(pos, &route, self.captured.as_deref())?)
            }
            _ => Err(MoveInputError::Shape),
        }
    }
}

/// Why a [`MoveInput`] names no legal move.
#[derive(Clone, Debug, thiserror::Error)]
pub enum MoveInputError {
    /// Neither `text` nor `from` + `path` was given, or both were.
    #[error("give either \"text\" (like \"11-15\") or \"from\" and \"path\" (the landing squares in order)")]
    Shape,
    /// The squares or text name no legal move here.
    #[error(transparent)]
    Move(#[from] MatchError),
}

impl MoveInputError {
    /// The stable code of the error in the web API (docs/api.md, "Errors"): `move_shape`, or
    /// the resolver's ([`MatchError::code`]).
    pub fn code(&self) -> &'static str {
        match self {
            MoveInputError::Shape => "move_shape",
            MoveInputError::Move(e) => e.code(),
        }
    }

    /// The code's arguments: `asked` (the move or square as written) and `moves` (the moves
    /// the error lists, joined by ", "), where the error has them.
    pub fn args(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut args = serde_json::Map::new();
        if let MoveInputError::Move(e) = self {
            args.insert("asked".into(), e.asked().into());
            args.insert("moves".into(), e.listed().join(", ").into());
        }
        args
    }

    /// True when the input cannot be read at all (its shape, a square name, the text's
    /// syntax), as opposed to naming a move the position does not allow.
    pub fn unreadable(&self) -> bool {
        matches!(self, MoveInputError::Shape | MoveInputError::Move(MatchError::BadSquare { .. } | MatchError::Syntax(_)))
    }
}

/// One square of a board layout.
#[derive(Clone, Debug, Serialize)]
pub struct SquareJson {
    /// The name used everywhere in the API.
    pub name: String,
    /// Displayed row and column, 0-based from the top-left with Light at the bottom.
    pub row: u32,
    pub col: u32,
    /// PDN square number (diagonal boards only).
    pub number: Option<u32>,
    pub algebraic: String,
}

/// A rule set: its board and a summary of its rules in words.
#[derive(Clone, Debug, Serialize)]
pub struct VariantJson {
    pub id: &'static str,
    pub name: &'static str,
    /// `diagonal` or `orthogonal`.
    pub board: &'static str,
    pub size: u8,
    /// The turned Italian board (h1 dark).
    pub mirrored: bool,
    /// `numeric` or `algebraic`: how squares are named.
    pub notation: &'static str,
    pub first_mover: Side,
    /// Taken pieces vanish at once (Turkish) instead of at the end of the chain.
    pub immediate_removal: bool,
    pub squares: Vec<SquareJson>,
    pub start_fen: String,
    /// Short summary: who moves first, captures, kings, draws (under the simplified draw rules).
    pub summary: Vec<String>,
    /// The draw rules a game of this rule set may be played under: `simplified`, and `fmjd`
    /// where the rule set has the FMJD's official ones (international).
    pub draw_rules: Vec<&'static str>,
    /// The summary of a game played under the FMJD's draw rules (its draws line differs);
    /// `null` for the rule sets without them.
    pub summary_fmjd: Option<Vec<String>>,
    /// `summary` line by line as phrases (`{"key", "args"}`), which the page words in its language.
    pub summary_keys: Vec<Vec<Phrase>>,
    /// `summary_fmjd` as phrases; `null` with it.
    pub summary_fmjd_keys: Option<Vec<Vec<Phrase>>>,
}

impl VariantJson {
    pub fn new(v: Variant) -> VariantJson {
        let r = v.rules();
        let g = v.geometry();
        let mut squares = Vec::new();
        for bit in 0..64u32 {
            if g.board & (1u64 << bit) != 0 {
                let (row, col) = g.row_col(bit);
                let sq = Square::from_bit(bit);
                squares.push(SquareJson {
                    name: sq.name(v),
                    row,
                    col,
                    number: square::number(v, sq),
                    algebraic: square::algebraic(v, sq),
                });
            }
        }
        VariantJson {
            id: r.id,
            name: r.name,
            board: match g.kind {
                BoardKind::Diagonal => "diagonal",
                BoardKind::Orthogonal => "orthogonal",
            },
            size: g.size,
            mirrored: g.mirrored,
            notation: match r.notation {
                draughts_rules::SquareNotation::Numeric => "numeric",
                draughts_rules::SquareNotation::Algebraic => "algebraic",
            },
            first_mover: r.first_mover.into(),
            immediate_removal: r.removal == Removal::Immediate,
            squares,
            start_fen: fen::write(&Position::start(v)),
            summary: summary(v, DrawRules::Simplified),
            draw_rules: [DrawRules::Simplified, DrawRules::Fmjd].into_iter().filter(|d| d.available(r)).map(DrawRules::code).collect(),
            summary_fmjd: DrawRules::Fmjd.available(r).then(|| summary(v, DrawRules::Fmjd)),
            summary_keys: summary_phrases(v, DrawRules::Simplified),
            summary_fmjd_keys: DrawRules::Fmjd.available(r).then(|| summary_phrases(v, DrawRules::Fmjd)),
        }
    }
}

/// One phrase of a summary line: its English words, and its key and arguments by which the
/// web page says it in its language (web/i18n/*.ftl, `summary-*`).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Phrase {
    pub key: &'static str,
    pub args: serde_json::Map<String, serde_json::Value>,
    #[serde(skip)]
    pub text: String,
}

fn phrase(key: &'static str, args: &[(&str, serde_json::Value)], text: impl Into<String>) -> Phrase {
    Phrase { key, args: args.iter().map(|(k, v)| (k.to_string(), v.clone())).collect(), text: text.into() }
}

/// The rules of a variant in a few sentences, built from its settings (RULES.md section 2),
/// for a game judged by the draw rules `draws` (the simplified ones for a rule set without
/// the FMJD's): the English lines.
pub fn summary(v: Variant, draws: DrawRules) -> Vec<String> {
    summary_phrases(v, draws).iter().map(|line| line.iter().map(|p| p.text.as_str()).collect::<Vec<_>>().join(" ")).collect()
}

/// The same summary as phrases, a line each: what [`summary`] joins into words, and what the
/// page words by key.
pub fn summary_phrases(v: Variant, draws: DrawRules) -> Vec<Vec<Phrase>> {
    use serde_json::json;
    let r = v.rules();
    let g = v.geometry();
    let mut out = Vec::new();
    let (kind, board) = match (g.kind, g.size, g.mirrored) {
        (BoardKind::Orthogonal, _, _) => ("orthogonal", "8x8 board, all 64 squares; pieces move along rows and columns"),
        (_, 10, _) => ("ten", "10x10 board, the 50 dark squares"),
        (_, _, true) => ("mirrored", "8x8 board turned so that h1 is dark (dark corner on the right)"),
        _ => ("eight", "8x8 board, the 32 dark squares"),
    };
    let men_each = Position::start(v).pieces(draughts_rules::Color::Light).count_ones();
    let first: Side = r.first_mover.into();
    out.push(vec![phrase(
        "summary-board",
        &[("board", json!(kind)), ("men", json!(men_each)), ("first", json!(first))],
        format!("{board}; {men_each} men each. {} moves first.", r.first_mover),
    )]);
    let (step_key, step) = if r.men_step_sideways { ("sideways", "one square forward or sideways") } else { ("diagonal", "one square diagonally forward") };
    let (cap_key, cap) = match (r.men_capture_backward, r.men_capture_sideways) {
        (true, _) => ("backward", "forwards and backwards"),
        (false, true) => ("sideways", "forwards and sideways, never backwards"),
        (false, false) => ("forward", "forwards only"),
    };
    let mut men = vec![phrase("summary-men", &[("step", json!(step_key)), ("capture", json!(cap_key))], format!("Men step {step} and capture {cap}."))];
    if !r.men_capture_kings {
        men.push(phrase("summary-men-no-kings", &[], "A man may never capture a king."));
    }
    out.push(men);
    let (choice, words) = match r.capture_choice {
        CaptureChoice::Free => ("free", "Capture is compulsory; you may choose any capture, not necessarily the longest, but must finish its chain."),
        CaptureChoice::Maximum => ("maximum", "Capture is compulsory and you must take the largest number of pieces (kings count as one)."),
        CaptureChoice::Italian => ("italian", "Capture is compulsory: take the most pieces; then capture with a king if possible; then take the most kings; then meet a king earliest."),
    };
    out.push(vec![phrase("summary-capture", &[("choice", json!(choice))], words)]);
    let (removal, words) = match r.removal {
        Removal::AtEnd => ("end", "Taken pieces are removed when the chain ends and cannot be jumped twice."),
        Removal::Immediate => ("immediate", "Taken pieces vanish at once; a king may turn 90 degrees between captures but never reverse."),
    };
    out.push(vec![phrase("summary-removal", &[("removal", json!(removal))], words)]);
    let (range, kings) = match r.king_range {
        KingRange::Short => ("short", "Kings move and capture one square in any direction; they do not fly."),
        KingRange::Flying => ("flying", "Kings fly: they slide any distance on a clear line and may land on any free square beyond a captured piece."),
    };
    let (promotion, promo) = match r.chain_promotion {
        ChainPromotion::EndsMove => ("ends", "A man reaching the far row is crowned and the move ends there."),
        ChainPromotion::ContinuesAsKing => ("continues", "A man reaching the far row in a capture is crowned at once and goes on capturing as a king."),
        ChainPromotion::OnlyAtEnd => ("end-only", "A man is crowned only if its move ends on the far row."),
    };
    out.push(vec![phrase("summary-kings", &[("range", json!(range))], kings), phrase("summary-promotion", &[("promotion", json!(promotion))], promo)]);
    let reset_key = r.quiet_reset.code();
    let reset = match r.quiet_reset {
        QuietReset::CaptureOrManMove => "a capture or a man move",
        QuietReset::CaptureOrPromotion => "a capture or a promotion",
    };
    let draws = match (draws, r.official_draws) {
        (DrawRules::Fmjd, Some(o)) => {
            let (k, three, two) = (o.king_moves / 2, o.three_against_king / 2, o.two_against_king / 2);
            vec![phrase(
                "summary-draws-fmjd",
                &[("kings", json!(k)), ("three", json!(three)), ("two", json!(two))],
                format!("Draws: the FMJD's rules (article 6): on the third occurrence of a position; after {k} moves each made only by kings, without a man move or a capture; and when a lone king holds out against three pieces (at least one a king) for {three} moves each, or against two pieces or one with a king for {two} moves each."),
            )]
        }
        _ => {
            let mut line = vec![phrase(
                "summary-draws",
                &[("limit", json!(r.quiet_limit)), ("reset", json!(reset_key))],
                format!("Draw on the third occurrence of a position, or after {} half-moves in a row without {reset}.", r.quiet_limit),
            )];
            if r.one_piece_each {
                line.push(phrase("summary-one-piece-each", &[], "With one piece each the game ends at once: king beats man, equal pieces draw."));
            }
            if v == Variant::Italian {
                line.push(phrase("summary-italian-draws", &[], "(The guide gives these draw rules for English; we use them for Italian too.)"));
            }
            if r.official_draws.is_some() {
                line.push(phrase("summary-simplified-draws", &[], "(Our simplified draw rules; a game may be played under the FMJD's official ones instead.)"));
            }
            line
        }
    };
    out.push(draws);
    out.push(vec![phrase("summary-lose", &[], "You lose when you have no pieces or no legal move.")]);
    out
}

