//! `/judge …`: cards, removal, substitution, deadlines, pause, ending a game, the full
//! secret status, and the whole game exported as a script; and, outside a game, the
//! members' records: appeals answered after the end, bars lifted, notes. Usable only with
//! the server's judge role; every use is written to the judge's log.

use crate::ids::{self, Discord};
use poise::serenity_prelude as serenity;

use super::key;
use crate::{answer, patient, place, roles, user_lang, Context, Error};
use engine::ruleset::Span;
use engine::{Action, Color, Winner};
use i18n::{text, Lang};
use service::{mention, view, At, GameId, Judging, Refusal, Service, ServiceError};

/// The judge's commands.
///
/// Discord shows them only to members with *Manage Messages* (the
/// permission of those who moderate a server's posts, as a judge moderates the game's
/// forum posts), so players do not see them; a server whose judges lack it allows the
/// judge role in *Server Settings → Integrations*. Every use still checks the judge role:
/// a moderator who is not a judge is refused.
#[poise::command(
    slash_command,
    guild_only,
    default_member_permissions = "MANAGE_MESSAGES",
    subcommands(
        "card",
        "remove",
        "substitute",
        "replace",
        "sign",
        "unsign",
        "extend",
        "pause",
        "resume",
        "end",
        "status",
        "export",
        "appeals",
        "lift",
        "note",
        "page"
    )
)]
pub async fn judge(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum CardColor {
    #[name = "blue"]
    Blue,
    #[name = "yellow"]
    Yellow,
    #[name = "red"]
    Red,
}

/// Checks the judge role, finds the game, runs `what`, logs the use, and answers with `ok`.
async fn as_judge<T>(
    ctx: Context<'_>,
    what: impl AsyncFnOnce(&Service, &Judging, Lang) -> Result<T, ServiceError>,
    ok: impl FnOnce(&T, Lang) -> String,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let result = patient(ctx, judged(ctx, what)).await?;
    answer(ctx, result, |v| ok(&v, lang)).await
}

/// Checks the judge role, finds the game, checks that the judge does not play in it (or
/// that the server allows it: then `status` and `export` keep its secrets), runs `what`,
/// and logs the use. A refused seated judge is logged too. The result is `what`'s: the log
/// line is written after it, so a log line that cannot be written (the database stopped
/// answering in between) does not turn a recorded action into a failure; it is written
/// later ([`log_later`]), once, under its key.
async fn judged<T>(
    ctx: Context<'_>,
    what: impl AsyncFnOnce(&Service, &Judging, Lang) -> Result<T, ServiceError>,
) -> Result<T, ServiceError> {
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    let p = place(ctx);
    let j = service
        .judging(At::Place(p), &roles(ctx).await, &key(ctx))
        .await?;
    let (id, game_lang) = (j.game, j.lang);
    let v = match j.allowed() {
        Ok(()) => what(service, &j, lang).await,
        Err(e) => Err(e),
    };
    let outcome = match &v {
        Ok(_) => "ok".to_string(),
        Err(e) => e.code().to_string(),
    };
    let line = text(
        game_lang,
        "log-judge-command",
        &[
            ("judge", mention(p.user)),
            ("command", invocation(ctx)),
            ("result", outcome),
        ],
    );
    let log_key = format!("log-{}", key(ctx));
    if let Err(e) = service.log(id, &line, &log_key).await {
        log_later(service.clone(), id, line, log_key, e);
    }
    v
}

/// How many more times a judge's log line that met a database error is tried.
const LOG_TRIES: usize = 12;

/// Writes a judge's log line that met a database error, in a task of its own, trying again
/// with backoff (about a minute in all); the key makes a line written twice appear once.
fn log_later(service: Service, game: GameId, line: String, key: String, first: ServiceError) {
    tokio::spawn(async move {
        let mut outage = runtime::outage::Outage::new("judge's log line");
        let mut pause = outage.failed(&first);
        for _ in 0..LOG_TRIES {
            tokio::time::sleep(pause).await;
            match service.log(game, &line, &key).await {
                Ok(()) => {
                    outage.recovered();
                    return;
                }
                Err(e) => pause = outage.failed(&e),
            }
        }
        tracing::error!(game = game.0, line = %line, "a judge's log line could not be written");
    });
}

/// The command as typed, for the log.
fn invocation(ctx: Context<'_>) -> String {
    match ctx {
        poise::Context::Application(a) => {
            let mut s = format!("/{}", ctx.command().qualified_name);
            for o in a.args {
                s.push_str(&format!(" {}:{}", o.name, value_str(&o.value)));
            }
            s
        }
        poise::Context::Prefix(p) => p.msg.content.clone(),
    }
}

fn value_str(v: &serenity::ResolvedValue<'_>) -> String {
    match v {
        serenity::ResolvedValue::String(s) => (*s).to_string(),
        serenity::ResolvedValue::Integer(i) => i.to_string(),
        serenity::ResolvedValue::User(u, _) => mention(ids::account(u.id)),
        other => format!("{other:?}"),
    }
}

/// Give a card (blue, yellow or red) with a reason.
#[poise::command(slash_command, guild_only)]
pub async fn card(
    ctx: Context<'_>,
    #[description = "Who"]
    #[autocomplete = "super::any_character"]
    target: String,
    #[description = "The card"] color: CardColor,
    #[description = "Why"]
    #[max_length = 300]
    reason: String,
) -> Result<(), Error> {
    let color = match color {
        CardColor::Blue => Color::Blue,
        CardColor::Yellow => Color::Yellow,
        CardColor::Red => Color::Red,
    };
    on_character(ctx, &target, "ok-card", |target| Action::Card {
        target,
        color,
        reason: reason.clone(),
    })
    .await
}

/// A judge's action on one character named by `target`, confirmed with `ok` (which names
/// the character): the `/judge` commands that take a character and a reason.
async fn on_character(
    ctx: Context<'_>,
    target: &str,
    ok: &'static str,
    action: impl Fn(engine::CharId) -> Action,
) -> Result<(), Error> {
    as_judge(
        ctx,
        async |s: &Service, j: &Judging, _lang| {
            let target = Service::target(&j.state, target)?;
            s.judge_on(j, action(target), &key(ctx)).await?;
            Ok(j.state.ch(target).name.clone())
        },
        |name, lang| text(lang, ok, &[("name", name.clone())]),
    )
    .await
}

/// Remove a character from the game.
#[poise::command(slash_command, guild_only)]
pub async fn remove(
    ctx: Context<'_>,
    #[description = "Who"]
    #[autocomplete = "super::living"]
    target: String,
    #[description = "Why"]
    #[max_length = 300]
    reason: String,
) -> Result<(), Error> {
    on_character(ctx, &target, "ok-removed", |target| Action::Remove {
        target,
        reason: reason.clone(),
    })
    .await
}

/// Take a member off the open sign-up (before the game starts).
///
/// The first on the waiting list moves up into the seat. Written to the judge's log as
/// every `/judge` command is (there is no game yet, so straight to the log channel).
#[poise::command(slash_command, guild_only)]
pub async fn unsign(
    ctx: Context<'_>,
    #[description = "The member to take off the sign-up"] member: serenity::User,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    let p = place(ctx);
    let who = ids::account(member.id);
    let mut log = None;
    let result = patient(ctx, async {
        let guild = p.guild.ok_or(Refusal::NotSetUp)?;
        let settings = service.check_judge(guild, &roles(ctx).await).await?;
        let s = service.signup_at(&p).await?;
        log = Some(settings);
        super::wolf::take_off(service, s.row.id, who).await
    })
    .await?;
    let line = log.map(|settings| signup_log_line(ctx, &settings, &result));
    let done = result.as_ref().ok().cloned();
    answer(ctx, result, |_| {
        text(lang, "ok-unsigned", &[("member", mention(who))])
    })
    .await?;
    // After the answer: the log line, the post's edit, the DM to who moved up.
    send_log(ctx, line).await;
    if let Some((s, up)) = done {
        super::wolf::after_leave(ctx.http(), ctx.data(), &s, up).await;
    }
    Ok(())
}

/// The judge's log line for a sign-up command (there is no game yet, so it goes straight to
/// the server's log channel rather than through a game's outbox).
fn signup_log_line<T>(
    ctx: Context<'_>,
    settings: &service::Settings,
    result: &Result<T, ServiceError>,
) -> (service::Channel, String) {
    let outcome = match result {
        Ok(_) => "ok".to_string(),
        Err(e) => e.code().to_string(),
    };
    let line = text(
        settings.lang,
        "log-judge-command",
        &[
            ("judge", mention(place(ctx).user)),
            ("command", invocation(ctx)),
            ("result", outcome),
        ],
    );
    (settings.log, line)
}

/// Sends a sign-up command's log line (best effort, after the answer).
async fn send_log(ctx: Context<'_>, line: Option<(service::Channel, String)>) {
    let Some((channel, line)) = line else {
        return;
    };
    let sent = channel
        .discord()
        .send_message(
            ctx.http(),
            serenity::CreateMessage::new()
                .content(line)
                .allowed_mentions(crate::messenger::no_pings()),
        )
        .await;
    if let Err(e) = sent {
        tracing::warn!(error = %e, "could not log a sign-up command");
    }
}

/// Put a member on the open sign-up (before the game starts).
///
/// As if they had pressed Join: when the game is full they go on the waiting list. They
/// are told by DM (which also checks that their DMs are open). Written to the judge's log
/// as `/judge unsign` is.
#[poise::command(slash_command, guild_only)]
pub async fn sign(
    ctx: Context<'_>,
    #[description = "The member to put on the sign-up"] member: serenity::User,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    let p = place(ctx);
    let who = ids::account(member.id);
    let name = member.global_name.clone().unwrap_or(member.name.clone());
    let mut log = None;
    let result = patient(ctx, async {
        let guild = p.guild.ok_or(Refusal::NotSetUp)?;
        let settings = service.check_judge(guild, &roles(ctx).await).await?;
        let s = service.signup_at(&p).await?;
        log = Some(settings);
        service.join(s.row.id, who, &name).await
    })
    .await?;
    let line = log.map(|settings| signup_log_line(ctx, &settings, &result));
    let done = result.as_ref().ok().map(|s| (s.row.id, s.row.lang));
    answer(ctx, result, |s| match s.waiting_place(who) {
        Some(place) => text(
            lang,
            "ok-signed-waiting",
            &[("member", mention(who)), ("place", place.to_string())],
        ),
        None => text(
            lang,
            "ok-signed",
            &[
                ("member", mention(who)),
                ("count", s.players.len().to_string()),
                ("seats", s.seats()),
            ],
        ),
    })
    .await?;
    // After the answer: the log line, the member's DM (in the game's language), the post.
    send_log(ctx, line).await;
    if let Some((id, game_lang)) = done {
        super::wolf::welcome(ctx.http(), ctx.data(), id, who, game_lang).await;
    }
    Ok(())
}

/// Replace a character's player: offer the seat to the bench of volunteer substitutes.
///
/// Each volunteer gets a DM with a button; the first to accept takes the character over,
/// role and cards included. The player keeps the seat until then.
#[poise::command(slash_command, guild_only)]
pub async fn replace(
    ctx: Context<'_>,
    #[description = "The character whose player leaves"]
    #[autocomplete = "super::living"]
    target: String,
) -> Result<(), Error> {
    let mut offered = None;
    as_judge(
        ctx,
        async |s: &Service, j: &Judging, _lang| {
            let target = Service::target(&j.state, &target)?;
            let offer = s.offer_seat(j.game, target).await?;
            let said = (offer.name.clone(), offer.bench.len());
            offered = Some(offer);
            Ok(said)
        },
        |(name, count), lang| {
            text(
                lang,
                "ok-offered",
                &[("name", name.clone()), ("count", count.to_string())],
            )
        },
    )
    .await?;
    // After the answer: one DM per volunteer.
    if let Some(offer) = offered {
        super::signups::offer_to_bench(ctx.http(), &offer).await;
    }
    Ok(())
}

/// A new member takes a character over.
#[poise::command(slash_command, guild_only)]
pub async fn substitute(
    ctx: Context<'_>,
    #[description = "The character"]
    #[autocomplete = "super::living"]
    target: String,
    #[description = "The member who takes it over"] member: serenity::User,
) -> Result<(), Error> {
    as_judge(
        ctx,
        async |s: &Service, j: &Judging, lang| {
            let g = &j.state;
            let target = Service::target(g, &target)?;
            let player = ids::account(member.id);
            s.substitute(j.game, target, player, &key(ctx), lang)
                .await?;
            if let Some(guild) = place(ctx).guild {
                let name = member.global_name.as_deref().unwrap_or(&member.name);
                s.remember_name(guild, player, name).await?;
            }
            Ok((g.ch(target).name.clone(), player))
        },
        |(name, player), lang| {
            text(
                lang,
                "ok-substituted",
                &[("name", name.clone()), ("player", mention(*player))],
            )
        },
    )
    .await
}

/// Move the current deadline later (e.g. 2h, 90m, 1d).
#[poise::command(slash_command, guild_only)]
pub async fn extend(
    ctx: Context<'_>,
    #[description = "By how long, e.g. 1d, 12h, 90m or 1d12h"] by: String,
) -> Result<(), Error> {
    as_judge(
        ctx,
        async |s: &Service, j: &Judging, _lang| {
            let span = extension(&by)
                .ok_or_else(|| ServiceError::Refused(Refusal::BadDuration(by.clone())))?;
            s.judge_on(j, Action::Extend { seconds: span.0 }, &key(ctx))
                .await?;
            Ok(by.clone())
        },
        |by, lang| text(lang, "ok-extended", &[("by", by.clone())]),
    )
    .await
}

/// What a judge types for `/judge extend`: days as well as the script format's `h`, `m`,
/// `s` (`1d`, `1d12h`, `90m`), case and spaces ignored. Days are read here, at the edge,
/// because the script format (a contract) spells durations with `h`, `m` and `s` only.
pub(super) fn extension(text: &str) -> Option<Span> {
    let t: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    let (days, rest) = match t.split_once('d') {
        Some((d, rest)) => (d.parse::<i64>().ok()?, rest),
        None => (0, t.as_str()),
    };
    let rest = if rest.is_empty() {
        Span(0)
    } else {
        Span::parse(rest).ok()?
    };
    let total = days.checked_mul(86_400)?.checked_add(rest.0)?;
    (total > 0 && total <= Span::MAX.0).then_some(Span(total))
}

/// Stop the clock: no deadline runs until you resume.
#[poise::command(slash_command, guild_only)]
pub async fn pause(ctx: Context<'_>) -> Result<(), Error> {
    on_game(ctx, Action::Pause, "ok-paused").await
}

/// Restart the clock; open deadlines move by the time paused.
#[poise::command(slash_command, guild_only)]
pub async fn resume(ctx: Context<'_>) -> Result<(), Error> {
    on_game(ctx, Action::Resume, "ok-resumed").await
}

/// List or unlist the game's web page (unlisted: nobody can open it).
#[poise::command(slash_command, guild_only)]
pub async fn page(
    ctx: Context<'_>,
    #[description = "True: the page can be opened; False: unlisted"] listed: bool,
) -> Result<(), Error> {
    as_judge(
        ctx,
        async |s: &Service, j: &Judging, _lang| {
            s.set_unlisted(j.game, !listed).await?;
            s.page_url(j.game).await
        },
        move |url, lang| match (listed, url) {
            (true, Some(url)) => text(lang, "ok-page-listed", &[("url", url.clone())]),
            (true, None) => text(lang, "ok-page-listed-no-url", &[]),
            (false, _) => text(lang, "ok-page-unlisted", &[]),
        },
    )
    .await
}

/// A judge's action on the whole game, confirmed with `ok`: `/judge pause` and `resume`.
async fn on_game(ctx: Context<'_>, action: Action, ok: &'static str) -> Result<(), Error> {
    as_judge(
        ctx,
        async |s: &Service, j: &Judging, _lang| {
            s.judge_on(j, action.clone(), &key(ctx)).await.map(|_| ())
        },
        |_, lang| text(lang, ok, &[]),
    )
    .await
}

/// End the game now, with a winner or none.
#[poise::command(slash_command, guild_only)]
pub async fn end(
    ctx: Context<'_>,
    #[description = "wolves, village, killers, police, draw; empty for none"] winner: Option<
        String,
    >,
) -> Result<(), Error> {
    as_judge(
        ctx,
        async |s: &Service, j: &Judging, _lang| {
            let winner =
                match winner.as_deref().map(str::trim) {
                    None | Some("") => None,
                    Some(w) => Some(Winner::ALL.into_iter().find(|x| x.key() == w).ok_or_else(
                        || ServiceError::Refused(Refusal::UnknownTarget(w.to_string())),
                    )?),
                };
            s.judge_on(j, Action::End { winner }, &key(ctx))
                .await
                .map(|_| ())
        },
        |_, lang| text(lang, "ok-ended", &[]),
    )
    .await
}

/// Everything about the game, secrets included (only you see it).
#[poise::command(slash_command, guild_only)]
pub async fn status(ctx: Context<'_>) -> Result<(), Error> {
    as_judge(
        ctx,
        async |s: &Service, j: &Judging, lang| {
            // A judge who plays (the server allows it) sees what every player sees.
            if j.plays {
                let mut lines = vec![
                    text(lang, "view-judge-plays", &[]),
                    view::status(&j.state, None, lang),
                ];
                // Who would be carded at the close is public (posts and votes are).
                lines.extend(view::at_risk(&j.state, lang));
                return Ok(lines.join("\n"));
            }
            let route = s.route(j.game).await?;
            Ok(view::judge_status(&j.state, &route.seats, lang))
        },
        |t, _| t.clone(),
    )
    .await
}

/// The whole game as a game script plus its report, as files only you see.
#[poise::command(slash_command, guild_only)]
pub async fn export(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let result = patient(
        ctx,
        judged(ctx, async |s: &Service, j: &Judging, _lang| {
            // The export holds the deal and the seed: not for a judge who plays, before the end.
            if j.plays {
                return Err(Refusal::JudgePlaysSecret.into());
            }
            Ok((j.game, s.export(j.game).await?))
        }),
    )
    .await?;
    let (id, export) = match result {
        Ok(v) => v,
        Err(e) => return answer(ctx, Err::<(), _>(e), |()| String::new()).await,
    };
    let mut content = text(lang, "ok-exported", &[("game", id.0.to_string())]);
    if !export.mismatches.is_empty() {
        content.push('\n');
        content.push_str(&text(
            lang,
            "export-mismatch",
            &[("fields", export.mismatches.join(", "))],
        ));
    }
    let file = |json: Result<Vec<u8>, serde_json::Error>, name: String| {
        serenity::CreateAttachment::bytes(json.unwrap_or_default(), name)
    };
    let reply = poise::CreateReply::default()
        .ephemeral(true)
        .content(content)
        .allowed_mentions(serenity::CreateAllowedMentions::new())
        .attachment(file(
            serde_json::to_vec_pretty(&export.script),
            format!("game-{}.json", id.0),
        ))
        .attachment(file(
            serde_json::to_vec_pretty(&export.report),
            format!("game-{}.report.json", id.0),
        ));
    ctx.send(reply).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_extension_reads_days_hours_and_minutes() {
        assert_eq!(extension("1d"), Some(Span(86_400)));
        assert_eq!(extension("1d12h"), Some(Span(86_400 + 12 * 3600)));
        assert_eq!(extension(" 2H 30m "), Some(Span(2 * 3600 + 30 * 60)));
        assert_eq!(extension("90m"), Some(Span(90 * 60)));
        for bad in ["", "d", "0m", "1x", "1d1d", "12", "400d", "-1d"] {
            assert_eq!(extension(bad), None, "{bad:?} must be refused");
        }
    }
}

/// Appeals of ended games: list them, or answer one (the member is told by DM).
///
/// Without options, the list; with `appeal` and `answer`, answers one, withdrawing a card
/// of the member's if `withdraw` names one.
#[poise::command(slash_command, guild_only)]
pub async fn appeals(
    ctx: Context<'_>,
    #[description = "The appeal to answer, as the list numbers it (e.g. 12-345)"]
    #[max_length = 40]
    appeal: Option<String>,
    #[description = "Your answer, sent to the member"]
    #[max_length = 1000]
    answer: Option<String>,
    #[description = "A card of theirs in that game to withdraw, as the list numbers it"]
    #[max_length = 40]
    withdraw: Option<String>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    let p = place(ctx);
    let Some(appeal) = appeal else {
        let result = patient(ctx, async {
            let guild = p.guild.ok_or(Refusal::NotSetUp)?;
            service.open_appeals(guild, &roles(ctx).await).await
        })
        .await?;
        return crate::answer(ctx, result, |list| {
            service::penalties::render_appeals(&list, lang)
        })
        .await;
    };
    let result = patient(ctx, async {
        let guild = p.guild.ok_or(Refusal::NotSetUp)?;
        service
            .answer_appeal(
                guild,
                &roles(ctx).await,
                p.user,
                &appeal,
                answer.as_deref().unwrap_or(""),
                withdraw.as_deref(),
                &key(ctx),
            )
            .await
    })
    .await?;
    crate::answer(ctx, result, |done| {
        let mut out = text(lang, "ok-appeal-answered", &[]);
        if let Some(c) = done.withdrawn {
            let color = text(lang, &format!("color-{}", c.key()), &[]);
            out.push('\n');
            out.push_str(&text(lang, "ok-card-withdrawn", &[("color", color)]));
        }
        if !done.told {
            out.push('\n');
            out.push_str(&text(lang, "ok-appeal-not-told", &[]));
        }
        out
    })
    .await
}

/// Lift the bar the server's sanctions put on a member, with a reason.
#[poise::command(slash_command, guild_only)]
pub async fn lift(
    ctx: Context<'_>,
    #[description = "The barred member"] member: serenity::User,
    #[description = "Why"]
    #[max_length = 300]
    reason: String,
) -> Result<(), Error> {
    record_note(ctx, member, reason, true).await
}

/// Add a note to a member's record, with a reason.
#[poise::command(slash_command, guild_only)]
pub async fn note(
    ctx: Context<'_>,
    #[description = "The member"] member: serenity::User,
    #[description = "The note"]
    #[max_length = 300]
    reason: String,
) -> Result<(), Error> {
    record_note(ctx, member, reason, false).await
}

/// `/judge lift` (`lift`) and `/judge note`: written to the member's record and the log.
async fn record_note(
    ctx: Context<'_>,
    member: serenity::User,
    reason: String,
    lift: bool,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    let p = place(ctx);
    let who = ids::account(member.id);
    let result = patient(ctx, async {
        let guild = p.guild.ok_or(Refusal::NotSetUp)?;
        service
            .judge_note(
                guild,
                &roles(ctx).await,
                p.user,
                who,
                &reason,
                lift,
                &key(ctx),
            )
            .await
    })
    .await?;
    let ok = if lift {
        "ok-bar-lifted"
    } else {
        "ok-record-note"
    };
    crate::answer(ctx, result, |()| {
        text(lang, ok, &[("member", mention(who))])
    })
    .await
}
