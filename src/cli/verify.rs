//! `wolfjudge verify`: checks an exported game's seed against the commitment published at
//! its start, then prints the deal the seed gives, every line in the chosen language. The
//! seed is the script's integer `seed`, or its `seed256` (a real game's 256-bit seed).

use std::path::PathBuf;

use wolfjudge::engine::rng::Seed;
use wolfjudge::i18n::{self, Lang};
use wolfjudge::script;

use super::out::{emit_line, exit};
use super::script::read_file;
use super::simulate::result_text;
use super::LangArg;

#[derive(clap::Args)]
pub struct Args {
    /// The exported game (a game script).
    file: PathBuf,
    /// The commitment published at the start (hex).
    #[arg(long)]
    commitment: String,
    /// Language of what is printed.
    #[arg(long, value_enum, default_value = "zh")]
    lang: LangArg,
}

pub fn run(a: Args) -> anyhow::Result<()> {
    let lang = Lang::from(a.lang);
    let text = read_file(&a.file, lang)?;
    emit_line(&verify(&text, &a.commitment, lang)?)
}

/// The commitment check, then the replayed deal, as printed lines.
fn verify(text: &str, commitment: &str, lang: Lang) -> anyhow::Result<String> {
    let t = |id: &str, args: &[(&str, String)]| i18n::text(lang, id, args);
    let invalid =
        |e: &script::ScriptError| exit(2, t("cli-invalid-script", &[("error", e.message(lang))]));
    let parsed = script::Script::parse(text).map_err(|e| invalid(&e))?;
    let got = parsed.seed.commitment();
    let want = commitment.trim().to_ascii_lowercase();
    if got != want {
        return Err(exit(
            1,
            t(
                "cli-verify-mismatch",
                &[
                    ("seed", parsed.seed.to_string()),
                    ("got", got),
                    ("want", want),
                ],
            ),
        ));
    }
    let run = script::run(&parsed, lang).map_err(|e| invalid(&e))?;
    let seed_line = match parsed.seed {
        Seed::U64(_) => "cli-verify-seed",
        Seed::Bytes(_) => "cli-verify-seed-256",
    };
    let mut out = vec![t(
        seed_line,
        &[("seed", parsed.seed.to_string()), ("hash", got)],
    )];
    out.push(if parsed.roles.is_some() {
        t("cli-verify-fixed", &[])
    } else {
        t("cli-verify-deal", &[])
    });
    for c in &run.game.chars {
        let line = t(
            "cli-verify-role",
            &[
                ("name", c.name.clone()),
                ("key", c.role.key().to_string()),
                ("role", i18n::role_name(c.role, lang)),
            ],
        );
        out.push(format!("  {line}"));
    }
    out.push(if run.game.ended() {
        t(
            "cli-verify-ended",
            &[("result", result_text(run.game.winner, lang))],
        )
    } else {
        t(
            "cli-verify-replayed",
            &[("phase", i18n::phase_name(run.game.phase, lang))],
        )
    });
    Ok(out.join("\n"))
}
