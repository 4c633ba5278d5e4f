//! Buttons, select menus and modals. Component ids are `wj:signup:<id>:join|leave` on a
//! sign-up post and `wj:<game>:<choice>` in a DM prompt; a kill's menu opens a modal
//! `wj:<game>:killr:<seat>` for its two-character reason. The ids carry everything needed,
//! so a press after a restart works; the interaction's id is the command's idempotency key,
//! so a redelivered press acts once, and a second press answers with what was recorded.
//!
//! Because the client sends the id, nothing in it is trusted: a game or sign-up of another
//! server than the one the press came from is refused (ephemeral, nothing changed); in a DM
//! the presser must hold a seat in the game, and a menu that opens a modal (the kill's)
//! opens it only when the engine lets that seat act (the refusal otherwise is the one the
//! submission would get); a card button checks the judge role, and that the judge does not
//! play in the game.
//!
//! Every answer that waits for the database goes through [`patiently`]: a press still waiting
//! after [`DEFER_AFTER`] is deferred (privately) and its answer replaces the deferral, so a
//! slow database never costs Discord's 3 seconds, and a failure is worded by what the bot
//! knows of it ([`failure_text`]).

use crate::ids::{self, Discord};
use poise::serenity_prelude as serenity;
use serde_json::json;
use serenity::all::{
    ActionRowComponent, ComponentInteraction, ComponentInteractionDataKind,
    CreateInteractionResponse, CreateInteractionResponseMessage, EditInteractionResponse,
    ModalInteraction,
};

use super::commands::{signups, wolf};
use super::messenger::no_pings;
use super::{failure_text, locale_lang, Data, Error, DEFER_AFTER};
use engine::{Action, CharId, Color};
use i18n::{text, Lang};
use notify::prompt::{Choice, ReasonAsk};
use service::{Account, At, GameId, Guild, Intent, Refusal, ServerRole, Service, ServiceError};

/// The idempotency key of a press or a submitted modal with this interaction id.
pub(crate) fn press_key(id: impl std::fmt::Display) -> String {
    format!("c{id}")
}

/// A parsed `wj:<game>:<choice>` id.
fn parse(id: &str) -> Option<(GameId, &str)> {
    let rest = id.strip_prefix("wj:")?;
    let (game, what) = rest.split_once(':')?;
    Some((GameId(game.parse().ok()?), what))
}

fn ephemeral(text: impl Into<String>) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true)
            .allowed_mentions(super::messenger::no_pings()),
    )
}

/// Handles a button press or a menu choice.
///
/// # Errors
/// When Discord does not take the response.
pub async fn on_component(
    ctx: &serenity::Context,
    data: &Data,
    c: &ComponentInteraction,
) -> Result<(), Error> {
    let lang = locale_lang(Some(&c.locale));
    let user = ids::account(c.user.id);
    let service = &data.service;
    if sign_up_managed(ctx, data, c, user, lang).await? {
        return Ok(());
    }
    if let Some((signup, joining)) = wolf::parse_signup_button(&c.data.custom_id) {
        let name = c
            .member
            .as_ref()
            .map(|m| m.display_name().to_string())
            .unwrap_or_else(|| c.user.name.clone());
        // The press is answered before any other Discord call (the DM check, the post's
        // edit): under Discord's rate limits those could take the answer past its 3 s.
        let guild = c.guild_id.map(ids::guild);
        let done = patiently(ctx, Pressed::Button(c), async {
            let done = match signup_in(service, signup, guild).await {
                Err(e) => Err(e),
                Ok(()) if joining => service
                    .join_self(signup, user, &name)
                    .await
                    .map(|s| (s, None)),
                Ok(()) => wolf::take_off(service, signup, user).await,
            };
            let reply = match &done {
                Ok((s, _)) if joining => wolf::joined_text(s, user, lang),
                Ok(_) => text(lang, "ok-left", &[]),
                Err(e) => failure_text(e, lang),
            };
            (Answer::Text(reply), done)
        })
        .await?;
        match done {
            Ok(_) if joining => wolf::welcome(&ctx.http, data, signup, user, lang).await,
            Ok((s, up)) => wolf::after_leave(&ctx.http, data, &s, up).await,
            Err(_) => {}
        }
        return Ok(());
    }
    if let Some((game, what)) = super::commands::uno::parse(&c.data.custom_id) {
        patiently(ctx, Pressed::Button(c), async {
            let answer = match super::commands::uno::pressed(data, c, game, what, lang).await {
                Ok((t, Some(hand))) => {
                    Answer::Hand(t, super::commands::uno::hand_rows(&hand, lang))
                }
                Ok((t, None)) => Answer::Text(t),
                Err(e) => Answer::Text(failure_text(&e, lang)),
            };
            (answer, ())
        })
        .await?;
        return Ok(());
    }
    patiently(ctx, Pressed::Button(c), async {
        (pressed(data, c, user, lang).await, ())
    })
    .await?;
    Ok(())
}

