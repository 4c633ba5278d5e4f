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

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use serenity::all::{
    AutoArchiveDuration, Builder, ButtonStyle, ChannelId, ChannelType, CreateActionRow,
    CreateAllowedMentions, CreateAttachment, CreateButton, CreateForumPost, CreateMessage,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, CreateThread, CreateWebhook,
    EditMessage, ExecuteWebhook, GetMessages, GuildId, Http, Message, MessageId, Nonce, UserId,
    WebhookId,
};
use sha2::{Digest, Sha256};

use chart::Png;
use engine::CharId;
use i18n::text;
use i18n::{self, Lang};
use notify::camp::{Camp, CampAction};
use notify::prompt::{Delivery, NewPost, PostRef, TallyRef};
use runtime::dispatch::{Earlier, Messenger, OutMessage, SendError};
use service::{anon, Account, Channel, Elevator, GameId, Route, Service};

use super::pace::Pace;

/// Where relayed posts go: the game forum's webhook, made once and kept.
async fn webhook(
    http: &Http,
    pace: &Pace,
    service: &Service,
    forum: Channel,
) -> Result<(u64, String), SendError> {
    let kept = service
        .store()
        .webhook(forum.0 as i64)
        .await
        .map_err(failed)?;
    if let Some((id, token)) = kept {
        return Ok((id as u64, token));
    }
    pace.step().await;
    let hook = ChannelId::new(forum.0.max(1))
        .create_webhook(http, CreateWebhook::new("wolfjudge"))
        .await
        .map_err(failed)?;
    // The token is only exposed through the webhook's URL (…/webhooks/<id>/<token>).
    let url = hook.url().map_err(failed)?;
    let token = url.rsplit('/').next().unwrap_or_default().to_string();
    service
        .store()
        .keep_webhook(forum.0 as i64, hook.id.get() as i64, &token)
        .await
        .map_err(failed)?;
    Ok((hook.id.get(), token))
}

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
    pub dm_channels: Arc<Mutex<BTreeMap<u64, u64>>>,
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
        }
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
    async fn dm_channel(&self, user: u64) -> Result<Channel, SendError> {
        let known = self
            .dm_channels
            .lock()
            .ok()
            .and_then(|m| m.get(&user).copied());
        if let Some(id) = known {
            return Ok(Channel(id));
        }
        let _turn = self.turn(Turn::OpenDm).await;
        self.pace.step().await;
        let dm = UserId::new(user.max(1))
            .create_dm_channel(&*self.http)
            .await
            .map_err(failed)?;
        if let Ok(mut m) = self.dm_channels.lock() {
            m.insert(user, dm.id.get());
        }
        Ok(Channel(dm.id.get()))
    }
}

/// Discord takes at most this many files a message.
pub const MAX_FILES: usize = 10;

/// The reveal's pictures as messages: each a caption (`chart-caption`, numbered when there
/// are several) and at most [`MAX_FILES`] pictures, in order.
pub fn chart_messages(pngs: Vec<Png>, lang: Lang) -> Vec<(String, Vec<Png>)> {
    let mut batches: Vec<Vec<Png>> = Vec::new();
    for png in pngs {
        match batches.last_mut() {
            Some(b) if b.len() < MAX_FILES => b.push(png),
            _ => batches.push(vec![png]),
        }
    }
    let n = batches.len();
    batches
        .into_iter()
        .enumerate()
        .map(|(i, files)| {
            let caption = i18n::text(
                lang,
                "chart-caption",
                &[("part", (i + 1).to_string()), ("parts", n.to_string())],
            );
            (caption, files)
        })
        .collect()
}

/// The component id of a choice: `wj:<game>:<choice>`.
pub fn component_id(game: GameId, choice: &str) -> String {
    format!("wj:{}:{choice}", game.0)
}

/// Discord accepts nonces of at most 25 characters: a hash of ours, per part.
fn discord_nonce(nonce: &str, part: usize) -> String {
    let digest = Sha256::digest(format!("{nonce}/{part}").as_bytes());
    hex::encode(digest)[..25].to_string()
}

