//! Perft from each variant's start position (issue 2, section 5: speed is checked by benchmarks,
//! not by timed tests). Criterion reports the time per count and, as throughput, leaves per
//! second. Run with `cargo bench -p draughts-rules`.
//!
//! The depths keep one count between about ten and a hundred milliseconds; the headline figure
//! of the issue (international, depth 11, about 1.7 billion leaves) is measured by
//! `draughts perft --variant international --depth 11`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use draughts_rules::{perft, Position, Variant};
use std::hint::black_box;
use std::time::Duration;

/// (variant, depth, leaves from `../shared/data/perft.md`, or `None` where there is no
/// published table: german, checked against the public move generator instead).
const CASES: [(Variant, u32, Option<u64>); 8] = [
    (Variant::English, 10, Some(18_391_564)),
    (Variant::American, 10, Some(18_391_564)),
    (Variant::German, 10, None),
    (Variant::Russian, 10, Some(22_444_032)),
    (Variant::International, 9, Some(41_022_423)),
    (Variant::Turkish, 7, Some(10_782_308)),
    (Variant::Italian, 10, Some(17_761_384)),
    (Variant::Brazilian, 10, Some(21_560_022)),
];

fn start_positions(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft_start");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
    for (variant, depth, leaves) in CASES {
        let pos = Position::start(variant);
        // A wrong count would make the timing meaningless: check it once before timing.
        let leaves = leaves.unwrap_or_else(|| draughts_rules::perft::perft_reference(&pos, depth));
        assert_eq!(perft(&pos, depth), leaves, "{variant} depth {depth}");
        group.throughput(Throughput::Elements(leaves));
        group.bench_with_input(BenchmarkId::new(variant.id(), depth), &pos, |b, pos| {
            b.iter(|| perft(black_box(pos), black_box(depth)))
        });
    }
    group.finish();
}

criterion_group!(benches, start_positions);
criterion_main!(benches);
