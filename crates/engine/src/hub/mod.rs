//! The Hub protocol, version 2, as Scan 3.x defines it (its `protocol.txt`): our engine as a Hub
//! engine ([`run_engine`], used by `draughts hub`) and a client that drives any Hub engine
//! ([`HubClient`], used by `draughts match`).
//!
//! Lines have the form `<command> <arg>=<val> ...`; values may be double-quoted; commands and
//! arguments we do not understand are ignored. See `docs/hub.md` for the exact dialogue, our
//! variant values and the position and move formats on boards other than 10x10.
//!
//! Position format: `W` or `B` (side to move) followed by one character per square in standard
//! order (`w`/`b` men, `W`/`B` kings, `e` empty). Standard order is the PDN square numbering
//! (1, 2, ...) on the diagonal boards and a8, b8, ..., h8, a7, ..., h1 on the Turkish board.
//!
//! Move format: `from-to` for a quiet move; `fromxto` followed by `x<square>` for every captured
//! piece for a capture (`28x19x23`). Squares are written in the variant's own notation (numbers,
//! or algebraic names on Russian, Turkish and Brazilian boards).
//!
//! Files by role, as Scan's: [`line`] scans and quotes lines, [`format`] reads and writes
//! positions and moves, [`session`] is our engine ([`HubSession`]), [`client`] drives others.

pub mod client;
pub mod format;
pub mod line;
pub mod session;

pub use client::HubClient;
pub use format::{parse_move, parse_position, variant_from_name, variant_name, write_move, write_position};
pub use line::{parse_line, quote, Line};
pub use session::{run_engine, run_engine_with, HubSession};

/// Our engine's name in `id` lines.
pub const ENGINE_NAME: &str = "draughts";

#[cfg(test)]
mod tests {
    use super::client::split_command;
    use super::session::{info_line, HubLevel};
    use super::*;
    use crate::search::Info;
    use draughts_rules::{DrawRules, Position, Variant};
    use std::io::BufReader;
    use std::time::{Duration, Instant};

    #[test]
    fn info_line_writes_hub_men() {
        let mut i = Info { depth: 3, seldepth: 5, score: crate::Score(-4), nodes: 10, nps: 2_000_000, elapsed: Duration::from_millis(5), pv: Vec::new() };
        assert!(info_line(Variant::International, &i).contains(" score=-0.04 "));
        i.score = crate::Score::win_in(7);
        assert!(info_line(Variant::International, &i).contains(" score=99.93 "));
        i.score = crate::Score::loss_in(4);
        assert!(info_line(Variant::International, &i).contains(" score=-99.96 "));
    }

    /// An engine that answers `hub` with an endless stream of lines.
    struct Flood;

    impl std::io::Read for Flood {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let line = b"yes\n";
            let n = buf.len() / line.len() * line.len();
            for chunk in buf[..n].chunks_mut(line.len()) {
                chunk.copy_from_slice(line);
            }
            Ok(n)
        }
    }

    #[test]
    fn an_engine_flooding_its_output_fails_the_handshake_in_time() {
        let start = Instant::now();
        let r = HubClient::connect(BufReader::new(Flood), std::io::sink(), Variant::International, DrawRules::Simplified, Duration::from_millis(300));
        let e = r.err().expect("no handshake with a flooding engine");
        assert!(e.contains("did not answer in time"), "{e}");
        assert!(start.elapsed() < Duration::from_secs(10), "took {:?}", start.elapsed());
    }

    #[test]
    fn lines_parse_with_quotes_and_flags() {
        let l = parse_line("info depth=3 pv=\"32-28 19-23\" score=-0.5 infinite").unwrap();
        assert_eq!(l.command, "info");
        assert_eq!(l.get("pv"), Some("32-28 19-23"));
        assert_eq!(l.get("score"), Some("-0.5"));
        assert!(l.has("infinite"));
        assert!(parse_line("   ").is_none());
        assert_eq!(split_command("scan hub"), vec!["scan", "hub"]);
        assert_eq!(split_command("\"my engine\" --x"), vec!["my engine", "--x"]);
    }

    #[test]
    fn positions_round_trip_on_every_board() {
        for v in Variant::ALL {
            let p = Position::start(v);
            let t = write_position(&p);
            assert_eq!(parse_position(v, &t).unwrap(), p, "{v}");
        }
        let start = write_position(&Position::start(Variant::International));
        assert_eq!(start, format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20)));
        assert!(parse_position(Variant::International, "Wxx").unwrap_err().contains("51 characters"));
    }

    #[test]
    fn moves_use_hub_capture_notation() {
        // 28 takes 23 (landing 19) and 13 (landing 8).
        let p = draughts_rules::notation::fen::parse(Variant::International, "W:W28:B13,23").unwrap();
        let moves = p.legal_moves();
        let texts: Vec<String> = moves.iter().map(|m| write_move(Variant::International, m)).collect();
        assert_eq!(texts, vec!["28x8x13x23".to_string()]);
        for t in ["28x8x13x23", "28x8x23x13", "28x8"] {
            assert!(parse_move(&p, t).unwrap().same_as(&moves[0]), "{t}");
        }
        assert!(parse_move(&p, "28x8x14").is_err());
        assert!(parse_move(&p, "31-27").is_err());
        // A quiet move written as a capture is refused, as everywhere else.
        let start = Position::start(Variant::International);
        assert!(parse_move(&start, "32-28").is_ok());
        assert!(parse_move(&start, "32x28").unwrap_err().contains("quiet move"));
    }

    #[test]
    fn clock_levels_manage_time_and_move_time_is_fixed() {
        let level = |text: &str| HubLevel::from_line(&parse_line(text).unwrap()).expect("a valid level").limits();
        // A fixed time per move stays fixed.
        let fixed = level("level move-time=2");
        assert_eq!((fixed.movetime, fixed.managed), (Some(Duration::from_secs(2)), false));
        // Under a clock: the share (60 s / 30 moves = 2 s, less a 20 ms margin) is managed.
        let clock = level("level time=60");
        assert!(clock.managed);
        assert_eq!(clock.movetime, Some(Duration::from_millis(1980)));
        // Near the end of the clock the share is kept to 22% of the time left, so that even a
        // managed move's 1.8x stays within 40% of it.
        let short = level("level moves=1 time=10");
        assert_eq!(short.movetime, Some(Duration::from_secs_f64(2.2)));
        assert!(level("level depth=5").movetime.is_none() && !level("level infinite").managed);
    }
}

