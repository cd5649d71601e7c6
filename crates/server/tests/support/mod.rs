pub mod private_postgres;