/// Splits a text into parts Discord accepts ([`MAX_LEN`] characters), in order, at line
/// ends; a single line longer than that is cut inside. Nothing is dropped: the parts
/// concatenate to the text.
pub fn split(text: &str) -> Vec<String> {
    split_within(text, MAX_LEN)
}

/// [`split`] for another limit (an embed's description, say): parts of at most `max`
/// characters (at least one), in order, concatenating to the text.
pub fn split_within(text: &str, max: usize) -> Vec<String> {
    let max = max.max(1);
    let mut parts = Vec::new();
    let mut cur = String::new();
    let mut cur_len = 0;
    for line in text.split_inclusive('\n') {
        let len = line.chars().count();
        if cur_len + len > max && !cur.is_empty() {
            parts.push(std::mem::take(&mut cur));
            cur_len = 0;
        }
        if len > max {
            let chars: Vec<char> = line.chars().collect();
            let mut chunks = chars.chunks(max).peekable();
            while let Some(chunk) = chunks.next() {
                if chunks.peek().is_some() {
                    parts.push(chunk.iter().collect());
                } else {
                    // The line's tail starts the next part, so what follows can join it.
                    cur = chunk.iter().collect();
                    cur_len = chunk.len();
                }
            }
        } else {
            cur.push_str(line);
            cur_len += len;
        }
    }
    if !cur.is_empty() || parts.is_empty() {
        parts.push(cur);
    }
    parts
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
pub fn refused(e: serenity::Error) -> SendError {
    match &e {
        serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r)) => {
            let status = r.status_code.as_u16();
            if (400..500).contains(&status) && status != 429 {
                return SendError::refused(e.to_string());
            }
        }
        serenity::Error::Model(_) => return SendError::refused(e.to_string()),
        _ => {}
    }
    SendError::new(e.to_string())
}

/// Discord's epoch (2015-01-01), in Unix milliseconds: a snowflake's time counts from it.
const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;

/// How far before an earlier attempt's first claim its messages are looked for when the
/// channel has no delivered message to start from: the clocks of the database and of
/// Discord may differ by that much.
const CLOCK_SKEW_MS: i64 = 60_000;

/// At most this many pages of 100 messages are read when looking for an earlier attempt's
/// messages.
const LOOKUP_PAGES: usize = 10;

/// Where to look for what an earlier attempt showed: after the channel's previous delivered
/// message, else after the snowflake of the message's first claim (less the clock skew).
fn look_after(earlier: Earlier) -> MessageId {
    let id = earlier.after.unwrap_or_else(|| {
        let ms = earlier.since.timestamp_millis() - CLOCK_SKEW_MS - DISCORD_EPOCH_MS;
        (ms.max(0) as u64) << 22
    });
    MessageId::new(id.max(1))
}

/// Who wrote a message an earlier attempt may have shown.
#[derive(Debug, Clone, Copy)]
enum Author<'a> {
    /// The bot itself.
    Bot(UserId),
    /// The relay webhook, under a character's name.
    Relay(u64, &'a str),
}

impl Author<'_> {
    fn wrote(&self, m: &Message) -> bool {
        match *self {
            Author::Bot(me) => m.author.id == me && m.webhook_id.is_none(),
            Author::Relay(hook, name) => {
                m.webhook_id.is_some_and(|w| w.get() == hook) && m.author.name == name
            }
        }
    }
}

/// How many of `parts`, from the first, an earlier attempt showed, found in order among
/// `shown` (the author's messages since, oldest first, as (id, text)), and the id of the
/// first. Discord keeps a message's text as sent, less surrounding white space.
pub fn already_shown(parts: &[String], shown: &[(u64, &str)]) -> (usize, Option<u64>) {
    let mut found = 0;
    let mut first = None;
    for (id, text) in shown {
        if found < parts.len() && text.trim() == parts[found].trim() {
            first = first.or(Some(*id));
            found += 1;
        }
    }
    (found, first)
}

/// A message's text with the deadline it is about, if any, as a Discord timestamp (shown in
/// each reader's own time zone).
pub(crate) fn with_due(body: &str, meta: &Delivery) -> String {
    let mut body = body.to_string();
    if let Some(due) = meta.due {
        let t = due.timestamp();
        body.push_str(&format!("\n⏰ <t:{t}:F> (<t:{t}:R>)"));
    }
    body
}

