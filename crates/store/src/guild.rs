//! A chat server's records: its settings (`guild_settings`: the forum for games, the judge
//! role, the judge's log, language, time zone, the role new sign-ups ping), its members'
//! display names (`member_names`), which tournaments and games belong to it, and its
//! optional channel moderation (`guild_moderation`: the roles the bot keeps in sync, the
//! graveyard channel).

use super::ids::{Account, Channel, GameId, Guild, ServerRole};
use super::{lang_code, Store, StoreError};
use engine::ruleset::Zone;
use notify::{self, Lang};

/// A server's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    pub guild: Guild,
    pub forum: Channel,
    pub judge_role: ServerRole,
    pub log: Channel,
    pub lang: Lang,
    /// The time zone games print times in; `None`: the default for `lang`.
    pub time_zone: Option<Zone>,
    /// Whether a member with the judge role may use `/judge` on a game they play in (then
    /// without its secrets while it runs); off by default, refused.
    pub playing_judge: bool,
}

impl Settings {
    /// The time zone this server's games print times in.
    pub fn zone(&self) -> Zone {
        self.time_zone
            .unwrap_or_else(|| notify::default_zone(self.lang))
    }
}

/// A server's optional channel moderation (the forum-features work), set with its settings: the
/// roles the bot keeps in sync with a game (living players get `living_role` at the start,
/// swap it for `dead_role` when their death is announced, lose both at the end) and the
/// channels it opens or closes with them. All unset: no moderation but the day posts' lock.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Moderation {
    pub living_role: Option<ServerRole>,
    pub dead_role: Option<ServerRole>,
    pub spectator_role: Option<ServerRole>,
    /// Where the dead (and spectators) chat, out of the living players' sight.
    pub graveyard: Option<Channel>,
}

impl Moderation {
    /// The roles set, each once.
    pub fn roles(&self) -> Vec<ServerRole> {
        let mut v: Vec<ServerRole> = [self.living_role, self.dead_role, self.spectator_role]
            .into_iter()
            .flatten()
            .collect();
        v.dedup();
        v
    }
}

