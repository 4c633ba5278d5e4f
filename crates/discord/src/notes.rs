//! The judge's notes about what Discord refused, naming people: a message set aside is
//! reported for its reader (a character and its player's display name, or the game's post)
//! with what happened and what to do ([`explain`]); a player whose DMs are closed, or who
//! left the server, is one note per game, player and cause, not one per message, and a
//! repeat (another refused DM, a restart, the leave event after a failed role change)
//! writes nothing: each such note is an outbox row under a nonce of its own
//! ([`once_nonce`]), and the outbox writes a nonce once.
//!
//! A member who leaves is learned at once from the gateway's `GUILD_MEMBER_REMOVE` (with
//! the Server Members intent, [`member_left`]), else at the latest when a DM to them is
//! refused (Discord then says 50007; the bot asks whether they are still a member) or a role
//! change for them is (10007).

use serenity::all::Http;

use notify::prompt::Moderate;
use notify::Recipient;
use runtime::dispatch::{OutMessage, SendError};
use service::{Account, GameId, Guild, Route, Service};
use store::outbox::{Notice, MAX_ATTEMPTS};

use crate::errors::DiscordError;
use crate::ids::Discord;
use crate::pace::Pace;

/// Why a player is noted once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// The bot's DMs to them are refused.
    DmClosed,
    /// They left the server.
    Left,
}

impl Cause {
    fn key(self) -> &'static str {
        match self {
            Cause::DmClosed => "dm-closed",
            Cause::Left => "left",
        }
    }
}

/// The nonce of the judge's one note about `cause` for the player `user` of `seat` in
/// `game`: the same whichever path learns it first.
pub fn once_nonce(game: GameId, cause: Cause, seat: u16, user: Account) -> String {
    format!("g{}-note-{}-{seat}-{}", game.0, cause.key(), user.get())
}

/// A seat's character name and its player's display name (as the server last showed it;
/// a mention when the bot never saw one).
async fn player(service: &Service, route: &Route, seat: u16, user: Account) -> (String, String) {
    let character = match service.game(route.game).await {
        Ok((g, _)) => g.chars().get(usize::from(seat)).map(|c| c.name.clone()),
        Err(_) => None,
    }
    .unwrap_or_else(|| format!("#{seat}"));
    let display = service
        .store()
        .member_names(route.guild)
        .await
        .ok()
        .and_then(|names| names.into_iter().find(|(a, _)| *a == user))
        .map_or_else(|| service::mention(user), |(_, n)| n);
    (character, display)
}

/// The once-only note about `cause` for `seat`'s player, in the game's language.
async fn note_once(
    service: &Service,
    route: &Route,
    seat: u16,
    user: Account,
    cause: Cause,
    start: &str,
) -> Notice {
    let (name, player) = player(service, route, seat, user).await;
    let key = match cause {
        Cause::DmClosed => "note-dm-closed",
        Cause::Left => "note-member-left",
    };
    let text = i18n::text(
        route.lang,
        key,
        &[
            ("name", name),
            ("player", player),
            ("start", notify::quoted(start)),
        ],
    );
    Notice {
        text,
        nonce: Some(once_nonce(route.game, cause, seat, user)),
    }
}

/// The permission a message's requests need, named when Discord says one is missing.
fn needed(msg: &OutMessage) -> &'static str {
    let meta = msg.meta.as_ref();
    match meta.and_then(|m| m.moderate.as_ref()) {
        Some(Moderate::LockDay { .. } | Moderate::Lock { .. }) => return "manage-threads",
        Some(_) => return "manage-roles",
        None => {}
    }
    if meta.is_some_and(|m| m.camp.is_some()) {
        return "create-private-threads";
    }
    if meta.is_some_and(|m| m.post.as_ref().is_some_and(|p| p.relay_as.is_some())) {
        return "manage-webhooks";
    }
    if meta.is_some_and(|m| m.new_post.is_some()) || msg.channel != Recipient::Public {
        return "send-messages";
    }
    "send-messages-in-threads"
}

/// Whether `user` is still a member of `guild`: Discord refuses a DM to a user who shares
/// no server with the bot as it refuses one to closed DMs (50007), so a refused DM asks.
/// `None` when Discord did not say.
async fn still_member(http: &Http, pace: &Pace, guild: Guild, user: Account) -> Option<bool> {
    pace.step().await;
    match http.get_member(guild.discord(), user.discord()).await {
        Ok(_) => Some(true),
        Err(e) => match DiscordError::of(&e) {
            DiscordError::UnknownMember { .. } => Some(false),
            _ => None,
        },
    }
}

