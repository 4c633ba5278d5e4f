//! Durable deadlines. After every change the game's next engine deadline (`tick`) and its
//! reminders are written as rows; a worker claims due rows with `FOR UPDATE SKIP LOCKED`,
//! feeds the engine a tick at the row's time and marks the row fired in the same
//! transaction. Rows that no longer match the game (a deadline moved by `extend`, a night
//! that ended early) fire harmlessly: the engine has nothing due at that time.

use chrono::{DateTime, Duration, Utc};
use sqlx::{Postgres, Row, Transaction};

use super::{append, outbox, Loaded, Store, StoreError, MAX_RETRIES};
use crate::engine::{self, Command, Game, Phase, Role};
use crate::i18n::{self, Lang};

/// A deadline row: `tick`, or `reminder:<what>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    pub kind: String,
    pub at: DateTime<Utc>,
}

/// A reminder and who it is for.
struct Reminder {
    due: Due,
    recipients: Vec<String>,
    text_id: &'static str,
    closes: DateTime<Utc>,
}

/// Reminders due for the game as it stands: 2 hours before a day's close (to the thread and
/// to every living character that has not voted), 10 minutes before the night deadlines
/// (to each character still expected to act).
fn reminders(g: &Game) -> Vec<Reminder> {
    let mut out = Vec::new();
    if g.ended() {
        return out;
    }
    match (g.phase, &g.day, &g.night) {
        (Phase::Day { day, round }, Some(d), _) if !d.closed => {
            let at = d.closes - Duration::hours(2);
            if at > d.opened {
                let mut recipients = vec!["public".to_string()];
                recipients.extend(
                    g.living()
                        .into_iter()
                        .filter(|c| !d.ballots.contains_key(c))
                        .filter(|c| d.round == 0 || d.voters.contains(c))
                        .map(|c| format!("dm:{}", c.0)),
                );
                out.push(Reminder {
                    due: Due {
                        kind: format!("reminder:vote:{day}:{round}"),
                        at,
                    },
                    recipients,
                    text_id: "reminder-vote",
                    closes: d.closes,
                });
            }
        }
        (Phase::Night { night }, _, Some(n)) if !n.resolved => {
            let wolf_role = |r: Role| r.is_wolfish();
            let mut first: Vec<String> = Vec::new();
            if !n.wolves_closed {
                if n.kill.is_none() {
                    first.extend(
                        g.living_with(wolf_role)
                            .into_iter()
                            .filter(|w| !n.kills.contains_key(w))
                            .map(|c| format!("dm:{}", c.0)),
                    );
                }
                for seer in g.living_with(|r| r == Role::Seer) {
                    if !n.seer_checked {
                        first.push(format!("dm:{}", seer.0));
                    }
                }
                for p in g.living_with(|r| r == Role::Police) {
                    if !n.checks.contains_key(&p) {
                        first.push(format!("dm:{}", p.0));
                    }
                }
            }
            if !first.is_empty() {
                out.push(Reminder {
                    due: Due {
                        kind: format!("reminder:night:{night}"),
                        at: n.wolves_until - Duration::minutes(10),
                    },
                    recipients: first,
                    text_id: "reminder-night",
                    closes: n.wolves_until,
                });
            }
            if g.kind() == engine::Kind::Werewolf && n.witch_until > n.wolves_until && !n.witch_done
            {
                let witch: Vec<String> = g
                    .living_with(|r| r == Role::Witch)
                    .into_iter()
                    .filter(|_| g.antidote || g.poison)
                    .map(|c| format!("dm:{}", c.0))
                    .collect();
                if !witch.is_empty() {
                    out.push(Reminder {
                        due: Due {
                            kind: format!("reminder:witch:{night}"),
                            at: n.witch_until - Duration::minutes(10),
                        },
                        recipients: witch,
                        text_id: "reminder-night",
                        closes: n.witch_until,
                    });
                }
            }
        }
        _ => {}
    }
    out
}

/// The deadline rows the game wants now.
pub fn wanted(g: &Game) -> Vec<Due> {
    let mut out: Vec<Due> = g
        .next_deadline()
        .map(|at| Due {
            kind: "tick".into(),
            at,
        })
        .into_iter()
        .collect();
    out.extend(reminders(g).into_iter().map(|r| r.due));
    out
}

/// A deadline that fired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fired {
    pub game_id: i64,
    pub due: Due,
    /// Events the tick appended (0 for reminders and stale ticks).
    pub events: usize,
}

