//! The outbox's messenger on Discord: public messages go to the day's forum post (a new
//! post when a day opens), the judge's to the log channel, a seat's by DM to the account
//! playing it now. Menus and buttons come from the message's [`Delivery`]; their ids carry
//! the game and the choice, so a press after a restart still works.
//!
//! Each message is shown once. Every message is sent with a nonce derived from its outbox
//! nonce and `enforce_nonce`, but Discord only remembers a nonce for a few minutes, and
//! forum posts and webhook relays take none. So when the outbox says an earlier attempt may
//! have shown a message ([`Earlier`]: its dispatcher died between send and mark, or a send
//! failed after its request left), the messenger first looks on Discord for what that
//! attempt showed, newer than the channel's previous delivered message: the bot's (or its
//! relay webhook's) messages carrying the message's parts in order, or the forum post of the
//! day by its title; it sends only what is missing. It returns the id of the message shown
//! (the first part, or the new post), which the outbox keeps.
//!
//! Within Discord's rules: every message allows no mentions ([`no_pings`]: a vote reason or
//! last words saying `@everyone` ping nobody); every text is cut into messages of at most
//! [`MAX_LEN`] characters at line ends by the one [`split`] (a relayed post too, in order);
//! a send Discord refuses for good (a 4xx other than 429) is a permanent [`SendError`], so
//! the outbox reports it to the judge at once and the channel moves on.

use crate::ids::{self, Discord};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use serenity::all::{
    AutoArchiveDuration, Builder, ButtonStyle, ChannelId, ChannelType, CreateActionRow,
    CreateAllowedMentions, CreateAttachment, CreateButton, CreateForumPost, CreateMessage,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, CreateThread, CreateWebhook,
    EditMessage, ExecuteWebhook, GetMessages, Http, Message, MessageId, Nonce, UserId,
};
use sha2::{Digest, Sha256};

use chart::Png;
use engine::CharId;
use i18n::text;
use i18n::{self, Lang};
use notify::camp::{Camp, CampAction};
use notify::prompt::{Delivery, Moderate, NewPost, PostRef, TallyRef};
use notify::Recipient;
use runtime::dispatch::{Earlier, Messenger, OutMessage, SendError};
use service::{anon, Account, Channel, Elevator, GameId, Route, Service, Webhook};

use super::pace::Pace;
use crate::errors::DiscordError;
use crate::notes;

mod camp;
mod delivery;
mod elevator;
mod replace;
mod tally;
mod text;

pub use delivery::already_shown;
use delivery::{look_after, webhook, Author};
use text::discord_nonce;
pub(crate) use text::with_due;
pub use text::{chart_messages, split, split_within, MAX_FILES};

/// Discord's limit on a message's length, in characters.
pub const MAX_LEN: usize = 2000;

/// Mentions in the bot's messages ping nobody: the texts carry players' words (vote
/// reasons, last words, relayed posts), and a `<@…>` the bot writes itself is there to name
/// someone, not to wake them (a DM already notifies its reader).
pub fn no_pings() -> CreateAllowedMentions {
    CreateAllowedMentions::new()
}

