//! `wolfjudge export`: a stored game (by id or key) as a game script, to standard output or
//! to a file with its report beside it.

use std::path::{Path, PathBuf};
use wolfjudge::store::ids::GameId;

use wolfjudge::service::replay;

use super::db::Db;
use super::out::emit_line;

#[derive(clap::Args)]
pub struct Args {
    /// The game: its numeric id, or the key it was created under.
    game: String,
    #[command(flatten)]
    db: Db,
    /// Where to write the script (the report goes beside it).
    #[arg(long)]
    out: Option<PathBuf>,
}

pub async fn run(a: Args) -> anyhow::Result<()> {
    let st = a.db.store().await?;
    // A number is a game id when there is such a game, else (like any text) a key.
    let mut by_id = None;
    if let Ok(id) = a.game.parse::<i64>() {
        if st.load(GameId(id)).await.is_ok() {
            by_id = Some(id);
        }
    }
    let id = match by_id {
        Some(id) => id,
        None => st
            .game_id(&a.game)
            .await?
            .ok_or_else(|| anyhow::anyhow!("no game with the id or key `{}`", a.game))?,
    };
    let e = replay::export(&st, GameId(id)).await?;
    let script = serde_json::to_string_pretty(&e.script)?;
    let report = serde_json::to_string_pretty(&e.report)?;
    match a.out {
        Some(path) => {
            let rpath = report_path(&path);
            for (p, text) in [(&path, &script), (&rpath, &report)] {
                std::fs::write(p, format!("{text}\n"))
                    .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", p.display()))?;
            }
            eprintln!(
                "wolfjudge: the game script is in {}, its report in {}",
                path.display(),
                rpath.display()
            );
        }
        None => emit_line(&script)?,
    }
    if !e.mismatches.is_empty() {
        anyhow::bail!(
            "replaying the script does not give the stored game on: {}",
            e.mismatches.join(", ")
        );
    }
    Ok(())
}

/// The report's path beside a script written to `out`: `game.json` → `game.report.json`.
fn report_path(out: &Path) -> PathBuf {
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let stem = name.strip_suffix(".json").unwrap_or(&name);
    out.with_file_name(format!("{stem}.report.json"))
}
