//! Fitting the evaluation weights from the engine's own self-play games (`draughts tune`).
//!
//! 1. Self-play: games from balanced openings ([`crate::matchplay::balanced_opening`]), every move
//!    chosen by a fixed-depth search with the current weights. Every quiet position (no capture
//!    pending) after the opening is kept with the game's result.
//! 2. Fit ("Texel" tuning): the evaluation is linear in its weights (see [`crate::eval`]), so the
//!    predicted result of a position is `sigmoid(k * eval / 100)`; the weights minimising the
//!    mean squared error between prediction and target are found by gradient descent (Adam), with
//!    a light pull towards the starting weights so rare features keep sensible values. `k` is
//!    first fitted to the starting weights, which fixes the scale (centi-men). The target blends
//!    the game's result with the self-play search's own score of the position
//!    (`lambda * result + (1 - lambda) * sigmoid(k * score / 100)`): results say who won, the
//!    deeper search's scores are far less noisy, so fewer games are needed.
//!
//! The result is written as a weight file; saved as `crates/engine/weights/<variant>.txt`, it
//! becomes the built-in evaluation at the next build.

use crate::eval::{features, Feature, Features, Weights, NUM_FEATURES, PHASE_MAX};
use crate::matchplay::balanced_opening;
use crate::search::{Limits, Searcher, MATE_BOUND};
use draughts_rules::{Color, Game, Outcome, Reason, Variant};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Settings of a tuning run.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    pub variant: Variant,
    /// Self-play games to generate.
    pub games: usize,
    /// Search depth of every self-play move.
    pub depth: u32,
    /// Seed of the openings.
    pub seed: u64,
    /// Threads playing games at once.
    pub threads: usize,
    /// Gradient-descent passes over the positions.
    pub iterations: usize,
    /// Games longer than this are adjudicated drawn.
    pub max_plies: usize,
    /// Weight of the game result in the target (the rest is the search score), 0..=1.
    pub lambda: f64,
}

/// A position for fitting: its features, the game's result for Light (1, 0.5 or 0) and the
/// self-play search's score for Light (centi-men; NaN for positions from game records, whose
/// target is then the result alone).
#[derive(Clone, Debug)]
pub struct Sample {
    pub features: Features,
    pub result: f64,
    pub score: f64,
}

/// Positions from game records (PDN text, RULES.md section 6) of `variant`, labelled with each
/// game's result: every quiet position after the first 10 half-moves. Games without a decisive
/// or drawn result, of another variant, or that do not replay are skipped; returns the samples
/// and the number of games used.
pub fn samples_from_pdn(text: &str, variant: Variant) -> (Vec<Sample>, usize) {
    use draughts_rules::notation::{pdn, replay};
    let file = pdn::parse(text);
    let mut out = Vec::new();
    let mut used = 0;
    for g in &file.games {
        if g.moves.is_empty() {
            continue;
        }
        if replay::game_variant(g, Some(variant)).ok() != Some(variant) {
            continue;
        }
        let result = match g.tag_result().or(g.result.as_deref()).map(str::trim) {
            Some("1-0") | Some("2-0") => 1.0,
            Some("0-1") | Some("0-2") => 0.0,
            Some("1/2-1/2") | Some("1-1") => 0.5,
            _ => continue,
        };
        let Ok(r) = replay::replay(g, variant) else { continue };
        used += 1;
        let mut pos = r.start;
        for (i, m) in r.moves.iter().enumerate() {
            if i >= 10 && !pos.has_capture() && pos.has_legal_move() {
                out.push(Sample { features: features(&pos), result, score: f64::NAN });
            }
            pos = pos.after(m);
        }
    }
    (out, used)
}

/// Plays one self-play game and returns its quiet positions with the result.
fn self_play_game(variant: Variant, weights: &Weights, depth: u32, seed: u64, max_plies: usize) -> Vec<Sample> {
    let opening = balanced_opening(variant, 6, seed);
    let mut game = Game::new(variant);
    for m in &opening {
        if game.play(m).is_err() {
            return Vec::new();
        }
    }
    let mut searcher = Searcher::new(4);
    searcher.set_weights(weights.clone());
    let mut kept = Vec::new();
    while game.outcome().is_none() {
        if game.ply() >= max_plies {
            let _ = game.finish(Outcome::Draw(Reason::Agreement));
            break;
        }
        let r = searcher.search(&game, &Limits::depth(depth), None, &mut |_| {});
        let pos = *game.position();
        if !pos.has_capture() && r.score.abs() < MATE_BOUND {
            let light = if pos.side_to_move() == Color::Light { r.score } else { -r.score };
            kept.push((features(&pos), light as f64));
        }
        let Some(mv) = r.best else { break };
        if game.play(&mv).is_err() {
            break;
        }
    }
    let result = match game.outcome().and_then(|o| o.winner()) {
        Some(Color::Light) => 1.0,
        Some(Color::Dark) => 0.0,
        None => 0.5,
    };
    kept.into_iter().map(|(features, score)| Sample { features, result, score }).collect()
}

/// Generates samples from `cfg.games` self-play games on `cfg.threads` threads; `progress` is
/// called with the number of games finished.
pub fn generate_samples(cfg: &TuneConfig, weights: &Weights, progress: &(dyn Fn(usize) + Sync)) -> Vec<Sample> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let out = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..cfg.threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= cfg.games {
                    break;
                }
                let samples = self_play_game(cfg.variant, weights, cfg.depth, cfg.seed.wrapping_add(i as u64 * 104729), cfg.max_plies);
                out.lock().expect("no panics while holding the lock").extend(samples);
                progress(done.fetch_add(1, Ordering::SeqCst) + 1);
            });
        }
    });
    out.into_inner().unwrap_or_default()
}

