//! Records across a server's games: the sign-up post's card record (who had a red card in
//! their last N finished games of the server) and N itself, a server setting
//! (`guild_settings.red_card_window`). The records themselves (`/stats`, `/leaderboard`)
//! are computed from the games' event logs ([`tournament::stats`]).

use super::ids::{Account, Guild};
use super::{Store, StoreError};

impl Store {
    /// Sets how many of a member's last finished games the sign-up post looks at for a red
    /// card (0: none, no marks).
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_red_card_window(&self, guild: Guild, games: i32) -> Result<(), StoreError> {
        sqlx::query!(
            "UPDATE guild_settings SET red_card_window = $2 WHERE guild_id = $1",
            i64::from(guild),
            games,
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// How many of a member's last finished games the sign-up post looks at (`None`: the
    /// server is not set up).
    ///
    /// # Errors
    /// Database errors.
    pub async fn red_card_window(&self, guild: Guild) -> Result<Option<i32>, StoreError> {
        Ok(sqlx::query_scalar!(
            "SELECT red_card_window FROM guild_settings WHERE guild_id = $1",
            i64::from(guild),
        )
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Those of `members` who received a red card (given, or made of yellows) in one of their
    /// last `window` finished games of `guild`, with how many. A game is a member's when
    /// they held a seat in it; a card is theirs when they held the seat at the time it was
    /// given (the `players` row in force at the card's event).
    ///
    /// # Errors
    /// Database errors.
    pub async fn red_carded(
        &self,
        guild: Guild,
        members: &[Account],
        window: i32,
    ) -> Result<Vec<(Account, i64)>, StoreError> {
        let players: Vec<String> = members.iter().map(|a| a.to_string()).collect();
        let rows = sqlx::query!(
            r#"WITH theirs AS (
                   SELECT p.player, p.game_id,
                          row_number() OVER (PARTITION BY p.player ORDER BY p.game_id DESC) AS n
                   FROM (SELECT DISTINCT game_id, player FROM players
                         WHERE player = ANY($2::TEXT[])) p
                   JOIN signup_posts s ON s.game_id = p.game_id AND s.guild_id = $1
                   JOIN games g ON g.id = p.game_id AND g.ended)
               SELECT t.player AS "player!", count(*) AS "reds!"
               FROM theirs t
               JOIN events e ON e.game_id = t.game_id
               WHERE t.n <= $3
                 AND ((e.kind = 'card_given' AND e.body->>'color' = 'red')
                      OR (e.kind = 'cards_converted' AND e.body->>'to' = 'red'))
                 AND (SELECT h.player FROM players h
                      WHERE h.game_id = e.game_id AND h.seat = (e.body->>'target')::INT
                        AND h.seq <= e.seq
                      ORDER BY h.seq DESC LIMIT 1) = t.player
               GROUP BY t.player"#,
            i64::from(guild),
            &players,
            i64::from(window),
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .filter_map(|r| {
                Some((
                    Account::try_from(r.player.parse::<u64>().ok()?).ok()?,
                    r.reds,
                ))
            })
            .collect())
    }
}
