//! The sequential probability ratio test of a match played in pairs (each opening with both
//! colours): after every pair, the log-likelihood ratio of "the first player is `elo1` Elo
//! stronger" (H1) against "it is `elo0` Elo stronger" (H0) says whether the match can stop.
//! A change that gains a few Elo is accepted or rejected after as few games as the results
//! allow, with the error rates chosen (`alpha`: accepting H1 when H0 holds; `beta`: the other
//! way round), where a fixed number of games is either too many or too few.
//!
//! The model is the pentanomial one: a pair scores 0, 1/2, 1, 3/2 or 2 points, and the pairs
//! are the independent samples. The two games of a pair share their opening, so their results
//! go together (an opening that favours one colour gives 1-1 more often than chance); counting
//! the games as independent (the trinomial model) overstates the variance and wastes games.
//!
//! The ratio is the generalised SPRT's (as in the testing frameworks of chess programs, after
//! Michel Van den Bergh, "A practical introduction to the GSPRT"): the pairs' observed
//! frequencies `f` of the scores `x` (as fractions of a pair's two points: 0, 1/4 .. 1), and
//! for each hypothesis the distribution nearest to them whose mean is its expected score `s`
//! (`1 / (1 + 10^(-elo / 400))`, the logistic scale): the maximum-likelihood one,
//! `p = f / (1 + l (x - s))` with `l` chosen so that it sums to one. The ratio is `N` (the
//! pairs) times the mean of `ln(p1 / p0)` over the observed pairs. Empty frequencies count as
//! 0.001 of a pair, so that every mean between 0 and 1 can be reached: a match won pair after
//! pair then gains about 0.25 a pair at 0 against 100 Elo (12 pairs to decide; the ratio
//! weighs the two hypotheses only, so results far beyond both still decide slowly between close
//! ones: about 0.028 a pair, 104 pairs, at 0 against 10 Elo), where the usual approximation (the
//! mean and variance of a normal law, below in the tests) has no variance to divide by. The
//! test stops at the first pair after which the ratio leaves
//! `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))`.

/// Pairs of games by the first player's score in the pair: index `i` counts the pairs in which
/// it scored `i` half-points (0 = two losses, 2 = two draws or a win and a loss, 4 = two wins).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Counts a finished pair in which the first player scored `half_points` (0..=4).
    pub fn add(&mut self, half_points: usize) {
        self.0[half_points.min(4)] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// The pairs of a list of games' points (1, 1/2 or 0) for the first player, games `2k` and
    /// `2k + 1` making pair `k` (a last game without its pair is left out).
    pub fn of_games(points: &[f64]) -> Pentanomial {
        let mut p = Pentanomial::default();
        for pair in points.chunks_exact(2) {
            p.add(((pair[0] + pair[1]) * 2.0).round() as usize);
        }
        p
    }

    /// The report line of the pairs, as `draughts match` and `draughts dxp` print it: the counts
    /// by points and the Elo interval of [`Pentanomial::elo`]; `None` without pairs.
    pub fn report(&self) -> Option<String> {
        let (elo, lo, hi) = self.elo()?;
        let c = self.0;
        // Adding zero turns a negative zero (an even score) into "+0".
        Some(format!(
            "pairs by points (0, 1/2, 1, 3/2, 2): {} {} {} {} {}  Elo {:+.0} [{:+.0}, {:+.0}] (95%, from the pairs' spread)",
            c[0],
            c[1],
            c[2],
            c[3],
            c[4],
            elo + 0.0,
            lo + 0.0,
            hi + 0.0
        ))
    }

    /// The mean and the variance of a pair's score as a fraction of its two points; `None`
    /// without pairs.
    pub fn mean_and_variance(&self) -> Option<(f64, f64)> {
        let n = self.pairs() as f64;
        if n == 0.0 {
            return None;
        }
        let (mut sum, mut squares) = (0.0, 0.0);
        for (i, &c) in self.0.iter().enumerate() {
            let x = i as f64 / 4.0;
            sum += c as f64 * x;
            squares += c as f64 * x * x;
        }
        let mean = sum / n;
        Some((mean, (squares / n - mean * mean).max(0.0)))
    }

    /// The Elo difference the pairs measure and its 95% interval `(estimate, low, high)` from
    /// the pairs' own spread (1.96 standard errors of the mean pair score); `None` without pairs.
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        let (mean, var) = self.mean_and_variance()?;
        let margin = 1.96 * (var / self.pairs() as f64).sqrt();
        Some((elo_of(mean), elo_of(mean - margin), elo_of(mean + margin)))
    }
}

