//! Durable deadlines. After every change the game's next engine deadline (`tick`) and its
//! reminders are written as rows. A worker reads the due rows that are the earliest unfired
//! one of their game, and fires several games at once: a tick feeds the engine a tick at the
//! row's time, a reminder writes its messages, and the row is marked fired in the same
//! statement as that change (moving the game's seq from the state it was computed on, like a
//! command). Two workers racing for a row both compute it; one statement marks it, the
//! other writes nothing. Rows that no longer match the game (a deadline moved by `extend`, a
//! night that ended early) fire harmlessly: the engine has nothing due at that time. A
//! warning row (`warning:<day>:<seconds>`, the forum-features work) DMs the characters the day's close
//! would card automatically at the time it fires.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

use super::ids::GameId;
use super::{Firing, Plan, Retry, Store, StoreError, Written, MAX_RETRIES};
use engine::{self, Command, Game, Phase, Role};
use notify::{self, Lang, Recipient};

/// A deadline row: `tick`, or `reminder:<what>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    pub kind: String,
    pub at: DateTime<Utc>,
}

/// A reminder and who it is for.
struct Reminder {
    due: Due,
    recipients: Vec<Recipient>,
    text_id: &'static str,
    closes: DateTime<Utc>,
}

/// Reminders due for the game as it stands: 2 hours before a day's close (in the thread,
/// where the vote count also shows who has not voted: no DM repeats it to them) when the
/// day has no warnings before penalties (with them, the last warning says it: see
/// [`add_warnings`]), 10 minutes before the night deadlines (to each character still
/// expected to act).
fn reminders(g: &Game) -> Vec<Reminder> {
    let mut out = Vec::new();
    if g.ended() {
        return out;
    }
    match (g.phase(), g.day(), g.night()) {
        (Phase::Day { day, round }, Some(d), _) if !d.closed => {
            let at = d.closes - Duration::hours(2);
            if at > d.opened && warnings(g).is_empty() {
                let recipients = vec![Recipient::Public];
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
            let mut first: Vec<Recipient> = Vec::new();
            if !n.wolves_closed {
                if n.kill.is_none() {
                    first.extend(
                        g.living_with(wolf_role)
                            .into_iter()
                            .filter(|w| !n.kills.contains_key(w))
                            .map(Recipient::Seat),
                    );
                }
                for seer in g.living_with(|r| r == Role::Seer) {
                    if !n.seer_checked {
                        first.push(Recipient::Seat(seer));
                    }
                }
                for p in g.living_with(|r| r == Role::Police) {
                    if !n.checks.contains_key(&p) {
                        first.push(Recipient::Seat(p));
                    }
                }
            }
            out.extend(night_reminder(
                format!("reminder:night:{night}"),
                first,
                n.wolves_until,
            ));
            if g.kind() == engine::Kind::Werewolf && n.witch_until > n.wolves_until && !n.witch_done
            {
                let witch: Vec<Recipient> = g
                    .living_with(|r| r == Role::Witch)
                    .into_iter()
                    .filter(|_| g.antidote() || g.poison())
                    .map(Recipient::Seat)
                    .collect();
                out.extend(night_reminder(
                    format!("reminder:witch:{night}"),
                    witch,
                    n.witch_until,
                ));
            }
        }
        _ => {}
    }
    out
}

/// A night's reminder to `recipients` ten minutes before the window closing at `closes`
/// (the wolves', seer's and police's, or the witch's); none when nobody still owes a
/// choice.
fn night_reminder(
    kind: String,
    recipients: Vec<Recipient>,
    closes: DateTime<Utc>,
) -> Option<Reminder> {
    (!recipients.is_empty()).then(|| Reminder {
        due: Due {
            kind,
            at: closes - Duration::minutes(10),
        },
        recipients,
        text_id: "reminder-night",
        closes,
    })
}

/// The warnings before the open day's close (the forum-features work, warnings before penalties): one row
/// `warning:<day>:<seconds>` per `warn_before_close` span, at that span before the close
/// (after the day opened), while the close can give automatic cards (round 0, before the
/// speed-up, `auto_cards`). Who is warned is decided when the row fires ([`Game::at_risk`]):
/// the characters the close would card then.
fn warnings(g: &Game) -> Vec<Due> {
    let o = &g.ruleset().options;
    match (g.phase(), g.day()) {
        (Phase::Day { day, round: 0 }, Some(d))
            if !d.closed && !g.ended() && o.auto_cards && !g.sped_up() =>
        {
            o.warn_before_close
                .iter()
                .map(|span| Due {
                    kind: format!("warning:{day}:{}", span.0),
                    at: d.closes - span.dur(),
                })
                .filter(|due| due.at > d.opened)
                .collect()
        }
        _ => Vec::new(),
    }
}

/// The deadline rows the game wants now. A warning whose time has already passed (a close
/// moved by the judge's extension) is not wanted: it would come at once, out of time.
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
    out.extend(warnings(g).into_iter().filter(|w| w.at > g.clock()));
    out
}

