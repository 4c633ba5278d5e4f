//! The players' commands: voting, looking at the count and the game, a player's role, proxy
//! votes, speed-up requests, last words and tree-hole notes.

use super::{game, key};
use crate::{answer, patient, place, user_lang, Context, Error};
use i18n::{text, Lang};
use service::{view, At, Intent, Refusal, ServiceError};

/// Runs the caller's `intent` where the command was used (one service call), answering
/// `ok`.
pub(super) async fn act(
    ctx: Context<'_>,
    intent: Intent,
    ok: impl FnOnce(Lang) -> String,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    let result = patient(ctx, service.play(At::Place(place(ctx)), intent, &key(ctx))).await?;
    answer(ctx, result, |_| ok(lang)).await
}

/// Vote to send a character out today; your reason is shown to everyone.
#[poise::command(slash_command)]
pub async fn vote(
    ctx: Context<'_>,
    #[description = "Who you vote for"]
    #[autocomplete = "super::living"]
    target: String,
    #[description = "Why (posted with your vote)"]
    #[max_length = 300]
    reason: String,
) -> Result<(), Error> {
    let name = target.clone();
    act(ctx, Intent::Vote { target, reason }, |lang| {
        text(lang, "ok-vote", &[("name", name)])
    })
    .await
}

/// Abstain in today's vote.
#[poise::command(slash_command)]
pub async fn abstain(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, Intent::Abstain, |lang| text(lang, "ok-abstain", &[])).await
}

/// Show today's vote count (the sheriff's vote weighted), or a day's full vote history.
#[poise::command(slash_command)]
pub async fn votes(
    ctx: Context<'_>,
    #[description = "A day's full vote history (every vote and change, with times and reasons)"]
    #[min = 1]
    #[max = 1000]
    day: Option<u32>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let result = patient(ctx, async {
        match day {
            Some(day) => {
                let service = &ctx.data().service;
                service.vote_history(place(ctx), day, lang).await
            }
            None => game(ctx).await.map(|(_, g)| view::votes(&g, lang)),
        }
    })
    .await?;
    answer(ctx, result, |t| t).await
}

/// Send me my role again, privately.
#[poise::command(slash_command)]
pub async fn role(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let result = patient(ctx, async {
        let (_, g, me) = ctx.data().service.look(place(ctx)).await?;
        let me = me.ok_or(Refusal::NotAPlayer)?;
        Ok::<_, ServiceError>(view::role(&g, me, lang))
    })
    .await?;
    answer(ctx, result, |t| t).await
}

/// The game so far: phase and deadline, sheriff, who is alive.
#[poise::command(slash_command)]
pub async fn status(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let result = patient(ctx, async {
        let (_, g, me) = ctx.data().service.look(place(ctx)).await?;
        Ok::<_, ServiceError>(view::status(&g, me, lang))
    })
    .await?;
    answer(ctx, result, |t| t).await
}

/// Ask another player to vote for you if you cannot (a proxy vote).
#[poise::command(slash_command)]
pub async fn proxy(
    ctx: Context<'_>,
    #[description = "Who votes for you"]
    #[autocomplete = "super::living"]
    target: String,
) -> Result<(), Error> {
    let name = target.clone();
    act(ctx, Intent::Proxy { target }, |lang| {
        text(lang, "ok-proxy", &[("name", name)])
    })
    .await
}

/// Ask to speed the game up (shorter days once a majority asks).
#[poise::command(slash_command)]
pub async fn speedup(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, Intent::Speedup, |lang| text(lang, "ok-speedup", &[])).await
}

/// Leave your last words (published when the day your elimination message names opens).
#[poise::command(slash_command)]
pub async fn lastwords(
    ctx: Context<'_>,
    #[description = "Your last words"]
    #[max_length = 1500]
    text: String,
) -> Result<(), Error> {
    act(ctx, Intent::LastWords { text }, |lang| {
        i18n::text(lang, "ok-lastwords", &[])
    })
    .await
}

/// Write a private note (tree hole); nobody sees it until the game ends.
#[poise::command(slash_command)]
pub async fn treehole(
    ctx: Context<'_>,
    #[description = "Your note"]
    #[max_length = 1500]
    text: String,
) -> Result<(), Error> {
    act(ctx, Intent::TreeHole { text }, |lang| {
        i18n::text(lang, "ok-treehole", &[])
    })
    .await
}

/// Post as your character in today's thread (anonymous games; you can also DM the bot).
#[poise::command(slash_command)]
pub async fn say(
    ctx: Context<'_>,
    #[description = "What your character says"]
    #[max_length = 1900]
    text: String,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let result = patient(ctx, async {
        let (id, _) = game(ctx).await?;
        ctx.data()
            .service
            .say(id, place(ctx).user, &text, &key(ctx), lang)
            .await
    })
    .await?;
    answer(ctx, result, |_| i18n::text(lang, "ok-say", &[])).await
}

/// Today's post counts.
#[poise::command(slash_command)]
pub async fn posts(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let result = patient(ctx, async {
        let (id, _) = game(ctx).await?;
        ctx.data().service.post_counts(id, lang).await
    })
    .await?;
    answer(ctx, result, |t| t).await
}
