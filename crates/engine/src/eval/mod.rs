//! Static evaluation per rule set.
//!
//! The evaluation is linear in its weights: [`features`] measures a position as a vector of
//! counts (Light's count minus Dark's), and [`Weights`] gives each feature two weights, one for the
//! opening (all pieces on the board) and one for the ending (none left), blended by the share of
//! material still on the board ("tapered" evaluation). Being linear, the weights can be fitted
//! from self-play games by `draughts tune` (see [`crate::tune`]); they are data, kept per variant
//! in `crates/engine/weights/<variant>.txt`.
//!
//! Scores are in hundredths of a man ("centi-men"): a man in the opening is worth about 100.
//! Positive is good for the side to move.
//!
//! The features follow the guides' advice (`shared/seeds/`): material with each variant's own man
//! and king values (a flying king is worth far more than a short one), advancement row by row
//! (which also measures tempo), the back-row guard, the centre, mobility, runaway men, men left
//! exposed with an empty square behind them, holes behind men that an enemy man can walk into,
//! kings on the long diagonal, balance of the wings, and endgame technique (kings closing in on
//! the weaker side, trading when ahead).

// `each_dir!` runs a block once per direction with the direction a constant, so each shift and
// edge mask is compiled in rather than loaded with a branch on the shift's sign.
use draughts_rules::each_dir;
use draughts_rules::{BoardKind, Color, Geometry, KingRange, Position, Rules, Variant};
use std::fmt::Write as _;
use crate::patterns::Patterns;
use crate::network::{Network, Stages};
use std::sync::{Arc, OnceLock};

mod features;
mod tables;
mod weights;

pub use blend::Blended;
use blend::ROW_FEATURES;
pub use features::{Feature, Features, FEATURE_NAMES, NUM_FEATURES, PHASE_MAX};
pub(crate) use tables::Tables;
use tables::ray;
pub use weights::{builtin_text, Weights};

/// Runs `$body` with the constant `$V` bound to the index of variant `$v` in `Variant::ALL`, so
/// that the code it calls is compiled once per variant with [`Spec`]'s constants.
macro_rules! by_variant {
    ($v:expr, $V:ident => $body:expr) => {
        match $v {
            Variant::English => { const $V: usize = 0; $body }
            Variant::American => { const $V: usize = 1; $body }
            Variant::German => { const $V: usize = 2; $body }
            Variant::Russian => { const $V: usize = 3; $body }
            Variant::International => { const $V: usize = 4; $body }
            Variant::Turkish => { const $V: usize = 5; $body }
            Variant::Italian => { const $V: usize = 6; $body }
            Variant::Brazilian => { const $V: usize = 7; $body }
        }
    };
}

// After `by_variant!`, which it uses.
mod blend;

/// The variant `Variant::ALL[V]` seen from side `LIGHT`, as constants: the evaluation is compiled
/// once per variant and side, so that every shift, mask and direction test below is a constant
/// (the same idea as the rules crate's `RuleSet`).
struct Spec<const V: usize, const LIGHT: bool>;

impl<const V: usize, const LIGHT: bool> Spec<V, LIGHT> {
    const R: &'static Rules = Variant::ALL[V].rules();
    const G: &'static Geometry = &Self::R.geometry;
    const FLYING: bool = matches!(Self::R.king_range, KingRange::Flying);
    /// Directions in which our men step (forward, plus sideways in Turkish).
    const STEP: u8 = Self::G.forward(LIGHT) | if Self::R.men_step_sideways { Self::G.sideways } else { 0 };
    /// Our forward directions without the sideways ones (the way to the crowning row).
    const FORWARD: u8 = Self::G.forward(LIGHT) & !Self::G.sideways;
    /// Our backward directions without the sideways ones.
    const BACKWARD: u8 = Self::G.backward(LIGHT) & !Self::G.sideways;
    /// Directions in which the enemy's men capture.
    const ENEMY_MAN_CAPTURE: u8 = Self::G.forward(!LIGHT)
        | if Self::R.men_capture_backward { Self::G.backward(!LIGHT) } else { 0 }
        | if Self::R.men_capture_sideways { Self::G.sideways } else { 0 };
    /// Our rows counted from our own back row.
    const ROWS: [u64; 10] = relative_rows(Self::G, LIGHT);
    /// The rows of the opponent's half.
    const FAR_HALF: u64 = {
        let size = Self::G.size as usize;
        let mut m = 0;
        let mut r = size / 2;
        while r < size {
            m |= Self::ROWS[r];
            r += 1;
        }
        m
    };
}

