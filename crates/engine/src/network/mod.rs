//! A learned whole-board evaluation: a small neural network that sees every man and king.
//!
//! The linear weights and the pattern values ([`crate::eval`], [`crate::patterns`]) see men in
//! regions of eight squares and kings only as material and mobility. The network sees the whole
//! board: its input is one bit per (square, piece kind) from the side to move's point of view
//! (the board turned round when Dark is to move, so that "ours" always advance the same way):
//! our men, our kings, their men, their kings, `4 * squares` inputs. Its output is added to the
//! evaluation's score for the side to move (it learns what the linear weights and the patterns
//! miss, as the patterns learn what the linear weights miss).
//!
//! Shape: inputs -> [`HIDDEN1`] -> [`HIDDEN2`] -> 1, each hidden unit clipped to 0..1 ("clipped
//! ReLU"). Inference is in integers: the first layer's sums are kept in 16 bits (a unit's value
//! is `x * 127` for `x` in 0..1), the second layer multiplies 16-bit values into 32-bit sums. Only
//! the squares with a piece add to the first layer, so an evaluation costs about `pieces *
//! HIDDEN1 + HIDDEN1 * HIDDEN2` additions, done sixteen (AVX2) or eight (SSE2) at a time on
//! x86-64 (the `simd` module).
//!
//! The values are fitted by `draughts tune --network` (see [`crate::tune::fit_network`]) and
//! stored as a network file: text lines starting with `#` (how it was made), then the integer
//! values, little-endian 16-bit, layer by layer (see [`Network::from_bytes`]).
//!
//! A network may be fitted to the positions of one stage of the game only (`tune --network
//! --network-pieces MIN-MAX`): its header then says so (`# pieces: MIN-MAX`), and the evaluation
//! adds it only where the number of pieces on the board is in that range ([`Network::covers`]),
//! so that its values serve the stage it learned and its cost is not paid elsewhere.

use draughts_rules::{Color, Position, Variant};
use std::sync::OnceLock;

mod fit;
pub use fit::{fit_network, NetworkFit, NetworkFitConfig};
use std::sync::Arc;

/// What a searcher adds to its evaluation: `None`, the rule set's built-in networks
/// ([`Network::builtin`]); `Some(list)`, these networks, each where its range of pieces holds the
/// position (an empty list: no network).
pub type NetworkChoice = Option<Vec<Arc<Network>>>;

/// Units of the first hidden layer.
pub const HIDDEN1: usize = 128;
/// Units of the second hidden layer.
pub const HIDDEN2: usize = 32;
/// A hidden unit's value 1.0 in integers.
pub const ONE: i32 = 127;
/// The second and output layers' weights are stored multiplied by this.
pub const WEIGHT_SCALE: i32 = 1024;
/// Piece kinds of the input, each a plane of `squares` inputs: ours (men, kings), theirs (men,
/// kings).
pub const PLANES: usize = 4;

/// The input index of a piece: `plane * squares + square`, where the square is counted in row
/// order (0..squares) from the side to move's point of view.
#[inline(always)]
pub fn input_index(plane: usize, square: usize, squares: usize) -> usize {
    plane * squares + square
}

/// The pieces of `pos` by input plane, as bit sets seen from the side to move: our men, our
/// kings, their men, their kings, turned round when Dark is to move (bit `b` goes to `top - b`,
/// `top` being the board's highest square bit, [`top_bit`]: on the padded layouts and the
/// orthogonal board alike the square numbered `i` from the top goes to `squares - 1 - i`). The
/// one mapping of pieces to inputs: the search adds the rows of these bits
/// ([`Network::evaluate`]), the fit numbers them by square ([`each_input`]).
#[inline(always)]
fn planes(pos: &Position, top: u32) -> [u64; PLANES] {
    let us = pos.side_to_move();
    let mut planes = [pos.men(us), pos.kings(us), pos.men(!us), pos.kings(!us)];
    if us == Color::Dark {
        for p in planes.iter_mut() {
            *p = p.reverse_bits() >> (63 - top);
        }
    }
    planes
}

/// The highest bit of a square on board `g`: the centre of [`planes`]' half turn.
fn top_bit(g: &draughts_rules::Geometry) -> u32 {
    63 - g.board.leading_zeros()
}

/// Calls `f` with the input index of every piece of `pos` (see the module's comment): the bits
/// of [`planes`], each numbered by its square in row order. The pieces come in the order of
/// their bits on the board as it stands (from the top bit down on a turned board): the order in
/// which the fit has always added its float rows, so that a documented fit run again gives the
/// same values.
#[inline(always)]
fn each_input(pos: &Position, mut f: impl FnMut(usize)) {
    let g = pos.variant().geometry();
    let squares = g.squares as usize;
    let turned = pos.side_to_move() == Color::Dark;
    for (plane, mut bb) in planes(pos, top_bit(g)).into_iter().enumerate() {
        while bb != 0 {
            let bit = if turned { 63 - bb.leading_zeros() } else { bb.trailing_zeros() };
            f(input_index(plane, g.index_of_bit(bit) as usize, squares));
            bb &= !(1u64 << bit);
        }
    }
}

/// The active inputs of `pos` (see [`each_input`]), in plane order; `out` is cleared first.
pub fn active_inputs(pos: &Position, out: &mut Vec<u16>) {
    out.clear();
    each_input(pos, |i| out.push(i as u16));
}

/// A row of [`HIDDEN1`] weights, aligned for whole-register loads (the vector code reads rows
/// with aligned loads: on processors that split unaligned 32-byte loads in two, that is half the
/// loads).
#[derive(Clone, Copy, PartialEq, Debug)]
#[repr(C, align(32))]
struct Row([i16; HIDDEN1]);

impl std::ops::Deref for Row {
    type Target = [i16; HIDDEN1];
    fn deref(&self) -> &[i16; HIDDEN1] {
        &self.0
    }
}

impl std::ops::DerefMut for Row {
    fn deref_mut(&mut self) -> &mut [i16; HIDDEN1] {
        &mut self.0
    }
}

/// A network's integer values (see the module's comment), for a board of `squares` squares.
#[derive(Clone)]
pub struct Network {
    squares: usize,
    /// The first layer (`x * ONE`): a row of [`HIDDEN1`] weights per input, kept by bit rather
    /// than by input: input `(plane, square)` is row `plane * 64 + bit`, the square's bit on the
    /// board (rows of bits that are not squares stay zero). The evaluation then adds a piece's
    /// row straight from its bit, with no division to find its square ([`Network::row_of`]).
    w1: Box<[Row]>,
    /// The highest bit of a square on the board ([`top_bit`]), the centre of the side to move's
    /// half turn ([`planes`]).
    top: u32,
    b1: Row,
    /// The second layer: a row of [`HIDDEN1`] weights per unit (`x * WEIGHT_SCALE`).
    w2: Box<[Row; HIDDEN2]>,
    /// `x * ONE * WEIGHT_SCALE`.
    b2: [i32; HIDDEN2],
    /// The output layer (`x * WEIGHT_SCALE`, 16-bit values kept in 32 bits for the vector
    /// code's multiplications); the output is in men.
    w3: [i32; HIDDEN2],
    /// `x * ONE * WEIGHT_SCALE`.
    b3: i32,
    /// The numbers of pieces on the board where the network is used, inclusive (from the
    /// header's `# pieces: MIN-MAX` line; every number without one).
    pieces: (u32, u32),
    header: String,
}