/// A deadline that fired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fired {
    pub game_id: GameId,
    pub due: Due,
    /// Events the tick appended (0 for reminders and stale ticks).
    pub events: usize,
    /// When its write committed (for measuring the lag behind `due`).
    pub committed: std::time::Instant,
}

/// Deadlines one worker fires at once, each in its own statement on its own connection.
/// Different games are independent; a game's own deadlines go one after another.
pub const FIRE_AT_ONCE: usize = 12;

/// How many due deadlines one look at the table takes.
pub const HEADS_PER_LOOK: i64 = 256;

/// How often, while a backlog is being fired, the worker looks for the newest due
/// deadlines, and how many it takes then (one round of slots).
pub const RELOOK: std::time::Duration = std::time::Duration::from_millis(20);
pub const FRESH_PER_LOOK: i64 = FIRE_AT_ONCE as i64;

/// How long a worker's round starts firing before it ends, so that the next round looks at
/// the clock again: a deadline that falls due during a burst waits about this long, not
/// for the whole burst.
pub const ROUND_BUDGET: std::time::Duration = std::time::Duration::from_millis(50);

/// A due deadline as the table has it.
struct HeadRow {
    game_id: GameId,
    kind: String,
    due_at: DateTime<Utc>,
}

/// A due deadline and its game.
#[derive(Debug, Clone)]
pub struct Head {
    pub game_id: GameId,
    pub due: Due,
}

impl Store {
    /// Fires the earliest deadline due by `now` (of one game, or of any), if there is one.
    ///
    /// # Errors
    /// Database errors; [`StoreError::Contention`] when it keeps losing races.
    pub async fn fire_next(
        &self,
        game: Option<GameId>,
        now: DateTime<Utc>,
        worker: &str,
    ) -> Result<Option<Fired>, StoreError> {
        for _ in 0..MAX_RETRIES {
            let Some(head) = self
                .heads(game, now, 1, false, &[])
                .await?
                .into_iter()
                .next()
            else {
                return Ok(None);
            };
            if let Some(fired) = self.fire(head, worker).await? {
                return Ok(Some(fired));
            }
            // Another worker fired it meanwhile: look again.
        }
        Err(StoreError::Contention(MAX_RETRIES))
    }

    /// The earliest unfired deadline of a game, or of all games but those `held` (see
    /// `runtime::deadlines::fire_due_within`).
    ///
    /// # Errors
    /// Database errors.
    pub async fn next_due(
        &self,
        game: Option<GameId>,
        held: &[i64],
    ) -> Result<Option<DateTime<Utc>>, StoreError> {
        Ok(sqlx::query_scalar!(
            "SELECT min(due_at) AS due FROM deadlines
             WHERE fired_at IS NULL AND ($1::BIGINT IS NULL OR game_id = $1)
               AND game_id <> ALL($2::BIGINT[])",
            game.map(GameId::get),
            held,
        )
        .fetch_one(&self.pool)
        .await?)
    }

    /// Up to `limit` due deadlines, each the earliest unfired one of its game, oldest first
    /// (`newest`: the most recently due first), of games not `held`.
    pub async fn heads(
        &self,
        game: Option<GameId>,
        now: DateTime<Utc>,
        limit: i64,
        newest: bool,
        held: &[i64],
    ) -> Result<Vec<Head>, StoreError> {
        // Two statements that differ in their order only: `query_as!` takes one literal,
        // and written out, each order walks the `deadlines_due` index and stops at `limit`
        // (an order chosen by a parameter would sort every due row first).
        let rows = if newest {
            sqlx::query_as!(
                HeadRow,
                r#"SELECT d.game_id AS "game_id: GameId", d.kind, d.due_at FROM deadlines d
                 WHERE d.fired_at IS NULL AND d.due_at <= $1 AND ($2::BIGINT IS NULL OR d.game_id = $2)
                   AND d.game_id <> ALL($4::BIGINT[])
                   AND NOT EXISTS (SELECT 1 FROM deadlines e
                                   WHERE e.game_id = d.game_id AND e.fired_at IS NULL
                                     AND (e.due_at, e.kind) < (d.due_at, d.kind))
                 ORDER BY d.due_at DESC, d.game_id, d.kind
                 LIMIT $3"#,
                now,
                game.map(GameId::get),
                limit,
                held,
            )
            .fetch_all(&self.pool)
            .await?
        } else {
            sqlx::query_as!(
                HeadRow,
                r#"SELECT d.game_id AS "game_id: GameId", d.kind, d.due_at FROM deadlines d
                 WHERE d.fired_at IS NULL AND d.due_at <= $1 AND ($2::BIGINT IS NULL OR d.game_id = $2)
                   AND d.game_id <> ALL($4::BIGINT[])
                   AND NOT EXISTS (SELECT 1 FROM deadlines e
                                   WHERE e.game_id = d.game_id AND e.fired_at IS NULL
                                     AND (e.due_at, e.kind) < (d.due_at, d.kind))
                 ORDER BY d.due_at, d.game_id, d.kind
                 LIMIT $3"#,
                now,
                game.map(GameId::get),
                limit,
                held,
            )
            .fetch_all(&self.pool)
            .await?
        };
        Ok(rows
            .into_iter()
            .map(|r| Head {
                game_id: r.game_id,
                due: Due {
                    kind: r.kind,
                    at: r.due_at,
                },
            })
            .collect())
    }

