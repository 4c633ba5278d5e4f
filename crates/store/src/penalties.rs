//! A server's memory of penalties: a member's record across its games, read from the
//! games' events (cards given and converted, removals by the judge and by red cards,
//! substitutions, complaints; these stay rows when a game is packed, see
//! [`archive`](super::archive)), the judge's notes about it (`record_notes`: notes, bars
//! lifted, appeals answered, cards withdrawn on appeal), and the server's sanction policy
//! (`sanction_policy`). The rules that read them are the service's.

use chrono::{DateTime, Utc};
use engine::{CharId, Event};

use super::ids::{Account, GameId, Guild};
use super::{outbox, Store, StoreError};
use notify::Recipient;

/// An event of a member's record, as its game logged it.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordEvent {
    pub game: GameId,
    /// The event's place in its game's log (a card's or an appeal's id with the game).
    pub seq: i64,
    pub event: Event,
    /// The judge of the game.
    pub judge: Account,
    /// The last day opened before it (`None`: before the first day).
    pub day: Option<i32>,
    /// How many games of the server started after this one.
    pub games_after: i64,
    /// A red card after which the game ended with its camp's loss (no other red card in
    /// between).
    pub lost_camp: bool,
    /// A card that later went into a conversion (three blues into a yellow, …).
    pub converted: bool,
}

/// What a judge wrote about a member (`record_notes.kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoteKind {
    /// A note, with its reason.
    Note,
    /// A bar lifted: the cards before it no longer bar.
    Lift,
    /// An appeal answered.
    Answer,
    /// A card withdrawn on appeal: it no longer counts.
    Withdrawn,
}

impl NoteKind {
    pub fn key(self) -> &'static str {
        match self {
            NoteKind::Note => "note",
            NoteKind::Lift => "lift",
            NoteKind::Answer => "answer",
            NoteKind::Withdrawn => "withdrawn",
        }
    }

    fn from_key(k: &str) -> Option<NoteKind> {
        [
            NoteKind::Note,
            NoteKind::Lift,
            NoteKind::Answer,
            NoteKind::Withdrawn,
        ]
        .into_iter()
        .find(|n| n.key() == k)
    }
}

/// A judge's entry in a member's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordNote {
    pub kind: NoteKind,
    /// The appeal's or the card's event (answers and withdrawals).
    pub event: Option<(GameId, i64)>,
    pub judge: Account,
    pub text: String,
    pub at: DateTime<Utc>,
}

/// A server's sanctions that apply themselves (all 0: none).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Policy {
    /// After a red card, barred from signing up for this many games of the server.
    pub red_games: u32,
    /// After a red card, barred for this many days.
    pub red_days: u32,
    /// This many yellow cards within the member's last `yellow_window` games...
    pub yellows: u32,
    pub yellow_window: u32,
    /// ... bar for this many games of the server.
    pub yellow_games: u32,
    /// Records older than this many days no longer count (0: they always count).
    pub expiry_days: u32,
}

impl Policy {
    /// Whether any rule is on.
    pub fn any(&self) -> bool {
        (self.red_games > 0 || self.red_days > 0)
            || (self.yellows > 0 && self.yellow_window > 0 && self.yellow_games > 0)
    }
}

fn count(n: i32) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

fn column(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// A complaint made in a game of the server (an `appealed` event), with its answer if any.
#[derive(Debug, Clone, PartialEq)]
pub struct AppealRow {
    pub game: GameId,
    pub seq: i64,
    pub at: DateTime<Utc>,
    /// The complaining character's seat.
    pub seat: i32,
    /// Who complained (the seat's player at the time).
    pub player: Account,
    /// Who holds the seat now (a DM to the seat reaches them).
    pub holder: Option<Account>,
    pub text: String,
    pub answer: Option<String>,
}

/// A judge's answer to an appeal, written with its DM and its log line at once.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer<'a> {
    pub guild: Guild,
    pub appeal: &'a AppealRow,
    pub judge: Account,
    pub text: &'a str,
    /// The card (its event's seq in the appeal's game) withdrawn on appeal, if any.
    pub withdraw: Option<i64>,
    pub at: DateTime<Utc>,
    /// The DM to the complaining member (`None`: they no longer hold the seat).
    pub dm: Option<&'a str>,
    pub log: &'a str,
    /// The interaction's key: a redelivered answer writes nothing twice.
    pub key: &'a str,
}

