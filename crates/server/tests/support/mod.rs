#![allow(dead_code)]
pub mod loopback;
pub mod node;
pub mod private_postgres;
