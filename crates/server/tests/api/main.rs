//! API tests: the real router against a fresh database per test, each test
//! run on SQLite and on PostgreSQL (`sqlite::name` and `postgres::name`).

mod harness;

mod auth;
mod due;
mod games;
mod hostile;
mod logging;
mod multi;
mod openapi;
mod pairing;
mod profiles;
mod ratings;
mod setup;
mod tournaments;
