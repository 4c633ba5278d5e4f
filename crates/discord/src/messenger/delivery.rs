//! Showing a message once: sending its parts to its channel (a day's new post, the judge's
//! log, a DM, a relay through the forum's webhook) and, after an earlier attempt that may
//! have shown it, finding on Discord what that attempt showed first.

use super::*;

/// Where relayed posts go: the game forum's webhook, made once and kept.
pub(super) async fn webhook(
    http: &Http,
    pace: &Pace,
    service: &Service,
    forum: Channel,
) -> Result<(Webhook, String), SendError> {
    let kept = service.store().webhook(forum).await.map_err(failed)?;
    if let Some(kept) = kept {
        return Ok(kept);
    }
    pace.step().await;
    let hook = forum
        .discord()
        .create_webhook(http, CreateWebhook::new("wolfjudge"))
        .await
        .map_err(failed)?;
    // The token is only exposed through the webhook's URL (…/webhooks/<id>/<token>).
    let url = hook.url().map_err(failed)?;
    let token = url.rsplit('/').next().unwrap_or_default().to_string();
    service
        .store()
        .keep_webhook(forum, Webhook::of(hook.id), &token)
        .await
        .map_err(failed)?;
    Ok((Webhook::of(hook.id), token))
}

/// Discord's epoch (2015-01-01), in Unix milliseconds: a snowflake's time counts from it.
pub(super) const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;

/// How far before an earlier attempt's first claim its messages are looked for when the
/// channel has no delivered message to start from: the clocks of the database and of
/// Discord may differ by that much.
pub(super) const CLOCK_SKEW_MS: i64 = 60_000;

/// At most this many pages of 100 messages are read when looking for an earlier attempt's
/// messages.
pub(super) const LOOKUP_PAGES: usize = 10;

/// Where to look for what an earlier attempt showed: after the channel's previous delivered
/// message, else after the snowflake of the message's first claim (less the clock skew).
pub(super) fn look_after(earlier: Earlier) -> MessageId {
    match earlier.after {
        Some(previous) => previous.discord(),
        None => {
            let ms = earlier.since.timestamp_millis() - CLOCK_SKEW_MS - DISCORD_EPOCH_MS;
            // The snowflake of that moment (a time, not a stored id): at Discord's epoch,
            // or before it, the first one there is.
            MessageId::new(((ms.max(0) as u64) << 22).max(1))
        }
    }
}

/// Who wrote a message an earlier attempt may have shown.
#[derive(Debug, Clone, Copy)]
pub(super) enum Author<'a> {
    /// The bot itself.
    Bot(UserId),
    /// The relay webhook, under a character's name.
    Relay(u64, &'a str),
}

