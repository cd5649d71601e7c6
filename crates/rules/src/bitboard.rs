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

/// Runs `$body` four times with `$d` bound to the constants 0, 1, 2 and 3, the direction indices
/// of [`crate::geometry::Geometry::dirs`]. Each copy then sees its direction's shift and edge mask
/// as constants, which a loop over the directions does not guarantee. The body is not a loop
/// body: use `if` rather than `continue`. Exported for the engine's evaluation, which loops over
/// the directions the same way.
#[macro_export]
macro_rules! each_dir {
    ($d:ident => $body:block) => {{
        {
            const $d: usize = 0;
            $body
        }
        {
            const $d: usize = 1;
            $body
        }
        {
            const $d: usize = 2;
            $body
        }
        {
            const $d: usize = 3;
            $body
        }
    }};
}
pub(crate) use each_dir;
