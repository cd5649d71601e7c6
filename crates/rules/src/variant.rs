//! The rule sets as data (RULES.md section 2).
//!
//! Each variant is one [`Rules`] value: every setting of RULES.md's table is a field, documented
//! with the column it comes from. Move generation reads only these settings, so a variant that
//! differs only in settings (Brazilian: international rules on the 8x8 board) is one more entry in
//! [`Variant::ALL`] and no new move-generation code.

use crate::color::Color;
use crate::geometry::Geometry;
use std::fmt;
use std::str::FromStr;

/// King range (RULES.md section 2, column "kings").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingRange {
    /// One square in every direction, captures an adjacent piece.
    Short,
    /// Slides any distance on a clear line; captures the first enemy on a line at any distance and
    /// lands on any free square beyond it.
    Flying,
}

/// Which complete capture chains are legal (RULES.md section 2, column "capture choice").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureChoice {
    /// Any complete chain.
    Free,
    /// Only chains taking the maximum number of pieces (kings count 1).
    Maximum,
    /// The Italian precedence of RULES.md section 3.
    Italian,
}

/// What happens when a man reaches its far row in the middle of a chain (RULES.md section 2,
/// column "promotion inside a chain").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChainPromotion {
    /// The man is crowned and the move ends there (english, american, german, italian).
    EndsMove,
    /// The man is crowned at once and goes on capturing as a king (russian).
    ContinuesAsKing,
    /// The man goes on as a man; it is crowned only if the chain ends on the far row
    /// (international, turkish).
    OnlyAtEnd,
}

/// When taken pieces leave the board (RULES.md section 2, column "taken pieces").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// Taken pieces stay on the board and block until the chain ends.
    AtEnd,
    /// Taken pieces vanish at once; their squares are free for the rest of the chain (turkish).
    Immediate,
}

/// What resets the quiet-move counter (RULES.md section 2, column "quiet-move draw").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuietReset {
    /// A capture or any man move.
    CaptureOrManMove,
    /// A capture or a promotion.
    CaptureOrPromotion,
}

impl QuietReset {
    /// The web API's form: `man-move` or `promotion`.
    pub fn code(self) -> &'static str {
        match self {
            QuietReset::CaptureOrManMove => "man-move",
            QuietReset::CaptureOrPromotion => "promotion",
        }
    }
}

/// The FMJD's official draw rules for international draughts (FMJD Official Rules, Annex 1,
/// article 6), which a game may be played under instead of the rule set's own quiet-move counter
/// (guide 001: our default is "a simplified draw policy"). The third occurrence of a position
/// (article 6.2) is a draw under both. Counts are in half-moves: "n moves each" is 2n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OfficialDraws {
    /// Article 6.3: 25 successive moves each made only by kings, without a man move or a
    /// capture (50 half-moves). Reset as the rule set's counter is ([`QuietReset::CaptureOrManMove`]).
    pub king_moves: u16,
    /// Article 6.4: three pieces, at least one of them a king (three kings, two kings and a man,
    /// a king and two men), against a lone king: drawn after 16 moves each (32 half-moves).
    pub three_against_king: u16,
    /// Article 6.5: two pieces or one, at least one of them a king (two kings, a king and a man,
    /// a king), against a lone king: drawn after 5 moves each (10 half-moves).
    pub two_against_king: u16,
}

/// How squares are written in FEN, PDN and move text (RULES.md sections 5 and 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareNotation {
    /// PDN square numbers (diagonal boards).
    Numeric,
    /// Algebraic a1..h8.
    Algebraic,
}

