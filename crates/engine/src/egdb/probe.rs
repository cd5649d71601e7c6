//! Reading results: [`Egdb::probe`] for positions without a capture pending (what the search
//! asks at quiet nodes), [`Egdb::resolve`] for any position (captures played out).

use super::index::Indexer;
use super::store::{DRAW, LOSS, NOT_STORED, WIN};
use super::Egdb;
use draughts_rules::Position;

/// A game-theoretic result for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wld {
    /// The side to move wins by force.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses against best play.
    Loss,
}

/// What the database says about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Probe {
    /// The result for the side to move.
    pub wld: Wld,
    /// For wins and losses of slices that keep distances: the half-moves to the end of the game
    /// along the database's line (the winner moves to a loss with one half-move fewer, every
    /// move of the loser leads to a win with fewer): the shortest win and the longest loss.
    pub plies: Option<u32>,
}

impl Probe {
    /// The result of the side that played into a position with this result: a win in `n` for
    /// the side to move there is a loss in `n + 1` here.
    pub fn parent(self) -> Probe {
        let wld = match self.wld {
            Wld::Win => Wld::Loss,
            Wld::Draw => Wld::Draw,
            Wld::Loss => Wld::Win,
        };
        Probe {
            wld,
            plies: if wld == Wld::Draw {
                None
            } else {
                self.plies.map(|p| p + 1)
            },
        }
    }

    /// Orders results for the side to move: higher is better (a shorter win, a longer loss).
    pub fn rank(self) -> i64 {
        let p = self.plies.unwrap_or(1_000) as i64;
        match self.wld {
            Wld::Win => 1_000_000 - p,
            Wld::Draw => 0,
            Wld::Loss => -1_000_000 + p,
        }
    }
}

impl Egdb {
    /// The stored result of a position, or `None` when its slice is not in the database or the
    /// side to move must capture (such positions are not stored; see [`Egdb::resolve`]).
    #[inline]
    pub fn probe(&self, pos: &Position) -> Option<Probe> {
        if pos.variant() != self.variant {
            return None;
        }
        let m = Indexer::material(pos);
        let slice = self.slices.get(&m)?;
        let i = self.indexer.index_of(m, pos);
        let wld = match slice.code(i) {
            WIN => Wld::Win,
            DRAW => Wld::Draw,
            LOSS => Wld::Loss,
            NOT_STORED => return None,
            _ => unreachable!("2-bit code"),
        };
        let plies = if wld == Wld::Draw {
            None
        } else {
            slice.plies_at(i).map(u32::from)
        };
        Some(Probe { wld, plies })
    }

    /// The result of any position whose material is in the database: stored positions are
    /// read, positions with a capture pending are resolved by playing out every capture (the
    /// best for the side to move). A side without pieces has lost. `None` when some position
    /// reached is not in the database.
    pub fn resolve(&self, pos: &Position) -> Option<Probe> {
        if pos.pieces(pos.side_to_move()) == 0 {
            return Some(Probe {
                wld: Wld::Loss,
                plies: Some(0),
            });
        }
        if !pos.has_capture() {
            return self.probe(pos);
        }
        let mut best: Option<Probe> = None;
        for mv in pos.legal_moves() {
            let r = self.resolve(&pos.after(&mv))?.parent();
            if best.is_none_or(|b| r.rank() > b.rank()) {
                best = Some(r);
            }
        }
        best
    }
}
