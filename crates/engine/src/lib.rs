//! # draughts-engine
//!
//! The computer opponent: evaluation per rule set, search, strength levels, and the Hub and DXP
//! protocols.
