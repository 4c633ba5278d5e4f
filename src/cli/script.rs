//! `wolfjudge script`: plays a game script (in memory, or through PostgreSQL) and prints its
//! JSON report.

use std::path::{Path, PathBuf};

use wolfjudge::i18n::{self, Lang};
use wolfjudge::script;
use wolfjudge::service::replay;

use super::db::Db;
use super::out::{emit_line, exit};
use super::LangArg;

#[derive(clap::Args)]
pub struct Args {
    /// The script file.
    file: PathBuf,
    /// Language of refusal messages in the report.
    #[arg(long, value_enum, default_value = "zh")]
    lang: LangArg,
    #[command(flatten)]
    db: Db,
    /// With --database-url: the game's key; running again with the same key resumes.
    #[arg(long)]
    run_key: Option<String>,
    /// With --database-url: append every message sent to this JSON-lines file (each with the
    /// sending process's id); a rerun with the same key reads it to send nothing twice.
    #[arg(long)]
    deliver_to: Option<PathBuf>,
}

pub async fn run(a: Args) -> anyhow::Result<()> {
    let lang = Lang::from(a.lang);
    let file = a.file.as_path();
    let text = read_file(file, lang)?;
    let invalid = |e: &script::ScriptError| {
        exit(
            2,
            format!("invalid script {}: {}", file.display(), e.message(lang)),
        )
    };
    if is_uno(&text) {
        return run_uno(&text, file, lang, a.db.given());
    }
    let parsed = script::Script::parse(&text).map_err(|e| invalid(&e))?;
    let report = if a.db.given() {
        let key = a.run_key.unwrap_or_else(|| {
            format!(
                "script:{}:{}",
                file.display(),
                chrono::Utc::now().timestamp_nanos_opt().unwrap_or_default()
            )
        });
        // A rerun with the same key is the same dispatcher: it takes back at once the
        // messages a killed run had claimed (and looks in the delivery file for those it
        // may have sent), instead of waiting for their lease to run out.
        runtime::dispatch::name_dispatcher(&format!("script:{key}"));
        let recorder = match a.deliver_to {
            Some(path) => wolfjudge::recorder::Recorder::with_file(path)?,
            None => wolfjudge::recorder::Recorder::default(),
        };
        let st = a.db.store().await?;
        replay::run_script(&st, &parsed, &key, lang, &recorder)
            .await
            .map_err(|e| match e {
                replay::PlayError::Script(e) => invalid(&e),
                e => e.into(),
            })?
            .report
    } else {
        script::run(&parsed, lang).map_err(|e| invalid(&e))?.report
    };
    let json = serde_json::to_string_pretty(&report)
        .map_err(|e| anyhow::anyhow!("cannot write the report: {e}"))?;
    emit_line(&json)
}

/// Whether a script is a UNO game's (`"ruleset": "uno"`, docs/script-format.md).
pub fn is_uno(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| v.get("ruleset")?.as_str().map(|r| r == "uno"))
        .unwrap_or(false)
}

/// Plays a UNO script in memory and prints its report (docs/script-format.md, *UNO report*),
/// refusals worded in `lang`. UNO games are not stored yet: with a database, exit 2 saying
/// so rather than playing them somewhere else than asked.
fn run_uno(text: &str, file: &Path, lang: Lang, with_db: bool) -> anyhow::Result<()> {
    if with_db {
        return Err(exit(
            2,
            format!(
                "{}: UNO scripts play in memory only: run it without --database-url",
                file.display()
            ),
        ));
    }
    let invalid = |e: &wolfjudge::uno::script::ScriptError| {
        exit(2, format!("invalid script {}: {e}", file.display()))
    };
    let parsed = wolfjudge::uno::script::Script::parse(text).map_err(|e| invalid(&e))?;
    let word = |r: &wolfjudge::uno::refusal::Refusal| i18n::uno::refusal(r, lang);
    let run = wolfjudge::uno::script::run(&parsed, &word).map_err(|e| invalid(&e))?;
    // Serialized from the report itself, so its keys keep the contract's order.
    let json = serde_json::to_string_pretty(&run.report)
        .map_err(|e| anyhow::anyhow!("cannot write the report: {e}"))?;
    emit_line(&json)
}

/// A script file's text; exit 2 when it cannot be read or is larger than a script may be
/// (checked before reading, so a huge file is not read into memory).
pub fn read_file(file: &Path, lang: Lang) -> anyhow::Result<String> {
    let too_large =
        std::fs::metadata(file).is_ok_and(|m| m.len() > script::MAX_SCRIPT_BYTES as u64);
    if too_large {
        let e = script::ScriptError::TooLarge {
            max: script::MAX_SCRIPT_BYTES,
        };
        return Err(exit(
            2,
            i18n::text(lang, "cli-invalid-script", &[("error", e.message(lang))]),
        ));
    }
    std::fs::read_to_string(file).map_err(|e| {
        exit(
            2,
            i18n::text(
                lang,
                "cli-cannot-read",
                &[
                    ("file", file.display().to_string()),
                    ("error", e.to_string()),
                ],
            ),
        )
    })
}
