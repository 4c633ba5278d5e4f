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
        let game = GameId(msg.game_id);
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
        let kept = store
            .tally_message(game, day, round)
            .await
            .map_err(failed)?;
        if let Some(id) = kept {
            match self.edit_in(channel, id.discord(), edit()).await {
                // The message's id: every row it delivers keeps one (the outbox's checks;
                // only a redraw skipped for a later one is delivered without).
                Ok(_) => return Ok(Some(id.get())),
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
        Ok(Some(id.get()))
    }
}