/// `e` with the judge's note to write if its message is set aside now: for a seat's DM,
/// its character and player by name (once, for closed DMs or a player who left), for the
/// game's post, where; and what happened and what to do, in the game's language.
pub async fn explain(
    http: &Http,
    pace: &Pace,
    service: &Service,
    msg: &OutMessage,
    route: &Route,
    e: SendError,
) -> SendError {
    // Nothing is noted about the judge's log itself (the store logs it).
    if msg.channel == Recipient::Judge {
        return e;
    }
    let kind = DiscordError::in_send(&e)
        .unwrap_or(DiscordError::Unavailable)
        .needing(needed(msg));
    let lang = route.lang;
    let seat: Option<u16> = msg.channel.seat().map(|c| c.0);
    let reader = seat.and_then(|s| route.seats.get(&s).map(|a| (s, *a)));
    // A player who left (a role change for them refused), or whose DMs are refused.
    let left = match kind {
        DiscordError::UnknownMember { user: Some(u) } => route
            .seats
            .iter()
            .find(|(_, a)| a.get() == u)
            .map(|(s, a)| (*s, *a)),
        _ => None,
    };
    if let Some((s, a)) = left {
        let note = note_once(service, route, s, a, Cause::Left, &msg.body).await;
        return e.telling(note);
    }
    if let (DiscordError::CannotDm, Some((s, a))) = (kind, reader) {
        let cause = match still_member(http, pace, route.guild, a).await {
            Some(false) => Cause::Left,
            _ => Cause::DmClosed,
        };
        let note = note_once(service, route, s, a, cause, &msg.body).await;
        return e.telling(note);
    }
    let to = match reader {
        Some((s, a)) => {
            let (name, player) = player(service, route, s, a).await;
            i18n::text(
                lang,
                "note-player-dms",
                &[("name", name), ("player", player)],
            )
        }
        None => i18n::text(lang, "outbox-to-public", &[]),
    };
    let why = kind.text(lang);
    if !e.permanent {
        let text = notify::undeliverable_note(lang, &to, &why, MAX_ATTEMPTS, &msg.body);
        return e.telling(Notice { text, nonce: None });
    }
    let text = notify::refused_note(lang, &to, &why, &msg.body);
    // What is wrong with the channel meets every message there: one note per channel.
    let nonce = kind.about_the_channel().then(|| {
        let place = match reader {
            Some((s, a)) => format!("{s}-{}", a.get()),
            None => where_public(msg, route).to_string(),
        };
        format!("g{}-note-{}-{place}", route.game.0, kind.name())
    });
    e.telling(Notice { text, nonce })
}

/// Where a public message went: the server (a role change), the forum (a new post), else
/// the game's current post.
fn where_public(msg: &OutMessage, route: &Route) -> u64 {
    let meta = msg.meta.as_ref();
    if meta.is_some_and(|m| m.moderate.is_some()) {
        return route.guild.get();
    }
    if meta.is_some_and(|m| m.new_post.is_some()) {
        return route.forum.get();
    }
    route.public_thread().unwrap_or(route.forum).get()
}

/// A member left server `guild` (the gateway's `GUILD_MEMBER_REMOVE`): the judge of each
/// running game they play in is told which character's player left and how to replace
/// them, once.
///
/// # Errors
/// Database errors (the event is not repeated: logged by the caller).
pub async fn member_left(
    service: &Service,
    guild: Guild,
    user: Account,
) -> Result<usize, service::ServiceError> {
    let seats = service.store().running_seats_in(guild, user).await?;
    for (game, seat) in &seats {
        let route = service.route(*game).await?;
        let Ok(seat) = u16::try_from(*seat) else {
            continue;
        };
        let note = note_once(service, &route, seat, user, Cause::Left, "").await;
        let nonce = note.nonce.unwrap_or_default();
        service.log(*game, &note.text, &nonce).await?;
    }
    Ok(seats.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use i18n::Lang;

    #[test]
    fn one_note_per_game_player_and_cause() {
        let a = Account::new(42);
        let left = once_nonce(GameId(7), Cause::Left, 3, a);
        assert_eq!(left, once_nonce(GameId(7), Cause::Left, 3, a));
        assert_ne!(left, once_nonce(GameId(7), Cause::DmClosed, 3, a));
        assert_ne!(left, once_nonce(GameId(8), Cause::Left, 3, a));
        // A substitute in the same seat is another player.
        assert_ne!(
            left,
            once_nonce(GameId(7), Cause::Left, 3, Account::new(43))
        );
    }

    #[test]
    fn notes_name_people_in_both_languages() {
        for lang in [Lang::Zh, Lang::En] {
            for key in ["note-dm-closed", "note-member-left"] {
                let said = i18n::text(
                    lang,
                    key,
                    &[
                        ("name", "Ash".into()),
                        ("player", "Bo".into()),
                        ("start", "夜晚".into()),
                    ],
                );
                assert!(said.contains("Ash") && said.contains("Bo"), "{said}");
                let replace = i18n::text(lang, "cmd-judge-replace", &[]);
                assert!(said.contains(&replace), "{said}");
            }
        }
    }
}