/// The rows of a board counted from one side's back row (index 0), as bit sets.
const fn relative_rows(g: &Geometry, light: bool) -> [u64; 10] {
    let mut rows = [0u64; 10];
    let size = g.size as u32;
    let mut rel = 0;
    while rel < size {
        rows[rel as usize] = g.row_mask(if light { size - 1 - rel } else { rel });
        rel += 1;
    }
    rows
}

/// Where the evaluation's counts go: a feature vector (for tuning, [`features`]) or straight into
/// a score with the weights already blended for the phase (the search's [`Blended`]). The same
/// code measures both, so they cannot drift apart.
trait Sink {
    /// Adds `v` (one side's count, signed: Light +, Dark -) to feature `f`.
    fn add(&mut self, f: usize, v: i32);
}

/// Collects a feature vector.
struct VectorSink([i32; NUM_FEATURES]);

impl Sink for VectorSink {
    #[inline(always)]
    fn add(&mut self, f: usize, v: i32) {
        self.0[f] += v;
    }
}

/// Sums `weight * count` with one row of [`Blended`].
struct ScoreSink<'a> {
    row: &'a [i32; NUM_FEATURES],
    sum: i32,
}

impl Sink for ScoreSink<'_> {
    #[inline(always)]
    fn add(&mut self, f: usize, v: i32) {
        self.sum += self.row[f] * v;
    }
}

