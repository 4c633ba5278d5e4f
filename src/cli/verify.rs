//! `wolfjudge verify`: checks an exported game's seed against the commitment published at
//! its start, then prints the deal the seed gives, every line in the chosen language. The
//! seed is the script's integer `seed`, or its `seed256` (a real game's 256-bit seed).

use std::path::PathBuf;

use wolfjudge::engine::rng::Seed;
use wolfjudge::i18n::{self, Lang};
use wolfjudge::script;

use super::out::{emit_line, exit};
use super::script::{is_uno, read_file};
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
    if is_uno(&text) {
        return emit_line(&verify_uno(&text, &a.commitment, lang)?);
    }
    emit_line(&verify(&text, &a.commitment, lang)?)
}

/// Exit 1 saying the seed does not match the commitment, unless it does.
fn check_commitment(seed: Seed, commitment: &str, lang: Lang) -> anyhow::Result<String> {
    let got = seed.commitment();
    let want = commitment.trim().to_ascii_lowercase();
    if got != want {
        return Err(exit(
            1,
            i18n::text(
                lang,
                "cli-verify-mismatch",
                &[("seed", seed.to_string()), ("got", got), ("want", want)],
            ),
        ));
    }
    let seed_line = match seed {
        Seed::U64(_) => "cli-verify-seed",
        Seed::Bytes(_) => "cli-verify-seed-256",
    };
    Ok(i18n::text(
        lang,
        seed_line,
        &[("seed", seed.to_string()), ("hash", got)],
    ))
}

/// A UNO game's check (docs/rules.md §5 *On Discord*): the seed against the commitment, then
/// every shuffle the seed made (each on its named stream, `engine::rng::uno_shuffle_stream`),
/// the draw for the dealer, every hand as dealt and every reshuffle, replayed from the
/// game's script.
fn verify_uno(text: &str, commitment: &str, lang: Lang) -> anyhow::Result<String> {
    use wolfjudge::uno::event::Event;
    let t = |id: &str, args: &[(&str, String)]| i18n::text(lang, id, args);
    let invalid = |e: &wolfjudge::uno::script::ScriptError| {
        exit(2, t("cli-invalid-script", &[("error", e.to_string())]))
    };
    let parsed = wolfjudge::uno::script::Script::parse(text).map_err(|e| invalid(&e))?;
    let mut out = vec![check_commitment(parsed.setup.seed, commitment, lang)?];
    let word = |r: &wolfjudge::uno::refusal::Refusal| i18n::uno::refusal(r, lang);
    let run = wolfjudge::uno::script::run(&parsed, &word).map_err(|e| invalid(&e))?;
    let notation = |cards: &[wolfjudge::uno::card::Card]| {
        cards
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut game = wolfjudge::uno::game::Game::default();
    for e in &run.events {
        match e {
            Event::Shuffled { shuffle, cards } | Event::Reshuffled { shuffle, cards } => {
                let id = if matches!(e, Event::Shuffled { .. }) {
                    "cli-verify-uno-shuffle"
                } else {
                    "cli-verify-uno-reshuffle"
                };
                out.push(t(
                    id,
                    &[
                        ("shuffle", shuffle.to_string()),
                        (
                            "stream",
                            wolfjudge::engine::rng::uno_shuffle_stream(*shuffle).to_string(),
                        ),
                        ("cards", notation(cards)),
                    ],
                ));
            }
            Event::DeckStacked { cards } => {
                out.push(t("cli-verify-uno-stacked", &[("cards", notation(cards))]));
            }
            Event::DealerDraw { .. } | Event::RoundStarted { .. } => {
                for (_, line) in wolfjudge::notify::uno::told(e, &game, lang) {
                    out.push(line);
                }
            }
            Event::Dealt { hands } => {
                for (seat, hand) in hands.iter().enumerate() {
                    let line = t(
                        "cli-verify-uno-hand",
                        &[
                            ("name", game.name(seat).to_string()),
                            ("cards", notation(hand)),
                        ],
                    );
                    out.push(format!("  {line}"));
                }
            }
            _ => {}
        }
        wolfjudge::uno::game::apply(&mut game, e);
    }
    out.push(match &game.outcome {
        Some(o) => {
            let names: Vec<&str> = o.winners.iter().map(|w| game.name(*w)).collect();
            t("cli-verify-uno-ended", &[("winners", names.join(", "))])
        }
        None => t(
            "cli-verify-uno-replayed",
            &[("round", game.round.to_string())],
        ),
    });
    Ok(out.join("\n"))
}

/// The commitment check, then the replayed deal, as printed lines.
fn verify(text: &str, commitment: &str, lang: Lang) -> anyhow::Result<String> {
    let t = |id: &str, args: &[(&str, String)]| i18n::text(lang, id, args);
    let invalid =
        |e: &script::ScriptError| exit(2, t("cli-invalid-script", &[("error", e.message(lang))]));
    let parsed = script::Script::parse(text).map_err(|e| invalid(&e))?;
    let seed_line = check_commitment(parsed.seed, commitment, lang)?;
    let run = script::run(&parsed, lang).map_err(|e| invalid(&e))?;
    let mut out = vec![seed_line];
    out.push(if parsed.roles.is_some() {
        t("cli-verify-fixed", &[])
    } else {
        t("cli-verify-deal", &[])
    });
    for c in run.game.chars() {
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
            &[("result", result_text(run.game.winner(), lang))],
        )
    } else {
        t(
            "cli-verify-replayed",
            &[("phase", i18n::phase_name(run.game.phase(), lang))],
        )
    });
    Ok(out.join("\n"))
}
