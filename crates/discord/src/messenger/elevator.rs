//! The day's index (电梯): a message in the day's post linking every post of the day in
//! order, redrawn as posts come in.

use super::*;

impl DiscordMessenger {
    /// Posts a character's words in the day's post under the character's name and avatar
    /// (an anonymous game): nothing in it names the account. A post longer than Discord's
    /// limit (a Nitro member may DM 4,000 characters) goes as several messages in order; the
    /// first is the one the index links. Webhooks take no nonce: after an earlier attempt
    /// (`after`), the webhook's messages under that name are looked for first, and only the
    /// missing parts go.
    pub(super) async fn relay(
        &self,
        route: &Route,
        post: &PostRef,
        text: &str,
        after: Option<MessageId>,
    ) -> Result<u64, SendError> {
        let name = post.relay_as.clone().unwrap_or_default();
        // Relayed posts go in a lane of their own: one may come before its day's post is
        // open, and then waits for it (a retry, a second or two later).
        let thread = route
            .days
            .get(&post.day)
            .copied()
            .ok_or_else(|| failed(format!("day {}'s post is not open yet", post.day)))?;
        let (id, token) = webhook(&self.http, &self.pace, &self.service, route.forum).await?;
        let parts = split(text);
        let channel = thread.discord();
        let (found, mut first) = match after {
            Some(after) => {
                let shown = self
                    .shown_since(channel, after, Author::Relay(id.get(), &name))
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
                .execute(&*self.http, (id.discord(), token.as_str(), true))
                .await
                .map_err(refused)?;
            first = first.or(sent.map(|m| m.id.get()));
        }
        let Some(first) = first else {
            // With `wait`, Discord answers with the message; kept as before if it did not.
            return Ok(thread.get());
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
    pub(super) async fn open_elevator(
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
        let channel = thread.discord();
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
                        .map(|m| ids::message(m.id)),
                );
            }
        }
        for text in pages.into_iter().skip(ids.len()) {
            ids.push(ids::message(self.say_in(thread, &text).await?));
        }
        self.service
            .set_elevator(game, day, &ids)
            .await
            .map_err(failed)
    }

    /// Redraws the index messages that have new posts, in place, each at most once in
    /// [`INDEX_EVERY`]: one redrawn less than that ago waits for its turn (here, in memory),
    /// and is then drawn with the posts of that moment. An edit Discord refuses for good is
    /// not retried (it would be refused on every pass, for ever): the next post redraws it
    /// anyway.
    pub async fn refresh_elevators(&self) -> Result<(), SendError> {
        let taken = self.service.take_dirty_elevators().await.map_err(failed)?;
        let due = self
            .indexes
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .due(
                taken.into_iter().map(|e| ((e.game.0, e.day), e)),
                std::time::Instant::now(),
                self.index_every,
            );
        for e in due {
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

    pub(super) async fn redraw(&self, e: &Elevator) -> Result<(), SendError> {
        let pages = self
            .service
            .elevator_pages(e.game, e.day)
            .await
            .map_err(failed)?;
        let texts: Vec<String> = pages.iter().flat_map(|p| split(p)).collect();
        for (message, text) in e.messages.iter().zip(texts) {
            self.edit_in(
                e.thread.discord(),
                message.discord(),
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

impl<K: Ord + Copy, V> Throttle<K, V> {
    /// Of the changes `taken` (the latest of each thing) and those waiting, the ones to
    /// draw `now`: each thing drawn at most once in `every` (those drawn less long ago
    /// wait, the latest of each kept); the ones returned count as drawn now.
    pub(super) fn due(
        &mut self,
        taken: impl IntoIterator<Item = (K, V)>,
        now: std::time::Instant,
        every: std::time::Duration,
    ) -> Vec<V> {
        for (k, v) in taken {
            self.waiting.insert(k, v);
        }
        // Only the draws within `every` still matter.
        self.drawn
            .retain(|_, t| now.saturating_duration_since(*t) < every);
        let ready: Vec<K> = self
            .waiting
            .keys()
            .filter(|k| !self.drawn.contains_key(k))
            .copied()
            .collect();
        ready
            .into_iter()
            .filter_map(|k| {
                self.drawn.insert(k, now);
                self.waiting.remove(&k)
            })
            .collect()
    }

    /// `key` drawn `now` out of turn (a vote count at the close): what waited for it is
    /// shown already.
    pub(super) fn drawn_now(&mut self, key: K, now: std::time::Instant) {
        self.waiting.remove(&key);
        self.drawn.insert(key, now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn index(game: i64, day: u32) -> Vec<((i64, u32), Elevator)> {
        let e = Elevator {
            game: GameId(game),
            day,
            thread: Channel::new(9),
            messages: vec![service::Message::new(1)],
        };
        vec![((game, day), e)]
    }

    /// A day's index with posts coming in is redrawn at once, then not again within the
    /// minute however many posts come; after it, once, for all of them. Another day's index
    /// is not held by it.
    #[test]
    fn an_index_is_redrawn_at_most_once_a_minute() {
        let (mut ix, t0, minute) = (Indexes::default(), Instant::now(), Duration::from_secs(60));
        assert_eq!(
            ix.due(index(1, 1), t0, minute).len(),
            1,
            "the first at once"
        );
        let soon = t0 + Duration::from_secs(5);
        assert!(ix.due(index(1, 1), soon, minute).is_empty(), "held");
        assert!(
            ix.due(index(1, 1), soon, minute).is_empty(),
            "still one waiting"
        );
        assert_eq!(ix.due(index(2, 1), soon, minute).len(), 1, "another game's");
        assert!(ix
            .due(Vec::new(), t0 + Duration::from_secs(59), minute)
            .is_empty());
        let later = ix.due(Vec::new(), t0 + minute, minute);
        assert_eq!(later.len(), 1, "drawn once the minute is over");
        assert!(
            ix.due(Vec::new(), t0 + minute * 3, minute).is_empty(),
            "nothing new"
        );
    }

    /// A vote count drawn out of turn (at the close) leaves nothing waiting: a change that
    /// waited is not drawn after it, and the next change waits its whole turn again.
    #[test]
    fn a_count_drawn_at_the_close_leaves_nothing_waiting() {
        let (mut counts, t0, every) = (
            Throttle::<u32, &str>::default(),
            Instant::now(),
            Duration::from_secs(10),
        );
        assert_eq!(counts.due([(1, "vote 1")], t0, every), vec!["vote 1"]);
        let soon = t0 + Duration::from_secs(2);
        assert!(counts.due([(1, "vote 2")], soon, every).is_empty());
        assert!(counts.due([(1, "vote 3")], soon, every).is_empty());
        counts.drawn_now(1, soon);
        let later = t0 + Duration::from_secs(11);
        assert!(
            counts.due([], later, every).is_empty(),
            "the waiting change is shown by the close's count"
        );
        assert!(
            counts.due([(1, "vote 4")], later, every).is_empty(),
            "10 s from the close's count"
        );
    }
}