/// The presses of sign-up management ([`signups`]): the notify role's opt-in and opt-out,
/// the bench's buttons on the sign-up post, and a volunteer taking an offered seat. `false`
/// when the press is none of them.
///
/// # Errors
/// When Discord does not take the answer.
async fn sign_up_managed(
    ctx: &serenity::Context,
    data: &Data,
    c: &ComponentInteraction,
    user: Account,
    lang: Lang,
) -> Result<bool, Error> {
    let service = &data.service;
    let id = c.data.custom_id.as_str();
    let guild = c.guild_id.map(ids::guild);
    if let Some(on) = signups::parse_notify_button(id) {
        patiently(ctx, Pressed::Button(c), async {
            (Answer::Text(notify_me(ctx, data, c, on, lang).await), ())
        })
        .await?;
        return Ok(true);
    }
    if let Some((signup, volunteering)) = signups::parse_bench_button(id) {
        let name = c
            .member
            .as_ref()
            .map(|m| m.display_name().to_string())
            .unwrap_or_else(|| c.user.name.clone());
        let done = patiently(ctx, Pressed::Button(c), async {
            let done = match signup_in(service, signup, guild).await {
                Err(e) => Err(e),
                Ok(()) if volunteering => service.volunteer(signup, user, &name).await,
                Ok(()) => service.leave_bench(signup, user).await,
            };
            let reply = match &done {
                Ok(s) if volunteering => {
                    text(lang, "ok-benched", &[("ruleset", s.row.ruleset.clone())])
                }
                Ok(_) => text(lang, "ok-unbenched", &[]),
                Err(e) => failure_text(e, lang),
            };
            (Answer::Text(reply), done.is_ok())
        })
        .await?;
        if done {
            wolf::refresh_signup(&ctx.http, data, signup).await;
        }
        return Ok(true);
    }
    if let Some(offer) = signups::parse_seat_button(id) {
        let signup = patiently(ctx, Pressed::Button(c), async {
            match service.take_seat(offer, user, lang).await {
                Ok(seated) => {
                    data.wake.notify_one();
                    let reply = text(
                        lang,
                        "ok-seat-yours",
                        &[
                            ("name", seated.name),
                            ("role", i18n::role_name(seated.role, lang)),
                        ],
                    );
                    (Answer::Text(reply), seated.signup)
                }
                Err(e) => (Answer::Text(failure_text(&e, lang)), None),
            }
        })
        .await?;
        // The sign-up post's bench no longer shows who took the seat.
        if let Some(signup) = signup {
            wolf::refresh_signup(&ctx.http, data, signup).await;
        }
        return Ok(true);
    }
    Ok(false)
}

/// Gives the presser the server's notify role (`on`) or takes it away: new sign-ups ping
/// that role. What to answer.
async fn notify_me(
    ctx: &serenity::Context,
    data: &Data,
    c: &ComponentInteraction,
    on: bool,
    lang: Lang,
) -> String {
    let Some(guild) = c.guild_id else {
        return failure_text(&ServiceError::Refused(Refusal::NotSetUp), lang);
    };
    let role = match data.service.notify_role_to_toggle(ids::guild(guild)).await {
        Ok(role) => role,
        Err(e) => return failure_text(&e, lang),
    };
    let role_id = role.discord();
    let changed = if on {
        ctx.http
            .add_member_role(guild, c.user.id, role_id, None)
            .await
    } else {
        ctx.http
            .remove_member_role(guild, c.user.id, role_id, None)
            .await
    };
    match changed {
        Ok(()) => text(
            lang,
            if on { "ok-notify-on" } else { "ok-notify-off" },
            &[("role", format!("<@&{}>", role.get()))],
        ),
        Err(e) => failure_text(&crate::errors::platform_needing("manage-roles")(e), lang),
    }
}

