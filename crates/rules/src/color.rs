//! The two sides (RULES.md section 1).

use std::fmt;
use std::ops::Not;

/// A side. Light is White in PDN and FEN, shown at the bottom, moving up; Dark is Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side starting on the bottom rows and moving up: White in PDN and FEN (`W`).
    Light,
    /// The side starting on the top rows and moving down: Black in PDN and FEN (`B`).
    Dark,
}

impl Color {
    /// 0 for Light, 1 for Dark.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The word used in guide texts and results: "Light" or "Dark".
    pub const fn name(self) -> &'static str {
        match self {
            Color::Light => "Light",
            Color::Dark => "Dark",
        }
    }

    /// The FEN/PDN letter: `W` for Light, `B` for Dark.
    pub const fn fen_letter(self) -> char {
        match self {
            Color::Light => 'W',
            Color::Dark => 'B',
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::Light => Color::Dark,
            Color::Dark => Color::Light,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