fn predict(theta: &[f64], f: &Features) -> f64 {
    let ph = f.phase as f64 / PHASE_MAX as f64;
    let mut e = 0.0;
    for i in 0..NUM_FEATURES {
        let v = f.values[i] as f64;
        if v != 0.0 {
            e += v * (theta[i] * ph + theta[NUM_FEATURES + i] * (1.0 - ph));
        }
    }
    e
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean squared error of the predictions of `theta` with scale `k` against `targets`.
fn loss(theta: &[f64], k: f64, samples: &[Sample], targets: &[f64]) -> f64 {
    let s: f64 = samples.iter().zip(targets).map(|(x, t)| (t - sigmoid(k * predict(theta, &x.features) / 100.0)).powi(2)).sum();
    s / samples.len().max(1) as f64
}

/// The result of a fit.
#[derive(Clone, Debug)]
pub struct Fit {
    pub weights: Weights,
    /// The sigmoid scale fitted to the starting weights.
    pub k: f64,
    pub loss_before: f64,
    pub loss_after: f64,
    pub samples: usize,
}

/// Fits weights to samples, starting from (and pulled lightly towards) `start`; `lambda` is the
/// weight of game results in the target (see the module docs).
pub fn fit(samples: &[Sample], start: &Weights, iterations: usize, lambda: f64) -> Fit {
    let mut theta: Vec<f64> = start.opening.iter().chain(start.ending.iter()).map(|w| *w as f64).collect();
    let anchor = theta.clone();
    // Scale k: fitted to the game results with the starting weights.
    let results: Vec<f64> = samples.iter().map(|x| x.result).collect();
    let mut k = 1.0;
    let mut best = f64::MAX;
    for i in 1..=60 {
        let kk = i as f64 * 0.05;
        let l = loss(&theta, kk, samples, &results);
        if l < best {
            best = l;
            k = kk;
        }
    }
    let lambda = lambda.clamp(0.0, 1.0);
    let targets: Vec<f64> = samples
        .iter()
        .map(|x| if x.score.is_nan() { x.result } else { lambda * x.result + (1.0 - lambda) * sigmoid(k * x.score / 100.0) })
        .collect();
    let loss_before = loss(&theta, k, samples, &targets);
    let n = theta.len();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, lr, eps, pull) = (0.9, 0.999, 1.0, 1e-8, 1e-6);
    // The man's opening weight anchors the scale; the king chase and the double corner are
    // endgame technique that game records rarely reach (they are resigned first): all keep their
    // starting values.
    let fixed = [
        Feature::Man as usize,
        Feature::KingChase as usize,
        NUM_FEATURES + Feature::KingChase as usize,
        Feature::DoubleCorner as usize,
        NUM_FEATURES + Feature::DoubleCorner as usize,
    ];
    for t in 1..=iterations {
        let mut grad = vec![0.0; n];
        for (x, target) in samples.iter().zip(&targets) {
            let ph = x.features.phase as f64 / PHASE_MAX as f64;
            let p = sigmoid(k * predict(&theta, &x.features) / 100.0);
            let g = -2.0 * (target - p) * p * (1.0 - p) * k / 100.0;
            for i in 0..NUM_FEATURES {
                let f = x.features.values[i] as f64;
                if f != 0.0 {
                    grad[i] += g * f * ph;
                    grad[NUM_FEATURES + i] += g * f * (1.0 - ph);
                }
            }
        }
        let count = samples.len().max(1) as f64;
        for i in 0..n {
            if fixed.contains(&i) {
                continue;
            }
            let g = grad[i] / count + pull * (theta[i] - anchor[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let vh = v[i] / (1.0 - b2.powi(t as i32));
            theta[i] -= lr * mh / (vh.sqrt() + eps);
        }
    }
    let loss_after = loss(&theta, k, samples, &targets);
    let mut w = start.clone();
    for i in 0..NUM_FEATURES {
        w.opening[i] = theta[i].round() as i32;
        w.ending[i] = theta[NUM_FEATURES + i].round() as i32;
    }
    Fit { weights: w, k, loss_before, loss_after, samples: samples.len() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitting_lowers_the_error_on_its_own_samples() {
        let cfg = TuneConfig { variant: Variant::English, games: 4, depth: 2, seed: 1, threads: 1, iterations: 30, max_plies: 120, lambda: 0.5 };
        let start = Weights::builtin(Variant::English).clone();
        let samples = generate_samples(&cfg, &start, &|_| {});
        assert!(samples.len() > 40, "{} samples", samples.len());
        let f = fit(&samples, &start, cfg.iterations, cfg.lambda);
        assert!(f.loss_after <= f.loss_before + 1e-9, "{} -> {}", f.loss_before, f.loss_after);
        assert_eq!(f.weights.opening[Feature::Man as usize], start.opening[Feature::Man as usize]);
    }

    #[test]
    fn game_records_give_labelled_samples() {
        // A match game written by our PDN writer is read back by the rules crate's reader.
        use crate::matchplay::{play_game, EnginePlayer};
        let mut a = EnginePlayer::fixed_depth(2);
        let mut b = EnginePlayer::fixed_depth(1);
        let rec = play_game(&mut a, &mut b, Variant::English, &[], 200, 1).unwrap();
        let text = rec.to_pdn("test");
        let (samples, games) = samples_from_pdn(&text, Variant::English);
        assert_eq!(games, 1, "{text}");
        assert!(!samples.is_empty());
        let expected = match rec.outcome.winner() {
            Some(Color::Light) => 1.0,
            Some(Color::Dark) => 0.0,
            None => 0.5,
        };
        assert!(samples.iter().all(|s| s.result == expected && s.score.is_nan()));
        // Records of another variant are skipped.
        assert_eq!(samples_from_pdn(&text, Variant::Italian).1, 0);
    }
}
