//! Which account plays each seat of a game (`seats`), as the sign-up's start wrote it and
//! substitutions changed it.

use super::ids::{Account, GameId};
use super::{Store, StoreError};
use engine::CharId;

impl Store {
    /// Moves `seat` of `game` to `player` (a substitute took the character over).
    ///
    /// # Errors
    /// Database errors.
    pub async fn move_seat(
        &self,
        game: GameId,
        seat: CharId,
        player: Account,
    ) -> Result<(), StoreError> {
        sqlx::query!(
            "UPDATE seats SET user_id = $3 WHERE game_id = $1 AND seat = $2",
            game.0,
            i32::from(seat.0),
            i64::from(player),
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
