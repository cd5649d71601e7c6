//! The built-in networks in the search: English (and American, which borrows them) adds them
//! unless a searcher is told otherwise (`Searcher::set_networks`), and the rule sets without
//! them search as before.

use draughts_engine::network::Network;
use draughts_engine::{Limits, Searcher};
use draughts_rules::notation::fen;
use draughts_rules::{Game, Variant};

/// The nodes and score of a depth-7 search of `text` by `searcher`.
fn search(searcher: &mut Searcher, variant: Variant, text: &str) -> (u64, i32) {
    let game = Game::from_position(fen::parse(variant, text).unwrap());
    let r = searcher.search(&game, &Limits::depth(7), None, &mut |_| {});
    (r.nodes, r.score.0)
}

#[test]
fn english_and_american_search_with_the_built_in_networks_unless_told_otherwise() {
    // A middle game (19 pieces: in the network's range).
    for text in ["B:W14,19,22,24,26,27,28,30,31:B2,3,5,6,8,9,10,12,16,17"] {
        for v in [Variant::English, Variant::American] {
            let by_default = search(&mut Searcher::new(4), v, text);
            let mut with = Searcher::new(4);
            with.set_networks(Network::builtin(v));
            assert_eq!(search(&mut with, v, text), by_default, "{v} {text}: the default is the built-in networks");
            let mut without = Searcher::new(4);
            without.set_networks(Vec::new());
            assert_ne!(search(&mut without, v, text), by_default, "{v} {text}: without them the search differs");
        }
    }
}

#[test]
fn a_rule_set_without_a_built_in_network_searches_without_one() {
    let text = "W:W31-50:B1-20";
    let by_default = search(&mut Searcher::new(4), Variant::International, text);
    let mut without = Searcher::new(4);
    without.set_networks(Vec::new());
    assert_eq!(search(&mut without, Variant::International, text), by_default);
}
