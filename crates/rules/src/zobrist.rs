//! Zobrist keys for the incremental position hash.

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn table() -> [[u64; 64]; 4] {
    let mut t = [[0u64; 64]; 4];
    let mut k = 0;
    let mut seed = 0x6472_6175_6768_7473u64; // "draughts"
    while k < 4 {
        let mut b = 0;
        while b < 64 {
            seed = splitmix(seed);
            t[k][b] = seed;
            b += 1;
        }
        k += 1;
    }
    t
}

/// Keys by piece kind (0 Light man, 1 Dark man, 2 Light king, 3 Dark king) and bit index.
pub static PIECE: [[u64; 64]; 4] = table();

/// Key toggled when Dark is to move.
pub const DARK_TO_MOVE: u64 = 0x5A17_C0DE_D2A4_6F11;

/// The kind index of [`PIECE`] for a side and a piece type.
#[inline(always)]
pub const fn kind(light: bool, king: bool) -> usize {
    (!light) as usize + 2 * king as usize
}

/// XOR of the keys of every piece in `bb` of one kind.
#[inline(always)]
pub fn keys(kind: usize, mut bb: u64) -> u64 {
    let mut h = 0;
    while bb != 0 {
        h ^= PIECE[kind][bb.trailing_zeros() as usize];
        bb &= bb - 1;
    }
    h
}
