//! The camps' private threads: opened once, members added and taken out in order.

use super::*;

/// A camp's private thread (see [`notify::camp`]): opened once, its members added
/// and taken out by the rows of its `camp:<camp>` channel, in order.
impl DiscordMessenger {
    /// Carries out one camp row, then posts its text in the thread; returns the id of the
    /// text's first message there. Each step may be repeated after a lost attempt: the
    /// thread is looked for before one is opened, adding or taking out a member twice
    /// changes nothing, and the text is sent only if it is not there yet.
    pub(super) async fn camp(
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
    pub(super) async fn camp_thread(&self, game: GameId, camp: Camp) -> Result<Channel, SendError> {
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
    pub(super) async fn open_camp(
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
                let t = parent
                    .discord()
                    .create_thread(
                        &*self.http,
                        CreateThread::new(title)
                            .kind(ChannelType::PrivateThread)
                            .invitable(false)
                            .auto_archive_duration(AutoArchiveDuration::OneWeek),
                    )
                    .await
                    .map_err(refused)?;
                ids::channel(t.id)
            }
        };
        self.service
            .camp_opened(route.game, camp, thread)
            .await
            .map_err(failed)
    }

    /// Adds `who` to the thread, or takes them out; taking out someone who is not in it
    /// (an earlier attempt did) is done.
    pub(super) async fn camp_member(
        &self,
        thread: Channel,
        who: Account,
        add: bool,
    ) -> Result<(), SendError> {
        let channel = thread.discord();
        let user = who.discord();
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
