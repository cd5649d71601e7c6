//! DXP messages: their fields, their encoding as NUL-ended ASCII strings (see [`super`]), and
//! the legal move a MOVE message names.

use draughts_rules::notation::square;
use draughts_rules::resolve::{self, MoveQuery};
use draughts_rules::{Color, Move, PieceKind, Position, Square, Variant};

/// A DXP message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// GAMEREQ (`R`), Initiator to Follower: asks for a game.
    GameReq {
        /// The Initiator's name (32 characters on the wire, space-padded).
        name: String,
        /// The colour the Follower is asked to play.
        follower: Color,
        /// Time control: thinking time in minutes (3 digits) for the number of moves below.
        minutes: u32,
        /// Time control: number of moves (3 digits) to be played within those minutes.
        moves: u32,
        /// `None`: the standard start position.
        position: Option<Position>,
    },
    /// GAMEACC (`A`), Follower to Initiator: the answer to a GAMEREQ.
    GameAcc {
        /// The Follower's name (32 characters on the wire, space-padded).
        name: String,
        /// Acceptance code: 0 accepted, 1 wrong protocol version, 2 not this game (colour,
        /// time or position refused), 3 no games at all.
        code: u8,
    },
    /// MOVE (`M`): a move played, in either direction.
    Move {
        /// Seconds the mover used for this move (4 digits).
        seconds: u32,
        /// Origin square, international square number 1..50.
        from: u32,
        /// Destination square, international square number 1..50.
        to: u32,
        /// Captured squares (PDN numbers 1..50).
        captured: Vec<u32>,
    },
    /// GAMEEND (`E`): ends the game; the other side answers with its own GAMEEND.
    GameEnd {
        /// Reason from the sender's point of view: 0 none given, 1 I lose, 2 draw, 3 I win.
        reason: u8,
        /// Stop code: 0 another game may follow, 1 no more games (close the connection).
        stop: u8,
    },
    /// CHAT (`C`): free text for the operator (ASCII, no NUL).
    Chat(String),
    /// BACKREQ (`B`): asks to take moves back to an earlier point of the game.
    BackReq {
        /// The move number to go back to (3 digits).
        move_number: u32,
        /// The side to move at that move.
        color: Color,
    },
    /// BACKACC (`K`): the answer to a BACKREQ.
    BackAcc {
        /// Acceptance code: 0 accepted, 1 take-back not supported, 2 declined (we always
        /// answer 1).
        code: u8,
    },
}

fn color_char(c: Color) -> char {
    if c == Color::Light {
        'W'
    } else {
        'Z'
    }
}

fn parse_color(c: u8) -> Result<Color, String> {
    match c {
        b'W' | b'w' => Ok(Color::Light),
        b'Z' | b'z' | b'B' | b'b' => Ok(Color::Dark),
        other => Err(format!("colour {:?} must be W or Z", other as char)),
    }
}

fn pad_name(name: &str) -> String {
    let clean: String = name.chars().filter(|c| c.is_ascii() && !c.is_ascii_control()).take(32).collect();
    format!("{:<32}", clean.trim_start())
}

fn digits(s: &[u8], what: &str) -> Result<u32, String> {
    let t = std::str::from_utf8(s).map_err(|_| format!("{what} is not ASCII"))?;
    t.trim().parse().map_err(|_| format!("{what} {t:?} is not a number"))
}

impl Message {
    /// The message as sent (without the terminating NUL).
    pub fn encode(&self) -> String {
        match self {
            Message::GameReq { name, follower, minutes, moves, position } => {
                let mut s = format!("R01{}{}{:03}{:03}", pad_name(name), color_char(*follower), minutes.min(&999), moves.min(&999));
                match position {
                    None => s.push('A'),
                    Some(p) => {
                        s.push('B');
                        s.push(color_char(p.side_to_move()));
                        let g = Variant::International.geometry();
                        for n in 1..=50 {
                            let b = g.bit_of_number(n).expect("50 squares");
                            s.push(match p.piece_at(b) {
                                None => 'e',
                                Some(pc) => match (pc.color, pc.kind) {
                                    (Color::Light, PieceKind::Man) => 'w',
                                    (Color::Dark, PieceKind::Man) => 'z',
                                    (Color::Light, PieceKind::King) => 'W',
                                    (Color::Dark, PieceKind::King) => 'Z',
                                },
                            });
                        }
                    }
                }
                s
            }
            Message::GameAcc { name, code } => format!("A{}{}", pad_name(name), code),
            Message::Move { seconds, from, to, captured } => {
                let mut s = format!("M{:04}{:02}{:02}{:02}", seconds.min(&9999), from, to, captured.len());
                for c in captured {
                    s.push_str(&format!("{c:02}"));
                }
                s
            }
            Message::GameEnd { reason, stop } => format!("E{reason}{stop}"),
            Message::Chat(t) => format!("C{}", t.chars().filter(|c| c.is_ascii() && *c != '\0').collect::<String>()),
            Message::BackReq { move_number, color } => format!("B{:03}{}", move_number, color_char(*color)),
            Message::BackAcc { code } => format!("K{code}"),
        }
    }