/// Sends outbox messages through Discord's REST API.
#[derive(Clone)]
pub struct DiscordMessenger {
    pub http: Arc<Http>,
    pub service: Service,
    /// Each player's DM channel, once opened: a DM channel between the bot and a user never
    /// changes, so it is opened once per user and process instead of before every DM (each
    /// opening is a request counted against Discord's rate limits).
    pub dm_channels: Arc<Mutex<BTreeMap<Account, Channel>>>,
    /// One lock per Discord rate-limit bucket that two senders may share ([`Turn`]): the
    /// vote count from the outbox and the post index from its redraw task; two games'
    /// messages to one judge's log, or one player's DMs. serenity's limiter (patched,
    /// `vendor/serenity/PATCHED.md`) now sends one bucket's requests one at a time; these
    /// locks take whole messages in turn, so that one message's requests (its parts, the
    /// opening of its DM channel) are not interleaved with another channel's in the same
    /// bucket, and a message that must wait for its bucket waits here, before it takes a
    /// step of the outbox's pace. Requests of one bucket cannot go faster than its limit
    /// anyway, so taking them in turn costs nothing.
    turns: Arc<Mutex<BTreeMap<Turn, Arc<tokio::sync::Mutex<()>>>>>,
    /// Held (shared) by every message's delivery, and alone by one that an earlier attempt
    /// may have shown: looking for what it showed reads server-wide routes (the active
    /// threads) that no [`Turn`] covers. Such sends only follow a crash or a failure.
    recovering: Arc<tokio::sync::RwLock<()>>,
    /// The outbox's share of the global limit, taken before every request.
    pace: Pace,
    /// The day indexes: when each was last redrawn, and those with new posts waiting for
    /// their turn; and how often one may be redrawn ([`INDEX_EVERY`] unless set).
    indexes: Arc<Mutex<Indexes>>,
    index_every: std::time::Duration,
    /// The vote counts: when each was last redrawn, the latest change of each waiting for
    /// its turn, and the latest outbox row each shows (an older one is never drawn over
    /// it); and how often one may be redrawn ([`COUNT_EVERY`] unless set).
    counts: Arc<Mutex<Counts>>,
    counts_shown: Arc<Mutex<BTreeMap<CountKey, i64>>>,
    count_every: std::time::Duration,
    /// Members' roles as Discord last told them ([`crate::moderation::MemberRoles`]).
    members: crate::moderation::MemberRoles,
}

/// How long after its last message Discord archives a day's post: a week, so that the
/// post stays in the forum's list while the game goes on (players reread yesterday's
/// votes) and the bot spends no request a day archiving it; the post is locked at
/// nightfall, and the last one locked and archived at the end.
pub const DAY_POST_ARCHIVE: AutoArchiveDuration = AutoArchiveDuration::OneWeek;

/// A day's index is redrawn at most once in this time while posts come in (always to the
/// latest posts): each redraw is a request against Discord's global limit.
pub const INDEX_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// A round's vote count is redrawn at most once in this time while votes come in (always
/// to the latest count; the count at the close at once): each redraw is a request against
/// Discord's global limit and the post's 5 edits per 5 s.
pub const COUNT_EVERY: std::time::Duration = std::time::Duration::from_secs(10);

/// Redraws of things drawn in full each time (a day's index, a round's vote count), each
/// at most once in a given time while changes come in: when each was last drawn, and the
/// latest change of each waiting for its turn.
struct Throttle<K, V> {
    drawn: BTreeMap<K, std::time::Instant>,
    waiting: BTreeMap<K, V>,
}

impl<K, V> Default for Throttle<K, V> {
    fn default() -> Self {
        Throttle {
            drawn: BTreeMap::new(),
            waiting: BTreeMap::new(),
        }
    }
}

/// The day indexes' redraws, by game and day.
type Indexes = Throttle<(i64, u32), Elevator>;

/// A round's vote count: its game, day and round.
type CountKey = (GameId, u32, u32);

/// The vote counts' redraws, by count.
type Counts = Throttle<CountKey, WaitingCount>;

/// A vote count's redraw waiting for its turn: the outbox row it shows (the latest one)
/// and what it edits.
#[derive(Debug, Clone)]
struct WaitingCount {
    key: CountKey,
    row: i64,
    channel: Channel,
    message: service::Message,
    text: String,
}

/// What two outbox channels sending at once may share on Discord, taken in turn: one
/// judge's log (several games may log to it), one player's DMs (a player may be in several
/// games), opening DM channels (one bucket for the bot), a forum's new posts and its relay
/// webhook (one each per forum), a server's roles and camp threads, and one channel's
/// edits (the vote count and the day index).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Turn {
    Log(u64),
    Dm(u64),
    OpenDm,
    Forum(u64),
    Server(u64),
    Edits(u64),
    /// A round's vote count, by game, day and round: its immediate and waiting redraws.
    Count(GameId, u32, u32),
}

