//! Rebuild when a migration is added or renamed: `sqlx::migrate!` and
//! `#[sqlx::test(migrations = …)]` embed `migrations/` at compile time, and cargo does not
//! watch that folder by itself (the sqlx documentation recommends this script).
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
