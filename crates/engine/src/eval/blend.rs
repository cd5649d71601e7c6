//! Weights blended by the number of pieces on the board, with the men's square terms folded
//! into the rule set's pattern values: what the search evaluates with.

use super::*;

/// Row features (row0 ..= row8): rows beyond the ninth have none.
pub(super) const ROW_FEATURES: usize = 9;

/// For each square (bit index), the (opening, ending) value of one man of a side standing on it
/// from the men's square terms: man, its row feature and centre_man, signed for Light (a dark
/// man's values are negative). Squares off the board are zero.
fn men_square_values(w: &Weights, variant: Variant, light: bool) -> [[i32; 2]; 64] {
    let t = Tables::get(variant);
    let g = &t.g;
    let size = g.size as u32;
    let sign = if light { 1 } else { -1 };
    let mut out = [[0i32; 2]; 64];
    for (bit, v) in out.iter_mut().enumerate() {
        let b = 1u64 << bit;
        if g.board & b == 0 {
            continue;
        }
        let (row, _) = g.row_col(bit as u32);
        let rel = (if light { size - 1 - row } else { row }) as usize;
        let mut f = vec![Feature::Man as usize];
        if rel < ROW_FEATURES.min(size as usize - 1) {
            f.push(Feature::Row0 as usize + rel);
        }
        if t.centre & b != 0 {
            f.push(Feature::CentreMan as usize);
        }
        for i in f {
            v[0] += sign * w.opening[i];
            v[1] += sign * w.ending[i];
        }
    }
    out
}

/// One variant's weights blended for every number of pieces on the board: row `n` holds, for
/// each feature, `opening * phase(n) + ending * (PHASE_MAX - phase(n))`. The search evaluates
/// with it: the counts go straight into one weighted sum, with no feature vector, and the result
/// is exactly [`evaluate_quiet`]'s (the same integer sum, divided once).
#[derive(Clone, Debug)]
pub struct Blended {
    variant: Variant,
    /// Indexed by the number of pieces on the board, 0..=64.
    rows: Box<[[i32; NUM_FEATURES]; 65]>,
    /// Pattern values added to the sum (see [`crate::patterns`]).
    patterns: Option<Arc<Patterns>>,
    /// True when `patterns` also holds the men's square terms (man, row0-row8, centre_man),
    /// folded in by [`Patterns::with_men_values`]: the evaluation then skips counting them, and
    /// the sum is the same.
    pub(super) folded: bool,
    /// Networks whose output is added to the score for the side to move, one a stage of the
    /// game (see [`crate::network`]).
    networks: Stages,
}

impl Blended {
    /// Blends `w` for `variant`'s phases, with the variant's built-in pattern values.
    pub fn new(w: &Weights, variant: Variant) -> Blended {
        Blended::with_patterns(w, variant, Patterns::builtin(variant))
    }

    /// Blends `w` for `variant`'s phases, with these pattern values (`None`: the linear
    /// evaluation alone). Pattern values for another board are not used.
    pub fn with_patterns(w: &Weights, variant: Variant, patterns: Option<Arc<Patterns>>) -> Blended {
        let t = Tables::get(variant);
        let mut rows = Box::new([[0; NUM_FEATURES]; 65]);
        for (n, row) in rows.iter_mut().enumerate() {
            let phase = t.phase[n];
            for (i, x) in row.iter_mut().enumerate() {
                *x = w.opening[i] * phase + w.ending[i] * (PHASE_MAX - phase);
            }
        }
        let patterns = patterns.filter(|p| p.fits(variant));
        // Fold the men's square terms into the pattern values when they fit (they always do for
        // sensible weights; otherwise the terms are counted as usual).
        let folded = patterns.as_ref().and_then(|p| p.with_men_values(&men_square_values(w, variant, true), &men_square_values(w, variant, false)));
        match folded {
            Some(f) => Blended { variant, rows, patterns: Some(Arc::new(f)), folded: true, networks: Stages::default() },
            None => Blended { variant, rows, patterns, folded: false, networks: Stages::default() },
        }
    }

    /// These blended weights with the output of these networks added, each where its range of
    /// pieces holds the position (an empty list: none; see [`Stages`]). A network for another
    /// board is not used.
    pub fn with_networks(mut self, networks: Vec<Arc<Network>>) -> Blended {
        self.networks = Stages::new(networks.into_iter().filter(|n| n.fits(self.variant)).collect());
        self
    }

    /// The variant the weights were blended for.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// [`evaluate_quiet`] with the blended weights. `pos` must be of [`Blended::variant`].
    pub fn evaluate_quiet(&self, pos: &Position) -> QuietEval {
        debug_assert_eq!(pos.variant(), self.variant);
        by_variant!(pos.variant(), V => self.evaluate_quiet_of::<V>(pos))
    }

    #[inline(always)]
    fn evaluate_quiet_of<const V: usize>(&self, pos: &Position) -> QuietEval {
        let t = Tables::get(Variant::ALL[V]);
        let n = pos.occupied().count_ones() as usize;
        let mut sink = ScoreSink { row: &self.rows[n], sum: 0 };
        let can_move = if self.folded {
            measure::<V, true, _>(t, pos, &mut sink)
        } else {
            measure::<V, false, _>(t, pos, &mut sink)
        };
        if let Some(p) = &self.patterns {
            sink.sum += p.score(pos.men(Color::Light), pos.men(Color::Dark), t.phase[n]);
        }
        let mut e = finish::<V>(pos, sink.sum / PHASE_MAX, can_move);
        if let Some(net) = self.networks.at(n) {
            e.score += net.evaluate(pos);
        }
        e
    }
}