impl DiscordMessenger {
    async fn deliver(
        &self,
        msg: &OutMessage,
        earlier: Option<Earlier>,
        route: Route,
    ) -> Result<u64, SendError> {
        let game = GameId(msg.game_id);
        let meta = msg.meta.clone().unwrap_or_default();
        if let Some(action) = &meta.moderate {
            // Not a message: a post's lock or a role change, in its place in the channel.
            return super::moderation::carry_out(
                &self.http,
                &self.pace,
                &self.service,
                &route,
                action,
            )
            .await;
        }
        let mut parts = split(&with_due(&msg.body, &meta));
        let last = parts.len() - 1;
        // The reveal's pictures: after its text, in messages of their own, each with a
        // caption (so a retry finds what was shown) and at most ten files.
        let charts = if meta.charts {
            let pngs = self
                .service
                .charts(game, route.lang)
                .await
                .map_err(failed)?;
            chart_messages(pngs, route.lang)
        } else {
            Vec::new()
        };
        let first_chart = parts.len();
        parts.extend(charts.iter().map(|(caption, _)| caption.clone()));
        let message = |i: usize, text: &str| {
            let mut m = CreateMessage::new()
                .content(text)
                .nonce(Nonce::String(discord_nonce(&msg.nonce, i)))
                .enforce_nonce(true)
                .allowed_mentions(no_pings());
            if i == last {
                m = m.components(components(game, &meta));
            }
            if let Some((_, files)) = i.checked_sub(first_chart).and_then(|k| charts.get(k)) {
                m = m.add_files(
                    files
                        .iter()
                        .map(|p| CreateAttachment::bytes(p.bytes.clone(), p.name.clone())),
                );
            }
            m
        };
        let after = earlier.map(look_after);
        if let Some(post) = meta.post.as_ref().filter(|p| p.relay_as.is_some()) {
            return self.relay(&route, post, &msg.body, after).await;
        }
        if let Some(action) = &meta.camp {
            return self.camp(&route, action, &parts, message, after).await;
        }
        let target = match msg.channel.as_str() {
            "judge" => route.log,
            "public" => match &meta.new_post {
                Some(post) => return self.new_post(&route, post, &parts, message, after).await,
                None => route
                    .public_thread()
                    .ok_or_else(|| failed("the game has no public post yet"))?,
            },
            other => {
                let seat: u16 = other
                    .strip_prefix("dm:")
                    .and_then(|s| s.parse().ok())
                    .ok_or_else(|| failed(format!("unknown channel {other}")))?;
                let user = route
                    .seats
                    .get(&seat)
                    .ok_or_else(|| failed(format!("seat {seat} has no player")))?;
                self.dm_channel(user.0).await?
            }
        };
        self.send_parts(target, &parts, 0, message, after).await
    }

    /// Sends `parts[from..]` to a channel in order, after looking (with `after`) for those
    /// an earlier attempt showed there: only the missing ones go. Returns the id of the
    /// first part sent or found.
    async fn send_parts(
        &self,
        target: Channel,
        parts: &[String],
        from: usize,
        message: impl Fn(usize, &str) -> CreateMessage,
        after: Option<MessageId>,
    ) -> Result<u64, SendError> {
        let channel = ChannelId::new(target.0.max(1));
        let (found, mut first) = match after {
            Some(after) => {
                let me = self.me().await?;
                let shown = self.shown_since(channel, after, Author::Bot(me)).await?;
                let shown: Vec<(u64, &str)> = shown
                    .iter()
                    .map(|m| (m.id.get(), m.content.as_str()))
                    .collect();
                already_shown(&parts[from..], &shown)
            }
            None => (0, None),
        };
        for (i, text) in parts.iter().enumerate().skip(from + found) {
            self.pace.step().await;
            let m = channel
                .send_message(&*self.http, message(i, text))
                .await
                .map_err(refused)?;
            first = first.or(Some(m.id.get()));
        }
        // Nothing to send (a post whose opening was all of it): the channel itself.
        Ok(first.unwrap_or(target.0))
    }

