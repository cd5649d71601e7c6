//! The options of a sequential test (`--sprt`), shared by `draughts match` and `draughts dxp`.

use anyhow::{anyhow, Result};
use draughts_engine::sprt::Sprt;

#[derive(clap::Args)]
pub struct SprtArgs {
    /// Stop as soon as a sequential probability ratio test decides between "our side (match:
    /// a; dxp: us, as the Initiator only) is ELO0 Elo stronger than the other" (H0) and "ELO1"
    /// (H1), judged after each pair of games (pentanomial; docs/engine.md, "Commands"); --games
    /// is then the most games played. For example `0,10`: is a change worth 10 Elo, or nothing?
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    sprt: Option<String>,
    /// The test's chance of accepting H1 when H0 holds (between 0 and 0.5).
    #[arg(long, default_value_t = 0.05, requires = "sprt", allow_hyphen_values = true)]
    sprt_alpha: f64,
    /// The test's chance of accepting H0 when H1 holds (between 0 and 0.5).
    #[arg(long, default_value_t = 0.05, requires = "sprt", allow_hyphen_values = true)]
    sprt_beta: f64,
}

impl SprtArgs {
    /// The test asked for, if any; errors name the option and what is wrong.
    pub fn test(&self) -> Result<Option<Sprt>> {
        match &self.sprt {
            Some(text) => Ok(Some(Sprt::parse(text, self.sprt_alpha, self.sprt_beta).map_err(|e| anyhow!("--sprt: {e}"))?)),
            None => Ok(None),
        }
    }
}
