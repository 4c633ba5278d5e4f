//! Forum life (版杀): posts in a day's post counted as the character's posts, relayed under
//! the character's name in anonymous games, the day's index of posts (电梯), and the
//! violations the bot can see, reported to the judge (who decides; the bot never cards these
//! by itself). Which day posts are about to close ([`Service::closing_days`]), so that the
//! bot reads them back first and every post counts at the close.

use std::collections::HashSet;
use std::sync::PoisonError;

use super::{
    anon, mention, Account, Channel, GameId, Message, Place, Refusal, Service, ServiceError,
};
use chrono::{DateTime, Utc};
use engine::{Action, CharId, Command, Phase};
use futures::future::join_all;
use i18n::{self, Lang};
use notify::Delivery;
pub use store::forum::DueDay;
pub use store::forum::Elevator;
use store::forum::PostTally;
use store::Outcome;

/// Games' states read at once to tell which due ticks are days' closes
/// ([`Service::closing_of`]); the bot's pool has 8 connections, which the deadline worker's
/// fires share as they come.
pub const LOADS_AT_ONCE: usize = 8;

/// What became of a message posted in a game's day post.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ThreadPost {
    /// Not a game's day post.
    NotGame,
    /// Counted as the author's post of the day.
    Counted,
    /// An anonymous game: the message must be removed (it shows the account); `tip` is what
    /// to tell its author privately.
    Remove { tip: String },
    /// Reported to the judge; `remove` in an anonymous game.
    Flagged { remove: bool },
}

/// A day whose close is due: its post is read back, before the close fires when what is
/// read there counts (`counts`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Closing {
    pub game: GameId,
    pub day: u32,
    pub thread: Channel,
    /// When the day closes (the time of its close deadline).
    pub closes: DateTime<Utc>,
    /// Whether members' own messages in the post count (not in an anonymous game): then the
    /// close waits for the read-back. In an anonymous game the read-back only removes
    /// messages that show their author's account (and reports outsiders and the dead), which
    /// need not hold the close.
    pub counts: bool,
}

impl Closing {
    /// Sorts closes oldest first (then by game), the order the firing takes them in.
    pub fn sort(closing: &mut [Closing]) {
        closing.sort_by_key(|c| (c.closes, c.game.0));
    }
}

/// A violation the bot can see.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flag {
    /// A dead character posting (诈尸).
    DeadPost,
    /// A player editing their own post.
    Edited,
    /// A player deleting their own post.
    Deleted,
    /// Somebody who does not play posting in a game's post.
    Outsider,
    /// A relayed post that mentioned an account (it could tell who plays a character).
    Mention,
}

impl Flag {
    fn key(self) -> &'static str {
        match self {
            Flag::DeadPost => "flag-dead-post",
            Flag::Edited => "flag-edited",
            Flag::Deleted => "flag-deleted",
            Flag::Outsider => "flag-outsider",
            Flag::Mention => "flag-mention",
        }
    }
}

/// At most this many characters' lines on one index message. A line is a name (at most 32
/// characters on Discord), a count and a link of about 90 characters: 12 lines stay under
/// Discord's 2,000 characters in both languages, 16 do not. A fixed number of lines a page
/// (not a split by length) keeps the number of index messages fixed for the day, so each
/// is edited in place as posts come in.
pub const ELEVATOR_PAGE: usize = 12;

/// At most this many links on one page of a character's history (`/history`). A link is
/// about 90 characters, its line a few more; with a day's heading before every link (the
/// worst case), a 32-character name and the page line, 15 stay under Discord's 2,000
/// characters in both languages (`history_pages_fit_discord`).
pub const HISTORY_PAGE: usize = 15;