/// What a press in a DM prompt or on a judge's card button comes to: a text, or the kill's
/// reason modal.
async fn pressed(data: &Data, c: &ComponentInteraction, user: Account, lang: Lang) -> Answer {
    let service = &data.service;
    let Some((game, what)) = parse(&c.data.custom_id) else {
        return Answer::Text(text(lang, "svc-stale-button", &[]));
    };
    // The id is the client's to send: a game of another server is refused, nothing done
    // (the service checks it).
    let guild = c.guild_id.map(ids::guild);
    if let Some(rest) = what.strip_prefix("card:") {
        let reply = card(data, c, game, rest, lang)
            .await
            .unwrap_or_else(|e| failure_text(&e, lang));
        return Answer::Text(reply);
    }
    let Some(choice) = Choice::from_key(what) else {
        return Answer::Text(text(lang, "svc-stale-button", &[]));
    };
    let target = match &c.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values
            .first()
            .and_then(|v| v.parse::<u16>().ok())
            .map(CharId),
        _ => None,
    };
    let at = At::Game { game, guild, user };
    if choice == Choice::Kill {
        if let Some(t) = target {
            // The reason comes in a modal; the kill is submitted when it does. The modal
            // opens only for whoever the engine lets kill `t` now (the copied id of another
            // seat's menu gets the submission's refusal, and no modal). Its length bounds
            // mirror the ruleset's `kill_reason_chars` for the player's convenience; the
            // engine checks it (a game that does not load gets the widest bounds, and the
            // submission is checked again).
            let ask = match service.may_kill(at, t, lang).await {
                Ok(ask) => ask,
                Err(ServiceError::Failed(f)) => {
                    tracing::warn!(error = %f, "the kill could not be checked before its reason");
                    ReasonAsk::unknown(lang)
                }
                Err(e) => return Answer::Text(refusal_text(&e, lang)),
            };
            return Answer::Modal(kill_reason_modal(game, t, &ask));
        }
    }
    let prompt = c.message.content.as_str();
    choose(
        data,
        at,
        choice,
        target,
        "",
        &c.id.to_string(),
        lang,
        prompt,
    )
    .await
}

/// A refused choice in the presser's language; a second press of something done already is
/// answered with what was recorded the first time.
fn refusal_text(e: &ServiceError, lang: Lang) -> String {
    e.recorded_text(lang)
        .unwrap_or_else(|| failure_text(e, lang))
}

/// The interaction a press or a submitted modal came in.
#[derive(Clone, Copy)]
enum Pressed<'a> {
    Button(&'a ComponentInteraction),
    Modal(&'a ModalInteraction),
}

/// How a press is answered.
enum Answer {
    /// A private text.
    Text(String),
    /// The prompt the press was made in, redrawn with what was chosen below its text
    /// (callback UPDATE_MESSAGE): the whole new text.
    Update(String),
    /// A modal (the callback body), which only a first, undeferred answer can open.
    Modal(serde_json::Value),
    /// A private text with components (a UNO hand and the moves open now).
    Hand(String, Vec<serenity::all::CreateActionRow>),
}

/// Runs `work` and answers the interaction with its [`Answer`], returning the rest of its
/// result. When the work is still waiting (for the database) after [`DEFER_AFTER`], the
/// interaction is deferred privately first and the text then replaces the deferral; a modal
/// can no longer be opened then, so the presser is asked to choose again.
///
/// # Errors
/// When Discord does not take the answer.
async fn patiently<T>(
    ctx: &serenity::Context,
    i: Pressed<'_>,
    work: impl std::future::Future<Output = (Answer, T)>,
) -> Result<T, Error> {
    let http = &ctx.http;
    let (id, token, lang) = match i {
        Pressed::Button(c) => (c.id, c.token.as_str(), locale_lang(Some(&c.locale))),
        Pressed::Modal(m) => (m.id, m.token.as_str(), locale_lang(Some(&m.locale))),
    };
    let mut work = std::pin::pin!(work);
    if let Ok((answer, rest)) = tokio::time::timeout(DEFER_AFTER, &mut work).await {
        match answer {
            Answer::Text(t) => {
                http.create_interaction_response(id, token, &ephemeral(t), Vec::new())
                    .await?
            }
            Answer::Update(t) => {
                let update = CreateInteractionResponse::UpdateMessage(
                    CreateInteractionResponseMessage::new()
                        .content(t)
                        .allowed_mentions(no_pings()),
                );
                http.create_interaction_response(id, token, &update, Vec::new())
                    .await?
            }
            Answer::Modal(m) => {
                http.create_interaction_response(id, token, &m, Vec::new())
                    .await?
            }
            Answer::Hand(t, rows) => {
                let m = CreateInteractionResponse::Message(
                    CreateInteractionResponseMessage::new()
                        .content(t)
                        .components(rows)
                        .ephemeral(true)
                        .allowed_mentions(no_pings()),
                );
                http.create_interaction_response(id, token, &m, Vec::new())
                    .await?
            }
        }
        return Ok(rest);
    }
    let defer =
        CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new().ephemeral(true));
    http.create_interaction_response(id, token, &defer, Vec::new())
        .await?;
    let (answer, rest) = work.await;
    // Deferred privately: the confirmation is that private answer (the prompt stays as it
    // was).
    let (t, rows) = match answer {
        Answer::Text(t) | Answer::Update(t) => (t, None),
        Answer::Modal(_) => (text(lang, "svc-slow-choose-again", &[]), None),
        Answer::Hand(t, rows) => (t, Some(rows)),
    };
    let mut edit = EditInteractionResponse::new()
        .content(t)
        .allowed_mentions(no_pings());
    if let Some(rows) = rows {
        edit = edit.components(rows);
    }
    http.edit_original_interaction_response(token, &edit, Vec::new())
        .await?;
    Ok(rest)
}