/// One rule set: every setting of RULES.md section 2 for one row of its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Column "id".
    pub id: &'static str,
    /// Column "name".
    pub name: &'static str,
    /// Column "board".
    pub geometry: Geometry,
    /// Column "men per side, rows": how many rows each side fills at the start, counted from its
    /// back row, and whether the back row itself is left empty (turkish: second and third rows).
    pub start_rows: u8,
    /// True when the start position leaves each side's back row empty (turkish).
    pub start_skips_back_row: bool,
    /// Column "first move".
    pub first_mover: Color,
    /// Column "men move": men may also step sideways (turkish). Men always step forward.
    pub men_step_sideways: bool,
    /// Column "men capture": men may also capture backwards.
    pub men_capture_backward: bool,
    /// Column "men capture": men may also capture sideways (turkish).
    pub men_capture_sideways: bool,
    /// Italian: a man may never capture a king (RULES.md section 2, italian row; section 3).
    pub men_capture_kings: bool,
    /// Column "kings".
    pub king_range: KingRange,
    /// Turkish: a king may turn 90 degrees between captures but never 180 degrees.
    pub no_reversal_in_chain: bool,
    /// Column "capture choice".
    pub capture_choice: CaptureChoice,
    /// Column "promotion inside a chain".
    pub chain_promotion: ChainPromotion,
    /// Column "taken pieces".
    pub removal: Removal,
    /// Column "quiet-move draw": the number of half-moves.
    pub quiet_limit: u16,
    /// Column "quiet-move draw": what resets the counter.
    pub quiet_reset: QuietReset,
    /// Turkish one-piece-each ending (RULES.md section 2 notes, section 4).
    pub one_piece_each: bool,
    /// The FMJD's draw rules, for the rule sets that have them (international), chosen per game
    /// ([`crate::draw::DrawRules::Fmjd`]).
    pub official_draws: Option<OfficialDraws>,
    /// How squares are written (RULES.md section 5).
    pub notation: SquareNotation,
    /// PDN `GameType` number (RULES.md section 6; issue 2: 20 international, 21 English,
    /// 22 Italian, 25 Russian, 26 Brazilian, 30 Turkish; our own settings use unused numbers plus
    /// a `[Variant]` tag).
    pub game_type: u8,
}

/// The rule sets we offer. Ids as in RULES.md section 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// `english`: English draughts (checkers), 8x8; Dark moves first, short kings, free capture
    /// choice.
    English,
    /// `american`: guide 000's local 8x8 setting; as English but Light moves first and the quiet
    /// counter is reset by a capture or a promotion.
    American,
    /// `german`: guide 000's local 8x8 setting; as American with flying kings, men capturing
    /// forwards only.
    German,
    /// `russian`: Russian draughts, 8x8; men capture backwards, flying kings, a man crowned
    /// mid-chain goes on capturing as a king.
    Russian,
    /// `international`: international draughts, 10x10; maximum capture, crowned only at the end
    /// of a chain.
    International,
    /// `turkish`: Turkish draughts, all 64 squares, orthogonal moves; maximum capture, taken
    /// pieces vanish at once, one-piece-each ending.
    Turkish,
    /// `italian`: Italian draughts, 8x8 turned (h1 dark); men never take kings, Italian capture
    /// precedence (RULES.md section 3).
    Italian,
    /// `brazilian`: Brazilian draughts, international rules on the 8x8 board (a table entry
    /// only; not offered in the app).
    Brazilian,
}

const ENGLISH: Rules = Rules {
    id: "english",
    name: "English draughts",
    geometry: Geometry::DIAGONAL_8,
    start_rows: 3,
    start_skips_back_row: false,
    first_mover: Color::Dark,
    men_step_sideways: false,
    men_capture_backward: false,
    men_capture_sideways: false,
    men_capture_kings: true,
    king_range: KingRange::Short,
    no_reversal_in_chain: false,
    capture_choice: CaptureChoice::Free,
    chain_promotion: ChainPromotion::EndsMove,
    removal: Removal::AtEnd,
    quiet_limit: 80,
    quiet_reset: QuietReset::CaptureOrManMove,
    one_piece_each: false,
    official_draws: None,
    notation: SquareNotation::Numeric,
    game_type: 21,
};

const AMERICAN: Rules = Rules {
    id: "american",
    name: "American checkers (local setting)",
    first_mover: Color::Light,
    quiet_reset: QuietReset::CaptureOrPromotion,
    game_type: 41,
    ..ENGLISH
};

const GERMAN: Rules = Rules {
    id: "german",
    name: "German draughts (local setting)",
    king_range: KingRange::Flying,
    game_type: 42,
    ..AMERICAN
};

const RUSSIAN: Rules = Rules {
    id: "russian",
    name: "Russian draughts",
    first_mover: Color::Light,
    men_capture_backward: true,
    king_range: KingRange::Flying,
    chain_promotion: ChainPromotion::ContinuesAsKing,
    quiet_limit: 120,
    notation: SquareNotation::Algebraic,
    game_type: 25,
    ..ENGLISH
};

const INTERNATIONAL: Rules = Rules {
    id: "international",
    name: "International draughts",
    geometry: Geometry::DIAGONAL_10,
    start_rows: 4,
    first_mover: Color::Light,
    men_capture_backward: true,
    king_range: KingRange::Flying,
    capture_choice: CaptureChoice::Maximum,
    chain_promotion: ChainPromotion::OnlyAtEnd,
    quiet_limit: 120,
    official_draws: Some(OfficialDraws { king_moves: 50, three_against_king: 32, two_against_king: 10 }),
    game_type: 20,
    ..ENGLISH
};

