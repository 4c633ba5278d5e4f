//! Firing the durable deadlines: a worker's rounds over the due rows the store keeps
//! ([`store::deadline`]), several games at once, two lanes so that a deadline that belongs
//! to no burst does not wait behind one.

use std::collections::{HashMap, HashSet, VecDeque};
use std::time::Instant;

use chrono::{DateTime, Utc};
use engine::{Action, Command};
use tokio::task::JoinSet;

use store::deadline::{Fired, Head, FIRE_AT_ONCE, FRESH_PER_LOOK, HEADS_PER_LOOK, RELOOK};
use store::ids::GameId;
use store::{Store, StoreError};

/// What a firing task gives back.
type Shot = Result<Option<Fired>, StoreError>;

/// One worker's firings, kept from one round to the next (the performance round). A round
/// that reaches its budget returns at once, without waiting for the firings it started:
/// they go on while the worker's loop takes its turn (the look at the next deadline, the
/// day posts' read-back) and while the next round looks at the table, and whichever round
/// sees one end returns it. Before, each round waited for its slots to empty and the next
/// one looked with nothing firing (a trace on one machine put much of a burst's lag in
/// those gaps; on another, removing them did not move the burst: BENCHMARKS.md, "A round
/// leaves its firings in flight to the next").
///
/// So a firing that cannot commit (its game's row held by a slow transaction) holds what
/// waits with it, not the worker: its slot, the slots of the changes written in the same
/// group statement, and one of the group's writers ([`super::group`]); the other slots and
/// writer go on.
///
/// Dropping it aborts the firings in flight, as stopping the process does: each is one
/// statement, so its deadline is either fired with its change or still due.
pub struct Firings {
    store: Store,
    worker: String,
    /// Only this game's deadlines (`None`: every game's).
    game: Option<GameId>,
    flying: JoinSet<Shot>,
    /// The game of each firing in flight: a game fires one deadline at a time.
    games: HashMap<tokio::task::Id, GameId>,
}

impl Firings {
    /// No firings yet, of every game's deadlines, by `worker` (the name its rows record).
    pub fn new(store: &Store, worker: &str) -> Firings {
        Firings {
            store: store.clone(),
            worker: worker.to_string(),
            game: None,
            flying: JoinSet::new(),
            games: HashMap::new(),
        }
    }

    /// The store the firings write to.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// How many firings are in flight.
    pub fn in_flight(&self) -> usize {
        self.flying.len()
    }

    /// Whether a deadline of `game` is being fired.
    fn busy(&self, game: GameId) -> bool {
        self.games.values().any(|&g| g == game)
    }

    /// Starts firing `head`.
    fn start(&mut self, head: Head) {
        let (store, worker) = (self.store.clone(), self.worker.clone());
        let game = head.game_id;
        let task = self
            .flying
            .spawn(async move { store.fire(head, &worker).await });
        self.games.insert(task.id(), game);
    }

    /// What an ended firing gave back; its game is free again.
    fn ended(&mut self, joined: Result<(tokio::task::Id, Shot), tokio::task::JoinError>) -> Shot {
        match joined {
            Ok((id, shot)) => {
                self.games.remove(&id);
                shot
            }
            Err(e) => {
                self.games.remove(&e.id());
                Err(StoreError::Task(e.to_string()))
            }
        }
    }