/// Counts of one side: everything of [`Feature`] except the shared terms, added with Light's
/// sign (+ for Light, - for Dark). Returns the side's mobility (free steps of men and kings).
/// With `FOLDED`, the men's square terms (man, row0-row8, centre_man) are left out: the caller
/// has them folded into its pattern values ([`Blended`]).
#[inline(always)]
fn side_terms<const V: usize, const LIGHT: bool, const FOLDED: bool, S: Sink>(t: &Tables, pos: &Position, sink: &mut S) -> i32 {
    let mut out = |f: usize, v: i32| sink.add(f, if LIGHT { v } else { -v });
    let g = Spec::<V, LIGHT>::G;
    let flying = Spec::<V, LIGHT>::FLYING;
    let step_dirs = Spec::<V, LIGHT>::STEP;
    let rows = &Spec::<V, LIGHT>::ROWS;
    let side = if LIGHT { Color::Light } else { Color::Dark };
    let own = pos.pieces(side);
    let enemy = pos.pieces(!side);
    let kings = pos.all_kings();
    let men = own & !kings;
    let own_kings = own & kings;
    let occupied = own | enemy;
    let empty = g.board & !occupied;
    let enemy_men = enemy & !kings;
    let enemy_kings = enemy & kings;

    // King terms: all zero without kings (the usual case before the endgame), so skipped.
    if own_kings != 0 {
        out(Feature::King as usize, own_kings.count_ones() as i32);
            }
    let size = g.size as usize;
    if !FOLDED {
        out(Feature::Man as usize, men.count_ones() as i32);
        for (r, row) in rows.iter().enumerate().take(ROW_FEATURES.min(size - 1)) {
            out(Feature::Row0 as usize + r, (men & row).count_ones() as i32);
        }
        out(Feature::CentreMan as usize, (men & t.centre).count_ones() as i32);
    }
    out(Feature::CentreKing as usize, (own_kings & t.centre).count_ones() as i32);

    // Mobility; `movable` are the men with a free step.
    let mut mob_men = 0;
    let mut movable = 0u64;
    each_dir!(D => {
        if step_dirs & (1 << D) != 0 {
            let to = g.dirs[D].step(men) & empty;
            mob_men += to.count_ones() as i32;
            movable |= g.dirs[3 - D].step(to);
        }
    });
    out(Feature::MobilityMan as usize, mob_men);
    let mut mob_kings = 0;
    if own_kings != 0 {
        each_dir!(D => {
            mob_kings += ray(g, D, own_kings, empty, flying).count_ones() as i32;
        });
        out(Feature::MobilityKing as usize, mob_kings);
    }

    // Runaway men: a man within three rows of crowning whose forward cone (the squares it could
    // step through on the way) holds no piece; one row away, one free square ahead is enough.
    // Computed for all squares at once: `cone[k]` are the squares whose k-step cone is empty.
    let far = size - 1;
    // Skipped, all zero, when no man of the side is that far (most middlegame leaves).
    if men & (rows[far - 1] | rows[far - 2] | rows[far - 3]) != 0 {
        let fwd = Spec::<V, LIGHT>::FORWARD;
        let mut next_occupied = 0u64;
        let mut next_empty = 0u64;
        each_dir!(D => {
            if fwd & (1 << D) != 0 {
                next_occupied |= g.dirs[3 - D].step(occupied);
                next_empty |= g.dirs[3 - D].step(empty);
            }
        });
        let cone1 = !next_occupied;
        let mut cone2 = cone1;
        let mut cone3 = cone1;
        each_dir!(D => {
            if fwd & (1 << D) != 0 {
                cone2 &= !g.dirs[D].from_mask | g.dirs[3 - D].step(cone1);
            }
        });
        each_dir!(D => {
            if fwd & (1 << D) != 0 {
                cone3 &= !g.dirs[D].from_mask | g.dirs[3 - D].step(cone2);
            }
        });
        out(Feature::Runaway1 as usize, (men & rows[far - 1] & (cone1 | next_empty)).count_ones() as i32);
        out(Feature::Runaway2 as usize, (men & rows[far - 2] & cone2).count_ones() as i32);
        out(Feature::Runaway3 as usize, (men & rows[far - 3] & cone3).count_ones() as i32);
    }

    // Exposed pieces: an enemy piece could take them now (enemy piece in front along a line,
    // empty square behind). Flying enemy kings attack along their whole ray.
    let enemy_man_dirs = Spec::<V, LIGHT>::ENEMY_MAN_CAPTURE;
    let victims_of_men = if Spec::<V, LIGHT>::R.men_capture_kings { own } else { men };
    let mut exposed = 0u64;
    each_dir!(D => {
        let dir = &g.dirs[D];
        let mut reach = 0u64;
        if enemy_man_dirs & (1 << D) != 0 {
            reach |= dir.step(enemy_men) & victims_of_men;
        }
        if enemy_kings != 0 {
            let slide = ray(g, D, enemy_kings, empty, flying) | enemy_kings;
            reach |= dir.step(slide) & own;
        }
        // Victims whose square beyond (in direction D) is empty.
        exposed |= g.dirs[3 - D].step(dir.step(reach) & empty);
    });
    out(Feature::Exposed as usize, exposed.count_ones() as i32);

    // Holes: man X, the square behind X empty, the square in front empty and an enemy man two
    // squares in front, all on one line, where that enemy man captures towards X.
    let mut holes = 0u64;
    each_dir!(D => {
        if enemy_man_dirs & (1 << D) != 0 && g.dirs[D].shift != 0 {
            let dir = &g.dirs[D];
            let back = &g.dirs[3 - D];
            // Enemy man E, then F = E + D empty, then X = F + D our man, then B = X + D empty.
            let f = dir.step(enemy_men) & empty;
            let x = dir.step(f) & men;
            let b = dir.step(x) & empty;
            holes |= back.step(b);
        }
    });
    out(Feature::Hole as usize, holes.count_ones() as i32);

    // Structure: covered, immobile and outpost men.
    let mut covered = men;
    let back_dirs = Spec::<V, LIGHT>::BACKWARD;
    each_dir!(D => {
        if back_dirs & (1 << D) != 0 {
            let dir = &g.dirs[D];
            // The neighbour behind is own, or there is none (edge of the board).
            let ok = (men & !dir.from_mask) | g.dirs[3 - D].step(dir.step(men) & own);
            covered &= ok;
        }
    });
    out(Feature::Protected as usize, covered.count_ones() as i32);
    out(Feature::Immobile as usize, (men & !movable).count_ones() as i32);
    out(Feature::Outpost as usize, (covered & Spec::<V, LIGHT>::FAR_HALF).count_ones() as i32);

    out(Feature::KingDiagonal as usize, (own_kings & t.long_diagonal).count_ones() as i32);
    let l = (men & t.left).count_ones() as i32;
    let r = (men & t.right).count_ones() as i32;
    out(Feature::Imbalance as usize, (l - r).abs());
    mob_men + mob_kings
}