/// The key of the header line `# pieces: MIN-MAX` that gives a network's range of pieces
/// ([`Network::covers`]), as the line reads after its `# `.
pub const PIECES_KEY: &str = "pieces: ";

/// Reads a range of pieces as `--network-pieces` and the `# pieces:` header line write it:
/// `MIN-MAX`, inclusive, `1 <= MIN <= MAX <= 64`. Errors say what is wrong.
pub fn parse_pieces(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("'{text}' is not a range of pieces MIN-MAX (such as 14-24, with 1 <= MIN <= MAX <= 64)");
    let (a, b) = text.trim().split_once('-').ok_or_else(bad)?;
    let (a, b): (u32, u32) = (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
    if a == 0 || a > b || b > 64 {
        return Err(bad());
    }
    Ok((a, b))
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Network {{ {} inputs -> {HIDDEN1} -> {HIDDEN2} -> 1 }}", self.inputs())
    }
}

/// A network as floating-point values (what the fit works on), in the layout of [`Network`].
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNetwork {
    /// Squares of the board.
    pub squares: usize,
    /// `inputs * HIDDEN1`, input-major.
    pub w1: Vec<f32>,
    /// `HIDDEN1`.
    pub b1: Vec<f32>,
    /// `HIDDEN2 * HIDDEN1`, unit-major.
    pub w2: Vec<f32>,
    /// `HIDDEN2`.
    pub b2: Vec<f32>,
    /// `HIDDEN2`.
    pub w3: Vec<f32>,
    /// The output's bias.
    pub b3: f32,
}

/// The most a stored second- or output-layer weight may be (it must fit 16 bits scaled).
pub const MAX_WEIGHT: f32 = 32767.0 / WEIGHT_SCALE as f32;
/// The most a first-layer weight may be: 24 pieces' weights and the bias must add up within
/// 16 bits.
pub const MAX_WEIGHT1: f32 = 32767.0 / ONE as f32 / 25.0;

impl FloatNetwork {
    /// Inputs of the network (`PLANES * squares`).
    pub fn inputs(&self) -> usize {
        PLANES * self.squares
    }

    /// A network for `squares` squares whose output is zero everywhere (the output layer is
    /// zero), with the hidden layers drawn from a small deterministic spread by `seed`.
    pub fn new(squares: usize, seed: u64) -> FloatNetwork {
        let mut rng = crate::tune::XorShift::new(seed);
        let mut rand = move || rng.signed_unit();
        let inputs = PLANES * squares;
        // First layer: about 16 inputs are on at once; second: HIDDEN1 inputs in 0..1.
        let a1 = 1.0 / 4.0;
        let a2 = (3.0 / HIDDEN1 as f32).sqrt();
        FloatNetwork {
            squares,
            w1: (0..inputs * HIDDEN1).map(|_| rand() * a1).collect(),
            b1: (0..HIDDEN1).map(|_| 0.25 + 0.25 * rand()).collect(),
            w2: (0..HIDDEN2 * HIDDEN1).map(|_| rand() * a2).collect(),
            b2: (0..HIDDEN2).map(|_| 0.25 * rand()).collect(),
            w3: vec![0.0; HIDDEN2],
            b3: 0.0,
        }
    }

    /// The output (in men) for these active inputs, and the hidden layers' values.
    pub fn forward(&self, active: &[u16], z1: &mut [f32; HIDDEN1], z2: &mut [f32; HIDDEN2]) -> f32 {
        z1.copy_from_slice(&self.b1);
        for &i in active {
            let row = &self.w1[i as usize * HIDDEN1..(i as usize + 1) * HIDDEN1];
            for (z, w) in z1.iter_mut().zip(row) {
                *z += w;
            }
        }
        let a1 = z1.map(|z| z.clamp(0.0, 1.0));
        let mut out = self.b3;
        for (j, z) in z2.iter_mut().enumerate() {
            let row = &self.w2[j * HIDDEN1..(j + 1) * HIDDEN1];
            let s: f32 = row.iter().zip(&a1).map(|(w, a)| w * a).sum();
            *z = self.b2[j] + s;
            out += self.w3[j] * z.clamp(0.0, 1.0);
        }
        out
    }

    /// Keeps every weight within what the integer network can hold ([`MAX_WEIGHT1`],
    /// [`MAX_WEIGHT`]).
    pub fn clip(&mut self) {
        for w in self.w1.iter_mut().chain(self.b1.iter_mut()) {
            *w = w.clamp(-MAX_WEIGHT1, MAX_WEIGHT1);
        }
        for w in self.w2.iter_mut().chain(self.w3.iter_mut()) {
            *w = w.clamp(-MAX_WEIGHT, MAX_WEIGHT);
        }
    }

    /// The integer network, values rounded, with `header` (lines starting with `#`; a
    /// `# pieces: MIN-MAX` line limits where it is used, see [`Network::covers`]).
    pub fn quantized(&self, header: &str) -> Network {
        let q16 = |x: f32, scale: i32| (x * scale as f32).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
        let q32 = |x: f32| (x * (ONE * WEIGHT_SCALE) as f32).round() as i32;
        let mut n = Network::zero(self.squares);
        for i in 0..self.inputs() {
            let row = n.row_of(i);
            for (k, w) in n.w1[row].iter_mut().enumerate() {
                *w = q16(self.w1[i * HIDDEN1 + k], ONE);
            }
        }
        for (k, b) in n.b1.iter_mut().enumerate() {
            *b = q16(self.b1[k], ONE);
        }
        for (j, row) in n.w2.iter_mut().enumerate() {
            for (k, w) in row.iter_mut().enumerate() {
                *w = q16(self.w2[j * HIDDEN1 + k], WEIGHT_SCALE);
            }
            n.b2[j] = q32(self.b2[j]);
            n.w3[j] = q16(self.w3[j], WEIGHT_SCALE) as i32;
        }
        n.b3 = q32(self.b3);
        // A `# pieces:` line that is not a range leaves the network for every number of pieces
        // (the fit writes only ranges it has checked; reading a file refuses such a line).
        if n.set_header(header).is_err() {
            n.header = header.to_string();
        }
        n
    }
}

