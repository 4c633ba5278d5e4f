//! Helpers shared by the integration tests (each test module uses some of them), and the
//! fake Discord with its world of players.
#![allow(dead_code)]

pub mod browser;
pub mod catalog;
pub mod discord_world;
#[allow(dead_code)] // the fake serves every test module; each uses part of it
pub mod fake_discord;
pub mod pgproxy;
pub mod seated;

use std::path::{Path, PathBuf};

use sqlx::PgPool;

use wolfjudge::engine::Role;

/// Every role swapped for another of its kind of game (each to a different one, the same
/// for all), so that any text saying who holds which role reads differently once a game is
/// dealt again with it (the secrecy checks).
pub fn swapped(r: Role) -> Role {
    match r {
        Role::Wolf => Role::Seer,
        Role::Seer => Role::Witch,
        Role::Witch => Role::Hunter,
        Role::Hunter => Role::Guard,
        Role::Guard => Role::Idiot,
        Role::Idiot => Role::Knight,
        Role::Knight => Role::WhiteWolfKing,
        Role::WhiteWolfKing => Role::Villager,
        Role::Villager => Role::Wolf,
        Role::Killer => Role::Police,
        Role::Police => Role::Civilian,
        Role::Civilian => Role::Killer,
    }
}

/// Every werewolf and Mafia scenario script in `tests/scenarios/` (not the `*.expect.json`
/// beside them), sorted.
pub fn scenario_files() -> Vec<PathBuf> {
    scripts_in("tests/scenarios")
}

/// Every UNO scenario script in `tests/scenarios/uno/`, sorted.
pub fn uno_scenario_files() -> Vec<PathBuf> {
    scripts_in("tests/scenarios/uno")
}

/// The scripts in `dir` (relative to the repository), not the `*.expect.json` beside them.
fn scripts_in(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "json")
                && !p.to_string_lossy().ends_with(".expect.json")
        })
        .collect();
    files.sort();
    files
}

/// The scenario script `tests/scenarios/{name}.json`, parsed.
pub fn scenario(name: &str) -> wolfjudge::script::Script {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/scenarios/{name}.json"));
    let text = std::fs::read_to_string(&path).expect("readable scenario");
    wolfjudge::script::Script::parse(&text).expect("valid scenario")
}

/// The URL of the database a `#[sqlx::test]` pool points at, for child processes.
pub fn url_of(pool: &PgPool) -> String {
    let base = std::env::var("DATABASE_URL")
        .unwrap_or_else(|_| wolfjudge::store::DEFAULT_DATABASE_URL.to_string());
    let db = pool
        .connect_options()
        .get_database()
        .expect("the test pool names its database")
        .to_string();
    wolfjudge::store::url_for_database(&base, &db)
}