/// Measures a position (see [`Features`]).
pub fn features(pos: &Position) -> Features {
    by_variant!(pos.variant(), V => features_of::<V>(pos).0)
}

/// [`features`], plus whether the side to move has a quiet move (its mobility is not zero).
#[inline(always)]
fn features_of<const V: usize>(pos: &Position) -> (Features, bool) {
    debug_assert_eq!(Variant::ALL[V], pos.variant());
    let t = Tables::get(Variant::ALL[V]);
    let mut sink = VectorSink([0; NUM_FEATURES]);
    let can_move = measure::<V, false, _>(t, pos, &mut sink);
    let phase = t.phase[pos.occupied().count_ones() as usize];
    (Features { values: sink.0, phase }, can_move)
}

/// Measures every feature into `sink` (Light's count minus Dark's). Returns whether the side to
/// move has a quiet move (its mobility is not zero).
#[inline(always)]
fn measure<const V: usize, const FOLDED: bool, S: Sink>(t: &Tables, pos: &Position, sink: &mut S) -> bool {
    let light_mobility = side_terms::<V, true, FOLDED, S>(t, pos, sink);
    let dark_mobility = side_terms::<V, false, FOLDED, S>(t, pos, sink);
    let total = pos.occupied().count_ones() as i32;
    let start_total = 2 * t.start_pieces;

    // Material lead in "man units" (a king counts as two here) for the endgame terms.
    let kings = pos.all_kings();
    let units = |c: Color| (pos.pieces(c).count_ones() + (pos.pieces(c) & kings).count_ones()) as i32;
    let lead = units(Color::Light) - units(Color::Dark);
    if lead != 0 {
        sink.add(Feature::TradeDown as usize, lead.signum() * (start_total - total));
        // The stronger side's kings close in on the weaker side's pieces when few remain.
        if total <= 8 {
            let strong = if lead > 0 { Color::Light } else { Color::Dark };
            let chase = king_chase(t, pos.kings(strong), pos.pieces(!strong));
            sink.add(Feature::KingChase as usize, lead.signum() * chase);
            let cornered = (pos.kings(!strong) & t.double_corners).count_ones() as i32;
            sink.add(Feature::DoubleCorner as usize, lead.signum() * cornered);
        }
    }
    let light_to_move = pos.side_to_move() == Color::Light;
    sink.add(Feature::Turn as usize, if light_to_move { 1 } else { -1 });
    (if light_to_move { light_mobility } else { dark_mobility }) > 0
}

/// Sum over `kings` of (board size - distance to the nearest piece of `targets`), distance in king
/// steps (Chebyshev on the displayed board).
fn king_chase(t: &Tables, mut kings: u64, targets: u64) -> i32 {
    let size = t.g.size as i32;
    let mut sum = 0;
    while kings != 0 {
        let k = kings.trailing_zeros() as usize;
        kings &= kings - 1;
        let (kr, kc) = t.coords[k];
        let mut best = size;
        let mut tg = targets;
        while tg != 0 {
            let b = tg.trailing_zeros() as usize;
            tg &= tg - 1;
            let (r, c) = t.coords[b];
            let d = ((r - kr).abs() as i32).max((c - kc).abs() as i32);
            best = best.min(d);
        }
        sum += size - best;
    }
    sum
}

/// Draw-ish endings where material alone misleads, as a divisor of the score (1 = no change).
/// With flying kings, a lone king holds the draw against up to three pieces without men in
/// most positions (two kings against one is a book draw in international and russian); and
/// once both sides have a king, a lead in men rarely wins, so the score is halved (as Moby Dam
/// does): a side ahead then prefers to stop the enemy's breakthrough over grabbing a man.
fn draw_divisor(pos: &Position) -> i32 {
    // Every case below needs a king.
    if pos.all_kings() == 0 {
        return 1;
    }
    for strong in [Color::Light, Color::Dark] {
        let weak = !strong;
        let s = pos.pieces(strong).count_ones();
        let w = pos.pieces(weak).count_ones();
        if pos.kings(weak) != 0 && s > w && s <= 3 && w == 1 {
            return if pos.men(strong) == 0 { 8 } else { 2 };
        }
    }
    if pos.kings(Color::Light) != 0 && pos.kings(Color::Dark) != 0 {
        return 2;
    }
    1
}