/// The modal asking for a kill's reason (its wording and length from [`ReasonAsk`]), in
/// Discord's current layout: a Label (type 18) wrapping a short text input. serenity 0.12's
/// `CreateModal` only builds the older action-row layout, so the callback body is written
/// here as JSON (and serenity is patched to read the submitted Label back:
/// `vendor/serenity/PATCHED.md`).
fn kill_reason_modal(game: GameId, target: CharId, ask: &ReasonAsk) -> serde_json::Value {
    let (min, max) = match ask.chars {
        0 => (1, engine::limits::MAX_REASON_CHARS),
        n => (n as usize, n as usize),
    };
    json!({
        "type": 9,
        "data": {
            "custom_id": format!("wj:{}:killr:{}", game.0, target.0),
            "title": ask.title,
            "components": [{
                "type": 18,
                "label": ask.label,
                "component": {
                    "type": 4,
                    "custom_id": "reason",
                    "style": 1,
                    "min_length": min,
                    "max_length": max,
                    "required": true,
                },
            }],
        },
    })
}

/// Handles a submitted modal (a kill's reason).
///
/// # Errors
/// When Discord does not take the response.
pub async fn on_modal(
    ctx: &serenity::Context,
    data: &Data,
    m: &ModalInteraction,
) -> Result<(), Error> {
    let lang = locale_lang(Some(&m.locale));
    let user = ids::account(m.user.id);
    let parsed = parse(&m.data.custom_id).and_then(|(game, what)| {
        let seat = what.strip_prefix("killr:")?.parse::<u16>().ok()?;
        Some((game, CharId(seat)))
    });
    let reason: String = m
        .data
        .components
        .iter()
        .flat_map(|row| row.components.iter())
        .find_map(|c| match c {
            ActionRowComponent::InputText(t) if t.custom_id == "reason" => t.value.clone(),
            _ => None,
        })
        .unwrap_or_default();
    patiently(ctx, Pressed::Modal(m), async {
        let Some((game, target)) = parsed else {
            return (Answer::Text(text(lang, "svc-stale-button", &[])), ());
        };
        let at = At::Game {
            game,
            guild: m.guild_id.map(ids::guild),
            user,
        };
        let prompt = m.message.as_ref().map_or("", |p| p.content.as_str());
        let reply = choose(
            data,
            at,
            Choice::Kill,
            Some(target),
            reason.trim(),
            &m.id.to_string(),
            lang,
            prompt,
        )
        .await;
        (reply, ())
    })
    .await
}

/// Acts on a choice (one service call) and says what came of it. Accepted, the prompt it was
/// made in (`prompt`, its text) is redrawn with what was recorded below it, and with what
/// the choice's own events tell its maker ([`notify::confirmation`]: the seer's answer, the
/// witch's potion), which no DM repeats; refused, why not, privately; a second press is
/// answered with what was recorded the first time.
#[allow(clippy::too_many_arguments)]
async fn choose(
    data: &Data,
    at: At,
    choice: Choice,
    target: Option<CharId>,
    reason: &str,
    key: &str,
    lang: Lang,
    prompt: &str,
) -> Answer {
    let intent = Intent::Choice {
        choice,
        target,
        reason: reason.to_string(),
    };
    match data.service.play(at, intent, &press_key(key)).await {
        Ok(played) => {
            data.wake.notify_one();
            let name = target
                .and_then(|t| played.state.chars().get(t.idx()))
                .map(|c| c.name.clone())
                .unwrap_or_default();
            let mut lines = vec![text(
                lang,
                "ok-choice",
                &[
                    ("choice", choice.label_in(&played.state, lang)),
                    ("name", name),
                ],
            )];
            if let Some(seat) = played.seat {
                lines.extend(notify::confirmation(
                    &played.events,
                    seat,
                    &played.state,
                    played.lang,
                ));
            }
            Answer::Update(with_choice(prompt, &lines))
        }
        Err(e) => Answer::Text(refusal_text(&e, lang)),
    }
}

