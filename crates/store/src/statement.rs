//! The one statement that writes changes: a command's (with its record) or a deadline's
//! firing, for one game ([`write`]) or for several games' changes waiting together (the
//! group commit, `super::group`).
//!
//! Why one: the conditions that keep a write safe (the seq must not have moved; a deadline
//! fired already moves nothing; a reminder's messages only with the statement that marks it
//! fired) live in this one SQL text, so a change to them cannot reach the lone write and
//! miss the group's, or the other way round. A lone write is a group of one.

use chrono::{DateTime, Utc};

use super::{Firing, Plan, StoreError};
use notify::Recipient;

/// What [`write`] did to a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Written {
    /// Another transaction moved the game first: nothing was written.
    Lost,
    /// Written; when the plan fires a deadline, it was still unfired and is now fired.
    Done,
    /// The plan's deadline had already been fired (by another worker): only the seq was
    /// checked, nothing was written.
    AlreadyFired,
}

/// Writes a [`Plan`] (with its command's record, if any) in one statement, the statement
/// of a group of one ([`plans`]): moves `games.seq` from the plan's seq first and writes
/// the rows only if that matched; [`Written::Lost`] when another transaction moved it (a
/// lost race, nothing written). A plan that fires a deadline also marks it fired, and
/// writes nothing when it already was ([`Written::AlreadyFired`]).
///
/// # Errors
/// The database's (a command key already recorded, a lost connection): nothing written.
pub(crate) async fn write(conn: &mut sqlx::PgConnection, p: &Plan) -> Result<Written, StoreError> {
    let found = plans(conn, &p.rows).await?;
    Ok(found.of(p))
}

/// What a write did to one game, from what its statement found: whether the game's seq
/// `moved`, whether the plan's deadline was `fired` by it or already `done` before it
/// began, and whether the plan `fires` one at all.
///
/// A deadline fired before the statement began stops the seq move (so nothing is
/// written); one fired by a worker that committed while the statement waited for the
/// game's row can only have been a change without events (it would have moved the seq
/// otherwise), and then this one has none either (the engine is deterministic): the
/// message rows wait for the firing, the rest is empty.
fn written(moved: bool, fired: bool, done: bool, fires: bool) -> Written {
    match (moved, fired, done, fires) {
        (_, _, true, true) | (true, false, _, true) => Written::AlreadyFired,
        (false, ..) => Written::Lost,
        _ => Written::Done,
    }
}

/// The rows of the write statement, one column each, every row tagged with its game: a
/// change's rows ([`Plan`]), or several games' changes one after the other (a group).
#[derive(Default)]
pub(crate) struct Rows {
    // The games: one row each.
    id: Vec<i64>,
    new_seq: Vec<i64>,
    seq: Vec<i64>,
    phase: Vec<Option<String>>,
    ended: Vec<Option<bool>>,
    fire_kind: Vec<Option<String>>,
    fire_by: Vec<Option<String>>,
    fire_due: Vec<Option<DateTime<Utc>>>,
    // The events.
    ev_game: Vec<i64>,
    ev_seq: Vec<i64>,
    ev_at: Vec<DateTime<Utc>>,
    ev_audience: Vec<String>,
    ev_kind: Vec<String>,
    /// JSON text (cast to `jsonb` by the statement): a `serde_json::Value` tree per event
    /// cost an allocation per field to build, again to drop, and a deep copy when a group
    /// gathered its plans' rows; PostgreSQL parses the text either way.
    ev_body: Vec<String>,
    // The outbox rows (a change's joining of plain messages edits its bodies in place).
    ob_game: Vec<i64>,
    ob_seq: Vec<Option<i64>>,
    pub(crate) ob_channel: Vec<String>,
    pub(crate) ob_body: Vec<String>,
    ob_nonce: Vec<String>,
    pub(crate) ob_meta: Vec<Option<serde_json::Value>>,
    // The deadlines wanted.
    dl_game: Vec<i64>,
    dl_kind: Vec<String>,
    dl_at: Vec<DateTime<Utc>>,
    // The players seated.
    pl_game: Vec<i64>,
    pl_seat: Vec<i32>,
    pl_player: Vec<String>,
    pl_since: Vec<DateTime<Utc>>,
    pl_seq: Vec<i64>,
    // The snapshots.
    sn_game: Vec<i64>,
    sn_seq: Vec<i64>,
    /// JSON text, as the events' bodies (a game's state is the largest document written).
    sn_state: Vec<String>,
    // The commands' records.
    cm_game: Vec<i64>,
    cm_key: Vec<String>,
    cm_result: Vec<serde_json::Value>,
    cm_at: Vec<DateTime<Utc>>,
    cm_command: Vec<Option<serde_json::Value>>,
}