/// A character's posts as pages of links (`/history`): a heading with the count, then per
/// day its heading and the links, numbered in the order they were posted (the floor, 楼层);
/// with more than one page, each ends with which page it is.
pub fn history_pages(name: &str, posts: &[(u32, String)], lang: Lang) -> Vec<String> {
    if posts.is_empty() {
        return vec![i18n::text(
            lang,
            "history-none",
            &[("name", name.to_string())],
        )];
    }
    let heading = i18n::text(
        lang,
        "history-heading",
        &[
            ("name", name.to_string()),
            ("count", posts.len().to_string()),
        ],
    );
    let numbered: Vec<(usize, &(u32, String))> = posts.iter().enumerate().collect();
    let chunks: Vec<_> = numbered.chunks(HISTORY_PAGE).collect();
    let pages = chunks.len();
    chunks
        .iter()
        .enumerate()
        .map(|(p, chunk)| {
            let mut lines = vec![heading.clone()];
            let mut day = None;
            for (n, (d, link)) in chunk.iter() {
                if day != Some(*d) {
                    day = Some(*d);
                    lines.push(i18n::text(lang, "history-day", &[("day", d.to_string())]));
                }
                lines.push(i18n::text(
                    lang,
                    "history-line",
                    &[("n", (n + 1).to_string()), ("link", link.clone())],
                ));
            }
            if pages > 1 {
                lines.push(i18n::text(
                    lang,
                    "history-page",
                    &[
                        ("page", (p + 1).to_string()),
                        ("pages", pages.to_string()),
                        ("next", (p + 2).min(pages).to_string()),
                    ],
                ));
            }
            lines.join("\n")
        })
        .collect()
}

/// The link to a message in a server.
pub fn link(guild: u64, thread: Channel, message: u64) -> String {
    format!(
        "https://discord.com/channels/{guild}/{}/{message}",
        thread.get()
    )
}

impl Service {
    /// The game and day whose post `thread` is.
    async fn day_of(&self, thread: Channel) -> Result<Option<(GameId, u32)>, ServiceError> {
        Ok(self.store.day_of_thread(thread).await?)
    }

    /// A message a member posted in a channel: in a day post, it is the author's post of the
    /// day (not anonymous games: there only relayed posts count, and the message goes); a
    /// dead character's or a non-player's post is reported to the judge.
    ///
    /// # Errors
    /// Database errors.
    pub async fn thread_post(
        &self,
        place: &Place,
        message: u64,
        text: &str,
    ) -> Result<ThreadPost, ServiceError> {
        self.thread_post_at(place, message, text, self.now()).await
    }

    /// [`Service::thread_post`], counted as of `at`: a post read back when its day's close is
    /// already due counts just before the close (a command at a later time would close the
    /// day first and find no day to post in). The message id is the command's key, so a
    /// message handled twice counts once.
    ///
    /// # Errors
    /// Database errors.
    pub async fn thread_post_at(
        &self,
        place: &Place,
        message: u64,
        text: &str,
        at: DateTime<Utc>,
    ) -> Result<ThreadPost, ServiceError> {
        let Some((game, day)) = self.day_of(place.channel).await? else {
            return Ok(ThreadPost::NotGame);
        };
        let route = self.route(game).await?;
        let g = self.store.load(game).await?;
        let anonymous = g.ruleset().options.anonymous;
        let here = link(route.guild.get(), place.channel, message);
        let key = format!("m{message}");
        let Ok(seat) = self.seat_of(game, place.user).await else {
            self.flag(game, None, Some(place.user), Flag::Outsider, &here, &key)
                .await?;
            return Ok(ThreadPost::Flagged { remove: anonymous });
        };
        if !g.is_alive(seat) {
            self.flag(
                game,
                Some(seat),
                Some(place.user),
                Flag::DeadPost,
                &here,
                &key,
            )
            .await?;
            return Ok(ThreadPost::Flagged { remove: anonymous });
        }
        if anonymous {
            return Ok(ThreadPost::Remove {
                tip: i18n::text(
                    route.lang,
                    "tip-anonymous-post",
                    &[("text", text.to_string())],
                ),
            });
        }
        let post = Command::by(
            seat,
            Action::Post {
                text: text.to_string(),
            },
        );
        match self.store.execute(game, &key, &post, at).await? {
            Outcome::Accepted { .. } => {
                self.post_linked(game, day, seat, place.channel, message)
                    .await?;
                Ok(ThreadPost::Counted)
            }
            // Outside the day (at night, in a decision window) a post is not counted.
            Outcome::Refused { .. } => Ok(ThreadPost::NotGame),
        }
    }