impl Store {
    /// Fires the earliest deadline due by `now` (of one game, or of any), if there is one.
    ///
    /// # Errors
    /// Database errors; [`StoreError::Contention`] when it keeps losing races.
    pub async fn fire_next(
        &self,
        game: Option<i64>,
        now: DateTime<Utc>,
        worker: &str,
    ) -> Result<Option<Fired>, StoreError> {
        for _ in 0..MAX_RETRIES {
            match self.try_fire_next(game, now, worker).await {
                Err(StoreError::Db(e)) if super::is_conflict(&e) => continue,
                Ok(Err(())) => continue,
                Ok(Ok(fired)) => return Ok(fired),
                Err(e) => return Err(e),
            }
        }
        Err(StoreError::Contention(MAX_RETRIES))
    }

    /// Fires every deadline due by `now`, in time order; returns how many fired.
    ///
    /// # Errors
    /// As [`Store::fire_next`].
    pub async fn fire_due(
        &self,
        game: Option<i64>,
        now: DateTime<Utc>,
        worker: &str,
    ) -> Result<usize, StoreError> {
        let mut n = 0;
        while self.fire_next(game, now, worker).await?.is_some() {
            n += 1;
        }
        Ok(n)
    }

    /// The earliest unfired deadline of a game.
    ///
    /// # Errors
    /// Database errors.
    pub async fn next_due(&self, game_id: i64) -> Result<Option<DateTime<Utc>>, StoreError> {
        let row = sqlx::query(
            "SELECT min(due_at) AS due FROM deadlines WHERE game_id = $1 AND fired_at IS NULL",
        )
        .bind(game_id)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get("due")?)
    }

    /// One attempt: `Ok(Err(()))` when it lost a race on the game and must retry.
    async fn try_fire_next(
        &self,
        game: Option<i64>,
        now: DateTime<Utc>,
        worker: &str,
    ) -> Result<Result<Option<Fired>, ()>, StoreError> {
        let mut tx = self.pool.begin().await?;
        // Claim and mark in one statement; a lost race rolls the mark back with the rest.
        let row = sqlx::query(
            "UPDATE deadlines SET fired_at = now(), fired_by = $3
             WHERE (game_id, kind, due_at) = (
                SELECT game_id, kind, due_at FROM deadlines
                WHERE fired_at IS NULL AND due_at <= $1 AND ($2::BIGINT IS NULL OR game_id = $2)
                ORDER BY due_at, game_id, kind
                LIMIT 1 FOR UPDATE SKIP LOCKED)
             RETURNING game_id, kind, due_at",
        )
        .bind(now)
        .bind(game)
        .bind(worker)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            tx.commit().await?;
            return Ok(Ok(None));
        };
        let game_id: i64 = row.try_get("game_id")?;
        let due = Due {
            kind: row.try_get("kind")?,
            at: row.try_get("due_at")?,
        };
        let (g, seq, lang) = match self.load_for(&mut tx, game_id, None).await? {
            Loaded::Game(g, seq, lang) => (*g, seq, lang),
            Loaded::Recorded(_) => return Err(StoreError::NoGame(game_id)),
        };
        let mut appended = 0;
        let mut committed = None;
        if due.kind == "tick" {
            if let Ok(events) = engine::handle(&g, &Command::tick(), due.at) {
                let mut after = g.clone();
                for e in &events {
                    engine::apply(&mut after, e);
                }
                if !append(&mut tx, game_id, &g, seq, &events, &after, lang).await? {
                    tx.rollback().await?;
                    return Ok(Err(()));
                }
                appended = events.len();
                committed = Some((seq + events.len() as i64, after));
            }
        } else if let Some(r) = reminders(&g).into_iter().find(|r| r.due == due) {
            send_reminder(&mut tx, game_id, &g, &r, lang).await?;
        }
        tx.commit().await?;
        if let Some((seq, after)) = committed {
            self.remember(game_id, seq, &after, lang);
        }
        Ok(Ok(Some(Fired {
            game_id,
            due,
            events: appended,
        })))
    }
}

async fn send_reminder(
    tx: &mut Transaction<'_, Postgres>,
    game_id: i64,
    g: &Game,
    r: &Reminder,
    lang: Lang,
) -> Result<(), StoreError> {
    let text = i18n::text(
        lang,
        r.text_id,
        &[
            ("phase", i18n::phase_name(g.phase, lang)),
            ("closes", i18n::time(r.closes)),
        ],
    );
    for (n, channel) in r.recipients.iter().enumerate() {
        let nonce = format!("g{game_id}-{}-{}-{n}", r.due.kind, r.due.at.timestamp());
        outbox::enqueue(tx, game_id, None, channel, &text, &nonce, None).await?;
    }
    Ok(())
}