/// The expected score (0..1) of a player `elo` Elo stronger, on the logistic scale.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of an expected score (clamped away from 0 and 1), the inverse of
/// [`score_of`].
pub fn elo_of(score: f64) -> f64 {
    let p = score.clamp(0.001, 0.999);
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The count given to a score no pair has had yet (see the module's comment).
const EMPTY: f64 = 0.001;

/// The `l` of the maximum-likelihood distribution `f / (1 + l (x - s))` with mean `s` (`x` the
/// pair scores 0, 1/4 .. 1, `f` > 0 everywhere, `0 < s < 1`): the root of
/// `sum f (x - s) / (1 + l (x - s))`, which falls as `l` grows on the interval where every
/// `1 + l (x - s)` is positive, `(-1 / (1 - s), 1 / s)`; found by halving it.
fn tilt(f: &[f64; 5], s: f64) -> f64 {
    let g = |l: f64| f.iter().enumerate().map(|(i, fi)| {
        let d = i as f64 / 4.0 - s;
        fi * d / (1.0 + l * d)
    }).sum::<f64>();
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if g(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// A test's settings: H0 "the first player is `elo0` Elo stronger" against H1 "`elo1`", with
/// the error rates `alpha` (H1 accepted when H0 holds) and `beta` (H0 accepted when H1 holds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference of the null hypothesis.
    pub elo0: f64,
    /// Elo difference of the alternative; above `elo0`.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds, 0..0.5.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds, 0..0.5.
    pub beta: f64,
}

/// What a test says after the pairs so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The ratio is still between its bounds: play on.
    Continue,
    /// The ratio fell to its lower bound: H0 (`elo0`) accepted.
    H0,
    /// The ratio reached its upper bound: H1 (`elo1`) accepted.
    H1,
}

impl Sprt {
    /// A test of `elo0` against `elo1` with these error rates. Errors name the value out of
    /// range: `elo0` must be below `elo1`, both finite and within 1,000 Elo, the error rates
    /// strictly between 0 and 0.5.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        for (name, e) in [("elo0", elo0), ("elo1", elo1)] {
            if !e.is_finite() || e.abs() > 1000.0 {
                return Err(format!("{name} {e} is not an Elo difference between -1000 and 1000"));
            }
        }
        if elo0 >= elo1 {
            return Err(format!("elo0 ({elo0}) must be below elo1 ({elo1}): H1 says the first player is the stronger by more"));
        }
        for (name, p) in [("alpha", alpha), ("beta", beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!("{name} {p} is not an error rate between 0 and 0.5 (exclusive)"));
            }
        }
        let t = Sprt { elo0, elo1, alpha, beta };
        let (lo, hi) = t.bounds();
        if !lo.is_finite() || !hi.is_finite() {
            return Err(format!("alpha {alpha} and beta {beta} are too small for the ratio's bounds ({lo}, {hi}) to be reached"));
        }
        Ok(t)
    }

    /// Reads `ELO0,ELO1` (as `draughts match --sprt` takes it) with these error rates. Errors
    /// name the text and what is wrong.
    pub fn parse(text: &str, alpha: f64, beta: f64) -> Result<Sprt, String> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let [a, b] = parts[..] else {
            return Err(format!("'{text}' is not two Elo differences separated by a comma (such as 0,10)"));
        };
        let number = |s: &str| s.parse::<f64>().map_err(|_| format!("'{s}' in '{text}' is not a number"));
        Sprt::new(number(a)?, number(b)?, alpha, beta)
    }

    /// The bounds of the log-likelihood ratio `(lower, upper)`: `ln(beta / (1 - alpha))` and
    /// `ln((1 - beta) / alpha)`.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of H1 against H0 after `pairs` (see the module's comment); 0
    /// without pairs.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        let n = pairs.pairs();
        if n == 0 {
            return 0.0;
        }
        let counts = pairs.0.map(|c| if c == 0 { EMPTY } else { c as f64 });
        let total: f64 = counts.iter().sum();
        let f = counts.map(|c| c / total);
        let (l0, l1) = (tilt(&f, score_of(self.elo0)), tilt(&f, score_of(self.elo1)));
        let mut sum = 0.0;
        for (i, &fi) in f.iter().enumerate() {
            let x = i as f64 / 4.0;
            // ln(p1 / p0) with p = f / (1 + l (x - s)).
            sum += fi * ((1.0 + l0 * (x - score_of(self.elo0))) / (1.0 + l1 * (x - score_of(self.elo1)))).ln();
        }
        n as f64 * sum
    }

    /// The line that announces a match under this test.
    pub fn describe(&self) -> String {
        let (lo, hi) = self.bounds();
        format!("a sequential test of {:+} against {:+} Elo (alpha {}, beta {}; LLR bounds {:.2}, {:.2})", self.elo0, self.elo1, self.alpha, self.beta, lo, hi)
    }

    /// The ratio after `pairs` as the progress lines print it (`LLR 1.23`; a ratio that rounds
    /// to zero prints as 0.00, whatever its sign).
    pub fn llr_label(&self, pairs: &Pentanomial) -> String {
        format!("LLR {:.2}", (self.llr(pairs) * 100.0).round() / 100.0 + 0.0)
    }

    /// The closing line of a match under this test after `pairs` (`games` played); `early`
    /// says why a match ended undecided before its last game (else the games ran out).
    pub fn conclusion(&self, pairs: &Pentanomial, games: usize, early: Option<&str>) -> String {
        let (lo, hi) = self.bounds();
        let said = match (self.verdict(pairs), early) {
            (Verdict::H1, _) => format!("H1 ({:+} Elo) accepted after {games} games", self.elo1),
            (Verdict::H0, _) => format!("H0 ({:+} Elo) accepted after {games} games", self.elo0),
            (Verdict::Continue, None) => format!("no decision after {games} games (the most --games allows)"),
            (Verdict::Continue, Some(why)) => format!("no decision after {games} games ({why})"),
        };
        format!("SPRT {:+} against {:+} Elo: {} (bounds {:.2}, {:.2}): {said}", self.elo0, self.elo1, self.llr_label(pairs), lo, hi)
    }

    /// The test's verdict after `pairs`.
    pub fn verdict(&self, pairs: &Pentanomial) -> Verdict {
        let llr = self.llr(pairs);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_and_the_logistic_scale() {
        let t = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let (lo, hi) = t.bounds();
        assert!((lo + 2.944).abs() < 0.001 && (hi - 2.944).abs() < 0.001, "{lo} {hi}");
        assert!((score_of(0.0) - 0.5).abs() < 1e-12);
        assert!((score_of(400.0) - 10.0 / 11.0).abs() < 1e-12);
        for e in [-300.0, -20.0, 0.0, 5.0, 150.0] {
            assert!((elo_of(score_of(e)) - e).abs() < 1e-6);
        }
        // Unequal error rates: a smaller alpha raises the upper bound.
        let (_, hi) = Sprt::new(0.0, 10.0, 0.01, 0.05).unwrap().bounds();
        assert!((hi - (0.95f64 / 0.01).ln()).abs() < 1e-12);
    }

    /// The usual approximation of the ratio: a normal law of the pair scores' mean and variance,
    /// `N (s1 - s0) (2 m - s0 - s1) / (2 v)`.
    fn normal_llr(t: &Sprt, p: &Pentanomial) -> f64 {
        let (m, v) = p.mean_and_variance().unwrap();
        let (s0, s1) = (score_of(t.elo0), score_of(t.elo1));
        p.pairs() as f64 * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * v)
    }

    #[test]
    fn the_ratio_follows_the_results() {
        let t = Sprt::new(0.0, 20.0, 0.05, 0.05).unwrap();
        assert_eq!(t.llr(&Pentanomial::default()), 0.0);
        // Even pairs, with a spread: the score sits at elo0, below the middle of s0 and s1.
        let even = Pentanomial([20, 100, 300, 100, 20]);
        assert!(t.llr(&even) < 0.0);
        // A lead: positive, and the same frequencies with twice the pairs double it.
        let ahead = Pentanomial([10, 60, 300, 140, 30]);
        let twice = Pentanomial(ahead.0.map(|c| 2 * c));
        assert!(t.llr(&ahead) > 0.0);
        assert!((t.llr(&twice) - 2.0 * t.llr(&ahead)).abs() < 1e-9);
        // Where every score has been seen, it agrees with the normal approximation (two
        // different formulas) within a tenth of the ratio (the nearer the score to the
        // hypotheses, the closer).
        for p in [even, ahead, Pentanomial([3, 14, 40, 9, 2]), Pentanomial([1, 2, 3, 2, 2])] {
            let (exact, normal) = (t.llr(&p), normal_llr(&t, &p));
            assert!((exact - normal).abs() <= 0.1 * normal.abs().max(0.5), "{p:?}: {exact} against {normal}");
        }
        // By hand: ten pairs scoring 0, 1/4 (twice), 1/2 (three times), 3/4 (twice) and 1
        // (twice) of their points: mean 5.5 / 10, mean square 4 / 10, variance 0.0975.
        let (m, v) = Pentanomial([1, 2, 3, 2, 2]).mean_and_variance().unwrap();
        assert!((m - 0.55).abs() < 1e-12 && (v - 0.0975).abs() < 1e-12, "{m} {v}");
        // Each distribution found has the hypothesis' mean and sums to one.
        let f = [0.1, 0.2, 0.3, 0.2, 0.2];
        for s in [0.3, 0.5, 0.64] {
            let l = tilt(&f, s);
            let p: Vec<f64> = f.iter().enumerate().map(|(i, fi)| fi / (1.0 + l * (i as f64 / 4.0 - s))).collect();
            let mean: f64 = p.iter().enumerate().map(|(i, pi)| pi * i as f64 / 4.0).sum();
            assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9 && (mean - s).abs() < 1e-9, "{s}: {p:?}");
        }
        // Swapping the players turns the pairs round, and the ratio with them.
        let flip = Sprt::new(-20.0, 0.0, 0.05, 0.05).unwrap();
        let mut rev = ahead.0;
        rev.reverse();
        assert!((flip.llr(&Pentanomial(rev)) + t.llr(&ahead)).abs() < 1e-6);
    }

    #[test]
    fn a_match_won_pair_after_pair_is_decided_soon_but_not_at_once() {
        // No spread at all: the normal approximation has nothing to divide by; the ratio grows
        // by about a quarter a pair (ln(0.641 / 0.5005): the distributions of mean 0.64 and 0.5
        // nearest to pairs all won put those shares on two wins).
        let t = Sprt::new(0.0, 100.0, 0.05, 0.05).unwrap();
        let (_, hi) = t.bounds();
        let won = |n| Pentanomial([0, 0, 0, 0, n]);
        assert!((t.llr(&won(1)) - (0.641f64 / 0.5005).ln()).abs() < 0.002, "{}", t.llr(&won(1)));
        assert_eq!(t.verdict(&won(6)), Verdict::Continue);
        let first = (1..100).find(|&n| t.verdict(&won(n)) == Verdict::H1).unwrap();
        assert!((10..=14).contains(&first), "decided after {first} pairs (bound {hi})");
        // And lost pair after pair: H0.
        assert_eq!(t.verdict(&Pentanomial([20, 0, 0, 0, 0])), Verdict::H0);
        // Drawn pair after pair, at 0 against 100 Elo: the score sits at elo0, H0 in the end.
        let drawn = (1..1000).find(|&n| t.verdict(&Pentanomial([0, 0, n, 0, 0])) != Verdict::Continue).unwrap();
        assert_eq!(t.verdict(&Pentanomial([0, 0, drawn, 0, 0])), Verdict::H0);
    }

    /// Plays `pairs_max` simulated pairs drawn from `dist` (probabilities of 0..=4 half-points)
    /// and returns the verdict and the pairs it took.
    fn simulate(t: &Sprt, dist: [f64; 5], seed: u64, pairs_max: u32) -> (Verdict, u32) {
        let mut s = seed;
        let mut p = Pentanomial::default();
        for _ in 0..pairs_max {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let mut u = (s >> 11) as f64 / (1u64 << 53) as f64;
            let mut k = 0;
            while k < 4 && u >= dist[k] {
                u -= dist[k];
                k += 1;
            }
            p.add(k);
            match t.verdict(&p) {
                Verdict::Continue => {}
                v => return (v, p.pairs()),
            }
        }
        (Verdict::Continue, p.pairs())
    }

    #[test]
    fn simulated_matches_accept_the_hypothesis_that_holds() {
        let t = Sprt::new(0.0, 30.0, 0.05, 0.05).unwrap();
        // Pair distributions of a drawish rule set: level (expected score 0.5) and ahead
        // (0.578, about +54 Elo).
        let level = [0.04, 0.16, 0.60, 0.16, 0.04];
        let ahead = [0.01, 0.08, 0.58, 0.25, 0.08];
        let (mut h0, mut h1) = (0, 0);
        for seed in 0..40 {
            let (v, n) = simulate(&t, level, seed, 20_000);
            h0 += (v == Verdict::H0) as u32;
            assert_ne!(v, Verdict::Continue, "seed {seed}: undecided after {n} pairs");
            let (v, _) = simulate(&t, ahead, seed + 1000, 20_000);
            h1 += (v == Verdict::H1) as u32;
        }
        // With 5% error rates, nearly all of the 40 tests of each kind decide right.
        assert!(h0 >= 35 && h1 >= 38, "H0 accepted {h0}/40 when level, H1 {h1}/40 when ahead");
    }

    #[test]
    fn bad_settings_are_named() {
        assert!(Sprt::parse("0,10", 0.05, 0.05).is_ok());
        assert!(Sprt::parse(" -5 , 5 ", 0.05, 0.05).is_ok());
        let e = Sprt::parse("10,0", 0.05, 0.05).unwrap_err();
        assert!(e.contains("elo0 (10) must be below elo1 (0)"), "{e}");
        let e = Sprt::parse("10", 0.05, 0.05).unwrap_err();
        assert!(e.contains("'10' is not two Elo differences"), "{e}");
        let e = Sprt::parse("0,x", 0.05, 0.05).unwrap_err();
        assert!(e.contains("'x' in '0,x' is not a number"), "{e}");
        let e = Sprt::parse("0,inf", 0.05, 0.05).unwrap_err();
        assert!(e.contains("elo1 inf"), "{e}");
        let e = Sprt::new(0.0, 10.0, 0.5, 0.05).unwrap_err();
        assert!(e.contains("alpha 0.5"), "{e}");
        let e = Sprt::new(0.0, 10.0, 0.05, 0.0).unwrap_err();
        assert!(e.contains("beta 0"), "{e}");
        let e = Sprt::new(0.0, 10.0, 5e-324, 0.05).unwrap_err();
        assert!(e.contains("too small"), "{e}");
        assert!(Sprt::new(0.0, 10.0, 1e-300, 0.05).is_ok());
    }

    #[test]
    fn games_make_pairs_two_by_two() {
        let p = Pentanomial::of_games(&[1.0, 0.5, 0.0, 0.0, 0.5, 0.5, 1.0, 1.0, 1.0]);
        assert_eq!(p, Pentanomial([1, 0, 1, 1, 1]), "the last game waits for its pair");
        assert!(p.report().unwrap().starts_with("pairs by points (0, 1/2, 1, 3/2, 2): 1 0 1 1 1  Elo +"));
        assert!(Pentanomial::default().report().is_none());
        let t = Sprt::new(0.0, 100.0, 0.05, 0.05).unwrap();
        assert_eq!(t.conclusion(&Pentanomial([0, 0, 0, 0, 12]), 24, None), "SPRT +0 against +100 Elo: LLR 2.96 (bounds -2.94, 2.94): H1 (+100 Elo) accepted after 24 games");
        assert!(t.conclusion(&Pentanomial([0, 0, 3, 0, 0]), 6, None).ends_with("no decision after 6 games (the most --games allows)"));
        assert!(t.conclusion(&Pentanomial([0, 0, 2, 0, 0]), 5, Some("the session ended early")).ends_with("no decision after 5 games (the session ended early)"));
        // A ratio a hair below zero prints as zero.
        let wide = Sprt::new(-1000.0, 1000.0, 0.05, 0.05).unwrap();
        assert_eq!(wide.llr_label(&Pentanomial([0, 0, 5, 0, 0])), "LLR 0.00");
        assert_eq!(t.describe(), "a sequential test of +0 against +100 Elo (alpha 0.05, beta 0.05; LLR bounds -2.94, 2.94)");
    }

    #[test]
    fn the_pairs_measure_elo_with_their_own_spread() {
        let p = Pentanomial([2, 10, 30, 10, 2]);
        let (e, lo, hi) = p.elo().unwrap();
        assert!(e.abs() < 1e-9 && lo < -10.0 && hi > 10.0 && (lo + hi).abs() < 1e-6, "{e} {lo} {hi}");
        assert!(Pentanomial::default().elo().is_none());
    }
}