    /// The bot's own user id, asked of Discord once per token: after a crash every
    /// claimed message is looked for, and `/users/@me` has a small rate limit of its own.
    async fn me(&self) -> Result<UserId, SendError> {
        static KNOWN: Mutex<BTreeMap<String, UserId>> = Mutex::new(BTreeMap::new());
        // Keyed by the token's hash: no copy of the token is kept.
        let token = hex::encode(Sha256::digest(self.http.token().as_bytes()));
        if let Some(me) = KNOWN.lock().ok().and_then(|k| k.get(&token).copied()) {
            return Ok(me);
        }
        self.pace.step().await;
        let me = self.http.get_current_user().await.map_err(failed)?.id;
        if let Ok(mut k) = KNOWN.lock() {
            k.insert(token, me);
        }
        Ok(me)
    }

    /// The messages `author` wrote in `channel` after `after`, oldest first: what an
    /// earlier attempt may have shown (at most [`LOOKUP_PAGES`] pages).
    async fn shown_since(
        &self,
        channel: ChannelId,
        after: MessageId,
        author: Author<'_>,
    ) -> Result<Vec<Message>, SendError> {
        let mut out = Vec::new();
        let mut cursor = after;
        for _ in 0..LOOKUP_PAGES {
            self.pace.step().await;
            let mut page = channel
                .messages(&*self.http, GetMessages::new().after(cursor).limit(100))
                .await
                .map_err(refused)?;
            let full = page.len() == 100;
            page.sort_by_key(|m| m.id);
            if let Some(m) = page.last() {
                cursor = m.id;
            }
            out.extend(page.into_iter().filter(|m| author.wrote(m)));
            if !full {
                break;
            }
        }
        Ok(out)
    }

    /// The forum post an earlier attempt opened for a day, if any: the bot's active post in
    /// the game's forum with the day's title, newer than `after`.
    async fn find_post(
        &self,
        route: &Route,
        title: &str,
        after: MessageId,
    ) -> Result<Option<Channel>, SendError> {
        self.find_thread(route, route.forum, title, after).await
    }

    /// The bot's oldest active thread in `parent` named `title`, newer than `after`: what an
    /// earlier attempt opened (a day's forum post, a camp's private thread).
    async fn find_thread(
        &self,
        route: &Route,
        parent: Channel,
        title: &str,
        after: MessageId,
    ) -> Result<Option<Channel>, SendError> {
        let me = self.me().await?;
        self.pace.step().await;
        let threads = GuildId::new(route.guild.0.max(1))
            .get_active_threads(&*self.http)
            .await
            .map_err(refused)?;
        Ok(threads
            .threads
            .iter()
            .filter(|t| {
                t.parent_id.is_some_and(|p| p.get() == parent.0)
                    && t.owner_id == Some(me)
                    && t.name == title
                    && t.id.get() > after.get()
            })
            .map(|t| t.id.get())
            .min()
            .map(Channel))
    }

    /// Opens a day's forum post with the message as its opening post (unless an earlier
    /// attempt did: then that post is the day's), then the day's index, then the rest of a
    /// long message in the post. Returns the post's id.
    async fn new_post(
        &self,
        route: &Route,
        post: &NewPost,
        parts: &[String],
        message: impl Fn(usize, &str) -> CreateMessage,
        after: Option<MessageId>,
    ) -> Result<u64, SendError> {
        let (day, title) = (post.day, post.title.as_str());
        let thread = match route.days.get(&day) {
            // Created and recorded before a crash or a failure: what follows may be missing.
            Some(t) => *t,
            None => {
                let found = match after {
                    Some(after) => self.find_post(route, title, after).await?,
                    None => None,
                };
                let t = match found {
                    Some(t) => t,
                    None => {
                        self.pace.step().await;
                        let post = ChannelId::new(route.forum.0.max(1))
                            .create_forum_post(
                                &*self.http,
                                CreateForumPost::new(title, message(0, &parts[0])),
                            )
                            .await
                            .map_err(refused)?;
                        Channel(post.id.get())
                    }
                };
                self.service
                    .day_posted(route.game, day, t)
                    .await
                    .map_err(failed)?;
                t
            }
        };
        // The opening post's id is the post's.
        let opened = MessageId::new(thread.0.max(1));
        if day > 0 && !self.has_elevator(route.game, day).await? {
            let rest = &parts[1..];
            self.open_elevator(route.game, day, thread, after.map(|_| (opened, rest)))
                .await?;
        }
        self.send_parts(thread, parts, 1, message, after.map(|_| opened))
            .await?;
        Ok(thread.0)
    }

