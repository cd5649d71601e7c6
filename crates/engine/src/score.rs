//! Scores: what the search returns and how the project writes it (in the manner of Scan's
//! `score.hpp`).
//!
//! A score is in centi-men (hundredths of a man) for the side to move, or a mate score: a win in
//! `n` half-moves scores [`MATE`]` - n` and a loss in `n` half-moves `-(MATE - n)`, so the search
//! prefers the shortest win and the longest loss. Draws score 0.
//!
//! The search's node loop works on plain `i32` (the raw constants [`MATE`], [`MATE_BOUND`] and
//! [`INFINITY`]); [`Score`] wraps one at the API boundary ([`crate::SearchResult`],
//! [`crate::Info`]) and owns the mate-distance logic, the transposition-table conversions by
//! ply and the display forms:
//! * [`Score::text`] (also [`Display`](std::fmt::Display)): "+0.35", "-1.20", "+0.00" in men, or
//!   "win in 7" / "loss in 4" in half-moves;
//! * [`Score::hub_men`]: Hub's real number of men, "0.35", "-1.20", "0.00", a win in `n`
//!   half-moves written as `100 - n/100` ("99.93") and a loss as its negative.

use std::fmt;

/// Raw score of a win now; a win in `n` half-moves scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Raw scores beyond this (in absolute value) are wins or losses.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Raw score of an endgame database win with no half-moves left to count: a database win whose
/// line takes `n` half-moves scores `DATABASE_WIN - n`, a loss the negative. Below every forced
/// win the search proves (which is certain and counted from the root), above every evaluation.
pub const DATABASE_WIN: i32 = MATE_BOUND - 1_000;
/// A database win of a slice without distances scores `DATABASE_WIN - DATABASE_UNCOUNTED` plus
/// the evaluation (within [`DATABASE_EVAL`]): below every counted win, so the search heads for
/// the slices that keep distances, and ordered by the evaluation, so that it makes progress
/// (wins material) on the way.
pub const DATABASE_UNCOUNTED: i32 = 700;
/// The most the evaluation moves an uncounted database score either way.
pub const DATABASE_EVAL: i32 = 299;
/// Raw scores beyond this (in absolute value), up to [`DATABASE_WIN`], are database results.
pub const DATABASE_BOUND: i32 = DATABASE_WIN - 1_000;
/// Larger than any raw score.
pub const INFINITY: i32 = MATE + 1;

/// A search score for the side to move: centi-men, or a win or loss in a number of half-moves
/// (see the [module documentation](self)). The wrapped `i32` is the raw score.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

impl Score {
    /// A draw (and an even position): 0.
    pub const DRAW: Score = Score(0);
    /// A win now.
    pub const MATE: Score = Score(MATE);
    /// Scores beyond this (in absolute value) are wins or losses.
    pub const MATE_BOUND: Score = Score(MATE_BOUND);
    /// Larger than any score.
    pub const INFINITY: Score = Score(INFINITY);

    /// A score of `centi` hundredths of a man.
    #[inline(always)]
    pub const fn centi(centi: i32) -> Score {
        Score(centi)
    }

    /// A win in `n` half-moves.
    #[inline(always)]
    pub const fn win_in(n: i32) -> Score {
        Score(MATE - n)
    }

    /// A loss in `n` half-moves.
    #[inline(always)]
    pub const fn loss_in(n: i32) -> Score {
        Score(-MATE + n)
    }

    /// The raw score.
    #[inline(always)]
    pub const fn raw(self) -> i32 {
        self.0
    }

    /// Whether this is a win (a mate score for the side to move).
    #[inline(always)]
    pub const fn is_win(self) -> bool {
        self.0 > MATE_BOUND
    }

    /// Whether this is a loss (a mate score against the side to move).
    #[inline(always)]
    pub const fn is_loss(self) -> bool {
        self.0 < -MATE_BOUND
    }

    /// Whether this is a win or a loss rather than an evaluation.
    #[inline(always)]
    pub const fn is_mate(self) -> bool {
        self.is_win() || self.is_loss()
    }