impl Store {
    /// Every event of `member`'s record in `guild`'s games, oldest game first, in order:
    /// the cards they received (given and converted), their removals by the judge or by a
    /// red card, their substitutions (in and out) and their complaints. An event is theirs
    /// when they held its seat at the time.
    ///
    /// # Errors
    /// Database errors; [`StoreError::Decode`] for an event that does not read back.
    pub async fn record_events(
        &self,
        guild: Guild,
        member: Account,
    ) -> Result<Vec<RecordEvent>, StoreError> {
        let rows = sqlx::query!(
            r#"WITH held AS (
                   SELECT p.game_id, p.seat, p.player, p.seq AS since,
                          lead(p.seq) OVER (PARTITION BY p.game_id, p.seat ORDER BY p.seq) AS until
                   FROM players p
                   WHERE p.game_id IN (SELECT game_id FROM players WHERE player = $2))
               SELECT e.game_id, e.seq, e.body, s.judge_user AS "judge: Account",
                      (SELECT max((d.body->>'day')::INT) FROM events d
                       WHERE d.game_id = e.game_id AND d.kind = 'day_opened'
                         AND d.seq < e.seq) AS day,
                      (SELECT count(*) FROM signup_posts o
                       WHERE o.guild_id = $1 AND o.game_id > e.game_id) AS "games_after!",
                      (e.kind IN ('card_given', 'cards_converted')
                       AND COALESCE(e.body->>'color', e.body->>'to') = 'red'
                       AND EXISTS (
                           SELECT 1 FROM events x
                           WHERE x.game_id = e.game_id AND x.kind = 'game_ended'
                             AND x.body->>'reason' = 'red_card' AND x.seq > e.seq
                             AND NOT EXISTS (
                                 SELECT 1 FROM events y
                                 WHERE y.game_id = e.game_id AND y.seq > e.seq AND y.seq < x.seq
                                   AND ((y.kind = 'card_given' AND y.body->>'color' = 'red')
                                        OR (y.kind = 'cards_converted'
                                            AND y.body->>'to' = 'red'))))) AS "lost_camp!",
                      EXISTS (
                          SELECT 1 FROM events c
                          WHERE c.game_id = e.game_id AND c.kind = 'cards_converted'
                            AND e.kind IN ('card_given', 'cards_converted') AND c.seq > e.seq
                            AND c.body->>'target' = e.body->>'target'
                            AND c.body->>'from' = COALESCE(e.body->>'color', e.body->>'to'))
                          AS "converted!"
               FROM held h
               JOIN signup_posts s ON s.game_id = h.game_id AND s.guild_id = $1
               JOIN events e ON e.game_id = h.game_id
               WHERE h.player = $2
                 AND e.kind IN ('card_given', 'cards_converted', 'eliminated', 'substituted',
                                'appealed')
                 AND COALESCE(e.body->>'target', e.body->>'character', e.body->>'by')::INT
                     = h.seat
                 AND e.seq >= h.since
                 AND (h.until IS NULL OR e.seq < h.until
                      OR (e.kind = 'substituted' AND e.seq = h.until))
                 AND (e.kind <> 'eliminated' OR e.body->>'cause' IN ('judge', 'red_card'))
               ORDER BY e.game_id, e.seq"#,
            i64::from(guild),
            member.to_string(),
        )
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                Ok(RecordEvent {
                    game: GameId(r.game_id),
                    seq: r.seq,
                    event: serde_json::from_value(r.body)?,
                    judge: r.judge,
                    day: r.day,
                    games_after: r.games_after,
                    lost_camp: r.lost_camp,
                    converted: r.converted,
                })
            })
            .collect()
    }

    /// The games of `guild` `member` held a seat in, latest first.
    ///
    /// # Errors
    /// Database errors.
    pub async fn member_games(
        &self,
        guild: Guild,
        member: Account,
    ) -> Result<Vec<GameId>, StoreError> {
        let ids = sqlx::query_scalar!(
            r#"SELECT DISTINCT p.game_id AS "game!"
               FROM players p JOIN signup_posts s ON s.game_id = p.game_id AND s.guild_id = $1
               WHERE p.player = $2
               ORDER BY 1 DESC"#,
            i64::from(guild),
            member.to_string(),
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(ids.into_iter().map(GameId).collect())
    }

    /// What the judges wrote about `member` in `guild`, oldest first.
    ///
    /// # Errors
    /// Database errors.
    pub async fn record_notes(
        &self,
        guild: Guild,
        member: Account,
    ) -> Result<Vec<RecordNote>, StoreError> {
        let rows = sqlx::query!(
            r#"SELECT kind, game_id, seq, judge AS "judge: Account", text, at
               FROM record_notes WHERE guild_id = $1 AND member = $2
               ORDER BY at, id"#,
            i64::from(guild),
            i64::from(member),
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .filter_map(|r| {
                Some(RecordNote {
                    kind: NoteKind::from_key(&r.kind)?,
                    event: r.game_id.zip(r.seq).map(|(g, s)| (GameId(g), s)),
                    judge: r.judge,
                    text: r.text,
                    at: r.at,
                })
            })
            .collect())
    }

    /// Writes a judge's note or lift about `member`, with its line in the judge's log of
    /// game `log_in` (the member's latest game of the server, or the server's), if any.
    /// The key makes a redelivered command write nothing twice.
    ///
    /// # Errors
    /// Database errors.
    #[allow(clippy::too_many_arguments)]
    pub async fn add_record_note(
        &self,
        guild: Guild,
        member: Account,
        kind: NoteKind,
        judge: Account,
        text: &str,
        at: DateTime<Utc>,
        log: Option<(GameId, &str)>,
        key: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        // The log line's nonce is the command's: a redelivered command finds it and stops.
        let nonce = format!("record-{key}");
        let seen = sqlx::query_scalar!("SELECT 1 FROM outbox WHERE nonce = $1", nonce)
            .fetch_optional(&mut *tx)
            .await?
            .is_some();
        if seen {
            return Ok(());
        }
        sqlx::query!(
            "INSERT INTO record_notes (guild_id, member, kind, judge, text, at)
             VALUES ($1, $2, $3, $4, $5, $6)",
            i64::from(guild),
            i64::from(member),
            kind.key(),
            i64::from(judge),
            text,
            at,
        )
        .execute(&mut *tx)
        .await?;
        if let Some((game, line)) = log {
            outbox::enqueue(
                &mut tx,
                game.get(),
                None,
                Recipient::Judge,
                line,
                &nonce,
                None,
            )
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The game a line about `member` goes to the judge's log under: their latest game of
    /// `guild`, else the server's latest (`None`: the server has no game yet).
    ///
    /// # Errors
    /// Database errors.
    pub async fn log_game_for(
        &self,
        guild: Guild,
        member: Account,
    ) -> Result<Option<GameId>, StoreError> {
        let id = sqlx::query_scalar!(
            r#"SELECT COALESCE(
                   (SELECT max(p.game_id) FROM players p
                    JOIN signup_posts s ON s.game_id = p.game_id AND s.guild_id = $1
                    WHERE p.player = $2),
                   (SELECT max(game_id) FROM signup_posts WHERE guild_id = $1)) AS game"#,
            i64::from(guild),
            member.to_string(),
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(id.map(GameId))
    }

    /// The complaints made in `guild`'s ended games, oldest first: those not answered yet,
    /// or all with `answered`.
    ///
    /// # Errors
    /// Database errors.
    pub async fn appeals(
        &self,
        guild: Guild,
        answered: bool,
    ) -> Result<Vec<AppealRow>, StoreError> {
        let rows = sqlx::query!(
            r#"SELECT e.game_id, e.seq, e.at, (e.body->>'by')::INT AS "seat!",
                      e.body->>'player' AS "player!", e.body->>'text' AS "text!",
                      (SELECT p.player FROM players p
                       WHERE p.game_id = e.game_id AND p.seat = (e.body->>'by')::INT
                       ORDER BY p.seq DESC LIMIT 1) AS holder,
                      n.text AS "answer?"
               FROM events e
               JOIN signup_posts s ON s.game_id = e.game_id AND s.guild_id = $1
               JOIN games g ON g.id = e.game_id AND g.ended
               LEFT JOIN record_notes n
                      ON n.game_id = e.game_id AND n.seq = e.seq AND n.kind = 'answer'
               WHERE e.kind = 'appealed' AND ($2 OR n.id IS NULL)
               ORDER BY e.game_id, e.seq"#,
            i64::from(guild),
            answered,
        )
        .fetch_all(&self.pool)
        .await?;
        let account = |s: &str| {
            s.parse::<u64>()
                .ok()
                .and_then(|n| Account::try_from(n).ok())
        };
        Ok(rows
            .into_iter()
            .filter_map(|r| {
                Some(AppealRow {
                    game: GameId(r.game_id),
                    seq: r.seq,
                    at: r.at,
                    seat: r.seat,
                    player: account(&r.player)?,
                    holder: r.holder.as_deref().and_then(account),
                    text: r.text,
                    answer: r.answer,
                })
            })
            .collect())
    }

    /// Answers an appeal: the answer (and the card withdrawn, if any) in the member's
    /// record, the DM to the member and the line in the judge's log, at once. `false` when
    /// it was answered already (nothing written).
    ///
    /// # Errors
    /// Database errors.
    pub async fn answer_appeal(&self, a: &Answer<'_>) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let game = a.appeal.game.get();
        let written = sqlx::query!(
            "INSERT INTO record_notes (guild_id, member, kind, game_id, seq, judge, text, at)
             VALUES ($1, $2, 'answer', $3, $4, $5, $6, $7)
             ON CONFLICT (game_id, seq, kind) WHERE kind IN ('answer', 'withdrawn') DO NOTHING",
            i64::from(a.guild),
            i64::from(a.appeal.player),
            game,
            a.appeal.seq,
            i64::from(a.judge),
            a.text,
            a.at,
        )
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if written == 0 {
            return Ok(false);
        }
        if let Some(card) = a.withdraw {
            sqlx::query!(
                "INSERT INTO record_notes (guild_id, member, kind, game_id, seq, judge, text, at)
                 VALUES ($1, $2, 'withdrawn', $3, $4, $5, $6, $7)
                 ON CONFLICT (game_id, seq, kind) WHERE kind IN ('answer', 'withdrawn')
                 DO NOTHING",
                i64::from(a.guild),
                i64::from(a.appeal.player),
                game,
                card,
                i64::from(a.judge),
                a.text,
                a.at,
            )
            .execute(&mut *tx)
            .await?;
        }
        // A seat is a character's number (a `u16`): one out of range has nobody to tell.
        if let (Some(dm), Ok(seat)) = (a.dm, u16::try_from(a.appeal.seat)) {
            let channel = Recipient::Seat(CharId(seat));
            let nonce = format!("appeal-dm-{}-{}", game, a.appeal.seq);
            outbox::enqueue(&mut tx, game, None, channel, dm, &nonce, None).await?;
        }
        let nonce = format!("appeal-log-{}-{}-{}", game, a.appeal.seq, a.key);
        outbox::enqueue(&mut tx, game, None, Recipient::Judge, a.log, &nonce, None).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// `guild`'s sanction policy (all off when it never set one).
    ///
    /// # Errors
    /// Database errors.
    pub async fn policy(&self, guild: Guild) -> Result<Policy, StoreError> {
        let row = sqlx::query!(
            "SELECT red_games, red_days, yellows, yellow_window, yellow_games, expiry_days
             FROM sanction_policy WHERE guild_id = $1",
            i64::from(guild),
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map_or_else(Policy::default, |r| Policy {
            red_games: count(r.red_games),
            red_days: count(r.red_days),
            yellows: count(r.yellows),
            yellow_window: count(r.yellow_window),
            yellow_games: count(r.yellow_games),
            expiry_days: count(r.expiry_days),
        }))
    }

    /// Sets `guild`'s sanction policy (the server must be set up).
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_policy(&self, guild: Guild, p: &Policy) -> Result<(), StoreError> {
        sqlx::query!(
            "INSERT INTO sanction_policy
                 (guild_id, red_games, red_days, yellows, yellow_window, yellow_games, expiry_days)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (guild_id) DO UPDATE SET
                 red_games = $2, red_days = $3, yellows = $4, yellow_window = $5,
                 yellow_games = $6, expiry_days = $7",
            i64::from(guild),
            column(p.red_games),
            column(p.red_days),
            column(p.yellows),
            column(p.yellow_window),
            column(p.yellow_games),
            column(p.expiry_days),
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
