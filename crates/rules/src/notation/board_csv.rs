//! Board CSV: a Turkish game written as one board a ply (the engine games of
//! `../shared/data/pdn/turkish/ffloof-TurkishDraughts__Round1/`, see its SOURCES.md row).
//!
//! ```text
//! AUTO,TIME,BOARD
//! false,6.46,-------- bbbbbbbb bbbbbbbb -------- ------w- wwwwww-w wwwwwwww --------
//! ```
//!
//! A header line names the columns; the `BOARD` column (the last one when the header has none of
//! that name) holds 8 space-separated rows of 8 cells, the first row rank 8 (Dark's home), `w`/`b`
//! a Light/Dark man, `W`/`B` a king, `-` empty. Each board is the position after one more ply,
//! starting from the Turkish start position (so the first row is already after Light's first
//! move); no result is written. [`parse`] finds, for every board, the legal move that leads to it
//! (RULES.md section 2, `turkish`); when two routes of a capture lead to the same board, the first
//! legal move in generation order is taken (the boards cannot tell them apart).

use crate::game::Game;
use crate::variant::Variant;
use crate::{Color, Position};
use super::LineError;

/// A game read from a board CSV.
#[derive(Clone, Debug)]
pub struct BoardCsvGame {
    /// The game, from the Turkish start position, up to its last board or to where it ended under
    /// the rules.
    pub game: Game,
    /// The rows after the game ended under the rules (a repetition, the quiet-move limit, the
    /// one-piece-each ending), which are not read: the 1-based line of the first, and how many.
    pub after_end: Option<(usize, usize)>,
}

/// Reads a board CSV (see the [module documentation](self)). Errors: no header, a row without
/// the board column, a board that is not 8 rows of 8 known cells, or a board no legal move
/// reaches from the one before; each names its line (1 is the header).
pub fn parse(text: &str) -> Result<BoardCsvGame, LineError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((header_line, header)) = lines.next() else {
        return Err(LineError {
            line: 1,
            reason: "empty text: no header line".into(),
        });
    };
    let columns: Vec<&str> = header.split(',').map(str::trim).collect();
    if columns.last().is_some_and(|c| read_board(c).is_ok()) {
        return Err(LineError {
            line: header_line,
            reason: format!("the first line is not a header of column names: {header:?}"),
        });
    }
    let board_col = columns
        .iter()
        .position(|c| c.eq_ignore_ascii_case("BOARD"))
        .unwrap_or(columns.len() - 1);
    let mut game = Game::new(Variant::Turkish);
    let mut after_end = None;
    for (line, row) in lines {
        if let Some((_, n)) = &mut after_end {
            *n += 1;
            continue;
        }
        let fields: Vec<&str> = row.split(',').collect();
        let Some(board) = fields.get(board_col) else {
            return Err(LineError {
                line,
                reason: format!(
                    "{} fields, no column {} (BOARD)",
                    fields.len(),
                    board_col + 1
                ),
            });
        };
        let want = read_board(board).map_err(|reason| LineError { line, reason })?;
        if game.outcome().is_some() {
            after_end = Some((line, 1));
            continue;
        }
        let pos = *game.position();
        let Some(mv) = pos
            .legal_moves()
            .into_iter()
            .find(|m| same_board(&pos.after(m), want))
        else {
            return Err(LineError {
                line,
                reason: format!(
                    "no legal move of {} leads to the board {:?}",
                    pos.side_to_move().name(),
                    board.trim()
                ),
            });
        };
        game.play(&mv).map_err(|e| LineError {
            line,
            reason: e.to_string(),
        })?;
    }
    Ok(BoardCsvGame { game, after_end })
}

/// Light's pieces, Dark's pieces and the kings of a board, as bits of the Turkish board.
type Board = (u64, u64, u64);

fn same_board(p: &Position, (light, dark, kings): Board) -> bool {
    p.pieces(Color::Light) == light && p.pieces(Color::Dark) == dark && p.all_kings() == kings
}

/// Reads a board: 8 rows of 8 cells from rank 8 (bit `row * 8 + col`, the Turkish geometry's).
fn read_board(s: &str) -> Result<Board, String> {
    let rows: Vec<&str> = s.split_whitespace().collect();
    if rows.len() != 8 {
        return Err(format!(
            "a board has 8 rows, this one {}: {:?}",
            rows.len(),
            s.trim()
        ));
    }
    let (mut light, mut dark, mut kings) = (0u64, 0u64, 0u64);
    for (row, cells) in rows.iter().enumerate() {
        if cells.chars().count() != 8 {
            return Err(format!(
                "row {} of the board has {} cells, not 8: {cells:?}",
                row + 1,
                cells.chars().count()
            ));
        }
        for (col, c) in cells.chars().enumerate() {
            let b = 1u64 << (row * 8 + col);
            match c {
                'w' => light |= b,
                'b' => dark |= b,
                'W' => (light, kings) = (light | b, kings | b),
                'B' => (dark, kings) = (dark | b, kings | b),
                '-' => {}
                other => {
                    return Err(format!(
                        "row {} of the board: unknown cell {other:?} (w, b, W, B or -)",
                        row + 1
                    ))
                }
            }
        }
    }
    Ok((light, dark, kings))
}
