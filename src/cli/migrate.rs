//! `wolfjudge migrate`: applies the database migrations.

use super::db::Db;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    db: Db,
}

pub async fn run(a: Args) -> anyhow::Result<()> {
    // Connecting applies the migrations.
    a.db.connect().await.map(|_| ())
}