impl Author<'_> {
    pub(super) fn wrote(&self, m: &Message) -> bool {
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

impl DiscordMessenger {
    pub(super) async fn deliver(
        &self,
        msg: &OutMessage,
        earlier: Option<Earlier>,
        route: Route,
    ) -> Result<u64, SendError> {
        let game = msg.game_id;
        let meta = msg.meta.clone().unwrap_or_default();
        if let Some(action) = &meta.moderate {
            // A day's post is locked once the posts relayed there before the lock are shown
            // (they go in a lane of their own, and a webhook may not write in a locked post):
            // until then this waits, and the post's lane behind it, tried again shortly.
            if matches!(action, Moderate::LockDay { .. } | Moderate::Lock { .. })
                && self
                    .service
                    .store()
                    .relays_waiting_before(game, msg.id)
                    .await
                    .map_err(failed)?
            {
                return Err(failed("the day's relayed posts are still being shown"));
            }
            // Not a message: a post's lock or a role change, in its place in the channel.
            return crate::moderation::carry_out(
                &self.http,
                &self.pace,
                &self.members,
                &self.service,
                &route,
                action,
            )
            .await;
        }
        // The player named at the start is told (the one mention the message allows): a
        // UNO player whose turn it is.
        let pinged = meta.ping.and_then(|seat| route.seats.get(&seat).copied());
        let mut body = match pinged {
            Some(user) => format!("{} {}", service::mention(user), msg.body),
            None => msg.body.clone(),
        };
        body = with_due(&body, &meta);
        // A day's opening post and the reveal link to the game's page, when the bot links
        // to its pages.
        if meta.new_post.is_some() || meta.charts {
            if let Some(url) = self.service.page_url(game).await.map_err(failed)? {
                body = format!(
                    "{body}
{}",
                    i18n::text(route.lang, "web-link", &[("url", url)])
                );
            }
        }
        let mut parts = split(&body);
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
                .allowed_mentions(match pinged {
                    Some(user) if i == 0 => no_pings().users([user.discord()]),
                    _ => no_pings(),
                });
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
        let target = match msg.channel {
            Recipient::Judge => route.log,
            Recipient::Public => match &meta.new_post {
                Some(post) => return self.new_post(&route, post, &parts, message, after).await,
                None => route
                    .public_thread()
                    .ok_or_else(|| failed("the game has no public post yet"))?,
            },
            Recipient::Seat(CharId(seat)) => {
                let user = route
                    .seats
                    .get(&seat)
                    .ok_or_else(|| failed(format!("seat {seat} has no player")))?;
                self.dm_channel(*user).await?
            }
            // Shown above when their meta says how; a plain message has nowhere to go.
            other @ (Recipient::Relay | Recipient::Roles | Recipient::Camp(_)) => {
                return Err(failed(format!("no plain message goes to {other:?}")));
            }
        };
        self.send_parts(target, &parts, 0, message, after).await
    }

    /// Sends `parts[from..]` to a channel in order, after looking (with `after`) for those
    /// an earlier attempt showed there: only the missing ones go. Returns the id of the
    /// first part sent or found.
    pub(super) async fn send_parts(
        &self,
        target: Channel,
        parts: &[String],
        from: usize,
        message: impl Fn(usize, &str) -> CreateMessage,
        after: Option<MessageId>,
    ) -> Result<u64, SendError> {
        let channel = target.discord();
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
        Ok(first.unwrap_or(target.get()))
    }

    /// The bot's own user id, asked of Discord once per token: after a crash every
    /// claimed message is looked for, and `/users/@me` has a small rate limit of its own.
    pub(super) async fn me(&self) -> Result<UserId, SendError> {
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
    pub(super) async fn shown_since(
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
    pub(super) async fn find_post(
        &self,
        route: &Route,
        title: &str,
        after: MessageId,
    ) -> Result<Option<Channel>, SendError> {
        self.find_thread(route, route.forum, title, after).await
    }

    /// The bot's oldest active thread in `parent` named `title`, newer than `after`: what an
    /// earlier attempt opened (a day's forum post, a camp's private thread).
    pub(super) async fn find_thread(
        &self,
        route: &Route,
        parent: Channel,
        title: &str,
        after: MessageId,
    ) -> Result<Option<Channel>, SendError> {
        let me = self.me().await?;
        self.pace.step().await;
        let threads = route
            .guild
            .discord()
            .get_active_threads(&*self.http)
            .await
            .map_err(refused)?;
        Ok(threads
            .threads
            .iter()
            .filter(|t| {
                t.parent_id.is_some_and(|p| p.get() == parent.get())
                    && t.owner_id == Some(me)
                    && t.name == title
                    && t.id.get() > after.get()
            })
            .map(|t| t.id)
            .min()
            .map(ids::channel))
    }

    /// Opens a day's forum post with the message as its opening post (unless an earlier
    /// attempt did: then that post is the day's), then the day's index, then the rest of a
    /// long message in the post. Returns the post's id.
    pub(super) async fn new_post(
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
                        let mut create = CreateForumPost::new(title, message(0, &parts[0]))
                            .auto_archive_duration(DAY_POST_ARCHIVE);
                        if post.slow_mode > 0 {
                            create = create.rate_limit_per_user(post.slow_mode);
                        }
                        let create = crate::tags::tagged(&self.service, route.guild, create)
                            .await
                            .map_err(failed)?;
                        self.pace.step().await;
                        let post = route
                            .forum
                            .discord()
                            .create_forum_post(&*self.http, create)
                            .await
                            .map_err(refused)?;
                        ids::channel(post.id)
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
        let opened = MessageId::from(thread.non_zero());
        if day > 0 && !self.has_elevator(route.game, day).await? {
            let rest = &parts[1..];
            self.open_elevator(route.game, day, thread, after.map(|_| (opened, rest)))
                .await?;
        }
        self.send_parts(thread, parts, 1, message, after.map(|_| opened))
            .await?;
        Ok(thread.get())
    }

    /// Whether the day's index is recorded.
    pub(super) async fn has_elevator(&self, game: GameId, day: u32) -> Result<bool, SendError> {
        self.service
            .store()
            .has_elevator(GameId(game.0), day as i32)
            .await
            .map_err(failed)
    }
}
