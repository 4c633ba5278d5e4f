//! What `/wolf new` and `/wolf rules` need beyond a plain command: the ruleset offered as
//! a list of choices (one per ruleset file, named in the user's language with its role
//! counts), the durations a judge types, and the rules posted for everyone.

use poise::serenity_prelude as serenity;
use serenity::all::{CommandOptionType, CreateCommandOption};

use super::{Data, Error};
use crate::{messenger, Context};
use engine::ruleset::Span;
use i18n::commands::CommandLocale;
use i18n::Lang;
use service::{board, Refusal, ServiceError};

/// The `ruleset` option of `/wolf new`: a string with one choice per ruleset file. The
/// choices' values are the rulesets' names (what the service takes, and what a sign-up
/// stores), their names the boards in English, localized: each language's drawn from the
/// boards (with their role counts).
///
/// poise offers choices only as integer indexes; the option's builder is replaced instead
/// (a plain `fn`, as poise's `type_setter` is), so the option stays a string and a client
/// that sends a ruleset's name still works.
pub fn ruleset_option(b: CreateCommandOption) -> CreateCommandOption {
    board::ruleset_names().fold(b.kind(CommandOptionType::String), |b, name| {
        let en = board::choice_label(name, Lang::En);
        let names: Vec<(&str, String)> = CommandLocale::ALL
            .into_iter()
            .map(|l| (l.code(), board::choice_label(name, l.lang())))
            .collect();
        b.add_string_choice_localized(en, name, names)
    })
}

/// Gives `/wolf new`'s `ruleset` option its choices.
pub fn offer_rulesets(commands: &mut [poise::Command<Data, Error>]) {
    let new = commands
        .iter_mut()
        .filter(|c| c.name == "wolf")
        .flat_map(|c| c.subcommands.iter_mut())
        .filter(|c| c.name == "new");
    for c in new {
        for p in c.parameters.iter_mut().filter(|p| p.name == "ruleset") {
            p.type_setter = Some(ruleset_option);
        }
    }
}

/// A length the judge typed (`24h`, `90m`, `1d12h`); nothing typed: the ruleset's.
///
/// # Errors
/// [`Refusal::BadDuration`], worded with how to write one.
pub fn span(text: Option<&str>) -> Result<Option<Span>, ServiceError> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => super::judge::extension(t)
            .map(Some)
            .ok_or_else(|| ServiceError::Refused(Refusal::BadDuration(t.to_string()))),
    }
}

/// A reply everyone in the channel sees (split at Discord's 2,000 characters), pinging
/// nobody.
///
/// # Errors
/// When Discord does not take it.
pub async fn public(ctx: Context<'_>, text: &str) -> Result<(), Error> {
    reply_in_parts(ctx, text, false).await
}

/// Answers with `text` only the member sees, in as many messages as it takes.
///
/// # Errors
/// When Discord refuses a message.
pub async fn private(ctx: Context<'_>, text: &str) -> Result<(), Error> {
    reply_in_parts(ctx, text, true).await
}

async fn reply_in_parts(ctx: Context<'_>, text: &str, ephemeral: bool) -> Result<(), Error> {
    for part in messenger::split(text) {
        ctx.send(
            poise::CreateReply::default()
                .content(part)
                .ephemeral(ephemeral)
                .allowed_mentions(messenger::no_pings()),
        )
        .await?;
    }
    Ok(())
}
