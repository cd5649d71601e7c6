//! Endgame databases: the won, drawn and lost positions of every material with few pieces,
//! solved by retrograde analysis ([`build`]), kept in compact files ([`store`]) and read by the
//! search, analysis and Hub ([`probe`]).
//!
//! A *slice* is one material: the men and kings of the side to move and of the other side
//! ([`Material`]). Its positions are numbered by [`index`] with the side to move turned to Light,
//! so one slice serves both sides. Positions where the side to move must capture are not stored:
//! a probe resolves them by playing out the captures into smaller slices ([`Egdb::resolve`]).
//! Results ignore the draw rules of the game (the quiet-move counter, repetitions): a won
//! position is one the winner can force, however long it takes.
//!
//! Slices of up to [`distance_pieces`] pieces (by default) also keep the number of half-moves to the end of
//! the game along the line the database plays ([`Probe::plies`]): with win/draw/loss only, a
//! search in a won ending has no way to tell progress from shuffling.

pub mod build;
mod index;
pub mod probe;
pub mod store;
pub mod verify;

use draughts_rules::Variant;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::fmt;
use std::path::Path;

pub use build::{build_all, memory_needed, BuildReport, Progress};
pub use probe::{Probe, Wld};
pub use store::{SliceFile, StoreError};

/// Slices with at most this many pieces keep the distance to the end of the game unless the
/// build asks otherwise ([`build_all`]'s `distance_pieces`, `egdb build --distances`): 5 on
/// the 8x8 boards, 4 on the 10x10 one. A byte a position costs 145 MB for an 8x8 rule set's
/// 5-piece slices (its 4-piece ones: 8 MB), but 1.6 GB for international's 5-piece ones. Without
/// distances the search recognises a won ending of the slice but may not convert it before the
/// quiet-move counter draws it (docs/engine.md, "Endgame databases").
pub fn distance_pieces(variant: Variant) -> u32 {
    if variant.geometry().squares <= 32 {
        5
    } else {
        4
    }
}

/// A slice: the men and kings of the side to move (`own_*`) and of the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// Men of the side to move.
    pub own_men: u8,
    /// Kings of the side to move.
    pub own_kings: u8,
    /// Men of the other side.
    pub other_men: u8,
    /// Kings of the other side.
    pub other_kings: u8,
}

impl Material {
    /// The material with the sides exchanged (the slice the other side moves in).
    pub const fn swapped(self) -> Material {
        Material {
            own_men: self.other_men,
            own_kings: self.other_kings,
            other_men: self.own_men,
            other_kings: self.own_kings,
        }
    }

    /// Pieces on the board.
    pub const fn pieces(self) -> u32 {
        (self.own_men + self.own_kings + self.other_men + self.other_kings) as u32
    }

    /// Men on the board.
    pub const fn men(self) -> u32 {
        (self.own_men + self.other_men) as u32
    }

    /// Every slice with both sides on the board and at most `n` pieces, in the order they are
    /// built: fewer pieces first, then fewer men (a promotion leads to a slice with one man
    /// fewer, a capture to one with a piece fewer).
    pub fn up_to(n: u32) -> Vec<Material> {
        let mut out = Vec::new();
        let side = |n: u32| {
            (0..=n as u8)
                .flat_map(move |m| (0..=n as u8 - m).map(move |k| (m, k)))
                .filter(|&(m, k)| m + k >= 1)
        };
        for (om, ok) in side(n) {
            for (xm, xk) in side(n) {
                let m = Material {
                    own_men: om,
                    own_kings: ok,
                    other_men: xm,
                    other_kings: xk,
                };
                if m.pieces() <= n {
                    out.push(m);
                }
            }
        }
        out.sort_by_key(|m| (m.pieces(), m.men(), *m));
        out
    }

    /// Parses the file-name form of [`Material`]'s display, `1m2k-0m1k`.
    pub fn parse(s: &str) -> Option<Material> {
        let (a, b) = s.split_once('-')?;
        let side = |t: &str| -> Option<(u8, u8)> {
            let (m, k) = t.strip_suffix('k')?.split_once('m')?;
            Some((m.parse().ok()?, k.parse().ok()?))
        };
        let ((om, ok), (xm, xk)) = (side(a)?, side(b)?);
        Some(Material {
            own_men: om,
            own_kings: ok,
            other_men: xm,
            other_kings: xk,
        })
    }
}