impl DiscordMessenger {
    /// A messenger through `http` for the games of `service`.
    pub fn new(http: Arc<Http>, service: Service) -> DiscordMessenger {
        DiscordMessenger {
            http,
            service,
            dm_channels: Arc::default(),
            turns: Arc::default(),
            recovering: Arc::default(),
            pace: Pace::outbox(),
            indexes: Arc::default(),
            index_every: INDEX_EVERY,
            counts: Arc::default(),
            counts_shown: Arc::default(),
            count_every: COUNT_EVERY,
            members: Default::default(),
        }
    }

    /// The same, redrawing a vote count at most once in `every`.
    pub fn with_count_every(mut self, every: std::time::Duration) -> DiscordMessenger {
        self.count_every = every;
        self
    }

    /// The same, knowing members' roles from `members` (the gateway's, in this process).
    pub fn with_members(mut self, members: crate::moderation::MemberRoles) -> DiscordMessenger {
        self.members = members;
        self
    }

    /// The same, redrawing a day's index at most once in `every`.
    pub fn with_index_every(mut self, every: std::time::Duration) -> DiscordMessenger {
        self.index_every = every;
        self
    }

    /// The pace its requests take: other requests of the bot's that may come many at once
    /// (the day posts' read-backs) take it too, so that together they stay within
    /// Discord's global limit.
    pub fn pace(&self) -> Pace {
        self.pace.clone()
    }

    /// Waits for `turn`'s lock (see [`DiscordMessenger::turns`]).
    async fn turn(&self, turn: Turn) -> tokio::sync::OwnedMutexGuard<()> {
        let lock = {
            let mut turns = self
                .turns
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            Arc::clone(turns.entry(turn).or_default())
        };
        lock.lock_owned().await
    }

    /// Edits message `id` of `channel`, in turn with the channel's other edits (see
    /// [`DiscordMessenger::turns`]).
    async fn edit_in(
        &self,
        channel: ChannelId,
        id: MessageId,
        edit: EditMessage,
    ) -> serenity::Result<Message> {
        let _turn = self.turn(Turn::Edits(channel.get())).await;
        self.pace.step().await;
        channel.edit_message(&*self.http, id, edit).await
    }

    /// The DM channel with `user`, opened the first time it is needed.
    async fn dm_channel(&self, user: Account) -> Result<Channel, SendError> {
        let known = self
            .dm_channels
            .lock()
            .ok()
            .and_then(|m| m.get(&user).copied());
        if let Some(id) = known {
            return Ok(id);
        }
        let _turn = self.turn(Turn::OpenDm).await;
        self.pace.step().await;
        let dm = user
            .discord()
            .create_dm_channel(&*self.http)
            .await
            .map_err(failed)?;
        if let Ok(mut m) = self.dm_channels.lock() {
            m.insert(user, ids::channel(dm.id));
        }
        Ok(ids::channel(dm.id))
    }
}

/// The component id of a choice: `wj:<game>:<choice>`.
pub fn component_id(game: GameId, choice: &str) -> String {
    format!("wj:{}:{choice}", game.0)
}

/// The menus and buttons of a message.
pub fn components(game: GameId, d: &Delivery) -> Vec<CreateActionRow> {
    let mut rows: Vec<CreateActionRow> = d
        .menus
        .iter()
        .filter(|m| !m.options.is_empty())
        .map(|m| {
            let options = m
                .options
                .iter()
                .take(25)
                .map(|(seat, name)| CreateSelectMenuOption::new(name, seat.to_string()))
                .collect();
            CreateActionRow::SelectMenu(
                CreateSelectMenu::new(
                    component_id(game, m.choice.key()),
                    CreateSelectMenuKind::String { options },
                )
                .placeholder(&m.label),
            )
        })
        .collect();
    if let Some(seat) = d.card_for {
        // The judge's one-click card for a reported violation.
        rows.push(CreateActionRow::Buttons(
            [("blue", "🟦"), ("yellow", "🟨")]
                .into_iter()
                .map(|(color, icon)| {
                    CreateButton::new(component_id(game, &format!("card:{seat}:{color}")))
                        .label(icon)
                        .style(ButtonStyle::Danger)
                })
                .collect(),
        ));
    }
    if !d.buttons.is_empty() {
        rows.push(CreateActionRow::Buttons(
            d.buttons
                .iter()
                .map(|b| {
                    CreateButton::new(component_id(game, b.choice.key()))
                        .label(&b.label)
                        .style(ButtonStyle::Secondary)
                })
                .collect(),
        ));
    }
    rows
}

