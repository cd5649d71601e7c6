//! The PDN reader and replay: any bytes (UTF-8 or Latin-1) are read into games and warnings,
//! and every game is replayed or fails with a reason, never a panic.
#![no_main]

use draughts_rules::notation::{pdn, replay};
use draughts_rules::Variant;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (text, _) = pdn::decode(data);
    let file = pdn::parse(&text);
    for g in &file.games {
        for t in &g.moves {
            let _ = t.parsed();
        }
    }
    // Games without a GameType tag are read as international, then as russian (algebraic).
    for default in [Variant::International, Variant::Russian] {
        let check = replay::check_text(&text, Some(default));
        assert_eq!(check.games, file.games.len());
        assert_eq!(check.ok + check.failed.len(), check.games);
    }
});