    /// Fires the deadlines due by the time `clock` gives at each look at the table, all of
    /// them or as many as `budget` allows, and returns the firings that ended meanwhile
    /// (this round's and those that earlier rounds left in flight), in the order their
    /// writes committed. Each game's deadlines fire in time order; up to [`FIRE_AT_ONCE`]
    /// games at a time, so a thousand games changing phase at once do not queue behind one
    /// connection. Firing is a stream: a slot that frees takes the next due deadline at
    /// once, and the table is looked at again while the slots still fire.
    ///
    /// Two lanes, so that a deadline that belongs to no burst does not wait behind one
    /// (the performance round): the due deadlines are taken oldest first (a burst drains in the order it
    /// fell due), and every [`RELOOK`] while a backlog remains the newest due ones go in
    /// front of it. The newest lane reads the clock at each look, so a deadline that falls
    /// due while the round fires a backlog is found within a [`RELOOK`], not at the next
    /// round. With a `budget` ([`ROUND_BUDGET`] for a worker's round) the round returns
    /// when it runs out, and the firings in flight go on into the next round; so that a
    /// round ends and the worker's loop gets its turn (the day posts' read-back, the pause
    /// until the next deadline). Without one it returns when nothing is due and nothing is
    /// in flight: with a clock that runs, give it a budget.
    ///
    /// While deadlines wait for a slot, this process's dispatchers hold back
    /// ([`store::precedence`]).
    ///
    /// The games in `held` fire nothing new in this round: the bot's worker holds a game
    /// whose day post is still being read back before its close
    /// (`discord::readback::ReadBacks`), so that one slow read-back holds up that close and
    /// no other deadline.
    ///
    /// # Errors
    /// As [`Store::fire_next`]: the round ends at the first firing that fails, and the
    /// others in flight go on into the next round (or [`Firings::settle`]); the deadlines
    /// fired before the error stay fired.
    pub async fn round(
        &mut self,
        clock: &(dyn Fn() -> DateTime<Utc> + Sync),
        budget: Option<std::time::Duration>,
        held: &[i64],
    ) -> Result<Vec<Fired>, StoreError> {
        let began = Instant::now();
        let game = self.game;
        // Workers that look at the same moment see the same heads; starting each at its own
        // place in the list (by its name) keeps them mostly out of each other's way.
        let name_hash = self.worker.bytes().fold(0usize, |h, b| {
            h.wrapping_mul(31).wrapping_add(usize::from(b))
        });
        let mut all = Vec::new();
        let mut queue: VecDeque<Head> = VecDeque::new();
        // The games queued: with those in flight, one deadline of a game at a time.
        let mut queued: HashSet<GameId> = HashSet::new();
        // When the newest lane last looked; `None`: at once.
        let mut looked = Some(Instant::now());
        // Whether a look may find something new: not after one that found nothing but
        // games in flight, until a firing ends (its game's next deadline may be due).
        let mut may_look = true;
        // Held while deadlines wait for a slot ([`store::precedence`]).
        let mut holding = None;
        let left = || budget.map(|b| b.saturating_sub(began.elapsed()));
        loop {
            if left().is_some_and(|l| l.is_zero()) {
                // Out of budget: what is in flight goes on into the next round.
                return Ok(all);
            }
            if queue.is_empty() && may_look {
                let mut heads = self
                    .store
                    .heads(game, clock(), HEADS_PER_LOOK, false, held)
                    .await?;
                if heads.is_empty() && self.flying.is_empty() {
                    return Ok(all);
                }
                let backlog = heads.len() as i64 == HEADS_PER_LOOK;
                if !heads.is_empty() {
                    let from = name_hash % heads.len();
                    heads.rotate_left(from);
                }
                for h in heads {
                    if !self.busy(h.game_id) && queued.insert(h.game_id) {
                        queue.push_back(h);
                    }
                }
                may_look = !queue.is_empty();
                // More are due than one look takes: the newest go first at once.
                looked = (!backlog).then(Instant::now);
            }
            // The newest lane: on a backlog, the newest due deadlines in front of it,
            // at once and every RELOOK after.
            if !queue.is_empty() && looked.is_none_or(|t| t.elapsed() >= RELOOK) {
                let fresh = self
                    .store
                    .heads(game, clock(), FRESH_PER_LOOK, true, held)
                    .await?;
                for h in fresh.into_iter().rev() {
                    if !self.busy(h.game_id) && queued.insert(h.game_id) {
                        queue.push_front(h);
                    }
                }
                looked = Some(Instant::now());
            }
            while self.flying.len() < FIRE_AT_ONCE {
                let Some(head) = queue.pop_front() else { break };
                queued.remove(&head.game_id);
                self.start(head);
            }
            // More due than the slots take: the dispatchers wait until the queue is
            // empty (or the round ends), so that the fires have the cores.
            if queue.is_empty() {
                holding = None;
            } else if holding.is_none() {
                holding = Some(self.store.precedence().hold());
            }
            let next = self.flying.join_next_with_id();
            let joined = match left() {
                Some(left) => match tokio::time::timeout(left, next).await {
                    Ok(joined) => joined,
                    Err(_) => continue,
                },
                None => next.await,
            };
            // Nothing in flight: look again (a look that finds nothing ends the round).
            let Some(joined) = joined else {
                may_look = true;
                continue;
            };
            may_look = true;
            match self.ended(joined) {
                Ok(Some(fired)) => all.push(fired),
                Ok(None) => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Waits for the firings in flight and returns them in the order their writes
    /// committed.
    ///
    /// # Errors
    /// The first that failed; the others still finish.
    pub async fn settle(&mut self) -> Result<Vec<Fired>, StoreError> {
        let mut all = Vec::new();
        let mut failed = None;
        while let Some(joined) = self.flying.join_next_with_id().await {
            match self.ended(joined) {
                Ok(Some(fired)) => all.push(fired),
                Ok(None) => {}
                Err(e) => failed = failed.or(Some(e)),
            }
        }
        failed.map_or(Ok(all), Err)
    }
}

/// Fires every deadline due by `now`; returns them in the order their writes committed.
/// As [`fire_due_within`] without a time budget.
///
/// # Errors
/// As [`fire_due_within`].
pub async fn fire_due(
    store: &Store,
    game: Option<GameId>,
    now: DateTime<Utc>,
    worker: &str,
) -> Result<Vec<Fired>, StoreError> {
    fire_due_within(store, game, &|| now, worker, None, &[]).await
}

/// Fires the deadlines due by the time `clock` gives at each look at the table, all of
/// them or as many as `budget` allows; returns them in the order their writes
/// committed. One round of [`Firings::round`], after which the firings it started
/// finish before this returns (also when it fails); a worker that fires round after
/// round keeps a [`Firings`] instead, so that its firings go on into the next round.
///
/// # Errors
/// As [`Firings::round`]; the deadlines being fired when it fails finish first.
pub async fn fire_due_within(
    store: &Store,
    game: Option<GameId>,
    clock: &(dyn Fn() -> DateTime<Utc> + Sync),
    worker: &str,
    budget: Option<std::time::Duration>,
    held: &[i64],
) -> Result<Vec<Fired>, StoreError> {
    let mut firings = Firings::new(store, worker);
    firings.game = game;
    let round = firings.round(clock, budget, held).await;
    let rest = firings.settle().await;
    let mut all = round?;
    all.extend(rest?);
    Ok(all)
}

/// Replays a game's inputs (as `script::Table::log` records them) through the store:
/// commands through [`Store::execute`], ticks through the deadline worker. Returns each
/// command's latency, for measuring.
///
/// # Errors
/// Database errors.
pub async fn replay_inputs(
    store: &Store,
    game_id: GameId,
    inputs: &[(DateTime<Utc>, Command)],
    worker: &str,
) -> Result<Vec<std::time::Duration>, StoreError> {
    let mut latencies = Vec::with_capacity(inputs.len());
    for (i, (at, cmd)) in inputs.iter().enumerate() {
        let t = std::time::Instant::now();
        if cmd.action == Action::Tick {
            fire_due(store, Some(game_id), *at, worker).await?;
        } else {
            store
                .execute(game_id, &format!("input-{i}"), cmd, *at)
                .await?;
        }
        latencies.push(t.elapsed());
    }
    Ok(latencies)
}
