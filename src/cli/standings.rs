//! `wolfjudge standings`: prints a tournament's table, then writes its points chart. The
//! table is printed even when the chart cannot be written (the error then names the path
//! and the reason).

use std::path::PathBuf;

use wolfjudge::i18n::{self, Lang};
use wolfjudge::tournament;

use super::db::Db;
use super::out::emit;
use super::LangArg;

#[derive(clap::Args)]
pub struct Args {
    /// The tournament's name, or a club day's (then each of its contests, the charts
    /// numbered after the first: `standings-2.png`, …).
    tournament: String,
    #[command(flatten)]
    db: Db,
    /// Where to write the chart.
    #[arg(long, default_value = "standings.png")]
    chart: PathBuf,
    #[arg(long, value_enum, default_value = "zh")]
    lang: LangArg,
}

pub async fn run(a: Args) -> anyhow::Result<()> {
    let lang = Lang::from(a.lang);
    let st = a.db.store().await?;
    let cannot = |e: &dyn std::fmt::Display| {
        anyhow::anyhow!(i18n::text(
            lang,
            "cli-chart-write",
            &[
                ("path", a.chart.display().to_string()),
                ("error", e.to_string()),
            ],
        ))
    };
    // A club day: each of its contests, their charts beside the one named (`-2`, `-3`, …).
    let (heading, contests) = match st.tournament(&a.tournament).await? {
        Some(t) => (None, vec![t]),
        None => {
            let day = st.club_day_tournaments(None, &a.tournament).await?;
            if day.is_empty() {
                anyhow::bail!("no tournament or club day called `{}`", a.tournament);
            }
            let heading = i18n::text(
                lang,
                "club-day-heading",
                &[
                    ("name", a.tournament.clone()),
                    ("contests", day.len().to_string()),
                ],
            );
            (Some(heading), day)
        }
    };
    if let Some(h) = heading {
        emit(&format!("{h}\n"))?;
    }
    for (i, t) in contests.iter().enumerate() {
        // Drawn in memory first, so that a bad path is reported as the file system says it.
        let png = if t.ruleset == wolfjudge::store::uno_games::RULESET {
            let s = st.uno_contest(t.id).await?;
            emit(&tournament::render_uno_table(&s, lang))?;
            tournament::render_uno_chart_png(&s, lang, 900, 560)
        } else {
            let s = st.standings(t.id).await?;
            emit(&tournament::render_table(&s, lang))?;
            tournament::render_chart_png(&s, lang, 900, 560)
        }
        .map_err(|e| cannot(&e))?;
        let path = numbered(&a.chart, i);
        std::fs::write(&path, png).map_err(|e| cannot(&e))?;
        if i + 1 < contests.len() {
            emit("\n")?;
        }
    }
    Ok(())
}

/// The chart of a club day's `i`-th contest: the path asked for, then `NAME-2.png`, ….
fn numbered(path: &std::path::Path, i: usize) -> PathBuf {
    if i == 0 {
        return path.to_path_buf();
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    path.with_file_name(format!("{stem}-{}{ext}", i + 1))
}
