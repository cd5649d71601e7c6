//! The `--variant` and `--fen` options that several commands share.

use anyhow::Result;
use draughts_rules::notation::fen;
use draughts_rules::{Position, Variant};

/// A rule set and a position of it.
#[derive(clap::Args)]
pub struct PositionArgs {
    /// Rule set: english, american, german, russian, international, turkish, italian, brazilian.
    #[arg(long, value_parser = crate::parse_variant)]
    pub variant: Variant,
    /// The position as FEN (default: the start position): `W:W21-32:B1-12`, or as other programs
    /// write it, the PDN tag `[FEN "..."]` or with `:H0:F1` move counters (ignored).
    #[arg(long)]
    pub fen: Option<String>,
}

impl PositionArgs {
    /// The position: the FEN read for the variant, or its start position. Errors: a bad FEN,
    /// naming the offending token.
    pub fn position(&self) -> Result<Position> {
        Ok(match &self.fen {
            Some(f) => fen::parse(self.variant, f)?,
            None => Position::start(self.variant),
        })
    }
}
