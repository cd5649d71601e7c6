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

/// King-heavy positions of `tests/data/perft.txt` (issue 24): (variant, name, FEN, depth,
/// leaves from that file).
const KING_CASES: [(Variant, &str, &str, u32, u64); 5] = [
    (Variant::International, "allkings", "W:WK31-50:BK1-20", 9, 8_558_321),
    (Variant::International, "random178", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46", 7, 9_041_010),
    (Variant::International, "woldouby", "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38", 13, 9_872_645),
    (Variant::Russian, "kings", "W:WK3,11,14,18,22,K26,27,30:BK1,6,7,K12,15,K19,20,K28", 9, 3_618_716),
    (Variant::Turkish, "kings", "W:WKa1,Kd4,b3,c3,f3,g2,h3,e5:BKh8,Ke6,a6,b6,c7,f6,g6,h5", 7, 15_811_770),
];

fn king_positions(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft_kings");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
    for (variant, name, text, depth, leaves) in KING_CASES {
        let pos = draughts_rules::notation::fen::parse(variant, text).expect("a valid FEN");
        assert_eq!(perft(&pos, depth), leaves, "{variant} {name} depth {depth}");
        group.throughput(Throughput::Elements(leaves));
        group.bench_with_input(BenchmarkId::new(format!("{}-{name}", variant.id()), depth), &pos, |b, pos| {
            b.iter(|| perft(black_box(pos), black_box(depth)))
        });
    }
    group.finish();
}

criterion_group!(benches, start_positions, king_positions);
criterion_main!(benches);
