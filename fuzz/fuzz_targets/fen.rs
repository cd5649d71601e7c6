//! FEN, position text and move text readers: any input gives a position or an error, never a
//! panic; a position read back from its own FEN and text is the same position.
#![no_main]

use draughts_rules::notation::{fen, movetext, text};
use draughts_rules::{Position, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the variant, the rest is the text.
    let Some((&pick, rest)) = data.split_first() else { return };
    let v = Variant::ALL[pick as usize % Variant::ALL.len()];
    let s = String::from_utf8_lossy(rest);
    match fen::parse(v, &s) {
        Ok(p) => {
            let f = fen::write(&p);
            let back = fen::parse(v, &f).unwrap_or_else(|e| panic!("own FEN {f:?} unreadable: {e}"));
            assert_eq!(back, p, "FEN round trip of {f:?}");
            let t = text::write(&p);
            assert_eq!(text::parse(v, &t).as_ref().ok(), Some(&p), "text round trip of {t:?}");
            // The moves of any readable position can be generated, written and read back.
            for m in p.legal_moves() {
                let w = movetext::write(v, &m);
                let _ = movetext::parse(&p, &w);
                let after = p.after(&m);
                assert_eq!(after.hash(), after.hash_from_scratch());
            }
        }
        Err(e) => assert!(e.offset <= s.len(), "offset {} past the end of {s:?}", e.offset),
    }
    if let Err(e) = text::parse(v, &s) {
        assert!(e.offset <= s.len());
    }
    if let Err(e) = movetext::parse(&Position::start(v), &s) {
        assert!(e.offset <= s.len());
    }
});