impl Rows {
    /// The rows of a change to game `id`, loaded at `seq`, that moves it to `new_seq` (and
    /// to `phase`, `ended`; `None` keeps them), with nothing else yet.
    pub(crate) fn game(
        id: i64,
        seq: i64,
        new_seq: i64,
        phase: Option<String>,
        ended: Option<bool>,
    ) -> Rows {
        Rows {
            id: vec![id],
            new_seq: vec![new_seq],
            seq: vec![seq],
            phase: vec![phase],
            ended: vec![ended],
            fire_kind: vec![None],
            fire_by: vec![None],
            fire_due: vec![None],
            ..Rows::default()
        }
    }

    /// Makes the last game's change the firing of a deadline.
    pub(crate) fn fire(&mut self, fire: Firing) {
        if let (Some(kind), Some(by), Some(due)) = (
            self.fire_kind.last_mut(),
            self.fire_by.last_mut(),
            self.fire_due.last_mut(),
        ) {
            (*kind, *by, *due) = (Some(fire.kind), Some(fire.by), Some(fire.due_at));
        }
    }

    pub(crate) fn event(
        &mut self,
        game: i64,
        seq: i64,
        at: DateTime<Utc>,
        audience: String,
        kind: String,
        body: String,
    ) {
        self.ev_game.push(game);
        self.ev_seq.push(seq);
        self.ev_at.push(at);
        self.ev_audience.push(audience);
        self.ev_kind.push(kind);
        self.ev_body.push(body);
    }

    /// An outbox row: of event `seq`, or of no event (`None`: a reminder, a warning).
    pub(crate) fn message(
        &mut self,
        game: i64,
        seq: Option<i64>,
        channel: Recipient,
        body: String,
        nonce: String,
        meta: Option<serde_json::Value>,
    ) {
        self.ob_game.push(game);
        self.ob_seq.push(seq);
        // The column's text ([`Recipient`]'s `Display`).
        self.ob_channel.push(channel.to_string());
        self.ob_body.push(body);
        self.ob_nonce.push(nonce);
        self.ob_meta.push(meta);
    }

    pub(crate) fn deadline(&mut self, game: i64, kind: String, at: DateTime<Utc>) {
        self.dl_game.push(game);
        self.dl_kind.push(kind);
        self.dl_at.push(at);
    }

    pub(crate) fn seat(
        &mut self,
        game: i64,
        seat: i32,
        player: String,
        since: DateTime<Utc>,
        seq: i64,
    ) {
        self.pl_game.push(game);
        self.pl_seat.push(seat);
        self.pl_player.push(player);
        self.pl_since.push(since);
        self.pl_seq.push(seq);
    }

    pub(crate) fn snapshot(&mut self, game: i64, seq: i64, state: String) {
        self.sn_game.push(game);
        self.sn_seq.push(seq);
        self.sn_state.push(state);
    }

    /// A command's record under its key.
    pub(crate) fn record(
        &mut self,
        game: i64,
        key: String,
        result: serde_json::Value,
        at: DateTime<Utc>,
        command: Option<serde_json::Value>,
    ) {
        self.cm_game.push(game);
        self.cm_key.push(key);
        self.cm_result.push(result);
        self.cm_at.push(at);
        self.cm_command.push(command);
    }

