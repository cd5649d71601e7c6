//! Fitting a network ([`super::Network`]) to labelled positions (`draughts tune --network`).
//!
//! The network's output is added to the evaluation it is fitted on top of (the linear weights
//! and the rule set's built-in pattern values), so the predicted result of a position for the
//! side to move is `sigmoid(k * (base / 100 + output))` (`base` in centi-men, the output in men),
//! and the fit minimises the mean squared error against the same target as the pattern fit
//! (`lambda * result + (1 - lambda) * sigmoid(k * score / 100)`; positions the endgame databases
//! label have their exact result whatever `lambda`). `k` is fitted to the base evaluation first.
//! The optimiser is Adam on mini-batches in a shuffled order, each batch's gradient summed over
//! the threads; the last tenth of the positions (in the order given, so mostly other games) is
//! held out, and the values of the pass with the lowest held-out error are kept.

use super::{active_inputs, FloatNetwork, Network, HIDDEN1, HIDDEN2};
use crate::eval::{evaluate_quiet, Weights};
use crate::tune::{best_scale, sigmoid, PositionSample, XorShift};
use draughts_rules::{Color, Variant};

/// Settings of a network fit.
#[derive(Clone, Debug)]
pub struct NetworkFitConfig {
    /// Passes over the fitted positions.
    pub passes: usize,
    /// Weight of the game result in the target, 0..=1.
    pub lambda: f64,
    /// Threads sharing each mini-batch.
    pub threads: usize,
    /// Seed of the first values and of the order of the positions.
    pub seed: u64,
    /// Positions a mini-batch (one step of Adam).
    pub batch: usize,
}

/// The result of a network fit ([`fit_network`]).
#[derive(Clone, Debug)]
pub struct NetworkFit {
    /// The values of the pass with the lowest held-out error.
    pub network: FloatNetwork,
    /// The sigmoid scale fitted to the base evaluation.
    pub k: f64,
    /// Mean squared error on the held-out positions with the base evaluation alone.
    pub held_out_before: f64,
    /// The same with the network kept.
    pub held_out_after: f64,
    /// The same with the network's integer values ([`FloatNetwork::quantized`]), as the search
    /// evaluates.
    pub held_out_integer: f64,
    /// Positions fitted to and held out.
    pub fitted: usize,
    /// Positions held out.
    pub held_out: usize,
    /// The pass whose values were kept (0: none improved on the base evaluation).
    pub best_pass: usize,
}

/// The positions prepared: each one's active inputs (a range of `inputs`), the base evaluation
/// for the side to move in men, and the target for the side to move.
struct Prepared {
    inputs: Vec<u16>,
    starts: Vec<u32>,
    base: Vec<f32>,
    target: Vec<f32>,
    /// The index of each in the samples given (positions without a move are left out).
    source: Vec<u32>,
}

impl Prepared {
    fn len(&self) -> usize {
        self.base.len()
    }