    /// An endgame database result for the side to move: a win along a line of `plies`
    /// half-moves, or the loss when `win` is false (see [`DATABASE_WIN`]; distances of
    /// [`DATABASE_UNCOUNTED`] or more count as that many).
    pub const fn database(win: bool, plies: u32) -> Score {
        let n = if plies < DATABASE_UNCOUNTED as u32 { plies as i32 } else { DATABASE_UNCOUNTED - DATABASE_EVAL - 1 };
        Score(if win { DATABASE_WIN - n } else { -(DATABASE_WIN - n) })
    }

    /// A database win (`win`) or loss of a slice without distances, in a position the side to
    /// move evaluates at `eval` centi-men (see [`DATABASE_UNCOUNTED`]).
    pub const fn database_uncounted(win: bool, eval: i32) -> Score {
        let e = if eval > DATABASE_EVAL {
            DATABASE_EVAL
        } else if eval < -DATABASE_EVAL {
            -DATABASE_EVAL
        } else {
            eval
        };
        let base = DATABASE_WIN - DATABASE_UNCOUNTED;
        Score(if win { base + e } else { -base + e })
    }

    /// Whether this is an endgame database win (positive) or loss rather than an evaluation or
    /// a proved mate.
    #[inline(always)]
    pub const fn is_database(self) -> bool {
        let a = self.0.unsigned_abs() as i32;
        a > DATABASE_BOUND && a <= DATABASE_WIN
    }

    /// For a mate score: half-moves to the win (positive) or to the loss (negative). `None` for
    /// an ordinary score.
    #[inline(always)]
    pub const fn mate_in(self) -> Option<i32> {
        if self.is_win() {
            Some(MATE - self.0)
        } else if self.is_loss() {
            Some(-(MATE + self.0))
        } else {
            None
        }
    }

    /// The score as stored in the transposition table by a node `ply` half-moves from the root:
    /// mate scores count from that node instead of from the root (ordinary scores unchanged).
    #[inline(always)]
    pub const fn to_tt(self, ply: usize) -> Score {
        if self.is_win() {
            Score(self.0 + ply as i32)
        } else if self.is_loss() {
            Score(self.0 - ply as i32)
        } else {
            self
        }
    }

    /// The inverse of [`Score::to_tt`]: a table score read at a node `ply` half-moves from the
    /// root, with mate scores counted from the root again.
    #[inline(always)]
    pub const fn from_tt(self, ply: usize) -> Score {
        if self.is_win() {
            Score(self.0 - ply as i32)
        } else if self.is_loss() {
            Score(self.0 + ply as i32)
        } else {
            self
        }
    }

    /// The score in words: men with a sign and two decimals ("+0.35", "-1.20", "+0.00"),
    /// "win in 7" / "loss in 4" half-moves, or an endgame database result, "win (database) in
    /// 23" ("win (database)" when uncounted).
    pub fn text(self) -> String {
        if self.is_database() {
            let n = DATABASE_WIN - self.0.abs();
            let counted = if n < DATABASE_UNCOUNTED - DATABASE_EVAL { format!(" in {n}") } else { String::new() };
            return format!("{} (database){counted}", if self.0 > 0 { "win" } else { "loss" });
        }
        match self.mate_in() {
            Some(n) if n > 0 => format!("win in {n}"),
            Some(n) => format!("loss in {}", -n),
            None => format!("{:+.2}", self.0 as f64 / 100.0),
        }
    }

    /// The score as Hub's "men" (a real number with two decimals: "0.35", "-1.20", "0.00"); a
    /// win in `n` half-moves is `100 - n/100` ("99.93"), a loss its negative.
    pub fn hub_men(self) -> String {
        match self.mate_in() {
            Some(n) => {
                let v = 100.0 - n.abs() as f64 / 100.0;
                format!("{:.2}", if self.0 > 0 { v } else { -v })
            }
            None => format!("{:.2}", self.0 as f64 / 100.0),
        }
    }
}

/// [`Score::text`], padded as the formatter asks (`{:>7}`).
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.text())
    }
}

impl From<i32> for Score {
    #[inline(always)]
    fn from(raw: i32) -> Score {
        Score(raw)
    }
}

impl From<Score> for i32 {
    #[inline(always)]
    fn from(s: Score) -> i32 {
        s.0
    }
}