    /// Adds `other`'s rows after these (a group's statement writes them all). Taken apart
    /// field by field, so that a column added to `Rows` and not here does not compile.
    pub(crate) fn append(&mut self, other: &Rows) {
        let Rows {
            id,
            new_seq,
            seq,
            phase,
            ended,
            fire_kind,
            fire_by,
            fire_due,
            ev_game,
            ev_seq,
            ev_at,
            ev_audience,
            ev_kind,
            ev_body,
            ob_game,
            ob_seq,
            ob_channel,
            ob_body,
            ob_nonce,
            ob_meta,
            dl_game,
            dl_kind,
            dl_at,
            pl_game,
            pl_seat,
            pl_player,
            pl_since,
            pl_seq,
            sn_game,
            sn_seq,
            sn_state,
            cm_game,
            cm_key,
            cm_result,
            cm_at,
            cm_command,
        } = other;
        self.id.extend_from_slice(id);
        self.new_seq.extend_from_slice(new_seq);
        self.seq.extend_from_slice(seq);
        self.phase.extend_from_slice(phase);
        self.ended.extend_from_slice(ended);
        self.fire_kind.extend_from_slice(fire_kind);
        self.fire_by.extend_from_slice(fire_by);
        self.fire_due.extend_from_slice(fire_due);
        self.ev_game.extend_from_slice(ev_game);
        self.ev_seq.extend_from_slice(ev_seq);
        self.ev_at.extend_from_slice(ev_at);
        self.ev_audience.extend_from_slice(ev_audience);
        self.ev_kind.extend_from_slice(ev_kind);
        self.ev_body.extend_from_slice(ev_body);
        self.ob_game.extend_from_slice(ob_game);
        self.ob_seq.extend_from_slice(ob_seq);
        self.ob_channel.extend_from_slice(ob_channel);
        self.ob_body.extend_from_slice(ob_body);
        self.ob_nonce.extend_from_slice(ob_nonce);
        self.ob_meta.extend_from_slice(ob_meta);
        self.dl_game.extend_from_slice(dl_game);
        self.dl_kind.extend_from_slice(dl_kind);
        self.dl_at.extend_from_slice(dl_at);
        self.pl_game.extend_from_slice(pl_game);
        self.pl_seat.extend_from_slice(pl_seat);
        self.pl_player.extend_from_slice(pl_player);
        self.pl_since.extend_from_slice(pl_since);
        self.pl_seq.extend_from_slice(pl_seq);
        self.sn_game.extend_from_slice(sn_game);
        self.sn_seq.extend_from_slice(sn_seq);
        self.sn_state.extend_from_slice(sn_state);
        self.cm_game.extend_from_slice(cm_game);
        self.cm_key.extend_from_slice(cm_key);
        self.cm_result.extend_from_slice(cm_result);
        self.cm_at.extend_from_slice(cm_at);
        self.cm_command.extend_from_slice(cm_command);
    }
}

/// What a statement found, by game.
pub(crate) struct Found {
    /// The games whose seq moved (the others lost a race, or their deadline had fired).
    moved: Vec<i64>,
    /// The games whose deadline this statement fired.
    fired: Vec<i64>,
    /// The games whose deadline had fired before the statement began.
    done: Vec<i64>,
}

impl Found {
    /// What the statement did to `p`'s game.
    pub(crate) fn of(&self, p: &Plan) -> Written {
        let g = &p.game_id;
        written(
            self.moved.contains(g),
            self.fired.contains(g),
            self.done.contains(g),
            p.rows.fire_kind.iter().any(Option::is_some),
        )
    }
}

