//! Helpers shared by the integration tests.

use sqlx::PgPool;

/// The URL of the database a `#[sqlx::test]` pool points at, for child processes.
pub fn url_of(pool: &PgPool) -> String {
    let base = std::env::var("DATABASE_URL")
        .unwrap_or_else(|_| wolfjudge::store::DEFAULT_DATABASE_URL.to_string());
    let db = pool
        .connect_options()
        .get_database()
        .expect("the test pool names its database")
        .to_string();
    match base.rfind('/') {
        Some(i) if base[..i].contains("//") && i > base.find("//").unwrap_or(0) + 1 => {
            format!("{}/{db}", &base[..i])
        }
        _ => format!("{base}/{db}"),
    }
}
