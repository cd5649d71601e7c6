//! Hub's position and move formats and variant names (see the module docs of [`super`]): the
//! text both our engine and our client read and write. Moves are resolved by the rules crate's
//! one resolver.

use draughts_rules::notation::movetext;
use draughts_rules::resolve::{self, MatchError, MoveQuery};
use draughts_rules::{BoardKind, Color, Move, Position, Variant};

/// The Hub `variant` value of a rule set: `normal` for international (Scan's name), our ids for
/// the others (see `docs/hub.md`).
pub fn variant_name(v: Variant) -> &'static str {
    match v {
        Variant::International => "normal",
        other => other.id(),
    }
}

/// Reads a Hub `variant` value: `normal` (or `international`) and our other ids.
pub fn variant_from_name(name: &str) -> Option<Variant> {
    match name.trim().to_ascii_lowercase().as_str() {
        "normal" | "international" => Some(Variant::International),
        other => other.parse().ok(),
    }
}

/// The squares of a variant in Hub's standard order (see the module docs).
fn squares_in_order(v: Variant) -> Vec<u32> {
    let g = v.geometry();
    match g.kind {
        BoardKind::Diagonal => (1..=g.squares as u32).filter_map(|n| g.bit_of_number(n)).collect(),
        BoardKind::Orthogonal => (0..64).collect(),
    }
}

/// Writes a position in Hub's format.
pub fn write_position(pos: &Position) -> String {
    let mut s = String::new();
    s.push(if pos.side_to_move() == Color::Light { 'W' } else { 'B' });
    for b in squares_in_order(pos.variant()) {
        s.push(match pos.piece_at(b) {
            None => 'e',
            Some(p) => match (p.color, p.kind) {
                (Color::Light, draughts_rules::PieceKind::Man) => 'w',
                (Color::Dark, draughts_rules::PieceKind::Man) => 'b',
                (Color::Light, draughts_rules::PieceKind::King) => 'W',
                (Color::Dark, draughts_rules::PieceKind::King) => 'B',
            },
        });
    }
    s
}

/// Reads a position in Hub's format for a variant. Errors say which character is wrong.
pub fn parse_position(v: Variant, text: &str) -> Result<Position, String> {
    let text = text.trim();
    let order = squares_in_order(v);
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != order.len() + 1 {
        return Err(format!(
            "a {v} position has {} characters (side to move and {} squares); got {}",
            order.len() + 1,
            order.len(),
            chars.len()
        ));
    }
    let side = match chars[0] {
        'W' | 'w' => Color::Light,
        'B' | 'b' => Color::Dark,
        c => return Err(format!("character 1 ({c:?}) must be W or B, the side to move")),
    };
    let (mut light, mut dark, mut kings) = (0u64, 0u64, 0u64);
    for (i, (&c, &b)) in chars[1..].iter().zip(order.iter()).enumerate() {
        let bit = 1u64 << b;
        match c {
            'w' => light |= bit,
            'b' => dark |= bit,
            'W' => {
                light |= bit;
                kings |= bit
            }
            'B' => {
                dark |= bit;
                kings |= bit
            }
            'e' | '.' => {}
            other => return Err(format!("character {} ({other:?}) must be one of w b W B e", i + 2)),
        }
    }
    Position::new(v, light, dark, kings, side).map_err(|e| format!("impossible position: {e}"))
}

/// Writes a move in Hub's format (see the module docs).
pub fn write_move(v: Variant, mv: &Move) -> String {
    let from = mv.from().name(v);
    let to = mv.to().name(v);
    if !mv.is_capture() {
        return format!("{from}-{to}");
    }
    let mut s = format!("{from}x{to}");
    for c in mv.captured_squares() {
        s.push('x');
        s.push_str(&c.name(v));
    }
    s
}

/// Reads a move in Hub's format (or plain move text `from-to`, `fromxto`) and finds the legal
/// move it names in `pos`. Errors name the problem.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, String> {
    let t = text.trim();
    let fail = |e: MatchError| format!("move {t:?}: {}", e.reason());
    let lexed = movetext::lex(pos.variant(), t).map_err(|e| fail(MatchError::Syntax(e)))?;
    let squares = &lexed.squares;
    let captured = (squares.len() > 2).then(|| squares[2..].iter().fold(0u64, |acc, sq| acc | sq.mask()));
    resolve::find(pos, MoveQuery::Taking { from: squares[0], to: squares[1], captured, capture_mark: lexed.capture_mark }).map_err(fail)
}