impl Network {
    /// All values zero, for a board of `squares` squares.
    pub fn zero(squares: usize) -> Network {
        Network {
            squares,
            w1: vec![Row([0; HIDDEN1]); PLANES * BITS].into_boxed_slice(),
            top: top_bit(board_of(squares)),
            b1: Row([0; HIDDEN1]),
            w2: Box::new([Row([0; HIDDEN1]); HIDDEN2]),
            b2: [0; HIDDEN2],
            w3: [0; HIDDEN2],
            b3: 0,
            pieces: (0, 64),
            header: String::new(),
        }
    }

    /// Whether the search adds the network where `pieces` pieces are on the board (the range of
    /// the header's `# pieces:` line; always without one).
    #[inline(always)]
    pub fn covers(&self, pieces: u32) -> bool {
        self.pieces.0 <= pieces && pieces <= self.pieces.1
    }

    /// The range of pieces where the network is used, inclusive (see [`Network::covers`]).
    pub fn pieces(&self) -> (u32, u32) {
        self.pieces
    }

    /// Keeps `header` (lines starting with `#`) and takes the range of pieces from its
    /// `# pieces:` line, if any. Errors name the line that is not a range.
    fn set_header(&mut self, header: &str) -> Result<(), String> {
        self.pieces = (0, 64);
        for line in header.lines() {
            if let Some(range) = line.strip_prefix("# ").and_then(|l| l.strip_prefix(PIECES_KEY)) {
                self.pieces = parse_pieces(range).map_err(|e| format!("header line '{line}': {e}"))?;
            }
        }
        self.header = header.to_string();
        Ok(())
    }

    /// Inputs of the network (`PLANES * squares`).
    pub fn inputs(&self) -> usize {
        PLANES * self.squares
    }

    /// The row of [`Network::w1`] that holds input `input` ([`input_index`]'s numbering).
    fn row_of(&self, input: usize) -> usize {
        let (plane, square) = (input / self.squares, input % self.squares);
        let bit = board_of(self.squares).bit_of_index(square as u32).expect("an input's square is on the board");
        plane * BITS + bit as usize
    }

    /// Whether the network is for `variant`'s board.
    pub fn fits(&self, variant: Variant) -> bool {
        variant.geometry().squares as usize == self.squares
    }

    /// The header of the file it came from (lines starting with `#`).
    pub fn header(&self) -> &str {
        &self.header
    }

