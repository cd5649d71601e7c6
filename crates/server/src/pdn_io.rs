//! PDN for the web app: a table's game as a PDN download, and PDN text read into frames the
//! page can step through. Reading and writing are the rules crate's (`notation::pdn`,
//! `notation::pdn::replay`); this module only shapes the result for the API.

use crate::table::{Mode, Settings, Side};
use crate::wire::{MoveJson, PieceJson, PositionJson};
use draughts_rules::notation::pdn::{self, replay};
use draughts_rules::{Game, Variant};
use serde::Serialize;

/// Writes a table's game as PDN: `Event`, `Date` (the game's start, UTC), `White`/`Black`
/// naming who played (the computer with its level: "Computer (level 4)", as other draughts
/// programs name an engine), and `Termination` in words once the game is over.
pub fn write(game: &Game, settings: &Settings, started_at: i64) -> String {
    let (white, black) = match settings.mode {
        Mode::TwoPlayer => ("Player 1".to_string(), "Player 2".to_string()),
        Mode::Computer => {
            let computer = format!("Computer (level {})", settings.level);
            match settings.human_side {
                Side::Light => ("You".to_string(), computer),
                Side::Dark => (computer, "You".to_string()),
            }
        }
    };
    let mut tags = vec![
        ("Event".to_string(), format!("{} game", game.variant().rules().name)),
        ("Date".to_string(), pdn_date(started_at)),
        ("White".to_string(), white),
        ("Black".to_string(), black),
    ];
    tags.extend(termination(game));
    replay::write_pdn(game, &tags)
}

/// The `Termination` tag of a finished game: how it ended, in the words the page shows
/// ("Light wins: Dark resigned", "Draw: agreed by the players").
pub fn termination(game: &Game) -> Option<(String, String)> {
    game.outcome().map(|o| ("Termination".to_string(), o.to_string()))
}

/// `YYYY.MM.DD` of a Unix time in ms (UTC), as PDN writes dates.
pub fn pdn_date(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    format!("{y:04}.{m:02}.{d:02}")
}

/// One position of a game being stepped through.
#[derive(Debug, Serialize)]
pub struct FrameJson {
    pub fen: String,
    pub pieces: Vec<PieceJson>,
    /// The move that led here (none for the start).
    #[serde(rename = "move")]
    pub mv: Option<MoveJson>,
}

/// One game of a PDN file.
#[derive(Debug, Serialize)]
pub struct PdnGameJson {
    /// 1-based number of the game in the file.
    pub number: usize,
    /// The rule set, when it could be told.
    pub variant: Option<&'static str>,
    pub tags: Vec<(String, String)>,
    /// The result as written in the record.
    pub result: Option<String>,
    /// The moves that replayed (the frames less the start, for the game that has them).
    pub plies: usize,
    /// The start position and the position after each move that replayed: for the game asked
    /// for ([`PdnReply::framed`]) only, empty for the others (a collection of thousands of games
    /// would otherwise answer with every position of every game, hundreds of megabytes).
    pub frames: Vec<FrameJson>,
    /// Why the game stopped replaying early, if it did.
    pub error: Option<String>,
    /// The result by our rules at the last frame, in words.
    pub outcome: Option<String>,
}

/// `POST /api/pdn`'s answer.
#[derive(Debug, Serialize)]
pub struct PdnReply {
    pub games: Vec<PdnGameJson>,
    /// The index (from 0) of the game whose `frames` are given.
    pub framed: usize,
    /// What the reader skipped, as "line L, col C: ...".
    pub warnings: Vec<String>,
}

fn frame(pos: &draughts_rules::Position, mv: Option<MoveJson>) -> FrameJson {
    let p = PositionJson::new(pos, &[]);
    FrameJson { fen: p.fen, pieces: p.pieces, mv }
}

/// Reads PDN text: every game's tags, rule set, moves replayed and result by our rules, and the
/// frames of game `framed` (an index from 0). `fallback` is the rule set of games without
/// `GameType`/`Variant` tags.
///
/// Errors: a file with no game in it, and a `framed` game the file does not have. Problems in
/// single games are reported in their `error`.
pub fn read(text: &str, fallback: Option<Variant>, framed: usize) -> Result<PdnReply, String> {
    let file = pdn::parse(text);
    if file.games.is_empty() {
        return Err("no game found in this PDN text; a game has tags like [GameType \"21\"] and moves like 1. 11-15 23-19".into());
    }
    if framed >= file.games.len() {
        return Err(format!("game {framed} was asked, but this PDN text has {} game(s), numbered from 0", file.games.len()));
    }
    let mut games = Vec::new();
    for (index, g) in file.games.iter().enumerate() {
        let mut out = PdnGameJson {
            number: g.number,
            variant: None,
            tags: g.tags.clone(),
            result: g.result.clone(),
            plies: 0,
            frames: Vec::new(),
            error: None,
            outcome: None,
        };
        let v = match replay::game_variant(g, fallback) {
            Ok(v) if Variant::OFFERED.contains(&v) => v,
            Ok(v) => {
                out.error = Some(format!("the rule set {v} cannot be played in this app"));
                games.push(out);
                continue;
            }
            Err(e) => {
                out.error = Some(e);
                games.push(out);
                continue;
            }
        };
        out.variant = Some(v.id());
        // Replay as far as the record goes; on an error show the moves up to it.
        // The draw rules its tag names (one the rule set lacks fails the replay, below).
        let draws = replay::draw_rules(g, v).unwrap_or_default();
        let (start, moves, error) = match replay::replay(g, v) {
            Ok(r) => (r.start, r.moves, None),
            Err(e) => match replay::start_position(g, v) {
                Ok(start) => {
                    let mut partial = pdn::PdnGame { moves: g.moves[..e.ply.saturating_sub(1).min(g.moves.len())].to_vec(), ..g.clone() };
                    partial.result = None;
                    let moves = replay::replay(&partial, v).map(|r| r.moves).unwrap_or_default();
                    (start, moves, Some(e.to_string()))
                }
                Err(e) => {
                    out.error = Some(e.to_string());
                    games.push(out);
                    continue;
                }
            },
        };
        let with_frames = index == framed;
        let mut pos = start;
        if with_frames {
            out.frames.push(frame(&pos, None));
        }
        let mut game = Game::from_position_with(start, draws).unwrap_or_else(|_| Game::from_position(start));
        for m in &moves {
            let _ = game.play(m);
            if with_frames {
                pos = pos.after(m);
                out.frames.push(frame(&pos, Some(MoveJson::new(v, m))));
            }
        }
        out.plies = moves.len();
        out.error = error;
        out.outcome = game.outcome().map(|o| o.to_string());
        games.push(out);
    }
    Ok(PdnReply { games, framed, warnings: file.warnings.iter().map(|w| w.to_string()).collect() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdn_dates() {
        assert_eq!(pdn_date(0), "1970.01.01");
        assert_eq!(pdn_date(1_709_210_096_000), "2024.02.29");
    }
}
