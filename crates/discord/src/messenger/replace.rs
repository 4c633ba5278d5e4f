//! A post deleted while its game needs it (a moderator deleted the day's post mid-day, or
//! the sign-up's): the bot opens a new post in its place, so the players have somewhere to
//! post and vote, and the game's records follow it. Learnt from the gateway's
//! THREAD_DELETE, or from a send to the post that Discord answers with 10003 Unknown
//! Channel (a deletion the gateway did not report, or while the bot was away).
//!
//! A day's new post opens with the day's opening as the outbox wrote it, then the day's
//! index and the vote count as it stands, then a line telling the players what happened;
//! the judge's log is told once (one outbox row under a nonce naming the lost post). The
//! day's record then names the new post, so the outbox's messages still waiting for the
//! day (posts, relays, the count's redraws) go there. A sign-up's new post shows the
//! current list with working Join and Leave buttons (they name the sign-up, not the post).
//!
//! Two replacements of one post at once (THREAD_DELETE and a failed send arriving
//! together) are taken one at a time in a process; across processes the record moves only
//! from the lost post ([`store::Store::replace_day_post`] is conditional), and the loser
//! deletes the post it opened.

use super::*;
use crate::commands::wolf;
use service::SignupId;

/// One replacement at a time in this process.
static REPLACING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

impl DiscordMessenger {
    /// Replaces `lost` (a deleted thread) with a new post when a game still needs it:
    /// the new post, or `None` when no game needs `lost` (or it was replaced already, then
    /// the post that replaced it is the one the game's records name).
    ///
    /// # Errors
    /// Discord refusing the new post, or the database failing.
    pub async fn replace_lost_post(&self, lost: Channel) -> Result<Option<Channel>, SendError> {
        let _one = REPLACING.lock().await;
        let store = self.service.store();
        if let Some((game, day)) = store.needed_day_post(lost).await.map_err(failed)? {
            return self.replace_day_post(game, day, lost).await;
        }
        if let Some(id) = store.needed_signup_post(lost).await.map_err(failed)? {
            return self.replace_signup_post(id, lost).await;
        }
        Ok(None)
    }

    /// Whether `thread` is gone from Discord (404: deleted), asked after a send to it was
    /// refused.
    pub(super) async fn is_gone(&self, thread: Channel) -> bool {
        self.pace.step().await;
        match thread.discord().to_channel(&*self.http).await {
            Err(e) => not_found(&e),
            Ok(_) => false,
        }
    }

    /// Opens `post` in `forum`, with the server's tag.
    async fn open_post(
        &self,
        guild: service::Guild,
        forum: Channel,
        post: CreateForumPost<'_>,
    ) -> Result<Channel, SendError> {
        let post = crate::tags::tagged(&self.service, guild, post)
            .await
            .map_err(failed)?;
        let _turn = self.turn(Turn::Forum(forum.get())).await;
        self.pace.step().await;
        let made = forum
            .discord()
            .create_forum_post(&*self.http, post)
            .await
            .map_err(refused)?;
        Ok(ids::channel(made.id))
    }

    /// Tells `game`'s judge `note` about post `lost`, once (one outbox row, its nonce
    /// naming the post).
    async fn tell_judge(&self, game: GameId, lost: Channel, note: &str) -> Result<(), SendError> {
        let nonce = format!("g{}-lost-post-{}", game.0, lost.get());
        self.service
            .store()
            .notify_judge(game, note, &nonce, None)
            .await
            .map_err(failed)
    }

    /// Deletes a post this process opened in vain (another replaced the lost one first).
    async fn withdraw(&self, post: Channel) {
        self.pace.step().await;
        if let Err(e) = post.discord().delete(&*self.http).await {
            tracing::warn!(error = %e, "could not delete a second replacement post");
        }
    }

    /// A plain message in a post, pinging nobody.
    pub(super) async fn say_in(&self, thread: Channel, text: &str) -> Result<MessageId, SendError> {
        self.pace.step().await;
        let m = thread
            .discord()
            .send_message(
                &*self.http,
                CreateMessage::new()
                    .content(text)
                    .allowed_mentions(no_pings()),
            )
            .await
            .map_err(refused)?;
        Ok(m.id)
    }