/// `1m2k-0m1k`: one man and two kings for the side to move against one king.
impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}m{}k-{}m{}k",
            self.own_men, self.own_kings, self.other_men, self.other_kings
        )
    }
}

/// The hash of a [`Material`] (its four counts) for the slice map, which the search reads at
/// every probe: a multiplication a byte. The default hasher resists keys chosen to collide, at
/// several times the cost, and that protects nothing here (the keys are counts of pieces).
#[derive(Default)]
struct MaterialHasher(u64);

impl Hasher for MaterialHasher {
    #[inline(always)]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | b as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    #[inline(always)]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// The rule sets a database can be built for: those whose games end only when a side cannot
/// move (Turkish's one-piece-each ending decides otherwise, RULES.md section 4).
pub fn supported(variant: Variant) -> bool {
    !variant.rules().one_piece_each
}

/// The databases of one variant held in memory: the slices found in a folder.
pub struct Egdb {
    variant: Variant,
    slices: HashMap<Material, SliceFile, BuildHasherDefault<MaterialHasher>>,
    indexer: index::Indexer,
    max_pieces: u32,
}

impl Egdb {
    /// An empty database of `variant` (slices are added by [`Egdb::insert`]).
    pub fn empty(variant: Variant) -> Egdb {
        Egdb {
            variant,
            slices: HashMap::default(),
            indexer: index::Indexer::new(variant),
            max_pieces: 0,
        }
    }

    /// Reads every slice of `variant` under `dir` (`dir/<variant id>/*.egdb`), checking each
    /// file's checksum. A missing folder is an empty database.
    ///
    /// Errors: the first file that cannot be read or is damaged, named.
    pub fn open(dir: &Path, variant: Variant) -> Result<Egdb, StoreError> {
        let mut db = Egdb::empty(variant);
        for slice in store::read_all(dir, variant)? {
            db.insert(slice);
        }
        Ok(db)
    }

    /// The databases of every rule set found under `dir` (those with at least one slice), for
    /// [`crate::Searcher::set_egdbs`].
    ///
    /// Errors: the first file that cannot be read or is damaged, named.
    pub fn open_all(dir: &Path) -> Result<Vec<std::sync::Arc<Egdb>>, StoreError> {
        let mut out = Vec::new();
        for v in Variant::ALL.into_iter().filter(|v| supported(*v)) {
            let db = Egdb::open(dir, v)?;
            if !db.slices.is_empty() {
                out.push(std::sync::Arc::new(db));
            }
        }
        Ok(out)
    }

    /// Adds a slice (replacing one of the same material).
    pub fn insert(&mut self, slice: SliceFile) {
        self.slices.insert(slice.material, slice);
        self.max_pieces = (1..=64)
            .take_while(|&n| {
                Material::up_to(n)
                    .iter()
                    .all(|m| self.slices.contains_key(m))
            })
            .last()
            .unwrap_or(0);
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The largest number of pieces up to which every slice is present (0 when none is).
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The slice of a material, if present.
    pub fn slice(&self, m: Material) -> Option<&SliceFile> {
        self.slices.get(&m)
    }

    /// The position numbered `i` in slice `m` (with Light to move: the indexing turns the board
    /// so that the side to move is Light), or `None` when the number is no position.
    pub fn position(&self, m: Material, i: u64) -> Option<draughts_rules::Position> {
        (i < self.indexer.positions(m))
            .then(|| self.indexer.position(m, i))
            .flatten()
    }

    /// The slice and number of a position (the inverse of [`Egdb::position`]).
    pub fn index(&self, pos: &draughts_rules::Position) -> (Material, u64) {
        let m = index::Indexer::material(pos);
        (m, self.indexer.index_of(m, pos))
    }

    /// The number of indices of slice `m` (whether it is present or not).
    pub fn positions(&self, m: Material) -> u64 {
        self.indexer.positions(m)
    }

    /// The slices present, in build order.
    pub fn slices(&self) -> Vec<&SliceFile> {
        let mut v: Vec<&SliceFile> = self.slices.values().collect();
        v.sort_by_key(|s| (s.material.pieces(), s.material.men(), s.material));
        v
    }
}
