//! Records across the server's games: `/stats` (a member's record, the caller's by default,
//! or the server's, privately), `/leaderboard` (the server's ranking by wins or win rate,
//! posted for everyone, a page at a time), `/appeal` (a player's complaint, kept for the
//! judge until the game ends), `/record` (a member's record of penalties, privately: one's
//! own, or anyone's for a judge) and `/wolf-policy` (the sanctions that apply themselves).

use crate::ids;
use poise::serenity_prelude as serenity;

use super::play::act;
use crate::commands::board::public;
use crate::{answer, failure_text, patient, patient_as, place, roles, user_lang, Context, Error};
use service::penalties::{render_policy, render_record};
use service::sanctions::Policy;
use service::{mention, Intent, Refusal, ServiceError};
use tournament::records::{render_leaderboard, render_server_stats};
use tournament::{render_stats, RankBy};

/// Records in this server: games, wins by role and camp, win rates, cards (only you see it).
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose record (default: yours)"] member: Option<serenity::User>,
    #[description = "The whole server's record instead of a member's"] server: Option<bool>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    if server == Some(true) {
        let result = patient(ctx, async {
            let guild = place(ctx).guild.ok_or(Refusal::NotSetUp)?;
            service.server_stats(guild).await
        })
        .await?;
        return answer(ctx, result, |s| render_server_stats(&s, lang)).await;
    }
    let who = member.map_or(place(ctx).user, |m| ids::account(m.id));
    let result = patient(ctx, async {
        let guild = place(ctx).guild.ok_or(Refusal::NotSetUp)?;
        service.stats(guild, who).await
    })
    .await?;
    answer(ctx, result, |s| render_stats(&s, &mention(who), lang)).await
}

/// What the leaderboard ranks by.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Ranking {
    #[name = "wins"]
    Wins,
    #[name = "rate"]
    Rate,
}

/// The server's players ranked by wins or win rate (posted here for everyone).
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Rank by wins (default) or win rate"] by: Option<Ranking>,
    #[description = "Fewest finished games to be ranked (default: 1 by wins, 3 by rate)"]
    #[min = 1]
    #[max = 1000]
    min_games: Option<u32>,
    #[description = "Which page (20 players a page)"]
    #[min = 1]
    #[max = 1000]
    page: Option<u32>,
) -> Result<(), Error> {
    let by = match by {
        Some(Ranking::Rate) => RankBy::Rate,
        Some(Ranking::Wins) | None => RankBy::Wins,
    };
    let min = min_games.unwrap_or_else(|| by.default_min_games());
    let service = &ctx.data().service;
    // Posted for everyone: a deferral (when the database keeps it waiting) is public too.
    let result = patient_as(ctx, false, async {
        let guild = place(ctx).guild.ok_or(Refusal::NotSetUp)?;
        // Posted for everyone: in the server's language.
        let lang = service.settings(guild).await?.lang;
        let rows = service.leaderboard(guild, by, min).await?;
        let page = page.unwrap_or(1) as usize;
        Ok::<_, ServiceError>(render_leaderboard(
            &rows,
            by,
            min,
            page,
            i18n::player_label,
            lang,
        ))
    })
    .await?;
    match result {
        Ok(t) => public(ctx, &t).await,
        Err(e) => crate::reply(ctx, &failure_text(&e, user_lang(ctx))).await,
    }
}

/// Complain to the judge about this game; complaints are read when it ends.
#[poise::command(slash_command)]
pub async fn appeal(
    ctx: Context<'_>,
    #[description = "Your complaint"]
    #[max_length = 1000]
    text: String,
) -> Result<(), Error> {
    act(ctx, Intent::Appeal { text }, |lang| {
        i18n::text(lang, "ok-appeal", &[])
    })
    .await
}

/// Your record of penalties in this server (a judge may see anyone's; only you see it).
#[poise::command(slash_command, guild_only)]
pub async fn record(
    ctx: Context<'_>,
    #[description = "Whose record (default: yours; a judge may see anyone's)"] member: Option<
        serenity::User,
    >,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    let p = place(ctx);
    let who = member.map_or(p.user, |m| ids::account(m.id));
    let result = patient(ctx, async {
        let guild = p.guild.ok_or(Refusal::NotSetUp)?;
        let roles = if who == p.user {
            Vec::new()
        } else {
            roles(ctx).await
        };
        service.record(guild, p.user, &roles, who).await
    })
    .await?;
    answer(ctx, result, |r| render_record(&r, lang)).await
}

/// Sanctions that apply themselves: bars after red or yellow cards, and record expiry.
///
/// Without options: the server's policy now.
#[poise::command(
    slash_command,
    guild_only,
    rename = "wolf-policy",
    default_member_permissions = "MANAGE_MESSAGES"
)]
pub async fn policy(
    ctx: Context<'_>,
    #[description = "After a red card, barred from signing up for N games (0: off)"]
    #[min = 0]
    #[max = 3650]
    red_games: Option<u32>,
    #[description = "After a red card, barred from signing up for N days (0: off)"]
    #[min = 0]
    #[max = 3650]
    red_days: Option<u32>,
    #[description = "This many yellow cards within the last games bar (0: off)"]
    #[min = 0]
    #[max = 3650]
    yellows: Option<u32>,
    #[description = "How many of the member's last games the yellow cards are counted in"]
    #[min = 0]
    #[max = 3650]
    yellow_window: Option<u32>,
    #[description = "How many games too many yellow cards bar for"]
    #[min = 0]
    #[max = 3650]
    yellow_games: Option<u32>,
    #[description = "Records older than N days no longer count (0: never)"]
    #[min = 0]
    #[max = 3650]
    expiry_days: Option<u32>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    let p = place(ctx);
    let changes = [
        red_games,
        red_days,
        yellows,
        yellow_window,
        yellow_games,
        expiry_days,
    ];
    let result = patient(ctx, async {
        let guild = p.guild.ok_or(Refusal::NotSetUp)?;
        let now = service.policy(guild).await?;
        if changes.iter().all(Option::is_none) {
            return Ok(now);
        }
        let p = Policy {
            red_games: red_games.unwrap_or(now.red_games),
            red_days: red_days.unwrap_or(now.red_days),
            yellows: yellows.unwrap_or(now.yellows),
            yellow_window: yellow_window.unwrap_or(now.yellow_window),
            yellow_games: yellow_games.unwrap_or(now.yellow_games),
            expiry_days: expiry_days.unwrap_or(now.expiry_days),
        };
        service.set_policy(guild, &roles(ctx).await, p).await
    })
    .await?;
    answer(ctx, result, |p| render_policy(&p, lang)).await
}
