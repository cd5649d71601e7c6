#![allow(dead_code)]
pub mod node;
pub mod private_postgres;