    /// The days whose close is due by `now` and not fired yet, with their day posts; oldest
    /// close first ([`Service::due_days`], each told by [`Service::closing_of`]); anonymous
    /// games' too ([`Closing::counts`]).
    ///
    /// # Errors
    /// Database errors.
    pub async fn closing_days(&self, now: DateTime<Utc>) -> Result<Vec<Closing>, ServiceError> {
        let due = self.due_days(now).await?;
        let mut out: Vec<Closing> = self
            .closings_of(due)
            .await?
            .into_iter()
            .filter_map(|(_, c)| c)
            .collect();
        Closing::sort(&mut out);
        Ok(out)
    }

    /// Each of `due` with [`Service::closing_of`]'s answer, in the same order;
    /// [`LOADS_AT_ONCE`] games loaded at a time (telling one loads its state, and a burst
    /// is a thousand).
    ///
    /// # Errors
    /// Database errors.
    pub async fn closings_of(
        &self,
        due: Vec<DueDay>,
    ) -> Result<Vec<(DueDay, Option<Closing>)>, ServiceError> {
        let mut out = Vec::with_capacity(due.len());
        for some in due.chunks(LOADS_AT_ONCE) {
            let told = join_all(some.iter().map(|d| self.closing_of(d))).await;
            for (d, closing) in some.iter().zip(told) {
                out.push((d.clone(), closing?));
            }
        }
        Ok(out)
    }

    /// The day posts of running games whose due tick fell due by `now` (a day's close, or
    /// not: [`Service::closing_of`] tells).
    ///
    /// # Errors
    /// Database errors.
    pub async fn due_days(&self, now: DateTime<Utc>) -> Result<Vec<DueDay>, ServiceError> {
        Ok(self.store.due_days(now).await?)
    }

    /// Whether `due` is a day's close, whose post is read back. In an anonymous game the
    /// close does not wait for it ([`Closing::counts`]): a member's own message there never
    /// counts (only relayed DMs do), so the read could change nothing at the close. The
    /// answer depends on the game and on `due` only (not on the time), so a caller may keep
    /// it while the same tick is due. A game that does not load is logged and left out, so
    /// that it does not hold up every other game's close.
    ///
    /// # Errors
    /// Database errors.
    pub async fn closing_of(&self, due: &DueDay) -> Result<Option<Closing>, ServiceError> {
        let DueDay {
            game,
            day,
            thread,
            due,
        } = *due;
        let g = match self.store.load_cached(game).await {
            Ok((g, _)) => g,
            Err(e) if e.kind() != store::ErrorKind::Other => {
                return Err(ServiceError::from(e)
                    .doing("read the game before its close")
                    .in_game(game))
            }
            Err(e) => {
                tracing::warn!(game = game.0, error = %e, "a day post cannot be read back");
                return Ok(None);
            }
        };
        // Due ticks of a game at night, of a day whose post is not this one, or before the
        // day's close (its deadline was moved) are not a day's close.
        Ok(match (g.phase(), g.day()) {
            (Phase::Day { day: today, .. }, Some(d))
                if today == day && !d.closed && d.closes <= due =>
            {
                Some(Closing {
                    game,
                    day,
                    thread,
                    closes: d.closes,
                    counts: !g.ruleset().options.anonymous,
                })
            }
            _ => None,
        })
    }

    /// The messages of a day post already counted as posts.
    ///
    /// # Errors
    /// Database errors.
    pub async fn counted_posts(
        &self,
        game: GameId,
        thread: Channel,
    ) -> Result<HashSet<u64>, ServiceError> {
        Ok(self
            .store
            .counted_posts(game, thread)
            .await?
            .into_iter()
            .collect())
    }

