use draughts_rules::notation::pdn::{self, replay};
use draughts_rules::*;
fn main() {
    for (dir, v) in [("english", Variant::English), ("international", Variant::International), ("russian", Variant::Russian), ("brazilian", Variant::Brazilian), ("italian", Variant::Italian), ("czech", Variant::Russian)] {
        let mut paths: Vec<_> = std::fs::read_dir(format!("/work/shared/data/pdn/{dir}")).unwrap().flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "pdn")).collect();
        paths.sort();
        for p in paths {
            let t = std::time::Instant::now();
            let text = pdn::decode(&std::fs::read(&p).unwrap()).0;
            let r = replay::check_text(&text, Some(v));
            println!("{} {}: {} games, {} ok, {} failed {:.2}s", dir, p.file_name().unwrap().to_string_lossy(), r.games, r.ok, r.failed.len(), t.elapsed().as_secs_f64());
            if dir != "czech" { for (g, e) in &r.failed { println!("   FAIL game {g}: {e}"); }
            for (g, ply, n) in &r.notes { println!("   note game {g} ply {ply}: {n}"); } }
        }
    }
}
