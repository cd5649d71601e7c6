//! The evaluation features: their names, in the order of the weight files, and a position's
//! measured counts.

/// The evaluation features, in the order of [`Weights`] and of the weight files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(usize)]
pub enum Feature {
    /// Men on the board.
    Man,
    /// Kings on the board.
    King,
    /// Men on the side's own back row (the guard against crowning).
    Row0,
    /// Men on the 2nd row counted from the side's own back row (Row1..Row8 together measure
    /// advancement and tempo).
    Row1,
    /// Men on the 3rd row counted from the side's own back row.
    Row2,
    /// Men on the 4th row counted from the side's own back row.
    Row3,
    /// Men on the 5th row counted from the side's own back row.
    Row4,
    /// Men on the 6th row counted from the side's own back row.
    Row5,
    /// Men on the 7th row counted from the side's own back row (one before crowning on 8x8).
    Row6,
    /// Men on the 8th row counted from the side's own back row (10x10 only: on 8x8 it is the far
    /// row, which has no row feature).
    Row7,
    /// Men on the 9th row counted from the side's own back row (10x10 only: one before crowning).
    Row8,
    /// Men on the central squares.
    CentreMan,
    /// Kings on the central squares.
    CentreKing,
    /// Free forward steps of men.
    MobilityMan,
    /// Squares kings can move to.
    MobilityKing,
    /// Men one row before crowning with a clear way forward.
    Runaway1,
    /// Men two rows before crowning with a clear cone in front of them.
    Runaway2,
    /// Men three rows before crowning with a clear cone in front of them.
    Runaway3,
    /// Pieces the opponent could take at once: an enemy piece in front, an empty square behind.
    Exposed,
    /// Men with an empty square behind and an enemy man two squares in front on the same line:
    /// one step by the enemy makes them takeable (the guides' "empty square behind a man").
    Hole,
    /// Kings on the board's long diagonal (diagonal boards).
    KingDiagonal,
    /// Difference between the men on the left and right halves of the board (wing balance).
    Imbalance,
    /// Endgame: closeness of the kings to the nearest enemy piece (see [`features`]).
    KingChase,
    /// Material lead (men and kings) times the share of material already traded (trade when ahead).
    TradeDown,
    /// Endgame: the weaker side's kings in a double corner, where a lone short king is hardest
    /// to catch (signed like the lead; a negative weight drives them out).
    DoubleCorner,
    /// Men covered from behind: every square behind them is an own piece or off the board, so
    /// nothing can jump them from the front.
    Protected,
    /// Men that cannot step forward (every square in front is occupied): they cost tempo.
    Immobile,
    /// Covered men in the opponent's half (outposts).
    Outpost,
    /// The side to move (a tempo bonus; in this one feature Light's value is +1 when Light is to move).
    Turn,
}

/// Number of features.
pub const NUM_FEATURES: usize = Feature::Turn as usize + 1;

/// Feature names as written in the weight files, in [`Feature`] order.
pub const FEATURE_NAMES: [&str; NUM_FEATURES] = [
    "man", "king", "row0", "row1", "row2", "row3", "row4", "row5", "row6", "row7", "row8", "centre_man",
    "centre_king", "mobility_man", "mobility_king", "runaway1", "runaway2", "runaway3", "exposed", "hole",
    "king_diagonal", "imbalance", "king_chase", "trade_down", "double_corner", "protected", "immobile", "outpost", "turn",
];

/// A feature vector: Light's count minus Dark's for every feature (see [`Feature`]), plus the
/// material phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Light's count minus Dark's, indexed by [`Feature`] (for [`Feature::Turn`]: +1 when Light
    /// is to move, -1 when Dark is).
    pub values: [i32; NUM_FEATURES],
    /// Material left on the board, 0 (none) ..= [`PHASE_MAX`] (the start position).
    pub phase: i32,
}

/// The phase of the start position.
pub const PHASE_MAX: i32 = 256;
