//! Sign-up management on Discord, beside `/join` and `/leave` ([`super::wolf`]): the ping of
//! the server's "notify me" role when a sign-up opens (the one message that may mention
//! anyone: it allows exactly that role) and its opt-in/opt-out buttons, the bench buttons
//! on the sign-up post, and the DMs that offer a seat to the bench (`/judge replace`).
//!
//! Component ids: `wj:notify:on|off`, `wj:signup:<id>:bench|unbench`, `wj:seat:<offer>:take`.
//! As every id, nothing in them is trusted: the service checks the server, the bench and
//! the offer.

use crate::ids::Discord;
use poise::serenity_prelude as serenity;
use serenity::all::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateButton, CreateMessage, Http,
};

use crate::messenger::no_pings;
use i18n::{text, Lang};
use service::substitutes::Offer;
use service::{board, Channel, ServerRole, Signup, SignupId};

/// The opt-in button's id (the server is the press's).
pub const NOTIFY_ON: &str = "wj:notify:on";
/// The opt-out button's id.
pub const NOTIFY_OFF: &str = "wj:notify:off";

/// "Notify me" and "Stop notifying me", for the server's notify role.
pub fn notify_buttons(lang: Lang) -> CreateActionRow {
    CreateActionRow::Buttons(vec![
        CreateButton::new(NOTIFY_ON)
            .label(text(lang, "button-notify-on", &[]))
            .style(ButtonStyle::Success),
        CreateButton::new(NOTIFY_OFF)
            .label(text(lang, "button-notify-off", &[]))
            .style(ButtonStyle::Secondary),
    ])
}

/// Whether a press is on the opt-in (`Some(true)`) or opt-out (`Some(false)`) button.
pub fn parse_notify_button(id: &str) -> Option<bool> {
    match id {
        NOTIFY_ON => Some(true),
        NOTIFY_OFF => Some(false),
        _ => None,
    }
}

/// Pings `role` in the new sign-up's post `thread`: the only mention allowed is that role's
/// (every other message of the bot allows none). Best effort: the sign-up is open anyway.
pub async fn ping_opening(http: &Http, s: &Signup, role: ServerRole, thread: Channel) {
    let content = text(
        s.row.lang,
        "signup-ping",
        &[
            ("role", format!("<@&{}>", role.get())),
            ("ruleset", board::board_name(&s.row.ruleset, s.row.lang)),
            ("judge", service::mention(s.row.judge)),
        ],
    );
    let sent = thread
        .discord()
        .send_message(
            http,
            CreateMessage::new()
                .content(content)
                .components(vec![notify_buttons(s.row.lang)])
                .allowed_mentions(CreateAllowedMentions::new().roles([role.discord()])),
        )
        .await;
    if let Err(e) = sent {
        tracing::warn!(error = %e, "could not ping the notify role for a new sign-up");
    }
}

/// The sign-up post's bench buttons: volunteer as a substitute, or stop.
pub fn bench_buttons(s: &Signup) -> CreateActionRow {
    CreateActionRow::Buttons(vec![
        CreateButton::new(format!("wj:signup:{}:bench", s.row.id.0))
            .label(text(s.row.lang, "button-bench", &[]))
            .style(ButtonStyle::Secondary),
        CreateButton::new(format!("wj:signup:{}:unbench", s.row.id.0))
            .label(text(s.row.lang, "button-unbench", &[]))
            .style(ButtonStyle::Secondary),
    ])
}

/// The sign-up whose bench button was pressed, and whether to volunteer (`true`) or stop.
pub fn parse_bench_button(id: &str) -> Option<(SignupId, bool)> {
    let rest = id.strip_prefix("wj:signup:")?;
    let (n, what) = rest.split_once(':')?;
    let n = SignupId(n.parse().ok()?);
    match what {
        "bench" => Some((n, true)),
        "unbench" => Some((n, false)),
        _ => None,
    }
}

/// The bench shown on the sign-up post (empty when nobody volunteered).
pub fn bench_lines(s: &Signup) -> String {
    if s.bench.is_empty() {
        return String::new();
    }
    let names: Vec<String> = s
        .bench
        .iter()
        .map(|(a, name)| format!("{name} {}", service::mention(*a)))
        .collect();
    format!(
        "\n{}\n{}",
        text(s.row.lang, "signup-bench", &[]),
        names.join("\n")
    )
}

/// The offer whose "take the seat" button was pressed (`wj:seat:<offer>:take`).
pub fn parse_seat_button(id: &str) -> Option<i64> {
    id.strip_prefix("wj:seat:")?
        .strip_suffix(":take")?
        .parse()
        .ok()
}

/// DMs each volunteer of `offer` the seat, with the button that takes it, in the game's
/// language; how many DMs went through. The character's role is not told until one takes it.
pub async fn offer_to_bench(http: &Http, offer: &Offer) -> usize {
    let content = text(
        offer.lang,
        "dm-bench-offer",
        &[("name", offer.name.clone())],
    );
    let button = CreateActionRow::Buttons(vec![CreateButton::new(format!(
        "wj:seat:{}:take",
        offer.id
    ))
    .label(text(offer.lang, "button-take-seat", &[]))
    .style(ButtonStyle::Primary)]);
    let mut sent = 0;
    for user in &offer.bench {
        let dm = async {
            let channel = user.discord().create_dm_channel(http).await?;
            channel
                .id
                .send_message(
                    http,
                    CreateMessage::new()
                        .content(content.clone())
                        .components(vec![button.clone()])
                        .allowed_mentions(no_pings()),
                )
                .await
        };
        match dm.await {
            Ok(_) => sent += 1,
            Err(e) => tracing::warn!(error = %e, "could not offer a seat to a substitute"),
        }
    }
    sent
}