    /// The latest day post of every game still running.
    ///
    /// # Errors
    /// Database errors.
    pub async fn open_day_threads(&self) -> Result<Vec<Channel>, ServiceError> {
        Ok(self.store.open_day_threads().await?)
    }

    /// A character's post by `/say` or by DM: relayed under the character's name (account
    /// mentions made inert and reported to the judge).
    ///
    /// # Errors
    /// [`Refusal::PostInThread`] in a game that is not anonymous; the rules' refusals;
    /// database errors.
    pub async fn say(
        &self,
        game: GameId,
        user: Account,
        text: &str,
        key: &str,
        lang: Lang,
    ) -> Result<(), ServiceError> {
        let g = self.store.load(game).await?;
        if !g.ruleset().options.anonymous {
            return Err(Refusal::PostInThread.into());
        }
        let seat = self.seat_of(game, user).await?;
        let (clean, mentioned) = anon::scrub(text);
        if clean.trim().is_empty() {
            return Err(Refusal::EmptyReason.into());
        }
        let (who, now) = ((game, seat), self.now());
        self.pace_posts(|p| p.take(who, now, g.ruleset().options.post_pace))
            .map_err(|t| {
                ServiceError::Refused(Refusal::PostingTooFast {
                    until: t.until,
                    per_minute: t.per_minute,
                    told: t.told,
                })
            })?;
        let posted = self
            .act(game, user, Action::Post { text: clean }, key, lang)
            .await;
        if let Err(e) = posted {
            self.pace_posts(|p| p.give_back(who, now));
            return Err(e);
        }
        if mentioned {
            let route = self.route(game).await?;
            let day_post = route
                .public_thread()
                .map(|t| format!("<#{}>", t.get()))
                .unwrap_or_default();
            self.flag(
                game,
                Some(seat),
                Some(user),
                Flag::Mention,
                &day_post,
                &format!("{key}-flag"),
            )
            .await?;
        }
        Ok(())
    }

    /// Runs `f` on the pace of relayed posts.
    fn pace_posts<T>(&self, f: impl FnOnce(&mut super::post_pace::PostPace) -> T) -> T {
        // A panic while holding it leaves nothing half-done: windows are whole each step.
        f(&mut self
            .post_pace
            .lock()
            .unwrap_or_else(PoisonError::into_inner))
    }

    /// A direct message to the bot: in an anonymous game's day, the player's post.
    /// Returns the game when it was posted.
    ///
    /// # Errors
    /// As [`Service::say`].
    pub async fn dm_post(
        &self,
        user: Account,
        text: &str,
        key: &str,
    ) -> Result<Option<GameId>, ServiceError> {
        // A DM is no game's post: the caller's running game (as `game_at` in a DM).
        let Ok(Some(game)) = self.store.running_game_of(user).await else {
            return Ok(None);
        };
        let g = self.store.load(game).await?;
        if !g.ruleset().options.anonymous || !matches!(g.phase(), Phase::Day { .. }) {
            return Ok(None);
        }
        let lang = self.route(game).await?.lang;
        self.say(game, user, text, key, lang).await?;
        Ok(Some(game))
    }

    /// The language to answer a member's DM in: a DM carries no locale (only interactions
    /// do), so their current game's language, else Chinese.
    pub async fn dm_lang(&self, user: Account) -> Lang {
        match self.store.running_game_of(user).await {
            Ok(Some(game)) => self.route(game).await.map(|r| r.lang).unwrap_or(Lang::Zh),
            Ok(None) | Err(_) => Lang::Zh,
        }
    }