/// The static evaluation for the side to move, in centi-men, with the variant's built-in weights.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, Weights::builtin(pos.variant()))
}

/// The static evaluation for the side to move with given weights.
pub fn evaluate_with(pos: &Position, w: &Weights) -> i32 {
    evaluate_quiet(pos, w).score
}

/// The linear part of [`evaluate_quiet`], for fitting pattern values on top of it: Light's score
/// in centi-men before the drawish-ending divisor, the divisor (1 = none) and the phase.
pub fn light_score_parts(pos: &Position, w: &Weights) -> (i32, i32, i32) {
    by_variant!(pos.variant(), V => {
        let (f, _) = features_of::<V>(pos);
        let divisor = if Spec::<V, true>::FLYING { draw_divisor(pos) } else { 1 };
        (w.apply(&f), divisor, f.phase)
    })
}

/// The evaluation of a position where the side to move has no capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuietEval {
    /// Centi-men for the side to move.
    pub score: i32,
    /// The side to move has a (quiet) move; without one it has lost (RULES.md section 1),
    /// whatever the score says.
    pub can_move: bool,
}

/// Evaluates a position where the side to move has no capture (see [`QuietEval`]).
pub fn evaluate_quiet(pos: &Position, w: &Weights) -> QuietEval {
    by_variant!(pos.variant(), V => evaluate_quiet_of::<V>(pos, w))
}

fn evaluate_quiet_of<const V: usize>(pos: &Position, w: &Weights) -> QuietEval {
    let (f, can_move) = features_of::<V>(pos);
    let mut sum = w.apply_unscaled(&f);
    if let Some(p) = Patterns::builtin(Variant::ALL[V]) {
        sum += p.score(pos.men(Color::Light), pos.men(Color::Dark), f.phase);
    }
    finish::<V>(pos, sum / PHASE_MAX, can_move)
}

