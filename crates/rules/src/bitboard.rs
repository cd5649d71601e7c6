//! Small helpers over `u64` bit sets of squares.

/// Iterates the set bits of `bb` from the lowest.
#[inline(always)]
pub fn bits(mut bb: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if bb == 0 {
            None
        } else {
            let b = bb.trailing_zeros();
            bb &= bb - 1;
            Some(b)
        }
    })
}

/// The single-bit set of square `bit`.
#[inline(always)]
pub const fn bit(bit: u32) -> u64 {
    1u64 << bit
}