    /// The network's output for `pos` in centi-men for the side to move. `pos` must be of a
    /// rule set whose board the network fits ([`Network::fits`]).
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        debug_assert!(self.fits(pos.variant()));
        let a1 = self.first_layer(&self.planes(pos));
        let s2 = self.second_layer(&a1);
        // The second layer's units are kept at their full scale (`x * ONE * WEIGHT_SCALE`), so
        // the output is exact to the weights' rounding: `men * ONE * WEIGHT_SCALE^2`.
        let out = self.b3 as i64 * WEIGHT_SCALE as i64 + self.output_layer(&s2);
        (out * 100 / (ONE * WEIGHT_SCALE * WEIGHT_SCALE) as i64) as i32
    }

    /// The pieces of `pos` by input plane ([`planes`]): the rows of [`Network::w1`] the first
    /// layer adds.
    #[inline(always)]
    fn planes(&self, pos: &Position) -> [u64; PLANES] {
        planes(pos, self.top)
    }

    /// The output layer's sum: `w3 . clip(b2 + s2)`, each unit clipped to `0..=ONE *
    /// WEIGHT_SCALE`, in 64 bits (a product can exceed 32).
    #[inline(always)]
    fn output_layer(&self, s2: &[i32; HIDDEN2]) -> i64 {
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx2") {
                // SAFETY: the processor has AVX2 (checked just above).
                return unsafe { simd::output_layer_avx2(&self.b2, &self.w3, s2) };
            }
        }
        portable::output_layer(&self.b2, &self.w3, s2)
    }

    /// The first layer's units for the pieces of these planes (bit sets, turned for the side to
    /// move), clipped to `0..=ONE`: the bias plus the
    /// rows, in wrapping 16-bit sums ([`MAX_WEIGHT1`] keeps them from wrapping).
    #[inline(always)]
    fn first_layer(&self, planes: &[u64; PLANES]) -> Row {
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx2") {
                // SAFETY: the processor has AVX2 (checked just above).
                unsafe { simd::first_layer_avx2(&self.b1, &self.w1, planes) }
            } else {
                simd::first_layer(&self.b1, &self.w1, planes)
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            portable::first_layer(&self.b1, &self.w1, planes)
        }
    }

    /// The second layer's sums (before the bias) for the first layer's units `a1`.
    #[inline(always)]
    fn second_layer(&self, a1: &Row) -> [i32; HIDDEN2] {
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx2") {
                // SAFETY: the processor has AVX2 (checked just above).
                unsafe { simd::second_layer_avx2(&self.w2, a1) }
            } else {
                simd::second_layer(&self.w2, a1)
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            portable::second_layer(&self.w2, a1)
        }
    }

    /// Bytes of the values of a network for `squares` squares.
    pub const fn payload_bytes(squares: usize) -> usize {
        2 * (PLANES * squares * HIDDEN1 + HIDDEN1 + HIDDEN2 * HIDDEN1 + 2 * HIDDEN2 + HIDDEN2 + 2)
    }

    /// Reads a network file: a header of text lines that start with `#` (possibly none), then
    /// little-endian values: `w1` (16-bit, input-major), `b1` (16-bit), `w2` (16-bit,
    /// unit-major), `b2` (32-bit), `w3` (16-bit), `b3` (32-bit). The payload's size tells the
    /// board: 32, 50 or 64 squares. A header line `# pieces: MIN-MAX` limits where the network is
    /// used ([`Network::covers`]). Errors say what does not fit.
    pub fn from_bytes(b: &[u8]) -> Result<Network, String> {
        for squares in [32usize, 50, 64] {
            let Some(split) = b.len().checked_sub(Network::payload_bytes(squares)) else { continue };
            let (head, values) = b.split_at(split);
            let header = match std::str::from_utf8(head) {
                Ok(h) if h.is_empty() || (h.ends_with('\n') && h.lines().all(|l| l.starts_with('#'))) => h,
                _ => continue,
            };
            let mut n = Network::zero(squares);
            n.set_header(header).map_err(|e| format!("network file: {e}"))?;
            let mut at = 0;
            let mut i16s = |count: usize| {
                let v: Vec<i16> = values[at..at + 2 * count].chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect();
                at += 2 * count;
                v
            };
            let w1 = i16s(PLANES * squares * HIDDEN1);
            for (input, c) in w1.chunks_exact(HIDDEN1).enumerate() {
                let row = n.row_of(input);
                n.w1[row].copy_from_slice(c);
            }
            n.b1.copy_from_slice(&i16s(HIDDEN1));
            let w2 = i16s(HIDDEN2 * HIDDEN1);
            for (row, c) in n.w2.iter_mut().zip(w2.chunks_exact(HIDDEN1)) {
                row.copy_from_slice(c);
            }
            let b2 = i16s(2 * HIDDEN2);
            for (x, c) in n.b2.iter_mut().zip(b2.chunks_exact(2)) {
                *x = (c[0] as u16 as u32 | (c[1] as u16 as u32) << 16) as i32;
            }
            for (w, x) in n.w3.iter_mut().zip(i16s(HIDDEN2)) {
                *w = x as i32;
            }
            let b3 = i16s(2);
            n.b3 = (b3[0] as u16 as u32 | (b3[1] as u16 as u32) << 16) as i32;
            return Ok(n);
        }
        Err(format!(
            "network file: {} bytes is not a header of lines starting with '#' and then {} (8x8), {} (10x10) or {} (8x8 orthogonal) bytes of values",
            b.len(),
            Network::payload_bytes(32),
            Network::payload_bytes(50),
            Network::payload_bytes(64)
        ))
    }

    /// The header and values as bytes (see [`Network::from_bytes`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.header.len() + Network::payload_bytes(self.squares));
        out.extend_from_slice(self.header.as_bytes());
        let mut put = |v: &[i16]| {
            for x in v {
                out.extend_from_slice(&x.to_le_bytes());
            }
        };
        for input in 0..self.inputs() {
            put(&self.w1[self.row_of(input)][..]);
        }
        put(&self.b1[..]);
        for row in self.w2.iter() {
            put(&row[..]);
        }
        let b2: Vec<i16> = self.b2.iter().flat_map(|x| [*x as u32 as u16 as i16, (*x as u32 >> 16) as u16 as i16]).collect();
        put(&b2);
        put(&self.w3.map(|w| w as i16));
        put(&[self.b3 as u32 as u16 as i16, (self.b3 as u32 >> 16) as u16 as i16]);
        out
    }

    /// Reads a network file ([`Network::from_bytes`]). Errors name the file.
    pub fn read_file(path: &std::path::Path) -> Result<Network, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Network::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads a network file that must be for `variant`'s board. Errors name the file and what is
    /// wrong.
    pub fn read_for(path: &std::path::Path, variant: Variant) -> Result<Network, String> {
        let n = Network::read_file(path)?;
        if !n.fits(variant) {
            return Err(format!("{}: a network for a board of {} squares, not for {variant}'s", path.display(), n.squares));
        }
        Ok(n)
    }

    /// The built-in networks of `variant` (`crates/engine/weights/<variant>.network`, read
    /// once), one a stage of the game, or none for the rule sets without them. English has one,
    /// for its middle game (12 to 24 pieces; docs/engine.md, "Network", says how it was made and
    /// what it is worth). American uses English's as it is: the inputs are the side to move's,
    /// turned round when Dark is to move, and American's men move as English's (only the first
    /// move is Light's), so an American position and the English one turned round with its
    /// colours exchanged get the same inputs.
    pub fn builtin(variant: Variant) -> Vec<Arc<Network>> {
        static N: [OnceLock<Vec<Arc<Network>>>; Variant::ALL.len()] = [const { OnceLock::new() }; Variant::ALL.len()];
        N[variant as usize]
            .get_or_init(|| {
                const ENGLISH: [&[u8]; 1] = [include_bytes!("../../weights/english.network")];
                let (files, borrowed) = match variant {
                    Variant::English => (ENGLISH, false),
                    Variant::American => (ENGLISH, true),
                    _ => return Vec::new(),
                };
                let networks: Vec<Arc<Network>> = files
                    .iter()
                    .map(|bytes| {
                        let mut n = Network::from_bytes(bytes).expect("a built-in network file reads");
                        assert!(n.fits(variant), "the built-in {variant} network is for its board");
                        if borrowed {
                            n.header = format!("# {variant}: the english network as it is (its inputs are the side to move's); it was made so:\n{}", n.header);
                        }
                        Arc::new(n)
                    })
                    .collect();
                assert!(overlap(&networks).is_none(), "the built-in {variant} networks are for separate stages");
                networks
            })
            .clone()
    }

    /// The networks a command line asks for (`--network`-style options): `none` for no network
    /// (an empty list), else network files separated by commas (`middle.network,ending.network`,
    /// [`Network::arg_files`]), each for its own range of pieces and, where `variant` is given,
    /// for its board (`bench` gives none: it spans rule sets, and a network is used only where it
    /// fits). Errors name the file, or the two files whose ranges overlap.
    pub fn from_arg(arg: &str, variant: Option<Variant>) -> Result<Vec<Arc<Network>>, String> {
        let paths = Network::arg_files(arg);
        let read = |p: &&std::path::Path| match variant {
            Some(v) => Network::read_for(p, v),
            None => Network::read_file(p),
        };
        let networks = paths.iter().map(|p| read(p).map(Arc::new)).collect::<Result<Vec<_>, _>>()?;
        if let Some((a, b)) = overlap(&networks) {
            let range = |n: &Network| format!("{}-{} pieces", n.pieces.0, n.pieces.1);
            return Err(format!(
                "{} ({}) and {} ({}) are for overlapping numbers of pieces: give networks of separate stages",
                paths[a].display(),
                range(&networks[a]),
                paths[b].display(),
                range(&networks[b])
            ));
        }
        Ok(networks)
    }

    /// The files named by a `--network`-style option: none for `none`, else the paths separated
    /// by commas. The one reading of the option's list ([`Network::from_arg`], a match's label).
    pub fn arg_files(arg: &str) -> Vec<&std::path::Path> {
        if arg == "none" {
            return Vec::new();
        }
        arg.split(',').map(std::path::Path::new).collect()
    }
}

/// The first two networks (indices into `networks`) whose ranges of pieces share a number, if any.
fn overlap(networks: &[Arc<Network>]) -> Option<(usize, usize)> {
    (0..networks.len()).flat_map(|a| (a + 1..networks.len()).map(move |b| (a, b))).find(|&(a, b)| {
        let (x, y) = (networks[a].pieces, networks[b].pieces);
        x.0 <= y.1 && y.0 <= x.1
    })
}

/// Networks of the stages of the game, as the evaluation uses them: for each number of pieces on
/// the board, the network whose range holds it ([`Network::covers`]; the first given, where
/// ranges overlap), or none.
#[derive(Clone)]
pub struct Stages {
    networks: Vec<Arc<Network>>,
    /// For 0..=64 pieces: 1 + the index of the network in `networks`, or 0 for none.
    by_pieces: [u8; 65],
}