    /// Whether the day's index is recorded.
    async fn has_elevator(&self, game: GameId, day: u32) -> Result<bool, SendError> {
        self.service
            .store()
            .has_elevator(game.0, day as i32)
            .await
            .map_err(failed)
    }
}

impl DiscordMessenger {
    /// Posts a character's words in the day's post under the character's name and avatar
    /// (an anonymous game): nothing in it names the account. A post longer than Discord's
    /// limit (a Nitro member may DM 4,000 characters) goes as several messages in order; the
    /// first is the one the index links. Webhooks take no nonce: after an earlier attempt
    /// (`after`), the webhook's messages under that name are looked for first, and only the
    /// missing parts go.
    async fn relay(
        &self,
        route: &Route,
        post: &PostRef,
        text: &str,
        after: Option<MessageId>,
    ) -> Result<u64, SendError> {
        let name = post.relay_as.clone().unwrap_or_default();
        let thread = route
            .days
            .get(&post.day)
            .copied()
            .or_else(|| route.public_thread())
            .ok_or_else(|| failed("the game has no day post yet"))?;
        let (id, token) = webhook(&self.http, &self.pace, &self.service, route.forum).await?;
        let parts = split(text);
        let channel = ChannelId::new(thread.0.max(1));
        let (found, mut first) = match after {
            Some(after) => {
                let shown = self
                    .shown_since(channel, after, Author::Relay(id, &name))
                    .await?;
                let shown: Vec<(u64, &str)> = shown
                    .iter()
                    .map(|m| (m.id.get(), m.content.as_str()))
                    .collect();
                already_shown(&parts, &shown)
            }
            None => (0, None),
        };
        for part in parts.into_iter().skip(found) {
            let mut hook = ExecuteWebhook::new()
                .content(part)
                .username(&name)
                .in_thread(channel)
                .allowed_mentions(no_pings());
            if let Some(avatar) = anon::avatar(&name) {
                hook = hook.avatar_url(avatar);
            }
            self.pace.step().await;
            let sent = hook
                .execute(
                    &*self.http,
                    (WebhookId::new(id.max(1)), token.as_str(), true),
                )
                .await
                .map_err(refused)?;
            first = first.or(sent.map(|m| m.id.get()));
        }
        let Some(first) = first else {
            // With `wait`, Discord answers with the message; kept as before if it did not.
            return Ok(thread.0);
        };
        self.service
            .post_linked(route.game, post.day, CharId(post.seat), thread, first)
            .await
            .map_err(failed)?;
        Ok(first)
    }

    /// Posts the day's index (电梯) right after its opening post: one message a page. With
    /// `look` (an earlier attempt may have posted some of it: the opening post's id, and the
    /// message's other parts, which follow the index), the bot's messages after the opening
    /// post from the one with the index's heading are taken as its first pages (redrawn
    /// with the current counts), and only the missing pages are posted.
    async fn open_elevator(
        &self,
        game: GameId,
        day: u32,
        thread: Channel,
        look: Option<(MessageId, &[String])>,
    ) -> Result<(), SendError> {
        let pages: Vec<String> = self
            .service
            .elevator_pages(game, day)
            .await
            .map_err(failed)?
            .iter()
            // A page is at most `ELEVATOR_PAGE` lines, so it fits; `split` only guards it.
            .flat_map(|p| split(p))
            .collect();
        let channel = ChannelId::new(thread.0.max(1));
        let mut ids = Vec::with_capacity(pages.len());
        if let Some((opened, rest)) = look {
            let heading = pages
                .first()
                .and_then(|p| p.lines().next())
                .unwrap_or_default()
                .to_string();
            let me = self.me().await?;
            let shown = self.shown_since(channel, opened, Author::Bot(me)).await?;
            let start = shown
                .iter()
                .position(|m| !heading.is_empty() && m.content.starts_with(&heading));
            if let Some(start) = start {
                ids.extend(
                    shown[start..]
                        .iter()
                        .take_while(|m| !rest.iter().any(|r| r.trim() == m.content.trim()))
                        .take(pages.len())
                        .map(|m| m.id.get()),
                );
            }
        }
        for text in pages.into_iter().skip(ids.len()) {
            self.pace.step().await;
            let m = channel
                .send_message(
                    &*self.http,
                    CreateMessage::new()
                        .content(text)
                        .allowed_mentions(no_pings()),
                )
                .await
                .map_err(refused)?;
            ids.push(m.id.get());
        }
        self.service
            .set_elevator(game, day, &ids)
            .await
            .map_err(failed)
    }