const TURKISH: Rules = Rules {
    id: "turkish",
    name: "Turkish draughts",
    geometry: Geometry::ORTHOGONAL_8,
    start_rows: 2,
    start_skips_back_row: true,
    first_mover: Color::Light,
    men_step_sideways: true,
    men_capture_sideways: true,
    king_range: KingRange::Flying,
    no_reversal_in_chain: true,
    capture_choice: CaptureChoice::Maximum,
    chain_promotion: ChainPromotion::OnlyAtEnd,
    removal: Removal::Immediate,
    quiet_limit: 120,
    one_piece_each: true,
    notation: SquareNotation::Algebraic,
    game_type: 30,
    ..ENGLISH
};

const ITALIAN: Rules = Rules {
    id: "italian",
    name: "Italian draughts",
    geometry: Geometry::DIAGONAL_8_TURNED,
    first_mover: Color::Light,
    men_capture_kings: false,
    capture_choice: CaptureChoice::Italian,
    game_type: 22,
    ..ENGLISH
};

/// Brazilian draughts: international rules on the 8x8 board (issue 2's proof that a variant is
/// data). Not one of the seven rule sets offered in the app.
const BRAZILIAN: Rules = Rules {
    id: "brazilian",
    name: "Brazilian draughts",
    geometry: Geometry::DIAGONAL_8,
    start_rows: 3,
    notation: SquareNotation::Algebraic,
    game_type: 26,
    official_draws: None,
    ..INTERNATIONAL
};

/// A rule set as a type, so that move generation is compiled once per variant with its settings
/// as constants. One implementation per [`Variant`], generated from the same table.
pub(crate) trait RuleSet {
    const R: Rules;
}

macro_rules! rule_types {
    ($($ty:ident = $rules:ident),*) => {
        $(pub(crate) struct $ty; impl RuleSet for $ty { const R: Rules = $rules; })*
    };
}

pub(crate) mod sets {
    use super::*;
    rule_types!(English = ENGLISH, American = AMERICAN, German = GERMAN, Russian = RUSSIAN,
        International = INTERNATIONAL, Turkish = TURKISH, Italian = ITALIAN, Brazilian = BRAZILIAN);
}

/// Runs `$body` with `$R` bound to the [`RuleSet`] type of variant `$v`.
macro_rules! with_rules {
    ($v:expr, $R:ident => $body:expr) => {
        match $v {
            $crate::variant::Variant::English => { type $R = $crate::variant::sets::English; $body }
            $crate::variant::Variant::American => { type $R = $crate::variant::sets::American; $body }
            $crate::variant::Variant::German => { type $R = $crate::variant::sets::German; $body }
            $crate::variant::Variant::Russian => { type $R = $crate::variant::sets::Russian; $body }
            $crate::variant::Variant::International => { type $R = $crate::variant::sets::International; $body }
            $crate::variant::Variant::Turkish => { type $R = $crate::variant::sets::Turkish; $body }
            $crate::variant::Variant::Italian => { type $R = $crate::variant::sets::Italian; $body }
            $crate::variant::Variant::Brazilian => { type $R = $crate::variant::sets::Brazilian; $body }
        }
    };
}
pub(crate) use with_rules;

impl Variant {
    /// Every variant, the seven rule sets of RULES.md first.
    pub const ALL: [Variant; 8] = [
        Variant::English,
        Variant::American,
        Variant::German,
        Variant::Russian,
        Variant::International,
        Variant::Turkish,
        Variant::Italian,
        Variant::Brazilian,
    ];

    /// The seven rule sets offered to players (RULES.md section 2).
    pub const OFFERED: [Variant; 7] = [
        Variant::English,
        Variant::American,
        Variant::German,
        Variant::Russian,
        Variant::International,
        Variant::Turkish,
        Variant::Italian,
    ];

    /// The rules of this variant.
    pub const fn rules(self) -> &'static Rules {
        match self {
            Variant::English => &ENGLISH,
            Variant::American => &AMERICAN,
            Variant::German => &GERMAN,
            Variant::Russian => &RUSSIAN,
            Variant::International => &INTERNATIONAL,
            Variant::Turkish => &TURKISH,
            Variant::Italian => &ITALIAN,
            Variant::Brazilian => &BRAZILIAN,
        }
    }

    /// The id of RULES.md section 2 (`english`, ...).
    pub const fn id(self) -> &'static str {
        self.rules().id
    }

    /// The board of this variant.
    pub const fn geometry(self) -> &'static Geometry {
        &self.rules().geometry
    }

    /// The variant with a PDN `GameType` number (the first field of `20,W,10,10,N1,0` forms).
    pub fn from_game_type(n: u8) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.rules().game_type == n)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Error for an unknown variant id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        write!(f, "unknown variant {:?}; expected one of {}", self.0, ids.join(", "))
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == t)
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}
