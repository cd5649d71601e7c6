//! [`Square`]: a playable square of a board, as the public API names it.

use crate::notation;
use crate::variant::Variant;

/// A playable square: its bit index in the variant's geometry (0 .. squares; RULES.md section 5).
/// Move generation works on `u64` bit sets inside the crate; moves, hops, square names
/// ([`notation::square`]) and the resolver ([`crate::resolve`]) hand out squares. Its name depends
/// on the rule set: [`Square::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square of bit index `bit` (below 64; the geometry says which bits are playable).
    #[inline(always)]
    pub const fn from_bit(bit: u32) -> Square {
        debug_assert!(bit < 64);
        Square(bit as u8)
    }

    /// The bit index.
    #[inline(always)]
    pub const fn bit(self) -> u32 {
        self.0 as u32
    }

    /// The square as a one-bit set.
    #[inline(always)]
    pub const fn mask(self) -> u64 {
        1u64 << self.0
    }

    /// The name in the variant's own notation (a PDN number or an algebraic name;
    /// [`notation::square::name`]).
    pub fn name(self, variant: Variant) -> String {
        notation::square::name(variant, self)
    }
}
