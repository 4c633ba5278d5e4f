//! `/help` (what the bot does, what to do in the game's current phase, every command, in
//! one ephemeral page) and `/history character` (links to every post a character made in
//! the game: the forum's "只看该楼层").

use poise::serenity_prelude as serenity;
use serenity::all::CreateEmbed;

use super::game;
use crate::localize::{command_lines, shown};
use crate::messenger::{no_pings, split_within};
use crate::{answer, failure_text, patient, place, user_lang, Context, Error};
use i18n::commands::CommandLocale;
use i18n::{text, Lang};
use service::{guide, Refusal, ServiceError};

/// Discord's limits on an embed's description, on all embeds of a message together, and on
/// the number of embeds a message.
const EMBED_TEXT: usize = 4096;
const MESSAGE_EMBEDS_TEXT: usize = 6000;
const MESSAGE_EMBEDS: usize = 10;

/// The locale whose command names the member sees: their client's, else their language's.
fn client_locale(ctx: Context<'_>, lang: Lang) -> CommandLocale {
    ctx.locale()
        .and_then(CommandLocale::parse)
        .unwrap_or(match lang {
            Lang::Zh => CommandLocale::ZhCn,
            Lang::ZhTw => CommandLocale::ZhTw,
            Lang::En => CommandLocale::EnUs,
        })
}

/// What the bot does, what to do now, and every command (only you see it).
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let locale = client_locale(ctx, lang);
    let commands = &ctx.framework().options().commands;
    let cmd = |path: &str| shown(commands, path, locale);
    // The game here (as /status finds it); none: the general help.
    let found = patient(ctx, ctx.data().service.look(place(ctx))).await?;
    let now = match found {
        Ok((game, g, me)) => {
            let now = guide::now(&g, me, lang, &cmd);
            // The game's page, when the bot links to its pages.
            match ctx.data().service.page_url(game).await {
                Ok(Some(url)) => format!("{now}\n\n{}", text(lang, "help-web", &[("url", url)])),
                _ => now,
            }
        }
        Err(ServiceError::Refused(Refusal::NoGame) | ServiceError::Refused(Refusal::NotSetUp)) => {
            text(lang, "help-no-game", &[("join", cmd("join"))])
        }
        Err(e) => failure_text(&e, lang),
    };
    let about = text(
        lang,
        "help-about",
        &[
            ("join", cmd("join")),
            ("vote", cmd("vote")),
            ("status", cmd("status")),
            ("role", cmd("role")),
        ],
    );
    let rules = text(
        lang,
        "help-more",
        &[
            ("rules", cmd("rules")),
            ("history", cmd("history")),
            ("posts", cmd("posts")),
        ],
    );
    let intro = format!("{about}\n\n{now}\n\n{rules}");
    let mut embeds: Vec<(String, String)> = split_within(&intro, EMBED_TEXT)
        .into_iter()
        .map(|d| (String::new(), d))
        .collect();
    embeds[0].0 = text(lang, "help-title", &[]);
    let list = command_lines(commands, locale).join("\n");
    for (i, part) in split_within(&list, EMBED_TEXT).into_iter().enumerate() {
        let title = if i == 0 {
            text(lang, "help-commands", &[])
        } else {
            String::new()
        };
        embeds.push((title, part));
    }
    for message in pack(embeds) {
        let mut reply = poise::CreateReply::default()
            .ephemeral(true)
            .allowed_mentions(no_pings());
        for (title, description) in message {
            let mut e = CreateEmbed::new().description(description);
            if !title.is_empty() {
                e = e.title(title);
            }
            reply = reply.embed(e);
        }
        ctx.send(reply).await?;
    }
    Ok(())
}

/// The game's board, roles and options (only you see it)
///
/// For everyone: the ruleset of the game in this channel (or of the sign-up open here) in
/// the game's language, as the judge's `/wolf rules` posts it for all.
#[poise::command(slash_command, guild_only)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    let result = patient(ctx, super::wolf::rules_here(ctx)).await?;
    match result {
        Ok(t) => super::board::private(ctx, &t).await,
        Err(e) => answer(ctx, Err::<(), _>(e), |_| String::new()).await,
    }
}

/// Embeds `(title, description)` packed into as few messages as Discord allows (6,000
/// characters and 10 embeds a message), in order.
fn pack(embeds: Vec<(String, String)>) -> Vec<Vec<(String, String)>> {
    let mut out: Vec<Vec<(String, String)>> = Vec::new();
    let mut size = 0;
    for e in embeds {
        let n = e.0.chars().count() + e.1.chars().count();
        match out.last_mut() {
            Some(m) if size + n <= MESSAGE_EMBEDS_TEXT && m.len() < MESSAGE_EMBEDS => {
                size += n;
                m.push(e);
            }
            _ => {
                size = n;
                out.push(vec![e]);
            }
        }
    }
    out
}

/// Links to every post a character made in this game, across all days (only you see it).
#[poise::command(slash_command)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "Whose posts"]
    #[autocomplete = "super::any_character"]
    character: String,
    #[description = "Which page (long histories come in pages)"]
    #[min = 1]
    #[max = 1000]
    page: Option<u32>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let result = patient(ctx, async {
        let (id, _) = game(ctx).await?;
        ctx.data()
            .service
            .history(id, &character, page.unwrap_or(1), lang)
            .await
    })
    .await?;
    answer(ctx, result, |t| t).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embeds_are_packed_within_discords_limits() {
        let e = |n: usize| (String::new(), "x".repeat(n));
        let packed = pack(vec![e(4000), e(1900), e(200), e(10)]);
        let sizes: Vec<usize> = packed.iter().map(Vec::len).collect();
        assert_eq!(sizes, vec![2, 2]);
        let many = pack((0..12).map(|_| e(1)).collect());
        assert_eq!(many.iter().map(Vec::len).collect::<Vec<_>>(), vec![10, 2]);
    }
}
