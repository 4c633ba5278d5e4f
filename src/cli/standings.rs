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
    /// The tournament's name.
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
    let t = st
        .tournament(&a.tournament)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no tournament called `{}`", a.tournament))?;
    let s = st.standings(t.id).await?;
    emit(&tournament::render_table(&s, lang))?;
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
    // Drawn in memory first, so that a bad path is reported as the file system says it.
    let png = tournament::render_chart_png(&s, lang, 900, 560).map_err(|e| cannot(&e))?;
    std::fs::write(&a.chart, png).map_err(|e| cannot(&e))
}
