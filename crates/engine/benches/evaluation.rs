//! The evaluation's cost per position: the built-in evaluation of English checkers alone, and with
//! a network added (issue 21: what the network costs decides whether its better scores are worth
//! it at equal time). Speed is checked by benchmarks, not by timed tests. Run with
//! `cargo bench -p draughts-engine --bench evaluation`.
//!
//! The positions are those of 200 games of random legal moves from the start (a fixed seed), every
//! quiet one kept: openings, middle games and endings with kings, as a search's leaves are.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use draughts_engine::eval::{Blended, Weights};
use draughts_engine::network::FloatNetwork;
use draughts_rules::{Position, Variant};
use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

/// Quiet positions of random games (see the module's comment).
fn positions(variant: Variant) -> Vec<Position> {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = Vec::new();
    let mut list = Vec::new();
    for _ in 0..200 {
        let mut pos = Position::start(variant);
        for _ in 0..120 {
            list.clear();
            pos.generate_moves(&mut list);
            if list.is_empty() {
                break;
            }
            if !pos.has_capture() {
                out.push(pos);
            }
            let k = (next() % list.len() as u64) as usize;
            pos = pos.after(&list[k]);
        }
    }
    out
}

fn evaluation(c: &mut Criterion) {
    let variant = Variant::English;
    let positions = positions(variant);
    let w = Weights::builtin(variant);
    let mut float = FloatNetwork::new(variant.geometry().squares as usize, 7);
    // A new network's output layer is zero; give it values so nothing can be skipped.
    for (j, x) in float.w3.iter_mut().enumerate() {
        *x = if j % 2 == 0 { 0.05 } else { -0.04 };
    }
    let network = Arc::new(float.quantized("# bench"));
    let base = Blended::new(w, variant);
    let with = Blended::new(w, variant).with_networks(vec![network.clone()]);
    let mut group = c.benchmark_group("evaluation_english");
    group.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("base", |b| b.iter(|| positions.iter().map(|p| base.evaluate_quiet(black_box(p)).score).sum::<i32>()));
    group.bench_function("network_alone", |b| b.iter(|| positions.iter().map(|p| network.evaluate(black_box(p))).sum::<i32>()));
    group.bench_function("base_and_network", |b| b.iter(|| positions.iter().map(|p| with.evaluate_quiet(black_box(p)).score).sum::<i32>()));
    group.finish();
}

criterion_group!(benches, evaluation);
criterion_main!(benches);