fn failed(e: impl std::fmt::Display) -> SendError {
    SendError::new(e.to_string())
}

/// A failed request: permanent when Discord refused it for good (a 4xx other than 429:
/// too long, invalid, missing access), or serenity refused to send it for a limit of
/// Discord's it breaks (a message too long, an embed too large: a model error, found
/// before any request), since sending it again cannot work; otherwise (a rate limit, a
/// 5xx, the network) it is tried again later.
///
/// Either way it carries the error's [`DiscordError`], which the judge's note words
/// ([`crate::notes::explain`]).
pub fn refused(e: serenity::Error) -> SendError {
    let kind = DiscordError::of(&e);
    let permanent = match &e {
        serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r)) => {
            let status = r.status_code.as_u16();
            (400..500).contains(&status) && status != 429
        }
        serenity::Error::Model(_) => true,
        _ => false,
    };
    let sent = if permanent {
        SendError::refused(e.to_string())
    } else {
        SendError::new(e.to_string())
    };
    sent.because(kind)
}

/// Whether Discord answered that the message (or channel) is not there (404).
fn not_found(e: &serenity::Error) -> bool {
    matches!(
        e,
        serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r))
            if r.status_code.as_u16() == 404
    )
}

impl Messenger for DiscordMessenger {
    async fn send(
        &self,
        msg: &OutMessage,
        earlier: Option<Earlier>,
    ) -> Result<Option<u64>, SendError> {
        // A player's DM carrying a deadline (a night's prompt) goes before anything else
        // waiting for the pace.
        Pace::first(store::outbox::is_prompt(msg), self.send_first(msg, earlier)).await
    }
}

impl DiscordMessenger {
    /// [`Messenger::send`], its requests going first or not.
    async fn send_first(
        &self,
        msg: &OutMessage,
        earlier: Option<Earlier>,
    ) -> Result<Option<u64>, SendError> {
        let route = self.service.route(msg.game_id).await.map_err(failed)?;
        match self.send_on(msg, earlier, route.clone()).await {
            // Refused for good: if its post was deleted, a new post replaces it and the
            // message goes there (nothing of it was shown in the deleted post).
            Err(e) if e.permanent => match self.replaced(msg, &route).await {
                Some(route) => self.send_on(msg, None, route).await,
                None => Err(e),
            },
            sent => sent,
        }
    }
}

impl DiscordMessenger {
    /// Sends `msg` along `route` (see [`Messenger::send`]).
    async fn send_on(
        &self,
        msg: &OutMessage,
        earlier: Option<Earlier>,
        route: Route,
    ) -> Result<Option<u64>, SendError> {
        // Alone when looking for what an earlier attempt showed; else beside the others,
        // in turn with those sharing a bucket with this message.
        let (_alone, _shared);
        if earlier.is_some() {
            _alone = self.recovering.write().await;
        } else {
            _shared = self.recovering.read().await;
        }
        let _turn = match shared_bucket(msg, &route) {
            Some(turn) => Some(self.turn(turn).await),
            None => None,
        };
        let sent = match msg.meta.as_ref().and_then(|m| m.tally) {
            Some(tally) => self.tally(msg, tally, earlier, route).await,
            None => self.deliver(msg, earlier, route).await.map(Some),
        };
        match sent {
            // The judge's note, should the message be set aside: read afresh (a failure
            // is rare, and the route may have changed meanwhile).
            Err(e) => match self.service.route(msg.game_id).await {
                Ok(route) => {
                    Err(notes::explain(&self.http, &self.pace, &self.service, msg, &route, e).await)
                }
                Err(_) => Err(e),
            },
            ok => ok,
        }
    }

