//! The vote count (计票) in the day's post: made once, then edited in place.

use super::*;

impl DiscordMessenger {
    /// Shows a round's vote count ([`TallyRef`]): edits its message in place, or creates it
    /// in the day's post the first time (after looking, with `earlier`, for one an earlier
    /// attempt created: the bot's message with the count's title line), and keeps its id.
    /// A message deleted on Discord is made again. Returns the count message's id.
    pub(super) async fn tally(
        &self,
        msg: &OutMessage,
        tally: TallyRef,
        earlier: Option<Earlier>,
        route: Route,
    ) -> Result<Option<u64>, SendError> {
        let game = msg.game_id;
        let meta = msg.meta.clone().unwrap_or_default();
        // The count is drawn within Discord's limit; `split` only guards it.
        let text = split(&with_due(&msg.body, &meta))
            .into_iter()
            .next()
            .unwrap_or_default();
        let (day, round) = (tally.day as i32, tally.round as i32);
        let store = self.service.store();
        // A UNO table (day 0) is in the game's one post, its sign-up's.
        let thread = route
            .days
            .get(&tally.day)
            .copied()
            .or(route.signup_thread.filter(|_| tally.day == 0))
            .ok_or_else(|| failed(format!("day {} has no post yet", tally.day)))?;
        let channel = thread.discord();
        // A UNO table carries "My hand" while the game runs, and nothing once it is over.
        let rows = (tally.day == 0).then(|| {
            if meta.uno_hand {
                vec![crate::commands::uno::hand_button(game, route.lang)]
            } else {
                Vec::new()
            }
        });
        let edit = || {
            let e = EditMessage::new()
                .content(text.as_str())
                .allowed_mentions(no_pings());
            match &rows {
                Some(rows) => e.components(rows.clone()),
                None => e,
            }
        };
        // A day's count is redrawn at most once in `count_every` while votes come in; a
        // UNO table (day 0) at every move. Its draws are taken in turn, so that a waiting
        // one never shows over a later one.
        let key = (msg.game_id, tally.day, tally.round);
        let throttled = tally.day > 0;
        let _turn = match throttled {
            true => Some(self.turn(Turn::Count(key.0, key.1, key.2)).await),
            false => None,
        };
        let kept = store
            .tally_message(game, day, round)
            .await
            .map_err(failed)?;
        if let Some(id) = kept {
            // The count at the close (no deadline any more) is drawn at once.
            if throttled && !tally.opens && meta.due.is_some() {
                let waiting = WaitingCount {
                    key,
                    row: msg.id,
                    channel: thread,
                    message: id,
                    text: text.clone(),
                };
                let due = self
                    .counts
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .due(
                        [(key, waiting)],
                        std::time::Instant::now(),
                        self.count_every,
                    );
                if due.is_empty() {
                    // Shown when its turn comes ([`DiscordMessenger::redraw_counts`]).
                    return Ok(Some(id.get()));
                }
            }
            match self.edit_in(channel, id.discord(), edit()).await {
                // The message's id: every row it delivers keeps one (the outbox's checks;
                // only a redraw skipped for a later one is delivered without).
                Ok(_) => {
                    if throttled {
                        self.count_drawn(key, msg.id);
                    }
                    return Ok(Some(id.get()));
                }
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
                let mut m = CreateMessage::new()
                    .content(text.as_str())
                    .nonce(Nonce::String(discord_nonce(&msg.nonce, 0)))
                    .enforce_nonce(true)
                    .allowed_mentions(no_pings());
                if let Some(rows) = &rows {
                    m = m.components(rows.clone());
                }
                channel
                    .send_message(&*self.http, m)
                    .await
                    .map_err(refused)?
                    .id
            }
        };
        store
            .keep_tally_message(game, day, round, thread, ids::message(id))
            .await
            .map_err(failed)?;
        if throttled {
            self.count_drawn(key, msg.id);
        }
        Ok(Some(id.get()))
    }

    /// Count `key` was drawn now, showing outbox row `row`: what waited for it is shown.
    fn count_drawn(&self, key: CountKey, row: i64) {
        self.counts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .drawn_now(key, std::time::Instant::now());
        let mut shown = self
            .counts_shown
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let latest = shown.entry(key).or_insert(row);
        *latest = (*latest).max(row);
    }

    /// Draws the vote counts whose turn has come with the latest count each waited with
    /// (none that a later row was drawn over meanwhile). A count Discord refuses for good
    /// (deleted by a moderator) is left: the next vote's row makes it again; another
    /// failure waits for the next pass.
    pub async fn redraw_counts(&self) {
        let due = self
            .counts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .due([], std::time::Instant::now(), self.count_every);
        for w in due {
            let key = w.key;
            let _turn = self.turn(Turn::Count(key.0, key.1, key.2)).await;
            let newer = self
                .counts_shown
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .get(&key)
                .is_some_and(|shown| *shown >= w.row);
            if newer {
                continue;
            }
            let edit = EditMessage::new()
                .content(w.text.as_str())
                .allowed_mentions(no_pings());
            match self
                .edit_in(w.channel.discord(), w.message.discord(), edit)
                .await
            {
                Ok(_) => self.count_drawn(key, w.row),
                Err(e) => {
                    if !refused(e).permanent {
                        let mut counts = self
                            .counts
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner);
                        counts.waiting.entry(key).or_insert(w);
                    }
                }
            }
        }
    }
}