    fn active(&self, i: usize) -> &[u16] {
        &self.inputs[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

/// Gradients of every value of a [`FloatNetwork`], in its layout.
struct Grad {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
    w3: Vec<f32>,
    b3: f32,
}

impl Grad {
    fn zero(n: &FloatNetwork) -> Grad {
        Grad { w1: vec![0.0; n.w1.len()], b1: vec![0.0; HIDDEN1], w2: vec![0.0; HIDDEN2 * HIDDEN1], b2: vec![0.0; HIDDEN2], w3: vec![0.0; HIDDEN2], b3: 0.0 }
    }

    fn add(&mut self, o: &Grad) {
        for (a, b) in self.w1.iter_mut().zip(&o.w1).chain(self.b1.iter_mut().zip(&o.b1)).chain(self.w2.iter_mut().zip(&o.w2)).chain(self.b2.iter_mut().zip(&o.b2)).chain(self.w3.iter_mut().zip(&o.w3)) {
            *a += b;
        }
        self.b3 += o.b3;
    }
}

/// Adam's moment estimates of one group of values.
struct Moments {
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Moments {
    fn new(n: usize) -> Moments {
        Moments { m: vec![0.0; n], v: vec![0.0; n] }
    }

    /// One Adam step of `values` with gradients `g` at step `t` (from 1), learning rate `lr`.
    fn step(&mut self, values: &mut [f32], g: &[f32], t: i32, lr: f32) {
        let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
        let c1 = 1.0 - b1.powi(t);
        let c2 = 1.0 - b2.powi(t);
        for ((x, g), (m, v)) in values.iter_mut().zip(g).zip(self.m.iter_mut().zip(self.v.iter_mut())) {
            *m = b1 * *m + (1.0 - b1) * g;
            *v = b2 * *v + (1.0 - b2) * g * g;
            *x -= lr * (*m / c1) / ((*v / c2).sqrt() + eps);
        }
    }
}

/// The predicted result for the side to move: `sigmoid(k * (base + output))`, both in men.
#[inline]
fn predict(k: f32, base: f32, out: f32) -> f32 {
    1.0 / (1.0 + (-k * (base + out)).exp())
}

/// Adds the gradient of the squared error of position `i` to `g`; returns the error.
fn backprop(n: &FloatNetwork, data: &Prepared, i: usize, k: f32, g: &mut Grad) -> f32 {
    let active = data.active(i);
    let (mut z1, mut z2) = ([0f32; HIDDEN1], [0f32; HIDDEN2]);
    let out = n.forward(active, &mut z1, &mut z2);
    let p = predict(k, data.base[i], out);
    let err = p - data.target[i];
    let d_out = 2.0 * err * p * (1.0 - p) * k;
    g.b3 += d_out;
    let a1 = z1.map(|z| z.clamp(0.0, 1.0));
    let mut d_a1 = [0f32; HIDDEN1];
    for (j, &z) in z2.iter().enumerate() {
        g.w3[j] += d_out * z.clamp(0.0, 1.0);
        if z <= 0.0 || z >= 1.0 {
            continue;
        }
        let d_z2 = d_out * n.w3[j];
        g.b2[j] += d_z2;
        let row = &n.w2[j * HIDDEN1..(j + 1) * HIDDEN1];
        let grow = &mut g.w2[j * HIDDEN1..(j + 1) * HIDDEN1];
        for ((gw, d), (w, a)) in grow.iter_mut().zip(d_a1.iter_mut()).zip(row.iter().zip(&a1)) {
            *gw += d_z2 * a;
            *d += d_z2 * w;
        }
    }
    for ((d, z), gb) in d_a1.iter_mut().zip(&z1).zip(g.b1.iter_mut()) {
        if *z <= 0.0 || *z >= 1.0 {
            *d = 0.0;
        }
        *gb += *d;
    }
    for &f in active {
        let grow = &mut g.w1[f as usize * HIDDEN1..(f as usize + 1) * HIDDEN1];
        for (x, d) in grow.iter_mut().zip(&d_a1) {
            *x += d;
        }
    }
    err * err
}

/// Mean squared error of `n` on positions `range` of `data`.
fn error(n: &FloatNetwork, data: &Prepared, range: std::ops::Range<usize>, k: f32) -> f64 {
    let (mut z1, mut z2) = ([0f32; HIDDEN1], [0f32; HIDDEN2]);
    let count = range.len().max(1);
    let sum: f64 = range
        .map(|i| {
            let out = n.forward(data.active(i), &mut z1, &mut z2);
            ((predict(k, data.base[i], out) - data.target[i]) as f64).powi(2)
        })
        .sum();
    sum / count as f64
}

/// Fits a network for `variant`'s board on top of the evaluation with weights `w` and the
/// built-in pattern values, to `samples` (quiet positions, at least 100), as the module's
/// comment says. `progress` is called after each pass with the pass and its held-out error.
pub fn fit_network(variant: Variant, samples: &[PositionSample], w: &Weights, cfg: &NetworkFitConfig, progress: &mut dyn FnMut(usize, f64)) -> NetworkFit {
    let squares = variant.geometry().squares as usize;
    let mut data = Prepared { inputs: Vec::new(), starts: vec![0], base: Vec::new(), target: Vec::new(), source: Vec::new() };
    let mut results = Vec::with_capacity(samples.len());
    let mut scores = Vec::with_capacity(samples.len());
    let mut active = Vec::new();
    for (index, s) in samples.iter().enumerate() {
        let pos = &s.position;
        let e = evaluate_quiet(pos, w);
        if !e.can_move {
            continue;
        }
        data.source.push(index as u32);
        active_inputs(pos, &mut active);
        data.inputs.extend_from_slice(&active);
        data.starts.push(data.inputs.len() as u32);
        data.base.push(e.score as f32 / 100.0);
        let light = pos.side_to_move() == Color::Light;
        results.push(if light { s.result } else { 1.0 - s.result });
        scores.push(if light { s.score } else { -s.score });
    }
    let n = data.len();
    let split = n * 9 / 10;
    // The scale: every tenth position is enough to place it.
    let k = best_scale(|kk| (0..n).step_by(10).map(|i| (results[i] - sigmoid(kk * data.base[i] as f64)).powi(2)).sum());
    let lambda = cfg.lambda.clamp(0.0, 1.0);
    data.target = results.iter().zip(&scores).map(|(r, sc)| (lambda * r + (1.0 - lambda) * sigmoid(k * sc / 100.0)) as f32).collect();
    let kf = k as f32;

    let mut net = FloatNetwork::new(squares, cfg.seed);
    let held_out_before = error(&net, &data, split..n, kf);
    let mut kept = net.clone();
    let mut kept_error = held_out_before;
    let mut best_pass = 0;
    let mut moments = [Moments::new(net.w1.len()), Moments::new(HIDDEN1), Moments::new(net.w2.len()), Moments::new(HIDDEN2), Moments::new(HIDDEN2), Moments::new(1)];
    let mut order: Vec<u32> = (0..split as u32).collect();
    let mut rng = XorShift::new(cfg.seed);
    let threads = cfg.threads.max(1);
    let mut t = 0;
    for pass in 1..=cfg.passes {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        // The learning rate falls from 1e-3 to a tenth of it over the passes.
        let lr = 1e-3 * 0.1f32.powf((pass - 1) as f32 / cfg.passes.max(2).saturating_sub(1) as f32);
        for batch in order.chunks(cfg.batch.max(1)) {
            let share = batch.len().div_ceil(threads);
            let net_ref = &net;
            let data_ref = &data;
            let grads: Vec<Grad> = std::thread::scope(|s| {
                let handles: Vec<_> = batch
                    .chunks(share)
                    .map(|part| {
                        s.spawn(move || {
                            let mut g = Grad::zero(net_ref);
                            for &i in part {
                                backprop(net_ref, data_ref, i as usize, kf, &mut g);
                            }
                            g
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().expect("a fitting thread does not panic")).collect()
            });
            let mut g = Grad::zero(&net);
            for part in &grads {
                g.add(part);
            }
            let scale = 1.0 / batch.len() as f32;
            t += 1;
            let [m1, mb1, m2, mb2, m3, mb3] = &mut moments;
            let sc = |v: &[f32]| v.iter().map(|x| x * scale).collect::<Vec<f32>>();
            m1.step(&mut net.w1, &sc(&g.w1), t, lr);
            mb1.step(&mut net.b1, &sc(&g.b1), t, lr);
            m2.step(&mut net.w2, &sc(&g.w2), t, lr);
            mb2.step(&mut net.b2, &sc(&g.b2), t, lr);
            m3.step(&mut net.w3, &sc(&g.w3), t, lr);
            let mut b3 = [net.b3];
            mb3.step(&mut b3, &[g.b3 * scale], t, lr);
            net.b3 = b3[0];
            net.clip();
        }
        let e = error(&net, &data, split..n, kf);
        if e < kept_error {
            kept_error = e;
            kept = net.clone();
            best_pass = pass;
        }
        progress(pass, e);
    }
    let integer = kept.quantized("");
    let held_out_integer = integer_error(&integer, samples, &data, split..n, k);
    NetworkFit { network: kept, k, held_out_before, held_out_after: kept_error, held_out_integer, fitted: split, held_out: n - split, best_pass }
}

/// Mean squared error of the integer network on positions `range` of `data` (evaluated from
/// their `samples`).
fn integer_error(net: &Network, samples: &[PositionSample], data: &Prepared, range: std::ops::Range<usize>, k: f64) -> f64 {
    let count = range.len().max(1);
    let sum: f64 = range
        .map(|i| {
            let out = net.evaluate(&samples[data.source[i] as usize].position) as f64 / 100.0;
            (sigmoid(k * (data.base[i] as f64 + out)) - data.target[i] as f64).powi(2)
        })
        .sum();
    sum / count as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::Position;

    #[test]
    fn gradients_match_differences() {
        // Each value's gradient from `backprop` against the change of the error when the value
        // moves a little.
        let mut net = FloatNetwork::new(32, 5);
        for (j, w) in net.w3.iter_mut().enumerate() {
            *w = (j as f32 * 0.37).sin();
        }
        let pos = draughts_rules::notation::fen::parse(Variant::English, "W:WK14,18,22,K23:B5,K9,12").unwrap();
        let mut active = Vec::new();
        active_inputs(&pos, &mut active);
        let data = Prepared { inputs: active.clone(), starts: vec![0, active.len() as u32], base: vec![0.3], target: vec![0.8], source: vec![0] };
        let k = 1.2;
        let mut g = Grad::zero(&net);
        backprop(&net, &data, 0, k, &mut g);
        let err = |n: &FloatNetwork| error(n, &data, 0..1, k);
        let h = 1e-3f32;
        let mut checked = 0;
        let mut check = |analytic: f32, set: &dyn Fn(&mut FloatNetwork, f32)| {
            let (mut up, mut down) = (net.clone(), net.clone());
            set(&mut up, h);
            set(&mut down, -h);
            let numeric = ((err(&up) - err(&down)) / (2.0 * h as f64)) as f32;
            assert!((numeric - analytic).abs() <= 2e-3 + 0.05 * analytic.abs(), "numeric {numeric} against {analytic}");
            checked += 1;
        };
        let f = active[1] as usize;
        for u in [0, 5, 77] {
            check(g.w1[f * HIDDEN1 + u], &|n, d| n.w1[f * HIDDEN1 + u] += d);
            check(g.b1[u], &|n, d| n.b1[u] += d);
            check(g.w2[3 * HIDDEN1 + u], &|n, d| n.w2[3 * HIDDEN1 + u] += d);
        }
        for j in [0, 3, 31] {
            check(g.b2[j], &|n, d| n.b2[j] += d);
            check(g.w3[j], &|n, d| n.w3[j] += d);
        }
        check(g.b3, &|n, d| n.b3 += d);
        assert_eq!(checked, 16);
        net.b3 = 0.0;
    }

    #[test]
    fn the_fit_learns_a_planted_king_term() {
        // English positions with a few men and a king each at random, scored by the evaluation
        // plus two men for Light when its king stands on 13, 14, 15 or 16 and minus two men
        // when Dark's stands on 17, 18, 19 or 20 (the same squares seen from Dark's side: the
        // term is the same for either side to move, as the network's inputs are), and won by
        // the side that score favours: the base evaluation cannot see that (it values kings on
        // every square alike), the network must learn it, and the held-out error must fall.
        let v = Variant::English;
        let g = v.geometry();
        let bit = |n: u32| 1u64 << g.bit_of_number(n).unwrap();
        let w = Weights::builtin(v);
        let mut rng = XorShift::new(2);
        let mut rand = move |n: u64| rng.below(n);
        let mut samples = Vec::new();
        while samples.len() < 6000 {
            let (mut light, mut dark, mut kings) = (0u64, 0u64, 0u64);
            for _ in 0..3 {
                let (l, d) = (bit(5 + rand(24) as u32), bit(5 + rand(24) as u32));
                light |= l;
                dark |= d & !light;
            }
            let lk = bit(1 + rand(32) as u32);
            let dk = bit(1 + rand(32) as u32);
            if (light | dark) & (lk | dk) != 0 || lk == dk {
                continue;
            }
            light |= lk;
            dark |= dk;
            kings |= lk | dk;
            let side = if rand(2) == 0 { Color::Light } else { Color::Dark };
            let Ok(position) = Position::new(v, light, dark, kings, side) else { continue };
            let e = evaluate_quiet(&position, w);
            if position.has_capture() || !e.can_move {
                continue;
            }
            let base_light = if side == Color::Light { e.score } else { -e.score };
            let ours = |k: u64, first: u32| (first..first + 4).any(|n| k == bit(n));
            let planted = if ours(lk, 13) { 200 } else { 0 } - if ours(dk, 17) { 200 } else { 0 };
            let score = base_light + planted;
            let result = match score {
                s if s > 0 => 1.0,
                0 => 0.5,
                _ => 0.0,
            };
            samples.push(PositionSample { position, score: score as f64, result });
        }
        let cfg = NetworkFitConfig { passes: 40, lambda: 0.0, threads: 2, seed: 1, batch: 64 };
        let mut passes = 0;
        let f = fit_network(v, &samples, w, &cfg, &mut |_, _| passes += 1);
        assert_eq!(passes, 40);
        assert_eq!(f.fitted + f.held_out, samples.len());
        assert!(f.best_pass > 0 && f.held_out_after < f.held_out_before * 0.7, "{} -> {} (pass {})", f.held_out_before, f.held_out_after, f.best_pass);
        // The integer values lose little.
        assert!((f.held_out_integer - f.held_out_after).abs() < f.held_out_after * 0.05 + 1e-4, "{} against {}", f.held_out_integer, f.held_out_after);
    }
}
