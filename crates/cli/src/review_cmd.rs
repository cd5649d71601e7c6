//! `draughts review`: the engine's review of one game of a PDN file: every move judged (best,
//! good, inaccuracy, mistake, blunder, forced) with the better move, and each side's accuracy
//! (`draughts_engine::review`, `docs/engine.md`, "Game review").

use anyhow::{bail, Context, Result};
use draughts_engine::review::{self, MoveClass, ReviewConfig};
use draughts_engine::{Limits, Searcher};
use draughts_rules::notation::movetext;
use draughts_rules::notation::pdn::{self, replay};
use draughts_rules::{Color, Variant};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// The PDN file (UTF-8 or Latin-1).
    file: PathBuf,
    /// Which game of the file, from 1.
    #[arg(long, default_value_t = 1)]
    game: usize,
    /// Rule set of a game that has no GameType (or [Variant]) tag.
    #[arg(long, value_parser = crate::parse_variant)]
    variant: Option<Variant>,
    /// Search time per position, in milliseconds (a 60-ply game has 61 positions).
    #[arg(long, default_value_t = review::DEFAULT_PER_POSITION.as_millis() as u64, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    ms_per_move: u64,
    /// Print JSON: {"plies":[{"ply","number","side","played","best","best_line","eval_before",
    /// "eval_after","loss","class"}],"evals","chances","accuracy":{"light","dark"},"moves_after_end"} (scores as
    /// "+0.35" or "win in 7").
    #[arg(long)]
    json: bool,
}

pub fn run(a: Args) -> Result<ExitCode> {
    let bytes = std::fs::read(&a.file).with_context(|| format!("reading {}", a.file.display()))?;
    let (text, _) = pdn::decode(&bytes);
    let file = pdn::parse(&text);
    let count = file.games.len();
    if count == 0 {
        bail!("{}: no PDN game found", a.file.display());
    }
    let Some(g) = a.game.checked_sub(1).and_then(|i| file.games.get(i)) else {
        bail!("{}: game {} was asked, but the file has {count} game(s), numbered from 1", a.file.display(), a.game);
    };
    let r = replay::replay_game(g, a.variant).map_err(|e| anyhow::anyhow!("{}, game {}: {e}", a.file.display(), a.game))?;
    // A record that goes on after our rules end the game (federation draw rules differ) is
    // reviewed as far as the rules go, and says so.
    let (game, after_end) = r.to_game_and_moves_after_end();
    let total = game.ply() as u64 + 1;
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::new(total);
        b.set_style(ProgressStyle::with_template("review [{bar:30}] {pos}/{len} positions ({elapsed})").expect("template").progress_chars("=> "));
        b
    } else {
        ProgressBar::hidden()
    };
    let config = ReviewConfig { per_position: Limits::movetime(Duration::from_millis(a.ms_per_move)) };
    let mut searcher = Searcher::new(64);
    let rev = review::review(&mut searcher, &game, &config, None, &mut |done, _| bar.set_position(done as u64))?;
    bar.finish_and_clear();
    let v = game.variant();
    let number = |ply: usize| game.move_number(ply);
    if a.json {
        let plies: Vec<_> = rev
            .plies
            .iter()
            .map(|p| {
                json!({
                    "ply": p.ply, "number": number(p.ply), "side": p.mover.name().to_lowercase(),
                    "played": movetext::write(v, &p.played), "best": movetext::write(v, &p.best),
                    "best_line": p.best_line.iter().map(|m| movetext::write(v, m)).collect::<Vec<_>>(),
                    "eval_before": p.before.text(), "eval_after": p.after.text(),
                    "loss": p.loss, "class": p.class.name(),
                })
            })
            .collect();
        outln!("{}", json!({
            "variant": v.id(),
            "plies": plies,
            "evals": rev.evals.iter().map(|s| s.text()).collect::<Vec<_>>(),
            "chances": rev.chances,
            "accuracy": {"light": rev.accuracy[0], "dark": rev.accuracy[1]},
            "moves_after_end": after_end,
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    for p in &rev.plies {
        let dots = if p.mover == v.rules().first_mover { "." } else { "..." };
        let mark = match p.class {
            MoveClass::Inaccuracy => "?!",
            MoveClass::Mistake => "?",
            MoveClass::Blunder => "??",
            _ => "",
        };
        let mut line = format!("{:>3}{dots} {}{mark}", number(p.ply), movetext::write(v, &p.played));
        if matches!(p.class, MoveClass::Inaccuracy | MoveClass::Mistake | MoveClass::Blunder) {
            line.push_str(&format!(
                "  {}: {} was better ({} instead of {} for {})",
                p.class.name(),
                movetext::write(v, &p.best),
                p.before.text(),
                p.after.text(),
                p.mover.name()
            ));
        }
        outln!("{line}")?;
    }
    outln!("accuracy: Light {:.1}, Dark {:.1}", rev.accuracy[Color::Light.index()], rev.accuracy[Color::Dark.index()])?;
    if let (Some(o), true) = (game.outcome(), after_end > 0) {
        outln!("note: the record goes on for {after_end} more move(s) after our rules end the game ({o}); they are not reviewed")?;
    }
    Ok(ExitCode::SUCCESS)
}