    /// Redraws the index messages that have new posts, in place. An edit Discord refuses
    /// for good is not retried (it would be refused on every pass, for ever): the next post
    /// redraws it anyway.
    pub async fn refresh_elevators(&self) -> Result<(), SendError> {
        for e in self.service.take_dirty_elevators().await.map_err(failed)? {
            match self.redraw(&e).await {
                Ok(()) => {}
                Err(err) if err.permanent => {
                    tracing::warn!(error = %err, "Discord refused an index; not retried");
                }
                Err(err) => {
                    tracing::warn!(error = %err, "could not redraw an index; retrying");
                    self.service.elevator_dirty(&e).await.map_err(failed)?;
                }
            }
        }
        Ok(())
    }

    async fn redraw(&self, e: &Elevator) -> Result<(), SendError> {
        let pages = self
            .service
            .elevator_pages(e.game, e.day)
            .await
            .map_err(failed)?;
        let texts: Vec<String> = pages.iter().flat_map(|p| split(p)).collect();
        for (message, text) in e.messages.iter().zip(texts) {
            self.edit_in(
                ChannelId::new(e.thread.0.max(1)),
                MessageId::new((*message).max(1)),
                EditMessage::new()
                    .content(text)
                    .allowed_mentions(no_pings()),
            )
            .await
            .map_err(refused)?;
        }
        Ok(())
    }
}

/// A camp's private thread (see [`notify::camp`]): opened once, its members added
/// and taken out by the rows of its `camp:<camp>` channel, in order.
impl DiscordMessenger {
    /// Carries out one camp row, then posts its text in the thread; returns the id of the
    /// text's first message there. Each step may be repeated after a lost attempt: the
    /// thread is looked for before one is opened, adding or taking out a member twice
    /// changes nothing, and the text is sent only if it is not there yet.
    async fn camp(
        &self,
        route: &Route,
        action: &CampAction,
        parts: &[String],
        message: impl Fn(usize, &str) -> CreateMessage,
        after: Option<MessageId>,
    ) -> Result<u64, SendError> {
        let seat_account = |seat: u16| {
            route
                .seats
                .get(&seat)
                .copied()
                .ok_or_else(|| failed(format!("seat {seat} has no player")))
        };
        let thread = match action {
            CampAction::Open { camp, seats } => {
                let place = self.service.camp_place(route.game).await.map_err(failed)?;
                let thread = self.open_camp(route, *camp, place.channel, after).await?;
                // The judge, then the members in seat order; nobody else.
                let mut members = vec![place.judge];
                for seat in seats {
                    members.push(seat_account(*seat)?);
                }
                for m in members {
                    self.camp_member(thread, m, true).await?;
                }
                thread
            }
            CampAction::Add { camp, seat } => {
                let thread = self.camp_thread(route.game, *camp).await?;
                // A substitute takes the seat: whoever played it before leaves.
                let former = self
                    .service
                    .former_players(route.game, *seat)
                    .await
                    .map_err(failed)?;
                let now = seat_account(*seat)?;
                for m in former.into_iter().filter(|m| *m != now) {
                    self.camp_member(thread, m, false).await?;
                }
                self.camp_member(thread, now, true).await?;
                thread
            }
            CampAction::Remove { camp, seat } => {
                let thread = self.camp_thread(route.game, *camp).await?;
                self.camp_member(thread, seat_account(*seat)?, false)
                    .await?;
                thread
            }
        };
        self.send_parts(thread, parts, 0, message, after).await
    }