/// What marks the choice shown below a prompt's text (a quote block).
const CHOSEN: &str = "\n\n> ";

/// `prompt` redrawn with `lines` (what was chosen) quoted below its text, in place of what
/// an earlier choice in it showed; the prompt's text is cut to keep the whole within one
/// message.
pub fn with_choice(prompt: &str, lines: &[String]) -> String {
    let base = prompt.split(CHOSEN).next().unwrap_or_default();
    let quoted: String = lines
        .iter()
        .flat_map(|l| l.lines())
        .map(|l| format!("> {l}"))
        .collect::<Vec<_>>()
        .join("\n");
    let room = super::messenger::MAX_LEN.saturating_sub(quoted.chars().count() + 2);
    let base: String = base.chars().take(room).collect();
    if base.is_empty() {
        return quoted.chars().take(super::messenger::MAX_LEN).collect();
    }
    format!("{base}\n\n{quoted}")
}

/// Checks that sign-up `id` is one of the server its button was pressed in.
///
/// # Errors
/// [`Refusal::ForeignGame`]; [`Refusal::NoGame`]; database errors.
async fn signup_in(
    service: &Service,
    id: service::SignupId,
    guild: Option<Guild>,
) -> Result<(), ServiceError> {
    if guild == Some(service.signup(id).await?.row.guild) {
        Ok(())
    } else {
        Err(ServiceError::Refused(Refusal::ForeignGame))
    }
}

/// The judge's one-click card on a reported violation (`card:<seat>:<color>`): the judge
/// role and the game checked in one service call, the card written in another.
async fn card(
    data: &Data,
    c: &ComponentInteraction,
    game: GameId,
    what: &str,
    lang: Lang,
) -> Result<String, ServiceError> {
    let service = &data.service;
    let roles: Vec<ServerRole> = c
        .member
        .as_ref()
        .map(|m| m.roles.iter().map(|r| ids::role(*r)).collect())
        .unwrap_or_default();
    let at = At::Game {
        game,
        guild: Some(ids::guild(c.guild_id.ok_or(Refusal::NotJudge)?)),
        user: ids::account(c.user.id),
    };
    let key = press_key(c.id);
    let j = service.judging(at, &roles, &key).await?;
    // As `/judge`: a judge who plays in the game does not judge it (unless allowed).
    j.allowed()?;
    let (seat, color) = what.split_once(':').ok_or(Refusal::NoGame)?;
    let target = CharId(
        seat.parse()
            .map_err(|_| ServiceError::Refused(Refusal::NoGame))?,
    );
    let color = match color {
        "blue" => Color::Blue,
        "yellow" => Color::Yellow,
        _ => Color::Red,
    };
    let action = Action::Card {
        target,
        color,
        reason: text(j.lang, "flag-card-reason", &[]),
    };
    service.judge_on(&j, action, &key).await?;
    data.wake.notify_one();
    let name = j
        .state
        .chars()
        .get(target.idx())
        .map(|ch| ch.name.clone())
        .unwrap_or_default();
    Ok(text(lang, "ok-card", &[("name", name)]))
}

#[cfg(test)]
mod tests {
    use super::with_choice;

    /// A choice shows below the prompt's text; a second choice in the same prompt replaces
    /// the first's lines instead of piling up; a prompt too long for the quote is cut, never
    /// the quote.
    #[test]
    fn a_choice_is_quoted_below_its_prompt_once() {
        let first = with_choice("Night 1: choose.", &["Recorded: Ash.".into()]);
        assert_eq!(first, "Night 1: choose.\n\n> Recorded: Ash.");
        let again = with_choice(&first, &["Recorded: Birch.".into(), "a\nb".into()]);
        assert_eq!(again, "Night 1: choose.\n\n> Recorded: Birch.\n> a\n> b");
        let long = "x".repeat(3000);
        let cut = with_choice(&long, &["Recorded.".into()]);
        assert_eq!(cut.chars().count(), crate::messenger::MAX_LEN);
        assert!(
            cut.ends_with("\n\n> Recorded."),
            "{}",
            &cut[cut.len() - 20..]
        );
    }
}
