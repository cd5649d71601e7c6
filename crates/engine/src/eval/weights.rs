//! Weights and the weight file format (`crates/engine/weights/<variant>.txt`): one line per
//! feature, `name opening ending`.

use super::*;

/// Evaluation weights of one variant: for each feature, its opening and ending weight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Centi-men per unit of each feature at the start (phase [`PHASE_MAX`]), in [`Feature`] order.
    pub opening: [i32; NUM_FEATURES],
    /// Centi-men per unit of each feature with no material left (phase 0), in [`Feature`] order;
    /// between the two, weights are blended by the phase.
    pub ending: [i32; NUM_FEATURES],
}

impl Weights {
    /// Reads a weight file (as `draughts tune` writes it). Errors name the file, and the line
    /// for a malformed one.
    pub fn read_file(path: &std::path::Path) -> Result<Weights, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Weights::from_text(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads weights from the text of a weight file: one line per feature, `name opening ending`;
    /// `#` starts a comment; features left out weigh 0.
    ///
    /// Errors: the line number and what is wrong (unknown feature name, missing or bad number).
    pub fn from_text(text: &str) -> Result<Weights, String> {
        let mut w = Weights { opening: [0; NUM_FEATURES], ending: [0; NUM_FEATURES] };
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let mut parts = line.split_whitespace();
            let name = parts.next().unwrap_or("");
            let i = FEATURE_NAMES
                .iter()
                .position(|f| *f == name)
                .ok_or_else(|| format!("line {}: unknown feature {name:?}", n + 1))?;
            let mut num = |what: &str| -> Result<i32, String> {
                let t = parts.next().ok_or_else(|| format!("line {}: missing {what} weight of {name}", n + 1))?;
                t.parse().map_err(|_| format!("line {}: {what} weight {t:?} of {name} is not an integer", n + 1))
            };
            w.opening[i] = num("opening")?;
            w.ending[i] = num("ending")?;
            if parts.next().is_some() {
                return Err(format!("line {}: more than two weights for {name}", n + 1));
            }
        }
        Ok(w)
    }

    /// Writes weights in the format [`Weights::from_text`] reads, with a header comment.
    pub fn to_text(&self, header: &str) -> String {
        let mut s = String::new();
        for line in header.lines() {
            let _ = writeln!(s, "# {line}");
        }
        let _ = writeln!(s, "# feature  opening  ending");
        for (i, name) in FEATURE_NAMES.iter().enumerate() {
            let _ = writeln!(s, "{:<14} {:>6} {:>6}", name, self.opening[i], self.ending[i]);
        }
        s
    }

    /// The built-in weights of a variant (the files under `crates/engine/weights/`).
    pub fn builtin(variant: Variant) -> &'static Weights {
        static W: OnceLock<Vec<Weights>> = OnceLock::new();
        let all = W.get_or_init(|| {
            Variant::ALL
                .iter()
                .map(|v| Weights::from_text(builtin_text(*v)).unwrap_or_else(|e| panic!("weights/{}.txt: {e}", v.id())))
                .collect()
        });
        &all[Variant::ALL.iter().position(|v| *v == variant).unwrap_or(0)]
    }

    /// The value of a feature vector for Light (positive: good for Light).
    #[inline]
    pub fn apply(&self, f: &Features) -> i32 {
        self.apply_unscaled(f) / PHASE_MAX
    }

    /// [`Weights::apply`] times [`PHASE_MAX`], before the one division (pattern values join the
    /// sum here).
    #[inline]
    pub fn apply_unscaled(&self, f: &Features) -> i32 {
        let mut mg = 0i32;
        let mut eg = 0i32;
        for i in 0..NUM_FEATURES {
            mg += self.opening[i] * f.values[i];
            eg += self.ending[i] * f.values[i];
        }
        mg * f.phase + eg * (PHASE_MAX - f.phase)
    }
}

/// The text of a variant's built-in weight file.
pub fn builtin_text(variant: Variant) -> &'static str {
    match variant {
        Variant::English => include_str!("../../weights/english.txt"),
        Variant::American => include_str!("../../weights/american.txt"),
        Variant::German => include_str!("../../weights/german.txt"),
        Variant::Russian => include_str!("../../weights/russian.txt"),
        Variant::International => include_str!("../../weights/international.txt"),
        Variant::Turkish => include_str!("../../weights/turkish.txt"),
        Variant::Italian => include_str!("../../weights/italian.txt"),
        Variant::Brazilian => include_str!("../../weights/brazilian.txt"),
    }
}