impl Store {
    /// Stores a server's channel moderation (replacing earlier; the settings first).
    ///
    /// # Errors
    /// Database errors.
    pub async fn save_moderation(&self, guild: Guild, m: &Moderation) -> Result<(), StoreError> {
        sqlx::query!(
            "INSERT INTO guild_moderation (guild_id, living_role, dead_role, spectator_role, graveyard)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (guild_id) DO UPDATE SET living_role = $2, dead_role = $3,
               spectator_role = $4, graveyard = $5",
            i64::from(guild),
            m.living_role.map(i64::from),
            m.dead_role.map(i64::from),
            m.spectator_role.map(i64::from),
            m.graveyard.map(i64::from),
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A server's channel moderation (all unset when it has none).
    ///
    /// # Errors
    /// Database errors.
    pub async fn moderation(&self, guild: Guild) -> Result<Moderation, StoreError> {
        let row = sqlx::query!(
            r#"SELECT living_role AS "living: ServerRole", dead_role AS "dead: ServerRole",
                      spectator_role AS "spectator: ServerRole", graveyard AS "graveyard: Channel"
               FROM guild_moderation WHERE guild_id = $1"#,
            i64::from(guild),
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(row
            .map(|r| Moderation {
                living_role: r.living,
                dead_role: r.dead,
                spectator_role: r.spectator,
                graveyard: r.graveyard,
            })
            .unwrap_or_default())
    }

    /// Stores a server's settings (replacing earlier ones).
    ///
    /// # Errors
    /// Database errors.
    pub async fn save_settings(&self, s: &Settings) -> Result<(), StoreError> {
        sqlx::query!(
            "INSERT INTO guild_settings
               (guild_id, forum_channel, judge_role, log_channel, lang, time_zone, playing_judge)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (guild_id) DO UPDATE SET forum_channel = $2, judge_role = $3,
               log_channel = $4, lang = $5, time_zone = $6, playing_judge = $7",
            i64::from(s.guild),
            i64::from(s.forum),
            i64::from(s.judge_role),
            i64::from(s.log),
            lang_code(s.lang),
            s.time_zone.map(Zone::name),
            s.playing_judge,
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A server's settings, if it has been set up.
    ///
    /// # Errors
    /// Database errors.
    pub async fn settings(&self, guild: Guild) -> Result<Option<Settings>, StoreError> {
        let row = sqlx::query!(
            r#"SELECT forum_channel AS "forum: Channel", judge_role AS "judge_role: ServerRole",
                      log_channel AS "log: Channel", lang, time_zone, playing_judge
               FROM guild_settings WHERE guild_id = $1"#,
            i64::from(guild),
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| Settings {
            guild,
            forum: r.forum,
            judge_role: r.judge_role,
            log: r.log,
            lang: Lang::parse(&r.lang).unwrap_or_default(),
            // Only names that parsed are stored; one that no longer does reads as unset.
            time_zone: r.time_zone.and_then(|z| Zone::parse(&z).ok()),
            playing_judge: r.playing_judge,
        }))
    }

    /// Sets (or, with `None`, clears) the role a new sign-up post of `guild` pings: the
    /// members who asked to be told when a game opens.
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_notify_role(
        &self,
        guild: Guild,
        role: Option<ServerRole>,
    ) -> Result<(), StoreError> {
        sqlx::query!(
            "UPDATE guild_settings SET notify_role = $2 WHERE guild_id = $1",
            i64::from(guild),
            role.map(i64::from),
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The role a new sign-up post of `guild` pings, if the server set one.
    ///
    /// # Errors
    /// Database errors.
    pub async fn notify_role(&self, guild: Guild) -> Result<Option<ServerRole>, StoreError> {
        Ok(sqlx::query_scalar!(
            r#"SELECT notify_role AS "role: ServerRole" FROM guild_settings WHERE guild_id = $1"#,
            i64::from(guild),
        )
        .fetch_optional(&self.pool)
        .await?
        .flatten())
    }

    /// Records the display name of a member of `guild` (the latest one wins).
    ///
    /// # Errors
    /// Database errors.
    pub async fn remember_name(
        &self,
        guild: Guild,
        user: Account,
        name: &str,
    ) -> Result<(), StoreError> {
        sqlx::query!(
            "INSERT INTO member_names (guild_id, user_id, name) VALUES ($1, $2, $3)
             ON CONFLICT (guild_id, user_id) DO UPDATE SET name = $3",
            i64::from(guild),
            i64::from(user),
            name,
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The display names known in `guild`.
    ///
    /// # Errors
    /// Database errors.
    pub async fn member_names(&self, guild: Guild) -> Result<Vec<(Account, String)>, StoreError> {
        let rows = sqlx::query!(
            r#"SELECT user_id AS "user: Account", name FROM member_names WHERE guild_id = $1"#,
            i64::from(guild),
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| (r.user, r.name)).collect())
    }

    /// Makes tournament `tournament` one of `guild`'s.
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_tournament_guild(
        &self,
        tournament: i64,
        guild: Guild,
    ) -> Result<(), StoreError> {
        sqlx::query!(
            "UPDATE tournaments SET guild_id = $2 WHERE id = $1",
            tournament,
            i64::from(guild),
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The id of `guild`'s tournament called `name`; without a name, its latest.
    ///
    /// # Errors
    /// Database errors.
    pub async fn guild_tournament(
        &self,
        guild: Guild,
        name: Option<&str>,
    ) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_scalar!(
            "SELECT id FROM tournaments WHERE guild_id = $1 AND ($2::TEXT IS NULL OR name = $2)
             ORDER BY id DESC LIMIT 1",
            i64::from(guild),
            name,
        )
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Every started werewolf game of `guild` (a UNO game has no werewolf record), oldest
    /// first, with the account that judged it.
    ///
    /// # Errors
    /// Database errors.
    pub async fn guild_games(&self, guild: Guild) -> Result<Vec<(GameId, Account)>, StoreError> {
        let rows = sqlx::query!(
            r#"SELECT s.game_id AS "game!: GameId", s.judge_user AS "judge: Account"
               FROM signup_posts s JOIN games g ON g.id = s.game_id
               WHERE s.guild_id = $1 AND g.ruleset <> $2 ORDER BY s.game_id"#,
            i64::from(guild),
            super::uno_games::RULESET,
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| (r.game, r.judge)).collect())
    }
}