    /// The camp's thread, recorded when it was opened (its rows come in order: the opening
    /// row is delivered before any other).
    async fn camp_thread(&self, game: GameId, camp: Camp) -> Result<Channel, SendError> {
        self.service
            .camp_thread(game, camp)
            .await
            .map_err(failed)?
            .ok_or_else(|| failed(format!("the {} thread is not open yet", camp.key())))
    }

    /// Opens the camp's private thread in `parent` (a private thread that its members
    /// cannot invite others to), unless it is recorded, or an earlier attempt (`after`)
    /// opened it: then that one, found among the server's active threads by its parent,
    /// owner and name. Its name says only the game's number and the camp, which the public
    /// knows from the board.
    async fn open_camp(
        &self,
        route: &Route,
        camp: Camp,
        parent: Option<Channel>,
        after: Option<MessageId>,
    ) -> Result<Channel, SendError> {
        if let Some(t) = self
            .service
            .camp_thread(route.game, camp)
            .await
            .map_err(failed)?
        {
            return Ok(t);
        }
        let parent = parent
            .ok_or_else(|| SendError::refused("the server has no channel for camp threads"))?;
        let title = text(
            route.lang,
            "camp-thread-title",
            &[
                ("game", route.game.0.to_string()),
                ("camp", camp.key().to_string()),
            ],
        );
        let found = match after {
            Some(after) => self.find_thread(route, parent, &title, after).await?,
            None => None,
        };
        let thread = match found {
            Some(t) => t,
            None => {
                self.pace.step().await;
                let t = ChannelId::new(parent.0.max(1))
                    .create_thread(
                        &*self.http,
                        CreateThread::new(title)
                            .kind(ChannelType::PrivateThread)
                            .invitable(false)
                            .auto_archive_duration(AutoArchiveDuration::OneWeek),
                    )
                    .await
                    .map_err(refused)?;
                Channel(t.id.get())
            }
        };
        self.service
            .camp_opened(route.game, camp, thread)
            .await
            .map_err(failed)
    }

    /// Adds `who` to the thread, or takes them out; taking out someone who is not in it
    /// (an earlier attempt did) is done.
    async fn camp_member(&self, thread: Channel, who: Account, add: bool) -> Result<(), SendError> {
        let channel = ChannelId::new(thread.0.max(1));
        let user = UserId::new(who.0.max(1));
        self.pace.step().await;
        let done = if add {
            channel.add_thread_member(&*self.http, user).await
        } else {
            channel.remove_thread_member(&*self.http, user).await
        };
        match done {
            Ok(()) => Ok(()),
            Err(serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r)))
                if !add && r.status_code.as_u16() == 404 =>
            {
                Ok(())
            }
            Err(e) => Err(refused(e)),
        }
    }
}