    /// Reports a violation to the judge's log, with a link and (for a character) a card
    /// button. The judge decides.
    ///
    /// # Errors
    /// Database errors.
    pub async fn flag(
        &self,
        game: GameId,
        seat: Option<CharId>,
        user: Option<Account>,
        flag: Flag,
        link: &str,
        key: &str,
    ) -> Result<(), ServiceError> {
        let route = self.route(game).await?;
        let g = self.store.load(game).await?;
        let name = seat.map(|s| g.ch(s).name.clone()).unwrap_or_default();
        let text = i18n::text(
            route.lang,
            flag.key(),
            &[
                ("name", name),
                ("player", user.map(mention).unwrap_or_default()),
                ("link", link.to_string()),
            ],
        );
        let meta = Delivery {
            card_for: seat.map(|s| s.0),
            ..Delivery::default()
        };
        self.store
            .notify_judge(game, &text, &format!("flag-{key}"), Some(&meta))
            .await?;
        Ok(())
    }

    /// A member edited or deleted a message: if it was a counted post of theirs, the judge
    /// is told.
    ///
    /// # Errors
    /// Database errors.
    pub async fn post_changed(
        &self,
        thread: Channel,
        message: u64,
        deleted: bool,
        key: &str,
    ) -> Result<bool, ServiceError> {
        let Some((game, seat)) = self.store.counted_post(thread, message).await? else {
            return Ok(false);
        };
        let route = self.route(game).await?;
        let user = route.seats.get(&seat.0).copied();
        let flag = if deleted { Flag::Deleted } else { Flag::Edited };
        let here = link(route.guild.get(), thread, message);
        self.flag(game, Some(seat), user, flag, &here, key).await?;
        Ok(true)
    }

    /// Records a counted post's message for the day's index, which is then redrawn.
    ///
    /// # Errors
    /// Database errors.
    pub async fn post_linked(
        &self,
        game: GameId,
        day: u32,
        seat: CharId,
        thread: Channel,
        message: u64,
    ) -> Result<(), ServiceError> {
        Ok(self
            .store
            .link_post(game, day, seat, thread, message)
            .await?)
    }

    /// Records the day's index messages, in order.
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_elevator(
        &self,
        game: GameId,
        day: u32,
        messages: &[Message],
    ) -> Result<(), ServiceError> {
        let Some((first, more)) = messages.split_first() else {
            return Ok(());
        };
        Ok(self.store.set_elevator(game, day, *first, more).await?)
    }

    /// Index messages with posts not shown yet; each is marked clean when returned.
    ///
    /// # Errors
    /// Database errors.
    pub async fn take_dirty_elevators(&self) -> Result<Vec<Elevator>, ServiceError> {
        Ok(self.store.take_dirty_elevators().await?)
    }

    /// Marks an index message to be drawn again (a refresh that failed).
    ///
    /// # Errors
    /// Database errors.
    pub async fn elevator_dirty(&self, e: &Elevator) -> Result<(), ServiceError> {
        Ok(self.store.elevator_dirty(e.game, e.day).await?)
    }

    /// The day's index (电梯): one line per character, in an order drawn from the game's
    /// seed for that day, with the number of posts and a link to the latest; in pages of
    /// at most [`ELEVATOR_PAGE`] lines (as even as can be), one message each, the heading on
    /// the first.
    ///
    /// # Errors
    /// Database errors.
    pub async fn elevator_pages(
        &self,
        game: GameId,
        day: u32,
    ) -> Result<Vec<String>, ServiceError> {
        let g = self.store.load(game).await?;
        let route = self.route(game).await?;
        let posts: std::collections::BTreeMap<u16, PostTally> = self
            .store
            .post_tallies(game, day)
            .await?
            .into_iter()
            .map(|t| (t.seat.0, t))
            .collect();
        let order = anon::elevator_order(g.seed(), g.chars().len(), day);
        let mut lines = Vec::with_capacity(order.len());
        for c in order {
            let name = g.ch(c).name.clone();
            lines.push(match posts.get(&c.0) {
                Some(t) => i18n::text(
                    route.lang,
                    "elevator-line",
                    &[
                        ("name", name),
                        ("count", t.posts.to_string()),
                        ("link", link(route.guild.get(), t.thread, t.latest)),
                    ],
                ),
                None => i18n::text(route.lang, "elevator-none", &[("name", name)]),
            });
        }
        let pages = lines.len().div_ceil(ELEVATOR_PAGE).max(1);
        let per_page = lines.len().div_ceil(pages).max(1);
        let heading = i18n::text(route.lang, "elevator-heading", &[("day", day.to_string())]);
        let mut out: Vec<String> = lines.chunks(per_page).map(|c| c.join("\n")).collect();
        match out.first_mut() {
            Some(first) => *first = format!("{heading}\n{first}"),
            None => out.push(heading),
        }
        Ok(out)
    }

