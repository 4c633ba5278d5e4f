//! The bench of volunteer substitutes of a sign-up and the game it becomes
//! (`signup_bench`), and the seats the judge offered to it (`bench_offers`).
//!
//! An offer is taken once: [`Store::take_offer`] claims it with one conditional update (the
//! row's lock makes a second press at the same moment wait, then find it claimed), and only
//! while the member it was offered from still holds the seat and the presser is on the
//! bench. The service then moves the seat ([`Store::move_seat`]) or, if the rules refuse,
//! gives the claim back ([`Store::release_offer`]).

use chrono::{DateTime, Utc};

use super::ids::{Account, GameId, SignupId};
use super::{Store, StoreError};
use engine::CharId;

/// What became of a press on an offered seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// The presser claimed it now: the game and the seat.
    Claimed { game: GameId, seat: CharId },
    /// The presser had claimed it already (a second press, or a redelivered one).
    Already { game: GameId, seat: CharId },
    /// Someone else took it, or its player no longer holds it.
    Gone,
    /// The presser is not on the game's bench.
    NotOnBench,
    /// There is no such offer.
    NoOffer,
}

impl Store {
    /// Puts `user` on sign-up `id`'s bench under `name` at `at`; `false` when they were on it.
    ///
    /// # Errors
    /// Database errors.
    pub async fn volunteer(
        &self,
        id: SignupId,
        user: Account,
        name: &str,
        at: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query!(
            "INSERT INTO signup_bench (signup_id, user_id, name, joined_at)
             VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            id.0,
            i64::from(user),
            name,
            at,
        )
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Takes `user` off sign-up `id`'s bench; `false` when they were not on it.
    ///
    /// # Errors
    /// Database errors.
    pub async fn leave_bench(&self, id: SignupId, user: Account) -> Result<bool, StoreError> {
        let done = sqlx::query!(
            "DELETE FROM signup_bench WHERE signup_id = $1 AND user_id = $2",
            id.0,
            i64::from(user),
        )
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Sign-up `id`'s bench, (account, name) in order of volunteering.
    ///
    /// # Errors
    /// Database errors.
    pub async fn bench(&self, id: SignupId) -> Result<Vec<(Account, String)>, StoreError> {
        let rows = sqlx::query!(
            r#"SELECT user_id AS "user: Account", name FROM signup_bench
               WHERE signup_id = $1 ORDER BY joined_at, user_id"#,
            id.0,
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| (r.user, r.name)).collect())
    }

    /// The sign-up that became `game`, if a sign-up did.
    ///
    /// # Errors
    /// Database errors.
    pub async fn signup_of_game(&self, game: GameId) -> Result<Option<SignupId>, StoreError> {
        Ok(sqlx::query_scalar!(
            r#"SELECT id AS "id: SignupId" FROM signup_posts WHERE game_id = $1"#,
            game.0,
        )
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Offers `seat` of `game`, which `from` holds, to the bench: the offer's id. Offering
    /// the same seat from the same member again opens the same offer again.
    ///
    /// # Errors
    /// Database errors.
    pub async fn offer_seat(
        &self,
        game: GameId,
        seat: CharId,
        from: Account,
    ) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar!(
            "INSERT INTO bench_offers (game_id, seat, from_user) VALUES ($1, $2, $3)
             ON CONFLICT (game_id, seat, from_user) DO UPDATE SET taken_by = NULL, created_at = now()
             RETURNING id",
            game.0,
            i32::from(seat.0),
            i64::from(from),
        )
        .fetch_one(&self.pool)
        .await?)
    }

    /// Claims offer `offer` for `user`: only while nobody has, its member still holds the
    /// seat, and `user` is on the bench of the offer's game.
    ///
    /// # Errors
    /// Database errors.
    pub async fn take_offer(&self, offer: i64, user: Account) -> Result<Claim, StoreError> {
        let claimed = sqlx::query!(
            r#"UPDATE bench_offers o SET taken_by = $2
               WHERE o.id = $1 AND o.taken_by IS NULL
                 AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = o.game_id
                               AND s.seat = o.seat AND s.user_id = o.from_user)
                 AND EXISTS (SELECT 1 FROM signup_posts p JOIN signup_bench b ON b.signup_id = p.id
                               WHERE p.game_id = o.game_id AND b.user_id = $2)
               RETURNING game_id AS "game: GameId", seat"#,
            offer,
            i64::from(user),
        )
        .fetch_optional(&self.pool)
        .await?;
        if let Some(r) = claimed {
            return Ok(Claim::Claimed {
                game: r.game,
                seat: CharId(r.seat as u16),
            });
        }
        // Why not: read after the update, so a claim committed meanwhile is seen.
        let row = sqlx::query!(
            r#"SELECT o.game_id AS "game: GameId", o.seat, o.taken_by,
                      EXISTS (SELECT 1 FROM signup_posts p JOIN signup_bench b ON b.signup_id = p.id
                              WHERE p.game_id = o.game_id AND b.user_id = $2) AS "benched!"
               FROM bench_offers o WHERE o.id = $1"#,
            offer,
            i64::from(user),
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(match row {
            None => Claim::NoOffer,
            Some(r) if r.taken_by == Some(i64::from(user)) => Claim::Already {
                game: r.game,
                seat: CharId(r.seat as u16),
            },
            Some(r) if r.taken_by.is_none() && !r.benched => Claim::NotOnBench,
            Some(_) => Claim::Gone,
        })
    }

    /// Gives back `user`'s claim on offer `offer` (the rules refused the substitution), so
    /// another volunteer may take the seat.
    ///
    /// # Errors
    /// Database errors.
    pub async fn release_offer(&self, offer: i64, user: Account) -> Result<(), StoreError> {
        sqlx::query!(
            "UPDATE bench_offers SET taken_by = NULL WHERE id = $1 AND taken_by = $2",
            offer,
            i64::from(user),
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
