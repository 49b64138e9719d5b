//! Rebuilds the crate when a migration is added or changed: the migrations
//! are embedded by `sqlx::migrate!`, which cannot track new files on stable.

fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