/// Writes the rows of several games' changes (at most one each, with their commands'
/// records) in one statement: each game's seq moves from its plan's seq, and only the
/// games whose seq moved get their rows. A plan that fires a deadline has its conditions,
/// each for its own game: its game does not move when the deadline had already fired, the
/// deadline is marked fired in the statement, and its messages that belong to no event (a
/// reminder) are written only if this statement fired it. Existing deadline rows and
/// outbox nonces are left as they are.
///
/// # Errors
/// The database's: nothing of any plan was written.
pub(crate) async fn plans(conn: &mut sqlx::PgConnection, c: &Rows) -> Result<Found, StoreError> {
    // The parameters, in the order the statement reads them (each group feeds one part,
    // every row after the first group tagged with its game):
    //   $1-$8    the games: id, new seq, loaded seq, phase, ended, and the deadline fired
    //            (kind, worker, due time; NULL when none)
    //   $9-$14   events: game, seq, at, audience, kind, body (JSON text)
    //   $15-$20  outbox rows: game, event seq (NULL: a reminder), channel, body, nonce, meta
    //   $21-$23  deadlines wanted: game, kind, due time
    //   $24-$28  players seated: game, seat, player, since, seq
    //   $29-$31  snapshots: game, seq, state (JSON text)
    //   $32-$36  the commands' records: game, key, result, time, command
    let found = sqlx::query!(
        r#"WITH v AS (SELECT * FROM UNNEST($1::BIGINT[], $2::BIGINT[], $3::BIGINT[], $4::TEXT[],
                                           $5::BOOL[], $6::TEXT[], $7::TEXT[], $8::TIMESTAMPTZ[])
                      AS v(id, new_seq, seq, phase, ended, fire_kind, fire_by, fire_due)),
         done AS (SELECT d.game_id FROM deadlines d JOIN v ON d.game_id = v.id
                  AND d.kind = v.fire_kind AND d.due_at = v.fire_due
                  WHERE d.fired_at IS NOT NULL),
         moved AS (
            UPDATE games SET seq = v.new_seq, phase = COALESCE(v.phase, games.phase),
                   ended = COALESCE(v.ended, games.ended)
            FROM v WHERE games.id = v.id AND games.seq = v.seq
                AND v.id NOT IN (SELECT game_id FROM done)
            RETURNING games.id),
         fd AS (UPDATE deadlines SET fired_at = now(), fired_by = v.fire_by
            FROM v JOIN moved ON moved.id = v.id
            WHERE deadlines.game_id = v.id AND deadlines.kind = v.fire_kind
                AND deadlines.due_at = v.fire_due AND deadlines.fired_at IS NULL
            RETURNING deadlines.game_id),
         ev AS (INSERT INTO events (game_id, seq, at, audience, kind, body)
            SELECT e.game_id, e.seq, e.at, e.audience, e.kind, e.body::JSONB
            FROM UNNEST($9::BIGINT[], $10::BIGINT[], $11::TIMESTAMPTZ[], $12::TEXT[], $13::TEXT[],
                        $14::TEXT[]) AS e(game_id, seq, at, audience, kind, body)
            WHERE e.game_id IN (SELECT id FROM moved)),
         ob AS (INSERT INTO outbox (game_id, event_seq, channel, body, nonce, meta)
            SELECT o.game_id, o.event_seq, o.channel, o.body, o.nonce, o.meta
            FROM UNNEST($15::BIGINT[], $16::BIGINT[], $17::TEXT[], $18::TEXT[], $19::TEXT[],
                        $20::JSONB[]) WITH ORDINALITY AS o(game_id, event_seq, channel, body,
                                                           nonce, meta, n)
            WHERE o.game_id IN (SELECT id FROM moved)
                AND (o.event_seq IS NOT NULL
                     OR o.game_id NOT IN (SELECT id FROM v WHERE fire_kind IS NOT NULL)
                     OR o.game_id IN (SELECT game_id FROM fd))
            ORDER BY o.n
            ON CONFLICT (nonce) DO NOTHING),
         dl AS (INSERT INTO deadlines (game_id, kind, due_at)
            SELECT d.game_id, d.kind, d.due_at
            FROM UNNEST($21::BIGINT[], $22::TEXT[], $23::TIMESTAMPTZ[]) AS d(game_id, kind, due_at)
            WHERE d.game_id IN (SELECT id FROM moved)
            ON CONFLICT DO NOTHING),
         pl AS (INSERT INTO players (game_id, seat, player, since, seq)
            SELECT p.game_id, p.seat, p.player, p.since, p.seq
            FROM UNNEST($24::BIGINT[], $25::INT[], $26::TEXT[], $27::TIMESTAMPTZ[], $28::BIGINT[])
                 AS p(game_id, seat, player, since, seq)
            WHERE p.game_id IN (SELECT id FROM moved)),
         sn AS (INSERT INTO snapshots (game_id, seq, state)
            SELECT s.game_id, s.seq, s.state::JSONB
            FROM UNNEST($29::BIGINT[], $30::BIGINT[], $31::TEXT[]) AS s(game_id, seq, state)
            WHERE s.game_id IN (SELECT id FROM moved)
            ON CONFLICT DO NOTHING),
         cm AS (INSERT INTO commands (game_id, key, result, at, command)
            SELECT r.game_id, r.key, r.result, r.at, r.command
            FROM UNNEST($32::BIGINT[], $33::TEXT[], $34::JSONB[], $35::TIMESTAMPTZ[],
                        $36::JSONB[]) AS r(game_id, key, result, at, command)
            WHERE r.game_id IN (SELECT id FROM moved))
         SELECT ARRAY(SELECT id FROM moved) AS "moved!",
                ARRAY(SELECT game_id FROM fd) AS "fired!",
                ARRAY(SELECT game_id FROM done) AS "done!""#,
        // $1-$8: the games (arrays with NULLs: `as _` skips the macro's type match, which
        // has no arrays of Option; the SQL casts check the element types).
        &c.id,
        &c.new_seq,
        &c.seq,
        &c.phase as _,
        &c.ended as _,
        &c.fire_kind as _,
        &c.fire_by as _,
        &c.fire_due as _,
        // $9-$14: the events.
        &c.ev_game,
        &c.ev_seq,
        &c.ev_at,
        &c.ev_audience,
        &c.ev_kind,
        &c.ev_body,
        // $15-$20: the outbox rows.
        &c.ob_game,
        &c.ob_seq as _,
        &c.ob_channel,
        &c.ob_body,
        &c.ob_nonce,
        &c.ob_meta as _,
        // $21-$23: the deadlines.
        &c.dl_game,
        &c.dl_kind,
        &c.dl_at,
        // $24-$28: the players.
        &c.pl_game,
        &c.pl_seat,
        &c.pl_player,
        &c.pl_since,
        &c.pl_seq,
        // $29-$31: the snapshots.
        &c.sn_game,
        &c.sn_seq,
        &c.sn_state,
        // $32-$36: the records.
        &c.cm_game,
        &c.cm_key,
        &c.cm_result,
        &c.cm_at,
        &c.cm_command as _,
    )
    .fetch_one(&mut *conn)
    .await?;
    Ok(Found {
        moved: found.moved,
        fired: found.fired,
        done: found.done,
    })
}
