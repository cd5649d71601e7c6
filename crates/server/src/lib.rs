//! # draughts-server
//!
//! The web app behind `draughts serve`.