    /// Today's post counts (`/posts`): every character's, as on a forum.
    ///
    /// # Errors
    /// Database errors.
    pub async fn post_counts(&self, game: GameId, lang: Lang) -> Result<String, ServiceError> {
        let g = self.store.load(game).await?;
        let Some(d) = g.day() else {
            return Ok(i18n::text(lang, "view-no-vote", &[]));
        };
        let need = g.ruleset().options.lurk_min_posts_day;
        let mut lines = vec![i18n::text(
            lang,
            "posts-heading",
            &[("day", d.day.to_string()), ("need", need.to_string())],
        )];
        for c in g.living() {
            let n = g.ch(c).posts.get(&d.day).copied().unwrap_or(0);
            lines.push(format!("{}: {n}", g.ch(c).name));
        }
        Ok(lines.join("\n"))
    }

    /// A character's history (`/history character page`): links to every post the
    /// character made in the game, across all days, page `page` (from 1) of them. Only the
    /// character's counted posts: in an anonymous game the relayed ones, which show the
    /// character, never the account.
    ///
    /// # Errors
    /// [`Refusal::UnknownTarget`] for a name that is no character of the game;
    /// database errors. A page past the last is answered with how many there are.
    pub async fn history(
        &self,
        game: GameId,
        name: &str,
        page: u32,
        lang: Lang,
    ) -> Result<String, ServiceError> {
        let g = self.store.load(game).await?;
        let seat = g
            .find(name.trim())
            .ok_or_else(|| ServiceError::Refused(Refusal::UnknownTarget(name.to_string())))?;
        let route = self.route(game).await?;
        let posts: Vec<(u32, String)> = self
            .store
            .character_posts(game, seat)
            .await?
            .into_iter()
            .map(|(day, thread, message)| (day, link(route.guild.get(), thread, message)))
            .collect();
        let mut pages = history_pages(&g.ch(seat).name, &posts, lang);
        let count = pages.len();
        let index = (page.max(1) - 1) as usize;
        if index >= count {
            return Ok(i18n::text(
                lang,
                "history-no-page",
                &[("page", page.to_string()), ("pages", count.to_string())],
            ));
        }
        Ok(pages.swap_remove(index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A long history in pages: every page fits one Discord message (2,000 characters) with
    /// the longest names and ids, every post is on exactly one page, in order.
    #[test]
    fn history_pages_fit_discord() {
        let name = "长".repeat(32);
        let snowflake = u64::MAX / 2;
        let posts: Vec<(u32, String)> = (0..100u32)
            .map(|i| {
                (
                    i + 10,
                    link(snowflake, Channel::new(snowflake), snowflake - u64::from(i)),
                )
            })
            .collect();
        for lang in Lang::ALL {
            let pages = history_pages(&name, &posts, lang);
            assert_eq!(pages.len(), 100usize.div_ceil(HISTORY_PAGE));
            for p in &pages {
                let n = p.chars().count();
                assert!(n <= 2000, "{lang:?}: a page of {n} characters:\n{p}");
            }
            let all = pages.join("\n");
            let mut at = 0;
            for (_, l) in &posts {
                let found = all[at..].find(l.as_str()).expect("every link, in order");
                at += found + l.len();
            }
        }
        assert_eq!(history_pages(&name, &[], Lang::Zh).len(), 1);
    }
}