    /// After Discord refused `msg` for good: when the post it was for (a game's public
    /// post) is gone, it is replaced ([`DiscordMessenger::replace_lost_post`]) and the route
    /// to the new post returned; `None` otherwise (the refusal stands).
    async fn replaced(&self, msg: &OutMessage, route: &Route) -> Option<Route> {
        let meta = msg.meta.clone().unwrap_or_default();
        // The game's posts and the posts relayed into them (a lane of their own).
        if !msg.channel.in_public_post()
            || meta.new_post.is_some()
            || meta.camp.is_some()
            || meta.moderate.is_some()
        {
            return None;
        }
        let day = meta.tally.map(|t| t.day).or(meta.post.map(|p| p.day));
        let post = day
            .and_then(|d| route.days.get(&d).copied())
            .or_else(|| route.public_thread())?;
        if !self.is_gone(post).await {
            return None;
        }
        if let Err(e) = self.replace_lost_post(post).await {
            tracing::warn!(error = %e, "could not replace a deleted post");
            return None;
        }
        let now = self.service.route(route.game).await.ok()?;
        let moved = now.days != route.days || now.signup_thread != route.signup_thread;
        moved.then_some(now)
    }
}

/// The bucket a message's requests may share with another outbox channel's ([`Turn`]),
/// if any: a message in a game's own post (the count, an announcement) or its camp's
/// thread shares nothing but the edits, which [`DiscordMessenger::edit_in`] takes in turn.
fn shared_bucket(msg: &OutMessage, route: &Route) -> Option<Turn> {
    let meta = msg.meta.as_ref();
    if meta.is_some_and(|m| m.moderate.is_some() || m.camp.is_some()) {
        return Some(Turn::Server(route.guild.get()));
    }
    if meta.is_some_and(|m| {
        m.new_post.is_some() || m.post.as_ref().is_some_and(|p| p.relay_as.is_some())
    }) {
        return Some(Turn::Forum(route.forum.get()));
    }
    match msg.channel {
        Recipient::Judge => Some(Turn::Log(route.log.get())),
        Recipient::Seat(seat) => route.seats.get(&seat.0).map(|a| Turn::Dm(a.get())),
        Recipient::Public | Recipient::Relay | Recipient::Roles | Recipient::Camp(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::delivery::{CLOCK_SKEW_MS, DISCORD_EPOCH_MS};
    use super::*;
    use service::Guild;

    fn route(game: i64, log: u64, seats: &[(u16, u64)]) -> Route {
        Route {
            game: GameId(game),
            guild: Guild::new(7),
            forum: Channel::new(8),
            log: Channel::new(log),
            signup_thread: None,
            days: BTreeMap::from([(1, Channel::new(100 + game as u64))]),
            seats: seats.iter().map(|(s, a)| (*s, Account::new(*a))).collect(),
            lang: Lang::En,
        }
    }

    fn out(game: i64, channel: Recipient, meta: Option<Delivery>) -> OutMessage {
        OutMessage {
            id: 1,
            game_id: GameId(game),
            channel,
            body: "x".into(),
            nonce: "n".into(),
            meta,
        }
    }

    /// Two games logging to one channel, or one player in two games, share a bucket on
    /// Discord: their messages are taken in turn. Two games' own posts share nothing.
    #[test]
    fn messages_sharing_a_bucket_take_turns() {
        let (a, b) = (
            route(1, 50, &[(3, 900)]),
            route(2, 50, &[(5, 900), (6, 901)]),
        );
        let turn = |m: &OutMessage, r: &Route| shared_bucket(m, r);
        assert_eq!(
            turn(&out(1, Recipient::Judge, None), &a),
            turn(&out(2, Recipient::Judge, None), &b)
        );
        assert_eq!(
            turn(&out(1, Recipient::Seat(CharId(3)), None), &a),
            turn(&out(2, Recipient::Seat(CharId(5)), None), &b)
        );
        assert_ne!(
            turn(&out(2, Recipient::Seat(CharId(5)), None), &b),
            turn(&out(2, Recipient::Seat(CharId(6)), None), &b)
        );
        assert_eq!(turn(&out(1, Recipient::Public, None), &a), None);
        let relay = Delivery {
            post: Some(PostRef {
                day: 1,
                seat: 3,
                relay_as: Some("Ash".into()),
            }),
            ..Delivery::default()
        };
        assert_eq!(
            turn(&out(1, Recipient::Public, Some(relay.clone())), &a),
            turn(&out(2, Recipient::Public, Some(relay)), &b),
            "one forum's relay webhook"
        );
    }

    /// serenity refuses an over-long message before sending it: that is as final as
    /// Discord's own 400, so the message is set aside at once instead of retried for ever
    /// (holding its channel); a network failure is retried.
    #[test]
    fn a_message_serenity_refuses_as_too_long_is_refused_for_good() {
        let too_long = serenity::Error::Model(serenity::all::ModelError::MessageTooLong(2001));
        assert!(refused(too_long).permanent);
        let other = serenity::Error::Other("connection reset");
        assert!(!refused(other).permanent);
    }

    #[test]
    fn long_texts_split_at_line_ends_within_the_limit() {
        let line = "x".repeat(1500);
        let text = format!("{line}\n{line}\n");
        let parts = split(&text);
        assert_eq!(parts.len(), 2);
        assert!(parts.iter().all(|p| p.chars().count() <= MAX_LEN));
        assert_eq!(parts.concat(), text);
        let long = "字".repeat(4500);
        let parts = split(&long);
        assert_eq!(parts.len(), 3);
        assert_eq!(parts.concat(), long);
    }

    /// After a lost attempt, the parts it showed are found in order among the bot's later
    /// messages (other messages between them, Discord's trimming), and only the rest is
    /// sent; a part found out of order does not count.
    #[test]
    fn parts_an_earlier_attempt_showed_are_found_in_order() {
        let parts: Vec<String> = ["one\n", "two\n", "three"].map(String::from).to_vec();
        let shown = [(5, "zero"), (7, "one"), (8, "other"), (9, "two")];
        assert_eq!(already_shown(&parts, &shown), (2, Some(7)));
        assert_eq!(
            already_shown(&parts, &[(3, "two"), (4, "three")]),
            (0, None)
        );
        assert_eq!(already_shown(&parts, &[]), (0, None));
        let all = [(1, "one"), (2, "two"), (3, " three ")];
        assert_eq!(already_shown(&parts, &all), (3, Some(1)));
    }

    /// With no earlier message of the channel to start from, the search starts at the
    /// snowflake of the first claim, a minute early for clock skew.
    #[test]
    fn the_search_starts_after_the_previous_message_or_the_claims_snowflake() {
        let since = chrono::DateTime::parse_from_rfc3339("2026-12-01T12:00:00Z")
            .map(|t| t.with_timezone(&chrono::Utc))
            .unwrap_or_default();
        let previous = Earlier {
            after: Some(service::Message::try_from(42_u64).expect("not 0")),
            since,
        };
        assert_eq!(look_after(previous).get(), 42);
        let first = Earlier { after: None, since };
        let ms = (look_after(first).get() >> 22) as i64 + DISCORD_EPOCH_MS;
        assert_eq!(ms, since.timestamp_millis() - CLOCK_SKEW_MS);
    }

    #[test]
    fn nonces_fit_discord_and_differ_per_part() {
        let a = discord_nonce("g12345-reminder:vote-1790000000-11", 0);
        let b = discord_nonce("g12345-reminder:vote-1790000000-11", 1);
        assert_eq!(a.len(), 25);
        assert_ne!(a, b);
    }
}
