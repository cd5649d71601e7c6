//! Perft: the number of leaf positions a given number of plies ahead, counting moves by the
//! identity of `../shared/data/perft.md`.

use crate::moves::MoveList;
use crate::position::Position;

/// Perft(`depth`) of `pos`, with bulk counting at the last ply. Depth 0 is 1.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut lists: Vec<MoveList> = (0..=depth).map(|_| Vec::with_capacity(64)).collect();
    perft_rec(pos, depth, &mut lists)
}

fn perft_rec(pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    if depth == 1 {
        return pos.count_moves(list);
    }
    list.clear();
    pos.generate_moves(list);
    let mut total = 0;
    for mv in list.iter() {
        total += perft_rec(&pos.after(mv), depth - 1, rest);
    }
    total
}

/// Perft split by the first move: `(move, leaves)` for each legal move.
pub fn divide(pos: &Position, depth: u32) -> Vec<(crate::Move, u64)> {
    pos.legal_moves()
        .into_iter()
        .map(|mv| (mv, if depth <= 1 { 1 } else { perft(&pos.after(&mv), depth - 1) }))
        .collect()
}