impl std::ops::Neg for Score {
    type Output = Score;
    /// The same score from the other side's point of view.
    #[inline(always)]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances() {
        assert_eq!(Score::win_in(7), Score(MATE - 7));
        assert_eq!(Score::loss_in(4), Score(-MATE + 4));
        assert_eq!(Score::win_in(7).mate_in(), Some(7));
        assert_eq!(Score::loss_in(4).mate_in(), Some(-4));
        assert_eq!(Score::win_in(0).mate_in(), Some(0));
        assert_eq!(Score::DRAW.mate_in(), None);
        assert_eq!(Score(35).mate_in(), None);
        assert_eq!(Score(-120).mate_in(), None);
        // The bound itself is still an evaluation; one past it is a mate score.
        assert_eq!(Score(MATE_BOUND).mate_in(), None);
        assert_eq!(Score(-MATE_BOUND).mate_in(), None);
        assert_eq!(Score(MATE_BOUND + 1).mate_in(), Some(999));
        assert_eq!(Score(-MATE_BOUND - 1).mate_in(), Some(-999));
        assert!(Score::win_in(3).is_win() && !Score::win_in(3).is_loss() && Score::win_in(3).is_mate());
        assert!(Score::loss_in(3).is_loss() && Score::loss_in(3).is_mate());
        assert!(!Score(MATE_BOUND).is_mate() && !Score::DRAW.is_mate());
        assert_eq!(-Score::win_in(5), Score::loss_in(5));
        assert!(Score::INFINITY > Score::MATE && -Score::INFINITY < -Score::MATE);
        assert_eq!(i32::from(Score::from(-7)), -7);
        // Database results: below proved wins, above evaluations, written as such.
        let db = Score::database(true, 23);
        assert!(db.is_database() && !db.is_mate() && db < Score::win_in(900) && db > Score(5_000));
        assert_eq!(db.text(), "win (database) in 23");
        assert_eq!(Score::database_uncounted(false, 40).text(), "loss (database)");
        assert!(Score::database_uncounted(true, 10_000) < Score::database(true, 10_000) && -db == Score::database(false, 23));
        assert!(Score::database_uncounted(true, -10_000).is_database() && Score::database_uncounted(true, 50) > Score::database_uncounted(true, 0));
        assert_eq!(-Score::database_uncounted(true, 50), Score::database_uncounted(false, -50));
        assert!(!Score(500).is_database() && !Score::win_in(3).is_database());
        assert_eq!(Score::centi(42).raw(), 42);
    }

    #[test]
    fn table_conversions() {
        // Ordinary scores are stored as they are.
        for s in [0, 1, -1, 35, -120, MATE_BOUND, -MATE_BOUND] {
            assert_eq!(Score(s).to_tt(9), Score(s));
            assert_eq!(Score(s).from_tt(9), Score(s));
        }
        // A win in 7 from the root found 3 plies down is a win in 4 from that node.
        assert_eq!(Score::win_in(7).to_tt(3), Score::win_in(4));
        assert_eq!(Score::loss_in(7).to_tt(3), Score::loss_in(4));
        assert_eq!(Score::win_in(4).from_tt(3), Score::win_in(7));
        assert_eq!(Score::loss_in(4).from_tt(3), Score::loss_in(7));
        assert_eq!(Score::win_in(5).to_tt(0), Score::win_in(5));
    }

    #[test]
    fn table_round_trip() {
        let mut scores: Vec<i32> = (-300..=300).collect();
        scores.extend([MATE_BOUND, -MATE_BOUND, MATE_BOUND - 1, -MATE_BOUND + 1]);
        scores.extend((0..=200).flat_map(|n| [MATE - n, -MATE + n]));
        for s in scores {
            for ply in [0usize, 1, 2, 17, 64, 127] {
                // A mate score seen at a node `ply` deep is at least `ply` half-moves away.
                let m = Score(s).mate_in();
                if m.is_some_and(|n| (n.unsigned_abs() as usize) < ply) {
                    continue;
                }
                let stored = Score(s).to_tt(ply);
                assert_eq!(stored.from_tt(ply), Score(s), "score {s} at ply {ply}");
                assert_eq!(stored.mate_in().is_some(), m.is_some(), "score {s} at ply {ply} keeps its kind");
            }
        }
    }

    #[test]
    fn text_form() {
        assert_eq!(Score(35).text(), "+0.35");
        assert_eq!(Score(-120).text(), "-1.20");
        assert_eq!(Score(0).text(), "+0.00");
        assert_eq!(Score(-4).text(), "-0.04");
        assert_eq!(Score(4).text(), "+0.04");
        assert_eq!(Score(-1).text(), "-0.01");
        assert_eq!(Score(100).text(), "+1.00");
        assert_eq!(Score(-2345).text(), "-23.45");
        assert_eq!(Score(MATE_BOUND).text(), "+290.00");
        assert_eq!(Score(-MATE_BOUND).text(), "-290.00");
        assert_eq!(Score::win_in(7).text(), "win in 7");
        assert_eq!(Score::loss_in(4).text(), "loss in 4");
        assert_eq!(Score::win_in(1).text(), "win in 1");
        assert_eq!(Score::loss_in(0).text(), "loss in 0");
        assert_eq!(Score(MATE_BOUND + 1).text(), "win in 999");
        // Display is the same text, padded on request.
        assert_eq!(Score(35).to_string(), "+0.35");
        assert_eq!(format!("{:>7}", Score(-120)), "  -1.20");
        assert_eq!(format!("{:>7}", Score::win_in(7)), "win in 7");
        assert_eq!(format!("{:<7}|", Score(0)), "+0.00  |");
    }

    #[test]
    fn hub_men_form() {
        assert_eq!(Score(35).hub_men(), "0.35");
        assert_eq!(Score(-120).hub_men(), "-1.20");
        assert_eq!(Score(0).hub_men(), "0.00");
        assert_eq!(Score(-4).hub_men(), "-0.04");
        assert_eq!(Score(-1).hub_men(), "-0.01");
        assert_eq!(Score(250).hub_men(), "2.50");
        assert_eq!(Score(MATE_BOUND).hub_men(), "290.00");
        assert_eq!(Score(-MATE_BOUND).hub_men(), "-290.00");
        assert_eq!(Score::win_in(7).hub_men(), "99.93");
        assert_eq!(Score::loss_in(4).hub_men(), "-99.96");
        assert_eq!(Score::win_in(0).hub_men(), "100.00");
        assert_eq!(Score::loss_in(0).hub_men(), "-100.00");
        assert_eq!(Score::win_in(1).hub_men(), "99.99");
        assert_eq!(Score::win_in(150).hub_men(), "98.50");
        assert_eq!(Score(MATE_BOUND + 1).hub_men(), "90.01");
        assert_eq!(Score(-MATE_BOUND - 1).hub_men(), "-90.01");
    }

    /// The forms are those the project wrote before the type owned them (analyze's
    /// `score_text` and Hub's `score_men`), over the whole range of scores.
    #[test]
    fn same_text_as_before() {
        fn old_mate_in(score: i32) -> Option<i32> {
            if score > MATE_BOUND {
                Some(MATE - score)
            } else if score < -MATE_BOUND {
                Some(-(MATE + score))
            } else {
                None
            }
        }
        fn old_text(score: i32) -> String {
            match old_mate_in(score) {
                Some(n) if n > 0 => format!("win in {n}"),
                Some(n) => format!("loss in {}", -n),
                None => format!("{:+.2}", score as f64 / 100.0),
            }
        }
        fn old_hub(score: i32) -> String {
            if !(-MATE_BOUND..=MATE_BOUND).contains(&score) {
                let n = old_mate_in(score).unwrap_or(0).abs() as f64;
                let v = 100.0 - n / 100.0;
                return format!("{:.2}", if score > 0 { v } else { -v });
            }
            format!("{:.2}", score as f64 / 100.0)
        }
        for s in -MATE..=MATE {
            if Score(s).is_database() {
                // Written as database results since they exist (Score::text).
                continue;
            }
            assert_eq!(Score(s).text(), old_text(s), "score {s}");
            assert_eq!(Score(s).hub_men(), old_hub(s), "score {s}");
        }
    }
}