impl DiscordMessenger {
    /// Shows a round's vote count ([`TallyRef`]): edits its message in place, or creates it
    /// in the day's post the first time (after looking, with `earlier`, for one an earlier
    /// attempt created: the bot's message with the count's title line), and keeps its id.
    /// A message deleted on Discord is made again. Returns the count message's id.
    async fn tally(
        &self,
        msg: &OutMessage,
        tally: TallyRef,
        earlier: Option<Earlier>,
        route: Route,
    ) -> Result<Option<u64>, SendError> {
        let game = GameId(msg.game_id);
        let meta = msg.meta.clone().unwrap_or_default();
        // The count is drawn within Discord's limit; `split` only guards it.
        let text = split(&with_due(&msg.body, &meta))
            .into_iter()
            .next()
            .unwrap_or_default();
        let (day, round) = (tally.day as i32, tally.round as i32);
        let store = self.service.store();
        let thread = route
            .days
            .get(&tally.day)
            .copied()
            .ok_or_else(|| failed(format!("day {} has no post yet", tally.day)))?;
        let channel = ChannelId::new(thread.0.max(1));
        let edit = || {
            EditMessage::new()
                .content(text.as_str())
                .allowed_mentions(no_pings())
        };
        let kept = store
            .tally_message(game.0, day, round)
            .await
            .map_err(failed)?;
        if let Some(id) = kept {
            match self
                .edit_in(channel, MessageId::new(id.max(1)), edit())
                .await
            {
                // The message's id: every row it delivers keeps one (the outbox's checks;
                // only a redraw skipped for a later one is delivered without).
                Ok(_) => return Ok(Some(id)),
                // Deleted (by a moderator): made again below.
                Err(e) if not_found(&e) => {}
                Err(e) => return Err(refused(e)),
            }
        }
        let title = text.lines().next().unwrap_or_default().to_string();
        let found = match earlier.filter(|_| kept.is_none()) {
            Some(e) => {
                let me = self.me().await?;
                self.shown_since(channel, look_after(e), Author::Bot(me))
                    .await?
                    .iter()
                    .find(|m| m.content.lines().next() == Some(title.as_str()))
                    .map(|m| m.id)
            }
            None => None,
        };
        let id = match found {
            Some(id) => {
                self.edit_in(channel, id, edit()).await.map_err(refused)?;
                id
            }
            None => {
                self.pace.step().await;
                let m = CreateMessage::new()
                    .content(text.as_str())
                    .nonce(Nonce::String(discord_nonce(&msg.nonce, 0)))
                    .enforce_nonce(true)
                    .allowed_mentions(no_pings());
                channel
                    .send_message(&*self.http, m)
                    .await
                    .map_err(refused)?
                    .id
            }
        };
        store
            .keep_tally_message(game.0, day, round, thread.0 as i64, id.get() as i64)
            .await
            .map_err(failed)?;
        Ok(Some(id.get()))
    }
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
        let route = self
            .service
            .route(GameId(msg.game_id))
            .await
            .map_err(failed)?;
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
        if let Some(tally) = msg.meta.as_ref().and_then(|m| m.tally) {
            return self.tally(msg, tally, earlier, route).await;
        }
        self.deliver(msg, earlier, route).await.map(Some)
    }
}

/// The bucket a message's requests may share with another outbox channel's ([`Turn`]),
/// if any: a message in a game's own post (the count, an announcement) or its camp's
/// thread shares nothing but the edits, which [`DiscordMessenger::edit_in`] takes in turn.
fn shared_bucket(msg: &OutMessage, route: &Route) -> Option<Turn> {
    let meta = msg.meta.as_ref();
    if meta.is_some_and(|m| m.moderate.is_some() || m.camp.is_some()) {
        return Some(Turn::Server(route.guild.0));
    }
    if meta.is_some_and(|m| {
        m.new_post.is_some() || m.post.as_ref().is_some_and(|p| p.relay_as.is_some())
    }) {
        return Some(Turn::Forum(route.forum.0));
    }
    match msg.channel.as_str() {
        "judge" => Some(Turn::Log(route.log.0)),
        other => {
            let seat: u16 = other.strip_prefix("dm:")?.parse().ok()?;
            route.seats.get(&seat).map(|a| Turn::Dm(a.0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use service::Guild;

    fn route(game: i64, log: u64, seats: &[(u16, u64)]) -> Route {
        Route {
            game: GameId(game),
            guild: Guild(7),
            forum: Channel(8),
            log: Channel(log),
            signup_thread: None,
            days: BTreeMap::from([(1, Channel(100 + game as u64))]),
            seats: seats.iter().map(|(s, a)| (*s, Account(*a))).collect(),
            lang: Lang::En,
        }
    }

    fn out(game: i64, channel: &str, meta: Option<Delivery>) -> OutMessage {
        OutMessage {
            id: 1,
            game_id: game,
            channel: channel.into(),
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
            turn(&out(1, "judge", None), &a),
            turn(&out(2, "judge", None), &b)
        );
        assert_eq!(
            turn(&out(1, "dm:3", None), &a),
            turn(&out(2, "dm:5", None), &b)
        );
        assert_ne!(
            turn(&out(2, "dm:5", None), &b),
            turn(&out(2, "dm:6", None), &b)
        );
        assert_eq!(turn(&out(1, "public", None), &a), None);
        let relay = Delivery {
            post: Some(PostRef {
                day: 1,
                seat: 3,
                relay_as: Some("Ash".into()),
            }),
            ..Delivery::default()
        };
        assert_eq!(
            turn(&out(1, "public", Some(relay.clone())), &a),
            turn(&out(2, "public", Some(relay)), &b),
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
            after: Some(42),
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
