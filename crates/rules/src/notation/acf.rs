//! The ACF archive's line format: English games "from the ACF archives" as one line each
//! (`../shared/data/pdn/english/EricCJoyce-Datasets__Checkers_ACF.txt`, see its SOURCES.md row).
//!
//! ```text
//! 10-14 22-17 9-13 17-10 6-15 ...<TAB>1/2-1/2
//! ```
//!
//! Space-separated moves, a TAB, the result (`1-0`: the first mover, Dark, won). Squares are
//! numbered 0 to 31 from the first mover's side (0 = a1, 1 = c1, ..., 4 = b2, ..., 31 = h8), so
//! PDN square = `4 * (i div 4) + 4 - (i mod 4)`; quiet moves and captures alike join their
//! squares with `-`, and a capture lists every landing square (`21-14-5`). The games are English
//! (RULES.md section 2, `english`) from the start position; [`parse`] matches each move with the
//! legal move through its squares.

use crate::game::Game;
use crate::resolve::{self, MoveQuery};
use crate::square::Square;
use crate::variant::Variant;
use super::LineError;

/// A game of an ACF text.
#[derive(Clone, Debug)]
pub struct AcfGame {
    /// 1-based line of the text the game is on.
    pub line: usize,
    /// The game, English, from the start position, up to its last move or to where it ended
    /// under the rules (players went on after a third repetition they did not claim).
    pub game: Game,
    /// The moves after the game ended under the rules, which are not read.
    pub after_end: usize,
    /// The result as written (`1-0`, `0-1`, `1/2-1/2`).
    pub result: String,
}

/// Reads every game of an ACF text (blank lines are skipped). Errors: a line without its TAB and
/// result, a square that is not 0 to 31, a move that matches no legal move or several; each
/// names its line.
pub fn parse(text: &str) -> Result<Vec<AcfGame>, LineError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            read_line(l)
                .map(|(game, after_end, result)| AcfGame {
                    line: i + 1,
                    game,
                    after_end,
                    result,
                })
                .map_err(|reason| LineError {
                    line: i + 1,
                    reason,
                })
        })
        .collect()
}

/// The PDN square of ACF square `i`, if it is one of 0 to 31.
pub fn square(i: u32) -> Option<Square> {
    if i > 31 {
        return None;
    }
    Variant::English
        .geometry()
        .bit_of_number(4 * (i / 4) + 4 - (i % 4))
        .map(Square::from_bit)
}

/// The game of a line, the moves after its end and the result.
fn read_line(line: &str) -> Result<(Game, usize, String), String> {
    let (moves, result) = line.split_once('\t').ok_or("no TAB before the result")?;
    let result = result.trim();
    if result.is_empty() {
        return Err("no result after the TAB".into());
    }
    let mut game = Game::new(Variant::English);
    let moves: Vec<&str> = moves.split_whitespace().collect();
    for (ply, tok) in moves.iter().enumerate() {
        if game.outcome().is_some() {
            return Ok((game, moves.len() - ply, result.to_string()));
        }
        let at = || format!("ply {} ({tok:?})", ply + 1);
        let squares = tok
            .split('-')
            .map(|s| {
                s.parse::<u32>()
                    .ok()
                    .and_then(square)
                    .ok_or_else(|| format!("{}: {s:?} is not a square 0 to 31", at()))
            })
            .collect::<Result<Vec<Square>, String>>()?;
        if squares.len() < 2 {
            return Err(format!("{}: a move needs two squares", at()));
        }
        let found = resolve::candidates(
            game.position(),
            MoveQuery::Through {
                squares: &squares,
                capture_mark: false,
            },
        );
        let [mv] = found.as_slice() else {
            return Err(format!(
                "{}: matches {} legal moves, not one",
                at(),
                found.len()
            ));
        };
        game.play(mv).map_err(|e| format!("{}: {e}", at()))?;
    }
    Ok((game, 0, result.to_string()))
}