    /// Fires one deadline: a tick runs the engine at the deadline's time, a reminder is
    /// written to the outbox if the game still wants it; either way the row is marked fired
    /// in the same statement as the change ([`super::write`]), so a crash loses nothing and
    /// a deadline fires once however many workers race for it. `None` when another worker
    /// fired it first. The write joins the other changes waiting at that moment (other
    /// games' firings and commands: [`super::group`]), so a burst of closes takes a few
    /// statements, not one each.
    pub async fn fire(&self, head: Head, worker: &str) -> Result<Option<Fired>, StoreError> {
        if head.due.kind == super::uno_games::TURN {
            return self.fire_uno(head, worker).await;
        }
        let Head { game_id, due } = head;
        // The first attempt trusts this process's cached state; see [`Retry`].
        let mut retry = Retry::FIRST;
        for _ in 0..MAX_RETRIES {
            let cached = self.cache.for_attempt(game_id, retry);
            let (g, seq, lang) = match cached {
                Some(c) => (c.game, c.seq, c.lang),
                // Its connection is given back before the write: the group's writers need
                // connections of their own.
                None => self.load_current(game_id).await?,
            };
            let tick = due.kind == "tick";
            let stepped = tick
                .then(|| engine::step(&g, &Command::tick(), due.at).ok())
                .flatten()
                .filter(|(events, _)| !events.is_empty());
            let (events, after) = match stepped {
                Some((events, after)) => (events, Arc::new(after)),
                None => (Vec::new(), g.clone()),
            };
            let mut plan =
                Plan::new(game_id.get(), &g, seq, &events, &after, lang)?.firing(Firing {
                    kind: due.kind.clone(),
                    due_at: due.at,
                    by: worker.to_string(),
                });
            // A tick is never a reminder: only reminder rows look for theirs.
            let reminder = (!tick)
                .then(|| reminders(&g).into_iter().find(|r| r.due == due))
                .flatten();
            if let Some(r) = reminder {
                add_reminder(&mut plan, game_id.get(), &g, &r, lang)?;
            }
            if !tick && warnings(&g).contains(&due) {
                add_warnings(&mut plan, game_id.get(), &g, &due, lang)?;
            }
            let new_seq = plan.new_seq;
            match self.group.write(&self.pool, plan, retry.again()).await {
                Err(StoreError::Db(e)) if super::is_conflict(&e) => retry = Retry::LOAD,
                Err(e) => return Err(e),
                Ok(Written::Lost) => retry = Retry::lost(seq),
                Ok(Written::AlreadyFired) => return Ok(None),
                Ok(Written::Done) => {
                    if !events.is_empty() {
                        self.remember(game_id, new_seq, after, lang);
                    }
                    return Ok(Some(Fired {
                        game_id,
                        due,
                        events: events.len(),
                        committed: std::time::Instant::now(),
                    }));
                }
            }
        }
        Err(StoreError::Contention(MAX_RETRIES))
    }
}

/// Adds a reminder's messages to the change that fires it.
fn add_reminder(
    plan: &mut Plan,
    game_id: i64,
    g: &Game,
    r: &Reminder,
    lang: Lang,
) -> Result<(), StoreError> {
    let text = notify::reminder(g, r.text_id, r.closes, lang);
    let label = r.text_id.replace('-', "_");
    for (n, channel) in r.recipients.iter().enumerate() {
        let nonce = format!("g{game_id}-{}-{}-{n}", r.due.kind, r.due.at.timestamp());
        plan.message(*channel, &text, nonce, &label)?;
    }
    Ok(())
}

/// Adds a warning to the change that fires it: one message in the day's post naming each
/// character the close would card now (none, no message). The day's last warning opens
/// with the vote's reminder, which has no row of its own on such a day: whoever may vote
/// and has not is among those named (a missing vote is carded), so with nobody named
/// nobody needs reminding. A warning row that no longer matches the game (the close moved,
/// the speed-up came) is not found by [`warnings`] and writes nothing.
fn add_warnings(
    plan: &mut Plan,
    game_id: i64,
    g: &Game,
    due: &Due,
    lang: Lang,
) -> Result<(), StoreError> {
    let Some(d) = g.day() else {
        return Ok(());
    };
    let last = warnings(g)
        .into_iter()
        .filter(|w| w.at > g.clock() || w.kind == due.kind)
        .max_by_key(|w| w.at);
    let reminder = last
        .is_some_and(|w| w.kind == due.kind)
        .then(|| notify::reminder(g, "reminder-vote", d.closes, lang));
    if let Some(out) = notify::card_warnings(g, &g.at_risk(), d.closes, reminder, lang) {
        let nonce = format!("g{game_id}-{}-{}", due.kind, due.at.timestamp());
        plan.outgoing(out, nonce)?;
    }
    Ok(())
}