impl Default for Stages {
    fn default() -> Stages {
        Stages::new(Vec::new())
    }
}

impl Stages {
    /// The stages of these networks (an empty list: none).
    pub fn new(networks: Vec<Arc<Network>>) -> Stages {
        let by_pieces = std::array::from_fn(|n| networks.iter().position(|net| net.covers(n as u32)).map_or(0, |i| i as u8 + 1));
        Stages { networks, by_pieces }
    }

    /// The network used with `pieces` pieces on the board, if any.
    #[inline(always)]
    pub fn at(&self, pieces: usize) -> Option<&Network> {
        match self.by_pieces.get(pieces).copied().unwrap_or(0) {
            0 => None,
            i => Some(&self.networks[i as usize - 1]),
        }
    }
}

impl std::fmt::Debug for Stages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.networks.iter().map(|n| n.pieces)).finish()
    }
}

/// Bits of a board's bit set: [`Network::w1`] holds this many rows a plane.
const BITS: usize = 64;

/// The board of `squares` squares (32, 50 or 64) whose layout the network's inputs follow: the
/// first rule set's of that size (the rule sets of one size share their layout of bits).
fn board_of(squares: usize) -> &'static draughts_rules::Geometry {
    Variant::ALL
        .iter()
        .map(|v| v.geometry())
        .find(|g| g.squares as usize == squares)
        .expect("a network is for a board of 32, 50 or 64 squares")
}

/// The rows of [`Network::w1`] of the pieces of `planes`, in order.
#[inline(always)]
fn each_row(planes: &[u64; PLANES], mut f: impl FnMut(usize)) {
    for (plane, &bb) in planes.iter().enumerate() {
        let mut bb = bb;
        while bb != 0 {
            f(plane * BITS + bb.trailing_zeros() as usize);
            bb &= bb - 1;
        }
    }
}

/// The layers in plain Rust: the reference the vector code must equal, and the code where there
/// is none.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
mod portable {
    use super::{each_row, Row, HIDDEN2, ONE, PLANES, WEIGHT_SCALE};

    pub(super) fn first_layer(b1: &Row, w1: &[Row], planes: &[u64; PLANES]) -> Row {
        let mut acc = b1.0;
        each_row(planes, |r| {
            for (a, w) in acc.iter_mut().zip(w1[r].iter()) {
                *a = a.wrapping_add(*w);
            }
        });
        Row(acc.map(|a| a.clamp(0, ONE as i16)))
    }

    pub(super) fn output_layer(b2: &[i32; HIDDEN2], w3: &[i32; HIDDEN2], s2: &[i32; HIDDEN2]) -> i64 {
        let mut out = 0i64;
        for ((b, s), w) in b2.iter().zip(s2).zip(w3) {
            let a2 = b.wrapping_add(*s).clamp(0, ONE * WEIGHT_SCALE);
            out += a2 as i64 * *w as i64;
        }
        out
    }

    pub(super) fn second_layer(w2: &[Row; HIDDEN2], a1: &Row) -> [i32; HIDDEN2] {
        std::array::from_fn(|j| w2[j].iter().zip(a1.iter()).map(|(w, x)| *w as i32 * *x as i32).sum())
    }
}

/// The layers in SSE2 (every x86-64 processor has it) and in AVX2 where the processor has it
/// (checked at each call; the check is one cached load), with the same integer results as
/// [`portable`] (a test compares them): the compiler's own vector code for the second layer
/// widened every value to 32 bits and summed each unit across its lanes, several times slower
/// (measured by `cargo bench -p draughts-engine --bench evaluation`).
#[cfg(target_arch = "x86_64")]
mod simd {
    use super::{each_row, Row, HIDDEN1, HIDDEN2, ONE, PLANES, WEIGHT_SCALE};
    use std::arch::x86_64::*;

    /// Eight 16-bit lanes to a register.
    const LANES: usize = 8;

    pub(super) fn first_layer(b1: &Row, w1: &[Row], planes: &[u64; PLANES]) -> Row {
        // Half the units at a time: eight registers of sums stay in registers over the rows.
        const HALF: usize = HIDDEN1 / 2 / LANES;
        let mut out = Row([0; HIDDEN1]);
        for half in 0..2 {
            let base = half * HALF * LANES;
            // SAFETY: every load and store reads or writes `LANES` values inside an array of
            // `HIDDEN1` values (`base + k * LANES + LANES <= HIDDEN1`); a `Row` is aligned to 32
            // bytes, so every offset of a multiple of `LANES` values is aligned to 16.
            unsafe {
                let mut acc: [__m128i; HALF] = std::array::from_fn(|k| _mm_load_si128(b1.as_ptr().add(base + k * LANES).cast()));
                each_row(planes, |r| {
                    let row = w1[r].as_ptr().add(base);
                    for (k, a) in acc.iter_mut().enumerate() {
                        *a = _mm_add_epi16(*a, _mm_load_si128(row.add(k * LANES).cast()));
                    }
                });
                let (zero, one) = (_mm_setzero_si128(), _mm_set1_epi16(ONE as i16));
                for (k, a) in acc.iter().enumerate() {
                    _mm_store_si128(out.as_mut_ptr().add(base + k * LANES).cast(), _mm_min_epi16(_mm_max_epi16(*a, zero), one));
                }
            }
        }
        out
    }

    /// The sums of each register's four lanes: `[sum s[0], sum s[1], sum s[2], sum s[3]]`.
    #[inline(always)]
    fn sum_lanes(s: [__m128i; 4]) -> __m128i {
        // SAFETY: SSE2 is part of x86-64.
        unsafe {
            let lo = _mm_add_epi32(_mm_unpacklo_epi32(s[0], s[1]), _mm_unpackhi_epi32(s[0], s[1]));
            let hi = _mm_add_epi32(_mm_unpacklo_epi32(s[2], s[3]), _mm_unpackhi_epi32(s[2], s[3]));
            _mm_add_epi32(_mm_unpacklo_epi64(lo, hi), _mm_unpackhi_epi64(lo, hi))
        }
    }

    pub(super) fn second_layer(w2: &[Row; HIDDEN2], a1: &Row) -> [i32; HIDDEN2] {
        const CHUNKS: usize = HIDDEN1 / LANES;
        let mut out = [0i32; HIDDEN2];
        // SAFETY: every load reads `LANES` values inside a row of `HIDDEN1` (`c < CHUNKS`), every
        // store four values inside `out` (`j + 4 <= HIDDEN2`); rows are `Row`s (aligned, as in `first_layer`), `out` is stored unaligned.
        unsafe {
            let x: [__m128i; CHUNKS] = std::array::from_fn(|c| _mm_load_si128(a1.as_ptr().add(c * LANES).cast()));
            // Four units at a time: each unit's products summed in pairs (`madd`) into four
            // lanes, then the four units' lanes summed into one register.
            for j in (0..HIDDEN2).step_by(4) {
                let s: [__m128i; 4] = std::array::from_fn(|u| {
                    let row = w2[j + u].as_ptr();
                    let mut s = _mm_setzero_si128();
                    for (c, xc) in x.iter().enumerate() {
                        s = _mm_add_epi32(s, _mm_madd_epi16(_mm_load_si128(row.add(c * LANES).cast()), *xc));
                    }
                    s
                });
                _mm_storeu_si128(out.as_mut_ptr().add(j).cast(), sum_lanes(s));
            }
        }
        out
    }

