//! Tournaments: `/tournament new` (judge) creates one in this server, `/standings` posts a
//! tournament's table (an embed) and points chart (a PNG) in the channel (a member's record
//! across the server's games is `/stats`, in [`super::records`]). Games join a tournament
//! through `/wolf new … tournament:NAME`.

use poise::serenity_prelude as serenity;
use serenity::all::{CreateAllowedMentions, CreateAttachment, CreateEmbed};

use crate::messenger::split_within;
use crate::{
    answer, display_name, failure_text, patient, patient_as, place, reply, roles, user_lang,
    Context, Error,
};
use i18n::{text, Lang};
use service::{mention, Contest, Refusal, ServiceError, DEFAULT_TOURNAMENT_RULESET};
use store::tournament::TournamentError;
use tournament::{
    render_chart_png, render_table, render_uno_chart_png, render_uno_table, ChartError, Standings,
};

/// The chart's size in pixels.
pub const CHART_SIZE: (u32, u32) = (900, 560);
/// The chart's file name (the embed shows it as its image).
const CHART_FILE: &str = "standings.png";
/// Discord's limit on an embed's description.
const EMBED_TEXT: usize = 4096;

/// Tournaments.
///
/// Its one subcommand is the judge's: hidden from members as `/judge` is.
#[poise::command(
    slash_command,
    subcommands("new"),
    guild_only,
    default_member_permissions = "MANAGE_MESSAGES"
)]
pub async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Create a tournament in this server (judge).
#[poise::command(slash_command, guild_only)]
pub async fn new(
    ctx: Context<'_>,
    #[description = "The tournament's name"]
    #[max_length = 80]
    name: String,
    #[description = "How many games it has"]
    #[min = 1]
    #[max = 100]
    games: u32,
    #[description = "The ruleset: mafia (default), m32 or uno (a UNO contest)"] ruleset: Option<
        String,
    >,
    #[description = "The club day it is part of (a UNO contest and a Mafia contest)"]
    #[max_length = 80]
    club_day: Option<String>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    let judge = place(ctx).user;
    let judge_name = display_name(ctx).await;
    let result = patient(ctx, async {
        let p = place(ctx);
        let guild = p.guild.ok_or(Refusal::NotSetUp)?;
        service.check_judge(guild, &roles(ctx).await).await?;
        let ruleset = ruleset
            .as_deref()
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .unwrap_or(DEFAULT_TOURNAMENT_RULESET);
        let t = service
            .create_tournament(guild, judge, &judge_name, &name, games, ruleset)
            .await?;
        if let Some(day) = club_day.as_deref().filter(|d| !d.trim().is_empty()) {
            service.join_club_day(t.id, day).await?;
        }
        Ok::<_, ServiceError>(t)
    })
    .await?;
    answer(ctx, result, |t| {
        text(
            lang,
            "ok-tournament-created",
            &[
                ("name", t.name.clone()),
                ("games", t.games_planned.to_string()),
                ("ruleset", t.ruleset.clone()),
                ("judge", mention(judge)),
            ],
        )
    })
    .await
}

/// The standings as embeds, one per page: the table in code blocks split at line ends to fit
/// Discord's description limit (nothing cut), the first page titled and showing the chart as
/// its image, later pages titled with their number. Each page goes in a message of its own,
/// so no message comes near Discord's 6,000 characters of embed text.
pub fn standings_pages(s: &Standings, lang: Lang) -> Vec<CreateEmbed> {
    pages(&s.tournament.name, &render_table(s, lang), lang)
}

/// A contest's standings pages (as [`standings_pages`]) and its chart: a UNO contest's
/// table lowest total first, its chart saying lower is better.
///
/// # Errors
/// The chart's, when it cannot be drawn.
pub fn contest_pages(c: &Contest, lang: Lang) -> Result<(Vec<CreateEmbed>, Vec<u8>), ChartError> {
    let (w, h) = CHART_SIZE;
    Ok(match c {
        Contest::Points(s) => (standings_pages(s, lang), render_chart_png(s, lang, w, h)?),
        Contest::Uno(s) => (
            pages(&s.name, &render_uno_table(s, lang), lang),
            render_uno_chart_png(s, lang, w, h)?,
        ),
    })
}

fn pages(name: &str, table: &str, lang: Lang) -> Vec<CreateEmbed> {
    let fence = "```\n\n```".chars().count();
    let pages = split_within(table.trim_end_matches('\n'), EMBED_TEXT - fence);
    let title = text(lang, "standings-embed-title", &[("name", name.to_string())]);
    let count = pages.len();
    pages
        .into_iter()
        .enumerate()
        .map(|(i, page)| {
            let page = page.trim_end_matches('\n');
            let embed = CreateEmbed::new().description(format!("```\n{page}\n```"));
            if i == 0 {
                embed
                    .title(title.clone())
                    .image(format!("attachment://{CHART_FILE}"))
            } else {
                embed.title(format!("{title} ({}/{count})", i + 1))
            }
        })
        .collect()
}

/// Post a tournament's standings table and points chart (a club day's: each of its
/// contests').
#[poise::command(slash_command, guild_only)]
pub async fn standings(
    ctx: Context<'_>,
    #[description = "The tournament's name (default: the latest)"] tournament: Option<String>,
    #[description = "A club day: the standings of each of its contests"] club_day: Option<String>,
) -> Result<(), Error> {
    // Reading the standings, drawing the chart and posting each page: more than one call.
    ctx.defer().await?;
    let service = &ctx.data().service;
    // Posted for everyone: a deferral (when the work takes long) is public too.
    let result = patient_as(ctx, false, async {
        let guild = place(ctx).guild.ok_or(Refusal::NotSetUp)?;
        // Posted for everyone: in the server's language.
        let lang = service.settings(guild).await?.lang;
        let (heading, contests) = match club_day.as_deref().filter(|d| !d.trim().is_empty()) {
            Some(day) => {
                let day = service.club_day(guild, day).await?;
                let heading = text(
                    lang,
                    "club-day-heading",
                    &[
                        ("name", day.name.clone()),
                        ("contests", day.contests.len().to_string()),
                    ],
                );
                (Some(heading), day.contests)
            }
            None => (
                None,
                vec![service.contest(guild, tournament.as_deref()).await?],
            ),
        };
        let mut posts = Vec::new();
        for c in &contests {
            posts.push(contest_pages(c, lang).map_err(TournamentError::from)?);
        }
        Ok::<_, ServiceError>((heading, posts))
    })
    .await?;
    match result {
        Ok((heading, posts)) => {
            if let Some(heading) = heading {
                ctx.send(
                    poise::CreateReply::default()
                        .content(heading)
                        .allowed_mentions(CreateAllowedMentions::new()),
                )
                .await?;
            }
            for (pages, png) in posts {
                let mut png = Some(png);
                for embed in pages {
                    let mut reply = poise::CreateReply::default()
                        .embed(embed)
                        .allowed_mentions(CreateAllowedMentions::new());
                    if let Some(png) = png.take() {
                        reply = reply.attachment(CreateAttachment::bytes(png, CHART_FILE));
                    }
                    ctx.send(reply).await?;
                }
            }
            Ok(())
        }
        Err(e) => reply(ctx, &failure_text(&e, user_lang(ctx))).await,
    }
}