    /// Day `day`'s post `lost` of `game` replaced (see the module's documentation).
    async fn replace_day_post(
        &self,
        game: GameId,
        day: u32,
        lost: Channel,
    ) -> Result<Option<Channel>, SendError> {
        let route = self.service.route(game).await.map_err(failed)?;
        let store = self.service.store();
        let opening = store.day_opening(game, day).await.map_err(failed)?;
        let lang = route.lang;
        let (title, parts, meta) = match opening {
            Some(o) => {
                let title = o
                    .meta
                    .new_post
                    .as_ref()
                    .map(|p| p.title.clone())
                    .unwrap_or_default();
                (title, split(&with_due(&o.body, &o.meta)), o.meta)
            }
            None => (String::new(), Vec::new(), Delivery::default()),
        };
        let title = if title.is_empty() {
            text(lang, "post-day-title", &[("day", day.to_string())])
        } else {
            title
        };
        let notice = text(lang, "post-replaced", &[("day", day.to_string())]);
        let last = parts.len().saturating_sub(1);
        let message = |i: usize, body: &str| {
            let mut m = CreateMessage::new()
                .content(body)
                .allowed_mentions(no_pings());
            if i == last {
                m = m.components(components(game, &meta));
            }
            m
        };
        let first = match parts.first() {
            Some(p) => message(0, p),
            None => message(0, &notice),
        };
        let mut post = CreateForumPost::new(title, first).auto_archive_duration(DAY_POST_ARCHIVE);
        // The lost post's slow mode, as the day opened it.
        let slow_mode = meta.new_post.as_ref().map_or(0, |p| p.slow_mode);
        if slow_mode > 0 {
            post = post.rate_limit_per_user(slow_mode);
        }
        let thread = self.open_post(route.guild, route.forum, post).await?;
        if !store
            .replace_day_post(game, day, lost, thread)
            .await
            .map_err(failed)?
        {
            self.withdraw(thread).await;
            return Ok(None);
        }
        self.open_elevator(game, day, thread, None).await?;
        if parts.len() > 1 {
            self.send_parts(thread, &parts, 1, message, None).await?;
        }
        if let Some(count) = store.latest_count(game, day).await.map_err(failed)? {
            let body = split(&with_due(&count.body, &count.meta))
                .into_iter()
                .next()
                .unwrap_or_default();
            if let Some(t) = count.meta.tally {
                let id = self.say_in(thread, &body).await?;
                store
                    .keep_tally_message(game, day as i32, t.round as i32, thread, ids::message(id))
                    .await
                    .map_err(failed)?;
            }
        }
        if !parts.is_empty() {
            self.say_in(thread, &notice).await?;
        }
        let note = text(
            lang,
            "judge-post-replaced",
            &[
                ("day", day.to_string()),
                ("post", format!("<#{}>", thread.get())),
            ],
        );
        self.tell_judge(game, lost, &note).await?;
        Ok(Some(thread))
    }

    /// Sign-up `id`'s post `lost` replaced: the list as it stands, with its buttons.
    async fn replace_signup_post(
        &self,
        id: SignupId,
        lost: Channel,
    ) -> Result<Option<Channel>, SendError> {
        let mut s = self.service.signup(id).await.map_err(failed)?;
        match self.service.card_record(&s).await {
            Ok(record) => s.card_record = record,
            Err(e) => tracing::warn!(error = %e, "could not read the card records"),
        }
        let settings = self.service.settings(s.row.guild).await.map_err(failed)?;
        let thread = self
            .open_post(s.row.guild, settings.forum, wolf::signup_post(&s))
            .await?;
        let store = self.service.store();
        // A forum post's opening message has the post's id.
        if !store
            .replace_signup_post(id, lost, thread, thread.get())
            .await
            .map_err(failed)?
        {
            self.withdraw(thread).await;
            return Ok(None);
        }
        self.say_in(thread, &text(s.row.lang, "signup-replaced", &[]))
            .await?;
        let note = text(
            s.row.lang,
            "judge-signup-replaced",
            &[
                (
                    "ruleset",
                    service::board::board_name(&s.row.ruleset, s.row.lang),
                ),
                ("post", format!("<#{}>", thread.get())),
                ("count", s.players.len().to_string()),
            ],
        );
        match s.row.game {
            // A game's log is its outbox's: one row, once per lost post.
            Some(game) => self.tell_judge(game, lost, &note).await?,
            None => {
                let _turn = self.turn(Turn::Log(settings.log.get())).await;
                self.say_in(settings.log, &note).await?;
            }
        }
        Ok(Some(thread))
    }
}