    /// [`first_layer`] with sixteen lanes to a register (AVX2): all the sums stay in registers.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn first_layer_avx2(b1: &Row, w1: &[Row], planes: &[u64; PLANES]) -> Row {
        const WIDE: usize = 2 * LANES;
        const REGS: usize = HIDDEN1 / WIDE;
        let mut out = Row([0; HIDDEN1]);
        // SAFETY: as in `first_layer`, each access `WIDE` values inside an array of `HIDDEN1`.
        unsafe {
            let mut acc: [__m256i; REGS] = std::array::from_fn(|k| _mm256_load_si256(b1.as_ptr().add(k * WIDE).cast()));
            each_row(planes, |r| {
                let row = w1[r].as_ptr();
                for (k, a) in acc.iter_mut().enumerate() {
                    *a = _mm256_add_epi16(*a, _mm256_load_si256(row.add(k * WIDE).cast()));
                }
            });
            let (zero, one) = (_mm256_setzero_si256(), _mm256_set1_epi16(ONE as i16));
            for (k, a) in acc.iter().enumerate() {
                _mm256_store_si256(out.as_mut_ptr().add(k * WIDE).cast(), _mm256_min_epi16(_mm256_max_epi16(*a, zero), one));
            }
        }
        out
    }

    /// [`second_layer`] with sixteen lanes to a register (AVX2).
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn second_layer_avx2(w2: &[Row; HIDDEN2], a1: &Row) -> [i32; HIDDEN2] {
        const WIDE: usize = 2 * LANES;
        const CHUNKS: usize = HIDDEN1 / WIDE;
        let mut out = [0i32; HIDDEN2];
        // SAFETY: as in `second_layer`, with `WIDE` values a load.
        unsafe {
            let x: [__m256i; CHUNKS] = std::array::from_fn(|c| _mm256_load_si256(a1.as_ptr().add(c * WIDE).cast()));
            for j in (0..HIDDEN2).step_by(4) {
                let s: [__m128i; 4] = std::array::from_fn(|u| {
                    let row = w2[j + u].as_ptr();
                    let mut s = _mm256_setzero_si256();
                    for (c, xc) in x.iter().enumerate() {
                        s = _mm256_add_epi32(s, _mm256_madd_epi16(_mm256_load_si256(row.add(c * WIDE).cast()), *xc));
                    }
                    _mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256::<1>(s))
                });
                _mm_storeu_si128(out.as_mut_ptr().add(j).cast(), sum_lanes(s));
            }
        }
        out
    }

    /// [`super::portable::output_layer`] in AVX2: eight units a register, their products in
    /// 64 bits (`_mm256_mul_epi32` multiplies the even lanes; the odd ones are shifted down).
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn output_layer_avx2(b2: &[i32; HIDDEN2], w3: &[i32; HIDDEN2], s2: &[i32; HIDDEN2]) -> i64 {
        const WIDE: usize = 8;
        let mut sums = [0i64; 4];
        // SAFETY: every load reads `WIDE` values inside an array of `HIDDEN2` (`c + WIDE <=
        // HIDDEN2`), unaligned; the store writes the four values of `sums`.
        unsafe {
            let (zero, one) = (_mm256_setzero_si256(), _mm256_set1_epi32(ONE * WEIGHT_SCALE));
            let mut acc = _mm256_setzero_si256();
            for c in (0..HIDDEN2).step_by(WIDE) {
                let s = _mm256_loadu_si256(s2.as_ptr().add(c).cast());
                let b = _mm256_loadu_si256(b2.as_ptr().add(c).cast());
                let w = _mm256_loadu_si256(w3.as_ptr().add(c).cast());
                let a = _mm256_min_epi32(_mm256_max_epi32(_mm256_add_epi32(s, b), zero), one);
                acc = _mm256_add_epi64(acc, _mm256_mul_epi32(a, w));
                acc = _mm256_add_epi64(acc, _mm256_mul_epi32(_mm256_srli_epi64::<32>(a), _mm256_srli_epi64::<32>(w)));
            }
            _mm256_storeu_si256(sums.as_mut_ptr().cast(), acc);
        }
        sums.iter().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::notation::fen;

    fn sample_net(seed: u64) -> FloatNetwork {
        let mut f = FloatNetwork::new(32, seed);
        let mut s = seed | 1;
        for w in f.w3.iter_mut() {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            *w = ((s >> 33) as f32 / (1u64 << 31) as f32 - 0.5) * 2.0;
        }
        f.b3 = 0.1;
        f
    }

    #[test]
    fn the_integer_network_follows_the_float_one() {
        let f = sample_net(7);
        let n = f.quantized("# test\n");
        let mut active = Vec::new();
        let (mut z1, mut z2) = ([0f32; HIDDEN1], [0f32; HIDDEN2]);
        for text in ["B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", "W:WK14,18,K23:B5,K9,12", "B:W30:BK3"] {
            let pos = fen::parse(Variant::English, text).unwrap();
            active_inputs(&pos, &mut active);
            let float = f.forward(&active, &mut z1, &mut z2) * 100.0;
            let int = n.evaluate(&pos);
            assert!((float - int as f32).abs() <= 3.0, "{text}: {float} against {int}");
        }
    }

    #[test]
    fn the_side_to_move_sees_the_same_board_either_way() {
        // A position and the same one with colours reversed are the same position for the side
        // to move: the same inputs, the same score.
        let n = sample_net(3).quantized("");
        let turn = Variant::English.geometry().half_turn();
        for text in ["B:W21,22,23,K24,25:B1,2,3,K10,11,12", "W:WK14,18,K23:B5,K9,12"] {
            let pos = fen::parse(Variant::English, text).unwrap();
            let rev = crate::tune::colours_reversed(&pos, Variant::English, &turn).unwrap();
            let (mut a, mut b) = (Vec::new(), Vec::new());
            active_inputs(&pos, &mut a);
            active_inputs(&rev, &mut b);
            // In the order of the pieces' bits on the board as it stands: for Dark to move,
            // each piece's square turned round, in the order of the unturned bits.
            let g = Variant::English.geometry();
            let us = pos.side_to_move();
            let mut expect = Vec::new();
            for (plane, mut bb) in [pos.men(us), pos.kings(us), pos.men(!us), pos.kings(!us)].into_iter().enumerate() {
                while bb != 0 {
                    let i = g.index_of_bit(bb.trailing_zeros()) as usize;
                    expect.push(input_index(plane, if us == Color::Dark { 31 - i } else { i }, 32) as u16);
                    bb &= bb - 1;
                }
            }
            assert_eq!(a, expect, "{text}");
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "{text}");
            assert_eq!(n.evaluate(&pos), n.evaluate(&rev), "{text}");
        }
    }

    #[test]
    fn files_round_trip_and_bad_ones_are_named() {
        let n = sample_net(11).quantized("# made by a test\n");
        let bytes = n.to_bytes();
        assert_eq!(bytes.len(), "# made by a test\n".len() + Network::payload_bytes(32));
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        assert_eq!(back.header(), "# made by a test\n");
        let pos = fen::parse(Variant::English, "W:WK14,18,K23:B5,K9,12").unwrap();
        assert_eq!(back.evaluate(&pos), n.evaluate(&pos));
        assert!(back.fits(Variant::Russian) && !back.fits(Variant::International) && !back.fits(Variant::Turkish));
        let e = Network::from_bytes(&bytes[1..]).unwrap_err();
        assert!(e.contains("network file") && e.contains("bytes"), "{e}");
        let e = Network::from_bytes(b"hello").unwrap_err();
        assert!(e.contains("network file"), "{e}");
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_vector_layers_equal_the_portable_ones() {
        let n = sample_net(5).quantized("");
        let mut active = Vec::new();
        for text in ["B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", "W:WK14,18,K23:B5,K9,12", "B:W30:BK3"] {
            let pos = fen::parse(Variant::English, text).unwrap();
            let planes = n.planes(&pos);
            let a1 = simd::first_layer(&n.b1, &n.w1, &planes);
            assert_eq!(a1, portable::first_layer(&n.b1, &n.w1, &planes), "{text}");
            active_inputs(&pos, &mut active);
            assert_eq!(a1, by_inputs(&n, &active), "{text}");
            assert!(a1.iter().any(|&x| x > 0 && x < ONE as i16), "{text}: some unit between its bounds");
            assert_eq!(simd::second_layer(&n.w2, &a1), portable::second_layer(&n.w2, &a1), "{text}");
            if std::is_x86_feature_detected!("avx2") {
                // SAFETY: the processor has AVX2.
                unsafe {
                    assert_eq!(simd::first_layer_avx2(&n.b1, &n.w1, &planes), a1, "{text}");
                    let s2 = simd::second_layer_avx2(&n.w2, &a1);
                    assert_eq!(s2, portable::second_layer(&n.w2, &a1), "{text}");
                    assert_eq!(simd::output_layer_avx2(&n.b2, &n.w3, &s2), portable::output_layer(&n.b2, &n.w3, &s2), "{text}");
                }
            }
        }
        // The extremes: every weight at its largest or smallest, so a wrong lane or a lost carry shows.
        let mut big = n.clone();
        for (j, row) in big.w2.iter_mut().enumerate() {
            for (k, w) in row.iter_mut().enumerate() {
                *w = if (j + k) % 3 == 0 { i16::MIN + 1 } else { i16::MAX - k as i16 };
            }
        }
        let a1 = Row(std::array::from_fn(|k| (k % (ONE as usize + 1)) as i16));
        assert_eq!(simd::second_layer(&big.w2, &a1), portable::second_layer(&big.w2, &a1));
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2.
            assert_eq!(unsafe { simd::second_layer_avx2(&big.w2, &a1) }, portable::second_layer(&big.w2, &a1));
            // The output layer at its extremes: units below, inside and above their bounds,
            // weights at both ends of 16 bits (products beyond 32 bits).
            let s2: [i32; HIDDEN2] = std::array::from_fn(|j| [-(1 << 30), 0, 1, 77_777, ONE * WEIGHT_SCALE, 1 << 30][j % 6]);
            let w3: [i32; HIDDEN2] = std::array::from_fn(|j| if j % 3 == 0 { i16::MIN as i32 } else { i16::MAX as i32 - j as i32 });
            let b2: [i32; HIDDEN2] = std::array::from_fn(|j| (j as i32 - 16) * 1000);
            // SAFETY: the processor has AVX2.
            assert_eq!(unsafe { simd::output_layer_avx2(&b2, &w3, &s2) }, portable::output_layer(&b2, &w3, &s2));
        }
    }

    /// The first layer's units from the inputs in the file's order ([`input_index`]), read
    /// back from the network's bytes: the reference for the rows kept by bit.
    fn by_inputs(n: &Network, active: &[u16]) -> Row {
        let bytes = n.to_bytes();
        let values = &bytes[n.header().len()..];
        let value = |k: usize| i16::from_le_bytes([values[2 * k], values[2 * k + 1]]);
        let mut acc = n.b1.0;
        for &i in active {
            for (u, a) in acc.iter_mut().enumerate() {
                *a = a.wrapping_add(value(i as usize * HIDDEN1 + u));
            }
        }
        Row(acc.map(|a| a.clamp(0, ONE as i16)))
    }

    #[test]
    fn pieces_find_their_rows_on_every_board_from_either_side() {
        // Positions of random games on the three boards, either side to move: the rows added by
        // bit are the rows of the inputs, and a file read back evaluates the same.
        for variant in [Variant::English, Variant::International, Variant::Turkish] {
            let squares = variant.geometry().squares as usize;
            let n = FloatNetwork::new(squares, 21).quantized("# test\n");
            let back = Network::from_bytes(&n.to_bytes()).unwrap();
            let mut seed = 99u64;
            let mut active = Vec::new();
            let mut seen = [false; 2];
            for _ in 0..20 {
                let mut game = draughts_rules::Game::new(variant);
                for _ in 0..60 {
                    let pos = *game.position();
                    active_inputs(&pos, &mut active);
                    assert_eq!(portable::first_layer(&n.b1, &n.w1, &n.planes(&pos)), by_inputs(&n, &active), "{variant} {}", fen::write(&pos));
                    assert_eq!(back.evaluate(&pos), n.evaluate(&pos));
                    seen[pos.side_to_move().index()] = true;
                    let mut list = draughts_rules::MoveList::new();
                    pos.generate_moves(&mut list);
                    if list.is_empty() {
                        break;
                    }
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    game.play(&list[(seed >> 33) as usize % list.len()]).unwrap();
                }
            }
            assert_eq!(seen, [true, true]);
        }
    }

    #[test]
    fn a_network_of_one_stage_is_used_only_there() {
        let n = sample_net(13).quantized("# made by a test\n# pieces: 6-8\n");
        assert_eq!(n.pieces(), (6, 8));
        assert!(!n.covers(5) && n.covers(6) && n.covers(8) && !n.covers(9));
        let back = Network::from_bytes(&n.to_bytes()).unwrap();
        assert_eq!(back.pieces(), (6, 8));
        assert!(sample_net(13).quantized("# made by a test\n").covers(24));
        // The evaluation adds it only where the number of pieces is in its range: a network that
        // adds something everywhere changes the score of 6 to 8 pieces and nothing else.
        let w = crate::eval::Weights::builtin(Variant::English);
        let plain = crate::eval::Blended::new(w, Variant::English);
        let with = plain.clone().with_networks(vec![Arc::new(n.clone())]);
        let mut changed = 0;
        for text in ["B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", "W:W21,22,23,K14:B1,2,3", "W:W21,22,23,K14:B1,2,3,4", "B:W30:BK3"] {
            let pos = fen::parse(Variant::English, text).unwrap();
            let pieces = pos.occupied().count_ones();
            let (a, b) = (plain.evaluate_quiet(&pos).score, with.evaluate_quiet(&pos).score);
            if n.covers(pieces) {
                assert_eq!(b, a + n.evaluate(&pos), "{text}");
                changed += (a != b) as usize;
            } else {
                assert_eq!(a, b, "{text}: {pieces} pieces, outside 6-8");
            }
        }
        assert!(changed > 0, "the network adds something in its range");
        // A file whose range line is not a range is refused, with the line.
        let mut bytes = sample_net(13).quantized("# pieces: 9-3\n").to_bytes();
        let e = Network::from_bytes(&bytes).unwrap_err();
        assert!(e.contains("header line '# pieces: 9-3'") && e.contains("not a range of pieces"), "{e}");
        bytes[10] = b'x';
        assert!(Network::from_bytes(&bytes).unwrap_err().contains("'# pieces: x-3'"));
        for bad in ["", "5", "0-4", "3-65", "a-b", "4-3"] {
            assert!(parse_pieces(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_pieces("14-24"), Ok((14, 24)));
    }

    #[test]
    fn english_has_a_built_in_middle_game_network() {
        let english = Network::builtin(Variant::English);
        let american = Network::builtin(Variant::American);
        assert_eq!(english.iter().map(|n| n.pieces()).collect::<Vec<_>>(), [(12, 24)], "the middle game");
        // A middle-game position (19 pieces).
        let text = "B:W14,19,22,24,26,27,28,30,31:B2,3,5,6,8,9,10,12,16,17";
        for (n, a) in english.iter().zip(&american) {
            assert!(n.fits(Variant::English));
            // Its header says how it was made: the commands, from the self-play to the fit.
            let (lo, hi) = n.pieces();
            let h = n.header();
            assert!(h.contains("# variant: english") && h.contains("built-by: draughts tune --variant english --network"), "{h}");
            assert!(h.contains("--openings") && h.contains(&format!("--network-pieces {lo}-{hi}")), "{h}");
            // It adds something to a position of its stage.
            let pos = fen::parse(Variant::English, text).unwrap();
            assert!(n.covers(pos.occupied().count_ones()), "{text}");
            assert_ne!(n.evaluate(&pos), 0, "{text}");
            // American borrows it as it is, and says so.
            assert_eq!(a.pieces(), n.pieces());
            assert!(a.header().starts_with("# american: the english network as it is") && a.header().ends_with(h), "{}", a.header());
            assert_eq!(a.evaluate(&fen::parse(Variant::American, text).unwrap()), n.evaluate(&pos), "the same values");
        }
        // Read once.
        assert!(english.iter().zip(Network::builtin(Variant::English)).all(|(a, b)| Arc::ptr_eq(a, &b)));
        for v in [Variant::International, Variant::Russian, Variant::Turkish] {
            assert!(Network::builtin(v).is_empty(), "{v}");
        }
    }

    #[test]
    fn networks_of_several_stages_each_serve_their_own() {
        let dir = std::env::temp_dir().join(format!("draughts-stages-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = |name: &str, range: &str, seed: u64| {
            let path = dir.join(name);
            std::fs::write(&path, sample_net(seed).quantized(&format!("# pieces: {range}\n")).to_bytes()).unwrap();
            path.display().to_string()
        };
        let (ending, middle, wide) = (file("ending.network", "3-8", 31), file("middle.network", "9-24", 32), file("wide.network", "8-24", 33));
        // Command-line lists: files separated by commas, of separate ranges, for the board.
        let both = Network::from_arg(&format!("{middle},{ending}"), Some(Variant::English)).unwrap();
        assert_eq!(both.iter().map(|n| n.pieces()).collect::<Vec<_>>(), [(9, 24), (3, 8)]);
        assert!(Network::from_arg("none", Some(Variant::English)).unwrap().is_empty());
        let e = Network::from_arg(&format!("{ending},{wide}"), Some(Variant::English)).unwrap_err();
        assert!(e.contains("ending.network (3-8 pieces)") && e.contains("wide.network (8-24 pieces)") && e.contains("overlapping"), "{e}");
        let e = Network::from_arg(&format!("{ending},nowhere.network"), Some(Variant::English)).unwrap_err();
        assert!(e.contains("nowhere.network"), "{e}");
        assert!(Network::from_arg(&ending, Some(Variant::International)).unwrap_err().contains("not for international"));
        // The evaluation adds the network of the position's stage, and nothing outside both.
        let w = crate::eval::Weights::builtin(Variant::English);
        let plain = crate::eval::Blended::new(w, Variant::English);
        let with = plain.clone().with_networks(both.clone());
        for text in ["B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", "W:W21,22,23,K14:B1,2,3", "W:W21,22,23,K14:B1,2,3,4,5,6", "B:W30:BK3"] {
            let pos = fen::parse(Variant::English, text).unwrap();
            let pieces = pos.occupied().count_ones();
            let add = both.iter().find(|n| n.covers(pieces)).map_or(0, |n| n.evaluate(&pos));
            assert_eq!(with.evaluate_quiet(&pos).score, plain.evaluate_quiet(&pos).score + add, "{text}");
            assert_eq!(add != 0, pieces >= 3, "{text}: {pieces} pieces");
        }
        let stages = Stages::new(both);
        assert_eq!((stages.at(2).is_none(), stages.at(3).unwrap().pieces(), stages.at(9).unwrap().pieces(), stages.at(25).is_none()), (true, (3, 8), (9, 24), true));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_new_network_adds_nothing() {
        let n = FloatNetwork::new(32, 1).quantized("");
        for text in ["B:W21,22,23,24:B1,2,3,4", "W:WK14:BK5"] {
            let pos = fen::parse(Variant::English, text).unwrap();
            assert_eq!(n.evaluate(&pos), 0);
        }
    }
}