/// The score for Light scaled for drawish endings, turned to the side to move.
#[inline(always)]
fn finish<const V: usize>(pos: &Position, light: i32, can_move: bool) -> QuietEval {
    let divisor = if Spec::<V, true>::FLYING { draw_divisor(pos) } else { 1 };
    // A division costs tens of cycles: skip it in the usual case.
    let light = if divisor == 1 { light } else { light / divisor };
    QuietEval { score: if pos.side_to_move() == Color::Light { light } else { -light }, can_move }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::notation::fen;

    #[test]
    fn start_positions_are_balanced_and_weights_parse() {
        for v in Variant::ALL {
            let w = Weights::builtin(v);
            assert!(w.opening[Feature::Man as usize] > 0, "{v}");
            let p = Position::start(v);
            let f = features(&p);
            for (i, name) in FEATURE_NAMES.iter().enumerate() {
                if i != Feature::Turn as usize {
                    assert_eq!(f.values[i], 0, "{v}: feature {name}");
                }
            }
            let text = w.to_text("round trip");
            assert_eq!(&Weights::from_text(&text).unwrap(), w);
        }
    }

    #[test]
    fn variants_are_listed_in_declaration_order() {
        // `Tables::get` and the per-variant dispatch index by `Variant as usize`.
        for (i, v) in Variant::ALL.iter().enumerate() {
            assert_eq!(*v as usize, i);
        }
    }

    #[test]
    fn flying_kings_weigh_more_than_short_kings() {
        let e = Weights::builtin(Variant::English);
        let i = Weights::builtin(Variant::International);
        let ratio = |w: &Weights| w.ending[Feature::King as usize] * 100 / w.ending[Feature::Man as usize];
        assert!(ratio(i) > ratio(e) + 100);
    }

    #[test]
    fn exposed_man_is_seen() {
        // Light man 22 and Dark man 18 face each other; Dark's 25 fills the square behind 22, so
        // only Dark's man on 18 (with 15 empty behind it) can be taken.
        let p = fen::parse(Variant::English, "W:W22:B18,25").unwrap();
        assert_eq!(features(&p).values[Feature::Exposed as usize], -1);
        // Filling 15 covers it.
        let p = fen::parse(Variant::English, "W:W22:B15,18,25").unwrap();
        assert_eq!(features(&p).values[Feature::Exposed as usize], 0);
    }

    #[test]
    fn flying_king_endings_are_scaled_towards_the_draw() {
        // A lone king against two kings: a book draw in international (score / 8).
        let p = fen::parse(Variant::International, "W:WK28,K33:BK19").unwrap();
        assert_eq!(draw_divisor(&p), 8);
        // Kings on both sides with men: a lead rarely wins, the score is halved.
        let p = fen::parse(Variant::International, "W:WK28,31,36,41:BK3,12").unwrap();
        assert_eq!(draw_divisor(&p), 2);
        let scaled = evaluate(&p);
        let f = features(&p);
        let pattern = Patterns::builtin(Variant::International).map_or(0, |t| t.score(p.men(Color::Light), p.men(Color::Dark), f.phase));
        let full = (Weights::builtin(Variant::International).apply_unscaled(&f) + pattern) / PHASE_MAX;
        assert_eq!(scaled, full / 2);
        // A king on one side only: no scaling.
        let p = fen::parse(Variant::International, "W:WK28,31,36,41:B3,12").unwrap();
        assert_eq!(draw_divisor(&p), 1);
        // Short kings (English): kings on both sides leave the score as it is.
        let p = fen::parse(Variant::English, "W:WK14,22,25:BK5,9").unwrap();
        let light = Weights::builtin(Variant::English).apply(&features(&p));
        let full = if p.side_to_move() == Color::Light { light } else { -light };
        assert_ne!(full / 2, full);
        assert_eq!(evaluate(&p), full);
    }

    /// Visits every position of `games` pseudo-random games of `v` (moves drawn from `seed`),
    /// each up to `plies` half-moves or its end; returns how many positions were visited.
    fn random_games(v: Variant, games: usize, plies: usize, seed: &mut u64, mut visit: impl FnMut(&Position)) -> usize {
        let mut visited = 0;
        let mut list = Vec::new();
        for _ in 0..games {
            let mut p = Position::start(v);
            for _ in 0..plies {
                visit(&p);
                visited += 1;
                list.clear();
                p.generate_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                *seed = crate::splitmix(*seed);
                p.play_unchecked(&list[(*seed % list.len() as u64) as usize]);
            }
        }
        visited
    }

    #[test]
    fn blended_weights_evaluate_exactly_like_the_feature_vector() {
        // Positions from pseudo-random games of every rule set, down to the last pieces; the
        // weights are the built-in ones and a set where every feature weighs something, so a
        // count the fast path drops or mis-signs shows.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut dense = Weights { opening: [0; NUM_FEATURES], ending: [0; NUM_FEATURES] };
        for i in 0..NUM_FEATURES {
            dense.opening[i] = 7 + 13 * i as i32 - 150 * (i % 3 == 0) as i32;
            dense.ending[i] = 300 - 11 * i as i32;
        }
        let mut checked = 0;
        for v in Variant::ALL {
            for w in [Weights::builtin(v), &dense] {
                let blended = Blended::new(w, v);
                checked += random_games(v, 20, 200, &mut seed, |p| assert_eq!(blended.evaluate_quiet(p), evaluate_quiet(p, w), "{v}: {p:?}"));
            }
        }
        assert!(checked > 20_000, "{checked}");
    }

    #[test]
    fn international_pattern_values_join_the_linear_score() {
        // The built-in pattern values: the search's evaluation is the linear one plus the
        // pattern score, before the drawish-ending divisor (1 here: no kings).
        let v = Variant::International;
        let w = Weights::builtin(v);
        let p = fen::parse(v, "W:W27,30,32-34,36,37,40-50:B1-10,12,13,15-17,19,22,25").unwrap();
        let (linear, divisor, phase) = light_score_parts(&p, w);
        assert_eq!(divisor, 1);
        let patterns = Patterns::builtin(v).unwrap();
        let pattern = patterns.score(p.men(Color::Light), p.men(Color::Dark), phase);
        assert_ne!(pattern, 0, "fitted values are not all zero");
        let blended = Blended::new(w, v);
        assert!(blended.folded, "the men's square terms fit into the built-in pattern values");
        let with = blended.evaluate_quiet(&p).score;
        let without = Blended::with_patterns(w, v, None).evaluate_quiet(&p).score;
        assert_eq!(without, linear);
        assert_eq!(with, (w.apply_unscaled(&features(&p)) + pattern) / PHASE_MAX);
        // Rule sets on another board ignore these pattern values.
        let e = Position::start(Variant::English);
        let ew = Weights::builtin(Variant::English);
        assert_eq!(Blended::with_patterns(ew, Variant::English, Some(patterns)).evaluate_quiet(&e), Blended::with_patterns(ew, Variant::English, None).evaluate_quiet(&e));
    }

    #[test]
    fn american_evaluates_as_english_turned_round() {
        // American is English with Light moving first: an English position turned round with
        // its colours exchanged is an American one with the same moves, and the evaluation (the
        // same linear weights, the English pattern values turned) scores both alike for the
        // side to move, in random games down to the last pieces.
        let mut seed = 0x6a09_e667_f3bc_c908u64;
        let english = Blended::new(Weights::builtin(Variant::English), Variant::English);
        let american = Blended::new(Weights::builtin(Variant::American), Variant::American);
        assert!(Patterns::builtin(Variant::American).is_some());
        let turn = Variant::English.geometry().half_turn();
        let turned_round = |p: &Position, to: Variant| crate::tune::colours_reversed(p, to, &turn).unwrap();
        let checked = random_games(Variant::English, 40, 150, &mut seed, |p| {
            let q = turned_round(p, Variant::American);
            assert_eq!(turned_round(&q, Variant::English), *p);
            assert_eq!(american.evaluate_quiet(&q), english.evaluate_quiet(p), "{p:?}");
        });
        assert!(checked > 2_000, "{checked}");
        // The start positions are each other's turned round.
        assert_eq!(turned_round(&Position::start(Variant::English), Variant::American), Position::start(Variant::American));
    }

    #[test]
    fn pattern_values_fold_into_the_search_evaluation_exactly() {
        // Arbitrary values on each board: for every rule set played on it, the search's
        // evaluation (men's square terms folded into the values) is the linear sum plus the
        // pattern score, scaled and signed as the evaluation does, in random games.
        use crate::patterns::PatternBoard;
        let mut seed = 0x5851_f42d_4c95_7f2du64;
        let mut checked = 0;
        for board in PatternBoard::ALL {
            let mut values = Patterns::zero(board);
            for r in 0..board.regions() {
                for st in 0..crate::patterns::STATES {
                    seed = crate::splitmix(seed);
                    values.set(r, st, (seed % 401) as i16 - 200, ((seed >> 20) % 401) as i16 - 200);
                }
            }
            let values = Arc::new(values);
            for v in Variant::ALL.into_iter().filter(|v| PatternBoard::of(*v) == Some(board)) {
                let w = Weights::builtin(v);
                let blended = Blended::with_patterns(w, v, Some(values.clone()));
                assert!(blended.folded, "{v}");
                checked += random_games(v, 20, 150, &mut seed, |p| {
                    let f = features(p);
                    let (_, divisor, phase) = light_score_parts(p, w);
                    let light = (w.apply_unscaled(&f) + values.score(p.men(Color::Light), p.men(Color::Dark), phase)) / PHASE_MAX / divisor;
                    let expect = if p.side_to_move() == Color::Light { light } else { -light };
                    assert_eq!(blended.evaluate_quiet(p).score, expect, "{v}: {p:?}");
                });
            }
        }
        assert!(checked > 5_000, "{checked}");
    }

    #[test]
    fn double_corners_are_found() {
        let t = Tables::get(Variant::English);
        let g = Variant::English.geometry();
        let names: Vec<u32> = (0..64).filter(|b| t.double_corners & (1u64 << b) != 0).map(|b| g.number_of_bit(b)).collect();
        assert_eq!(names, vec![1, 5, 28, 32]);
        let t = Tables::get(Variant::International);
        let g = Variant::International.geometry();
        let names: Vec<u32> = (0..64).filter(|b| t.double_corners & (1u64 << b) != 0).map(|b| g.number_of_bit(b)).collect();
        assert_eq!(names, vec![1, 6, 45, 50]);
    }

    #[test]
    fn weight_file_errors_name_the_line() {
        let e = Weights::from_text("man 100 100\nbogus 1 2\n").unwrap_err();
        assert!(e.contains("line 2") && e.contains("bogus"), "{e}");
        let e = Weights::from_text("man 100\n").unwrap_err();
        assert!(e.contains("line 1") && e.contains("ending"), "{e}");
    }
}
