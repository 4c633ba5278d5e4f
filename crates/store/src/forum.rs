//! A game's forum posts: each day's post (`day_threads`), the messages counted as
//! characters' posts (`post_links`), and the day's index messages (电梯) with whether they
//! need drawing again.

use chrono::{DateTime, Utc};

use super::ids::{Channel, GameId, Message};
use super::{Store, StoreError};
use engine::CharId;

/// A day's index messages to refresh.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Elevator {
    pub game: GameId,
    pub day: u32,
    pub thread: Channel,
    /// The index's messages in order (one per page of lines).
    pub messages: Vec<Message>,
}

/// A day post of a running game whose day's close is due (its game may be at night: the
/// service checks), with the game's latest due tick (an earlier one left unfired when the
/// deadline moved may be due too).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DueDay {
    pub game: GameId,
    /// The game's latest day with a post.
    pub day: u32,
    pub thread: Channel,
    /// When the game's due tick fell due: while the tick is the same, so is what it is (a
    /// day's close or not), and a caller looking again and again may keep its answer.
    pub due: DateTime<Utc>,
}

/// One character's counted posts of a day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostTally {
    pub seat: CharId,
    pub posts: i64,
    /// The latest post, and the post (thread) it is in.
    pub latest: u64,
    pub thread: Channel,
}

