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
        if st.load(GameId(id)).await.is_ok() || st.is_uno(GameId(id)).await.unwrap_or(false) {
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
    if st.is_uno(GameId(id)).await? {
        return export_uno(&st, GameId(id), a.out.as_deref()).await;
    }
    let e = replay::export(&st, GameId(id)).await?;
    let script = serde_json::to_string_pretty(&e.script)?;
    let report = serde_json::to_string_pretty(&e.report)?;
    emit(a.out.as_deref(), &script, &report)?;
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

/// Writes `script` to `out` and `report` beside it, or the script to standard output.
fn emit(out: Option<&Path>, script: &str, report: &str) -> anyhow::Result<()> {
    match out {
        Some(path) => {
            let rpath = report_path(path);
            for (p, text) in [(path, script), (rpath.as_path(), report)] {
                std::fs::write(p, format!("{text}\n"))
                    .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", p.display()))?;
            }
            eprintln!(
                "wolfjudge: the game script is in {}, its report in {}",
                path.display(),
                rpath.display()
            );
        }
        None => emit_line(script)?,
    }
    Ok(())
}

/// A UNO game as a UNO script (and, with `out`, its report beside it): the script replays
/// to the stored game, or the export says where it does not.
async fn export_uno(
    st: &wolfjudge::store::Store,
    game: GameId,
    out: Option<&Path>,
) -> anyhow::Result<()> {
    let events = st.uno_events(game).await?;
    let moves = st.uno_moves(game).await?;
    let last = st.uno_last_at(game).await?;
    let script = wolfjudge::uno::script::export(&events, &moves, last)
        .ok_or_else(|| anyhow::anyhow!("the UNO game has no start"))?;
    let text = serde_json::to_string_pretty(&script)?;
    let parsed = wolfjudge::uno::script::Script::parse(&text)?;
    let lang = st.uno(game).await?.lang;
    let run = wolfjudge::uno::script::run(&parsed, &|r| wolfjudge::i18n::uno::refusal(r, lang))?;
    emit(out, &text, &serde_json::to_string_pretty(&run.report)?)?;
    if run.events != events {
        anyhow::bail!("replaying the script does not give the stored UNO game");
    }
    Ok(())
}