    /// Reads a message (without its NUL). Errors say what is wrong.
    pub fn decode(raw: &[u8]) -> Result<Message, String> {
        let s = raw;
        let need = |n: usize| -> Result<(), String> {
            if s.len() < n {
                Err(format!("message {:?} is too short", String::from_utf8_lossy(s)))
            } else {
                Ok(())
            }
        };
        need(1)?;
        Ok(match s[0] {
            b'R' => {
                need(43)?;
                if &s[1..3] != b"01" {
                    return Err(format!("protocol version {:?} is not 01", String::from_utf8_lossy(&s[1..3])));
                }
                let name = String::from_utf8_lossy(&s[3..35]).trim_end().to_string();
                let follower = parse_color(s[35])?;
                let minutes = digits(&s[36..39], "thinking time")?;
                let moves = digits(&s[39..42], "number of moves")?;
                let position = match s[42] {
                    b'A' => None,
                    b'B' => {
                        need(94)?;
                        let side = parse_color(s[43])?;
                        let g = Variant::International.geometry();
                        let (mut light, mut dark, mut kings) = (0u64, 0u64, 0u64);
                        for (i, &c) in s[44..94].iter().enumerate() {
                            let b = 1u64 << g.bit_of_number(i as u32 + 1).expect("50 squares");
                            match c {
                                b'e' => {}
                                b'w' => light |= b,
                                b'z' => dark |= b,
                                b'W' => {
                                    light |= b;
                                    kings |= b
                                }
                                b'Z' => {
                                    dark |= b;
                                    kings |= b
                                }
                                other => return Err(format!("square {} holds {:?}; expected e w z W Z", i + 1, other as char)),
                            }
                        }
                        Some(Position::new(Variant::International, light, dark, kings, side).map_err(|e| format!("impossible position: {e}"))?)
                    }
                    other => return Err(format!("starting position {:?} must be A or B", other as char)),
                };
                Message::GameReq { name, follower, minutes, moves, position }
            }
            b'A' => {
                need(34)?;
                Message::GameAcc { name: String::from_utf8_lossy(&s[1..33]).trim_end().to_string(), code: s[33].wrapping_sub(b'0') }
            }
            b'M' => {
                need(11)?;
                let seconds = digits(&s[1..5], "time")?;
                let from = digits(&s[5..7], "from square")?;
                let to = digits(&s[7..9], "to square")?;
                let n = digits(&s[9..11], "capture count")? as usize;
                need(11 + 2 * n)?;
                let mut captured = Vec::with_capacity(n);
                for i in 0..n {
                    captured.push(digits(&s[11 + 2 * i..13 + 2 * i], "captured square")?);
                }
                Message::Move { seconds, from, to, captured }
            }
            b'E' => {
                need(3)?;
                Message::GameEnd { reason: s[1].wrapping_sub(b'0'), stop: s[2].wrapping_sub(b'0') }
            }
            b'C' => Message::Chat(String::from_utf8_lossy(&s[1..]).to_string()),
            b'B' => {
                need(5)?;
                Message::BackReq { move_number: digits(&s[1..4], "move number")?, color: parse_color(s[4])? }
            }
            b'K' => {
                need(2)?;
                Message::BackAcc { code: s[1].wrapping_sub(b'0') }
            }
            other => return Err(format!("unknown message type {:?}", other as char)),
        })
    }

    /// The DXP MOVE message of one of our moves.
    pub fn of_move(mv: &Move, seconds: u32) -> Message {
        let number = |sq: Square| square::number(Variant::International, sq).expect("International squares are numbered");
        Message::Move { seconds, from: number(mv.from()), to: number(mv.to()), captured: mv.captured_squares().map(number).collect() }
    }
}

/// Finds the legal move a MOVE message names (origin, destination and captured set).
pub fn find_move(pos: &Position, from: u32, to: u32, captured: &[u32]) -> Result<Move, String> {
    let g = Variant::International.geometry();
    let square_of = |n: u32| g.bit_of_number(n).map(Square::from_bit).ok_or_else(|| format!("square {n} is not on the board"));
    let (f, t) = (square_of(from)?, square_of(to)?);
    let mut set = 0u64;
    for c in captured {
        set |= square_of(*c)?.mask();
    }
    resolve::find(pos, MoveQuery::Taking { from: f, to: t, captured: Some(set), capture_mark: false }).map_err(|e| e.to_string())
}
