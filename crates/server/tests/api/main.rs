//! API tests: the real router against a fresh database per test, each test
//! run on SQLite and on PostgreSQL (`sqlite::name` and `postgres::name`).

mod harness;

mod accounts;
mod adjourned;
mod auth;
mod board_games;
mod due;
mod event_info;
mod fide_mode;
mod games;
mod hostile;
mod laws_adjournment;
mod laws_board;
mod laws_captain;
mod laws_claims;
mod laws_club;
mod laws_irregularities;
mod laws_replay;
mod laws_schedule;
mod laws_support;
mod laws_touch;
mod logging;
mod manual_pairing;
mod multi;
mod openapi;
mod pages;
mod pairing;
mod paper;
mod pgn_upload;
mod profiles;
mod ratings;
mod registry;
mod setup;
mod standings;
mod stream;
mod tablets;
mod team_pages;
mod team_rounds;
mod teams;
mod tournaments;
mod trf_exchange;
mod unavailable;
mod xiangqi_events;
mod xiangqi_pgn_upload;