impl Store {
    /// The game and day whose post `thread` is (not the tree-hole post, day 0).
    ///
    /// # Errors
    /// Database errors.
    pub async fn day_of_thread(
        &self,
        thread: Channel,
    ) -> Result<Option<(GameId, u32)>, StoreError> {
        let row = sqlx::query!(
            r#"SELECT game_id AS "game: GameId", day FROM day_threads
               WHERE thread_id = $1 AND day > 0"#,
            i64::from(thread),
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| (r.game, r.day as u32)))
    }

    /// For every running game with a close-of-day deadline due by `now` and not fired, its
    /// latest day post.
    ///
    /// # Errors
    /// Database errors.
    pub async fn due_days(&self, now: DateTime<Utc>) -> Result<Vec<DueDay>, StoreError> {
        let rows = sqlx::query!(
            r#"SELECT DISTINCT ON (d.game_id) d.game_id AS "game!: GameId", t.day AS "day!",
                      t.thread_id AS "thread!: Channel", d.due_at AS "due!"
               FROM deadlines d
               JOIN games g ON g.id = d.game_id AND NOT g.ended
               JOIN day_threads t ON t.game_id = d.game_id AND t.day > 0
               WHERE d.kind = 'tick' AND d.fired_at IS NULL AND d.due_at <= $1
               ORDER BY d.game_id, t.day DESC, d.due_at DESC"#,
            now,
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| DueDay {
                game: r.game,
                day: r.day as u32,
                thread: r.thread,
                due: r.due,
            })
            .collect())
    }

    /// The messages of a day post already counted as posts.
    ///
    /// # Errors
    /// Database errors.
    pub async fn counted_posts(
        &self,
        game: GameId,
        thread: Channel,
    ) -> Result<Vec<u64>, StoreError> {
        let ids = sqlx::query_scalar!(
            "SELECT message_id FROM post_links WHERE game_id = $1 AND thread_id = $2",
            game.0,
            i64::from(thread),
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(ids.into_iter().map(|m| m as u64).collect())
    }

    /// The latest day post of every game still running.
    ///
    /// # Errors
    /// Database errors.
    pub async fn open_day_threads(&self) -> Result<Vec<Channel>, StoreError> {
        Ok(sqlx::query_scalar!(
            r#"SELECT DISTINCT ON (d.game_id) d.thread_id AS "thread: Channel" FROM day_threads d
               JOIN games g ON g.id = d.game_id
               WHERE NOT g.ended AND d.day > 0 ORDER BY d.game_id, d.day DESC"#,
        )
        .fetch_all(&self.pool)
        .await?)
    }

    /// The game and seat of a counted post, if `message` in `thread` is one.
    ///
    /// # Errors
    /// Database errors.
    pub async fn counted_post(
        &self,
        thread: Channel,
        message: u64,
    ) -> Result<Option<(GameId, CharId)>, StoreError> {
        let row = sqlx::query!(
            r#"SELECT game_id AS "game: GameId", seat FROM post_links
               WHERE message_id = $1 AND thread_id = $2"#,
            message as i64,
            i64::from(thread),
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| (r.game, CharId(r.seat as u16))))
    }

    /// Records a counted post's message and marks the day's index to be drawn again; both
    /// or neither, and a repeat records nothing new.
    ///
    /// # Errors
    /// Database errors.
    pub async fn link_post(
        &self,
        game: GameId,
        day: u32,
        seat: CharId,
        thread: Channel,
        message: u64,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query!(
            "INSERT INTO post_links (game_id, day, seat, message_id, thread_id)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
            game.0,
            day as i32,
            i32::from(seat.0),
            message as i64,
            i64::from(thread),
        )
        .execute(&mut *tx)
        .await?;
        sqlx::query!(
            "UPDATE day_threads SET elevator_dirty = TRUE WHERE game_id = $1 AND day = $2",
            game.0,
            day as i32,
        )
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Records the day's index messages, in order (at least one), to be drawn.
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_elevator(
        &self,
        game: GameId,
        day: u32,
        first: Message,
        more: &[Message],
    ) -> Result<(), StoreError> {
        let more: Vec<i64> = more.iter().map(|m| i64::from(*m)).collect();
        sqlx::query!(
            "UPDATE day_threads SET elevator = $3, elevator_more = $4, elevator_dirty = TRUE
             WHERE game_id = $1 AND day = $2",
            game.0,
            day as i32,
            i64::from(first),
            &more,
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Index messages with posts not shown yet; each is marked clean when returned.
    ///
    /// # Errors
    /// Database errors.
    pub async fn take_dirty_elevators(&self) -> Result<Vec<Elevator>, StoreError> {
        let rows = sqlx::query!(
            r#"UPDATE day_threads SET elevator_dirty = FALSE
               WHERE elevator_dirty AND elevator IS NOT NULL
               RETURNING game_id AS "game: GameId", day, thread_id AS "thread: Channel",
                         elevator AS "elevator!: Message",
                         elevator_more AS "elevator_more: Vec<Message>""#,
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| {
                let mut messages = vec![r.elevator];
                messages.extend(r.elevator_more);
                Elevator {
                    game: r.game,
                    day: r.day as u32,
                    thread: r.thread,
                    messages,
                }
            })
            .collect())
    }

    /// Marks a day's index to be drawn again.
    ///
    /// # Errors
    /// Database errors.
    pub async fn elevator_dirty(&self, game: GameId, day: u32) -> Result<(), StoreError> {
        sqlx::query!(
            "UPDATE day_threads SET elevator_dirty = TRUE WHERE game_id = $1 AND day = $2",
            game.0,
            day as i32,
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Each character's counted posts on `day` (characters without any are left out).
    ///
    /// # Errors
    /// Database errors.
    pub async fn post_tallies(&self, game: GameId, day: u32) -> Result<Vec<PostTally>, StoreError> {
        let rows = sqlx::query!(
            r#"SELECT seat, count(*) AS "posts!", max(message_id) AS "latest!",
                      max(thread_id) AS "thread!: Channel"
               FROM post_links WHERE game_id = $1 AND day = $2 GROUP BY seat"#,
            game.0,
            day as i32,
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| PostTally {
                seat: CharId(r.seat as u16),
                posts: r.posts,
                latest: r.latest as u64,
                thread: r.thread,
            })
            .collect())
    }

    /// Every counted post of a character in a game, across all days, in order: (day, day
    /// post, message).
    ///
    /// # Errors
    /// Database errors.
    pub async fn character_posts(
        &self,
        game: GameId,
        seat: CharId,
    ) -> Result<Vec<(u32, Channel, u64)>, StoreError> {
        let rows = sqlx::query!(
            r#"SELECT day, thread_id AS "thread: Channel", message_id FROM post_links
               WHERE game_id = $1 AND seat = $2 ORDER BY day, message_id"#,
            game.0,
            i32::from(seat.0),
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| (r.day as u32, r.thread, r.message_id as u64))
            .collect())
    }
}
