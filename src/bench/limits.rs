//! The Discord-limits phase of `wolfjudge bench` (`--discord-limits N`): N simulated M32
//! games of 12 players started at the same instant, so that their first day closes in the
//! same second, delivered through a messenger that turns each outbox message into the
//! Discord requests the real messenger makes ([`crate::discord::requests::plan`]).
//!
//! The games are played through the store as the main phase plays them, up to just before
//! that close; then the close is fired for all of them at once and what it wrote is planned
//! as the burst; then the games are played to their end. The report gives the requests per
//! game by kind (the whole game), the burst's requests, and the burst timed under Discord's
//! limits ([`simulate`]) on a **virtual clock** (deterministic, whatever the machine's load):
//! the global 50 requests a second, each route's bucket per channel (messages 5 per 5 s a
//! channel, …), each outbox channel's requests in order (as the outbox sends them), every
//! request taking a fixed round trip. The lower bound that the limits and the round trips
//! set for those requests ([`bound`]) is beside it. The burst is also delivered for real,
//! by the outbox's own dispatcher through [`Limited`], which makes each request wait as
//! Discord's limits and the round trip would on the real clock: that is the time players
//! would wait with the worker as it is.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::games::{self, Planned};
use super::{all_delivered, bar, check, create_all, drive, plan_all, BenchError, DISPATCHERS};
use crate::notify::Recipient;
use crate::store::Store;

use crate::discord::pace::{Pace, OUTBOX_PER_SECOND};
use crate::discord::requests::{
    plan, Kind, Known, Major, Request, Route, Server, GLOBAL_PER_SECOND,
};
use crate::runtime::dispatch::{
    Earlier, Messenger, OutMessage, SendError, CHANNELS_AT_ONCE, DISPATCH_LANES,
};

/// One planned request with where it came from.
#[derive(Debug, Clone)]
pub struct Sent {
    pub game: i64,
    /// Who the outbox row is for (its channel).
    pub channel: Recipient,
    pub request: Request,
    /// The phase it was planned in: 0 before the close, 1 the close (a burst), 2 between
    /// it and the night's opening, 3 the night's opening (a burst), 4 after it.
    pub phase: usize,
    /// A public message of the game (what every player reads).
    pub public: bool,
    /// A DM that carries a deadline.
    pub deadline_dm: bool,
    /// What the message says ([`crate::notify::Delivery::label`]; `unlabelled` if nothing).
    pub label: String,
    /// The outbox row it shows.
    pub row: i64,
}

/// The phases of [`Sent::phase`].
pub const PHASES: usize = 5;

/// A messenger that plans each message's Discord requests and keeps them.
#[derive(Debug, Default)]
pub struct Planner {
    known: Mutex<Known>,
    pub sent: Mutex<Vec<Sent>>,
    pub phase: AtomicUsize,
    /// Outbox messages delivered, by phase.
    pub messages: [AtomicUsize; PHASES],
}

impl Messenger for Planner {
    async fn send(
        &self,
        msg: &OutMessage,
        _earlier: Option<Earlier>,
    ) -> Result<Option<u64>, SendError> {
        self.record(msg)?;
        Ok(None)
    }
}

impl Planner {
    /// Plans `msg`'s requests and keeps them; returns them as they are to be timed.
    fn record(&self, msg: &OutMessage) -> Result<Vec<Timed>, SendError> {
        let phase = self.phase.load(Ordering::Acquire).min(PHASES - 1);
        let requests = {
            let mut known = self
                .known
                .lock()
                .map_err(|e| SendError::new(e.to_string()))?;
            plan(msg, &mut known, Server::default())
        };
        let due = msg.meta.as_ref().is_some_and(|m| m.due.is_some());
        let label = msg
            .meta
            .as_ref()
            .and_then(|m| m.label.clone())
            .unwrap_or_else(|| "unlabelled".into());
        let dm = msg.channel.seat().is_some();
        let mut sent = self
            .sent
            .lock()
            .map_err(|e| SendError::new(e.to_string()))?;
        let planned: Vec<Sent> = requests
            .into_iter()
            .map(|request| Sent {
                game: msg.game_id.get(),
                channel: msg.channel,
                request,
                phase,
                public: msg.channel == Recipient::Public
                    && !matches!(request.kind, Kind::Moderation),
                deadline_dm: dm && due,
                label: label.clone(),
                row: msg.id,
            })
            .collect();
        let timed = planned.iter().map(Timed::of).collect();
        sent.extend(planned);
        self.messages[phase].fetch_add(1, Ordering::Relaxed);
        Ok(timed)
    }
}

/// A messenger that takes the time Discord would, on the real clock, for the real
/// dispatcher: each message's planned requests one after the other, each waiting for the
/// outbox's own pace ([`Pace::outbox`], as the Discord messenger does), then for its bucket
/// and Discord's global window (as serenity waits when told a bucket is empty), then a
/// round trip. It records when the last request, the last public one and the last DM with
/// a deadline were done.
pub struct Limited<'a> {
    planner: &'a Planner,
    pace: Pace,
    rtt: Duration,
    start: Instant,
    windows: Mutex<Windows>,
    done: Mutex<Timing>,
}

/// Discord's global window and each bucket's.
type Windows = (Window, HashMap<(Route, Major), Window>);

impl<'a> Limited<'a> {
    /// Its clock starts now.
    pub fn new(planner: &'a Planner, rtt: Duration) -> Limited<'a> {
        Limited {
            planner,
            pace: Pace::outbox(),
            rtt,
            start: Instant::now(),
            windows: Mutex::new((
                Window::new(GLOBAL_PER_SECOND, Duration::from_secs(1)),
                HashMap::new(),
            )),
            done: Mutex::new(Timing::default()),
        }
    }

    /// When the requests were done, in seconds from the start.
    fn timing(&self) -> Timing {
        self.done.lock().map(|t| *t).unwrap_or_default()
    }

    async fn request(&self, req: &Timed) -> Result<(), SendError> {
        self.pace.step().await;
        let at = {
            let mut w = self
                .windows
                .lock()
                .map_err(|e| SendError::new(e.to_string()))?;
            let (global, buckets) = &mut *w;
            let bucket = buckets
                .entry((req.route, req.major))
                .or_insert_with(|| Window::of(req.route));
            let at = earliest_in(global, bucket, self.start.elapsed().as_millis() as u64);
            global.take(at);
            bucket.take(at);
            at
        };
        tokio::time::sleep_until((self.start + Duration::from_millis(at) + self.rtt).into()).await;
        let secs = self.start.elapsed().as_secs_f64();
        let mut t = self
            .done
            .lock()
            .map_err(|e| SendError::new(e.to_string()))?;
        t.all_done_s = t.all_done_s.max(secs);
        if req.public {
            t.result_seen_s = t.result_seen_s.max(secs);
        }
        if req.deadline_dm {
            t.deadline_dms_s = t.deadline_dms_s.max(secs);
        }
        Ok(())
    }
}

impl Messenger for Limited<'_> {
    async fn send(
        &self,
        msg: &OutMessage,
        _earlier: Option<Earlier>,
    ) -> Result<Option<u64>, SendError> {
        let first = crate::store::outbox::is_prompt(msg);
        Pace::first(first, async {
            for req in self.planner.record(msg)? {
                self.request(&req).await?;
            }
            Ok(None)
        })
        .await
    }
}

/// Requests by kind.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Counts {
    pub messages: f64,
    pub edits: f64,
    pub webhook_posts: f64,
    pub dms: f64,
    pub dm_channels: f64,
    pub thread_creations: f64,
    pub moderation: f64,
    pub other: f64,
    pub total: f64,
    /// Those made with the bot's token (all but the webhook posts), which share Discord's
    /// global limit.
    pub bot_token: f64,
}

impl Counts {
    /// The requests counted, divided by `per`.
    pub fn of<'a>(requests: impl Iterator<Item = &'a Request>, per: usize) -> Counts {
        let mut c = Counts::default();
        for r in requests {
            let slot = match r.kind {
                Kind::Message => &mut c.messages,
                Kind::Edit => &mut c.edits,
                Kind::Webhook => &mut c.webhook_posts,
                Kind::Dm => &mut c.dms,
                Kind::DmChannel => &mut c.dm_channels,
                Kind::Thread => &mut c.thread_creations,
                Kind::Moderation => &mut c.moderation,
                Kind::Other => &mut c.other,
            };
            *slot += 1.0;
            c.total += 1.0;
            if r.kind != Kind::Webhook {
                c.bot_token += 1.0;
            }
        }
        let per = per.max(1) as f64;
        for x in [
            &mut c.messages,
            &mut c.edits,
            &mut c.webhook_posts,
            &mut c.dms,
            &mut c.dm_channels,
            &mut c.thread_creations,
            &mut c.moderation,
            &mut c.other,
            &mut c.total,
            &mut c.bot_token,
        ] {
            *x /= per;
        }
        c
    }

    fn line(&self) -> String {
        format!(
            "{:.1} requests ({:.1} with the bot's token): {:.1} messages, {:.1} edits, {:.1} webhook posts, {:.1} DMs, {:.1} DM channels opened, {:.1} thread creations, {:.1} moderation, {:.1} other",
            self.total,
            self.bot_token,
            self.messages,
            self.edits,
            self.webhook_posts,
            self.dms,
            self.dm_channels,
            self.thread_creations,
            self.moderation,
            self.other
        )
    }
}

/// Requests of one kind and label, per game.
#[derive(Debug, Clone, Serialize)]
pub struct ByLabel {
    pub kind: Kind,
    pub label: String,
    pub per_game: f64,
}

impl ByLabel {
    /// The requests of `sent` by kind and label, divided by `per`, most first.
    pub fn of<'a>(sent: impl Iterator<Item = &'a Sent>, per: usize) -> Vec<ByLabel> {
        let mut by: BTreeMap<(Kind, &str), usize> = BTreeMap::new();
        for s in sent {
            *by.entry((s.request.kind, s.label.as_str())).or_default() += 1;
        }
        let per = per.max(1) as f64;
        let mut out: Vec<ByLabel> = by
            .into_iter()
            .map(|((kind, label), n)| ByLabel {
                kind,
                label: label.to_string(),
                per_game: n as f64 / per,
            })
            .collect();
        out.sort_by(|a, b| b.per_game.total_cmp(&a.per_game));
        out
    }
}

/// One request to time: its bucket and what it carries.
#[derive(Debug, Clone, Copy)]
pub struct Timed {
    pub route: Route,
    pub major: Major,
    pub public: bool,
    pub deadline_dm: bool,
}

impl Timed {
    fn of(s: &Sent) -> Timed {
        Timed {
            route: s.request.route,
            major: s.request.major,
            public: s.public,
            deadline_dm: s.deadline_dm,
        }
    }
}

/// A fixed rate-limit window counted from its first request, as Discord counts
/// (`X-RateLimit-Reset-After`): `limit` requests, then none until the window ends.
#[derive(Debug, Clone, Copy)]
struct Window {
    limit: u32,
    per: u64,
    start: Option<u64>,
    used: u32,
}

impl Window {
    /// A fresh window of `route`'s bucket.
    fn of(route: Route) -> Window {
        let (limit, per) = route.bucket();
        Window::new(limit, per)
    }

    fn new(limit: u32, per: Duration) -> Window {
        Window {
            limit,
            per: per.as_millis() as u64,
            start: None,
            used: 0,
        }
    }

    /// The earliest time from `t` (ms) a request may go.
    fn earliest(&self, t: u64) -> u64 {
        match self.start {
            Some(s) if t < s + self.per && self.used >= self.limit => s + self.per,
            _ => t,
        }
    }

    fn take(&mut self, t: u64) {
        match self.start {
            Some(s) if t < s + self.per => {}
            _ => {
                self.start = Some(t);
                self.used = 0;
            }
        }
        self.used += 1;
    }
}

/// The earliest time from `t` (ms) that both the global window and `bucket` let a request
/// go.
fn earliest_in(global: &Window, bucket: &Window, mut t: u64) -> u64 {
    loop {
        let later = bucket.earliest(global.earliest(t));
        if later == t {
            return t;
        }
        t = later;
    }
}

/// When the requests were done, in seconds from the burst.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Timing {
    /// Requests in flight at once (0: no cap).
    pub in_flight: usize,
    /// The last request done.
    pub all_done_s: f64,
    /// The last public message done: every player can read the result.
    pub result_seen_s: f64,
    /// The last DM carrying a deadline done.
    pub deadline_dms_s: f64,
    /// The lower bound for these requests (see [`bound`]) and what sets it.
    pub bound_s: f64,
    pub bound_by: &'static str,
    /// `all_done_s ÷ bound_s` (target ≤ 1.2).
    pub ratio: f64,
}

/// Times `queues` (each an outbox channel's requests, in order; all ready at 0) under
/// Discord's limits on a virtual clock: a request goes at the earliest time its queue's
/// previous request is done, its route's bucket and the global bucket allow it and (with
/// `in_flight > 0`) fewer than `in_flight` requests are under way; among those that could
/// go, the earliest goes first (ties: a queue carrying a deadline's prompt first, as the
/// outbox claims those first, then queue order). Each takes `rtt`.
pub fn simulate(queues: &[Vec<Timed>], rtt: Duration, in_flight: usize) -> Timing {
    let rtt_ms = rtt.as_millis() as u64;
    let mut global = Window::new(GLOBAL_PER_SECOND, Duration::from_secs(1));
    let mut buckets: HashMap<(Route, Major), Window> = HashMap::new();
    // Requests under way: their done times (for the in-flight cap).
    let mut busy: BinaryHeap<Reverse<u64>> = BinaryHeap::new();
    let rank: Vec<u8> = queues
        .iter()
        .map(|q| u8::from(!q.iter().any(|r| r.deadline_dm)))
        .collect();
    let mut heap: BinaryHeap<Reverse<(u64, u8, usize)>> = (0..queues.len())
        .filter(|q| !queues[*q].is_empty())
        .map(|q| Reverse((0, rank[q], q)))
        .collect();
    let mut next = vec![0usize; queues.len()];
    let mut t = Timing {
        in_flight,
        ..Timing::default()
    };
    while let Some(Reverse((ready, _, q))) = heap.pop() {
        let Some(req) = queues[q].get(next[q]) else {
            continue;
        };
        let bucket = *buckets
            .entry((req.route, req.major))
            .or_insert_with(|| Window::of(req.route));
        let mut at = ready;
        // Requests are placed in time order, so those done by now are done for good.
        while busy.peek().is_some_and(|Reverse(d)| *d <= at) {
            busy.pop();
        }
        if in_flight > 0 && busy.len() >= in_flight {
            at = busy.peek().map_or(at, |Reverse(d)| *d);
        }
        at = earliest_in(&global, &bucket, at);
        if at > ready {
            // Not yet: back in line at the time it could go.
            heap.push(Reverse((at, rank[q], q)));
            continue;
        }
        global.take(at);
        if let Some(b) = buckets.get_mut(&(req.route, req.major)) {
            b.take(at);
        }
        let done = at + rtt_ms;
        busy.push(Reverse(done));
        let secs = done as f64 / 1000.0;
        t.all_done_s = t.all_done_s.max(secs);
        if req.public {
            t.result_seen_s = t.result_seen_s.max(secs);
        }
        if req.deadline_dm {
            t.deadline_dms_s = t.deadline_dms_s.max(secs);
        }
        next[q] += 1;
        if next[q] < queues[q].len() {
            heap.push(Reverse((done, rank[q], q)));
        }
    }
    let (bound, by) = bound(queues, rtt, in_flight);
    t.bound_s = bound;
    t.bound_by = by;
    t.ratio = t.all_done_s / bound.max(f64::MIN_POSITIVE);
    t
}

/// The least time in which the limits let `queues` be done, in seconds, and which limit
/// sets it: the global limit (`n` requests need `⌈n/50⌉ − 1` whole seconds before the last
/// window opens, then a round trip), the busiest bucket likewise (`⌈n/limit⌉ − 1` windows),
/// the longest queue (its requests one after the other, a round trip each), and with a cap
/// on requests in flight, `⌈n/cap⌉` round trips.
pub fn bound(queues: &[Vec<Timed>], rtt: Duration, in_flight: usize) -> (f64, &'static str) {
    let rtt = rtt.as_secs_f64();
    let total: usize = queues.iter().map(Vec::len).sum();
    let windows = |n: usize, limit: u32, per: Duration| {
        n.div_ceil(limit as usize).saturating_sub(1) as f64 * per.as_secs_f64() + rtt
    };
    let mut best = (0.0, "nothing to send");
    let mut consider = |secs: f64, by: &'static str| {
        if secs > best.0 {
            best = (secs, by);
        }
    };
    if total > 0 {
        consider(
            windows(total, GLOBAL_PER_SECOND, Duration::from_secs(1)),
            "the global 50 requests/s",
        );
    }
    let mut per_bucket: BTreeMap<(Route, Major), usize> = BTreeMap::new();
    for r in queues.iter().flatten() {
        *per_bucket.entry((r.route, r.major)).or_default() += 1;
    }
    for ((route, _), n) in per_bucket {
        let (limit, per) = route.bucket();
        consider(windows(n, limit, per), "the busiest channel's bucket");
    }
    let longest = queues.iter().map(Vec::len).max().unwrap_or(0);
    consider(
        longest as f64 * rtt,
        "the longest channel's requests in turn",
    );
    if in_flight > 0 {
        consider(
            total.div_ceil(in_flight) as f64 * rtt,
            "the requests in flight at once",
        );
    }
    best
}

/// The burst's requests as queues, one per outbox channel of each game, in the order the
/// outbox sent them.
pub fn queues(sent: &[Sent], phase: usize) -> Vec<Vec<Timed>> {
    let mut by: BTreeMap<(i64, Recipient), Vec<Timed>> = BTreeMap::new();
    for s in sent.iter().filter(|s| s.phase == phase) {
        by.entry((s.game, s.channel))
            .or_default()
            .push(Timed::of(s));
    }
    by.into_values().collect()
}

/// Of `queues`, only the requests that carry a deadline's prompt: the least the limits
/// allow for those is the night's bound, when they go first.
pub fn prompts_only(queues: &[Vec<Timed>]) -> Vec<Vec<Timed>> {
    queues
        .iter()
        .map(|q| {
            q.iter()
                .copied()
                .filter(|r| r.deadline_dm)
                .collect::<Vec<_>>()
        })
        .filter(|q| !q.is_empty())
        .collect()
}

/// A burst of one instant: its requests, and how long they take under Discord's limits.
#[derive(Debug, Clone, Serialize)]
pub struct Burst {
    /// Outbox messages and requests per game, and requests in all.
    pub messages_per_game: f64,
    pub requests_per_game: Counts,
    pub requests: usize,
    /// Of them, the DMs carrying a deadline (the night's prompts).
    pub prompts: usize,
    /// The most requests in one bucket (route and channel).
    pub busiest_bucket: usize,
    /// Every outbox channel sending at once (what the limits allow), on the virtual clock.
    pub channels_at_once: Timing,
    /// One request at a time, on the virtual clock.
    pub one_at_a_time: Timing,
    /// As the dispatcher sends it, on the real clock ([`Limited`]).
    pub dispatcher: Timing,
    /// For the night: the least time the limits allow for the prompts alone (the bound
    /// when they go first), what sets it, and the last prompt's time (the dispatcher's)
    /// over it.
    pub prompts_bound_s: f64,
    pub prompts_bound_by: &'static str,
    pub prompts_ratio: f64,
}

impl Burst {
    fn of(
        sent: &[Sent],
        phase: usize,
        messages: usize,
        games: usize,
        rtt: Duration,
        mut dispatcher: Timing,
    ) -> Burst {
        let burst = queues(sent, phase);
        let requests: usize = burst.iter().map(Vec::len).sum();
        let (bound_s, bound_by) = bound(&burst, rtt, 0);
        dispatcher.in_flight = CHANNELS_AT_ONCE * DISPATCH_LANES;
        dispatcher.bound_s = bound_s;
        dispatcher.bound_by = bound_by;
        dispatcher.ratio = dispatcher.all_done_s / bound_s.max(f64::MIN_POSITIVE);
        let mut per_bucket: HashMap<(Route, Major), usize> = HashMap::new();
        for r in burst.iter().flatten() {
            *per_bucket.entry((r.route, r.major)).or_default() += 1;
        }
        let prompts = prompts_only(&burst);
        let (prompts_bound_s, prompts_bound_by) = bound(&prompts, rtt, 0);
        Burst {
            messages_per_game: messages as f64 / games.max(1) as f64,
            requests_per_game: Counts::of(
                sent.iter().filter(|s| s.phase == phase).map(|s| &s.request),
                games,
            ),
            requests,
            prompts: prompts.iter().map(Vec::len).sum(),
            busiest_bucket: per_bucket.into_values().max().unwrap_or(0),
            channels_at_once: simulate(&burst, rtt, 0),
            one_at_a_time: simulate(&burst, rtt, 1),
            prompts_ratio: dispatcher.deadline_dms_s / prompts_bound_s.max(f64::MIN_POSITIVE),
            dispatcher,
            prompts_bound_s,
            prompts_bound_by,
        }
    }
}

/// What the Discord-limits phase measured.
#[derive(Debug, Clone, Serialize)]
pub struct DiscordLimits {
    /// Games played, and those whose first day closed at the shared instant (the burst).
    pub games: usize,
    pub burst_games: usize,
    pub players: usize,
    /// Games that ended, and those whose stored log has exactly the simulated events.
    pub finished: usize,
    pub matching_simulation: usize,
    /// Outbox messages per game over the whole game, and the requests they took by kind.
    pub messages_per_game: f64,
    pub requests_per_game: Counts,
    /// The same requests by kind and by what their message says, most first.
    pub requests_by_label: Vec<ByLabel>,
    /// The night's opening of the same games, ten minutes later, at one instant too.
    pub night_games: usize,
    pub night: Option<Burst>,
    /// The burst: outbox messages and requests per game, and in all.
    pub burst_messages_per_game: f64,
    pub burst_requests_per_game: Counts,
    pub burst_requests: usize,
    /// The most requests of the burst in one bucket (route and channel).
    pub busiest_bucket: usize,
    /// The round trip each request takes on the virtual clock, in ms.
    pub rtt_ms: u64,
    /// The burst with every outbox channel sending at once (what the limits allow).
    pub channels_at_once: Timing,
    /// The burst with one request at a time (how the dispatcher sent before it sent
    /// channels at once).
    pub one_at_a_time: Timing,
    /// The burst as the dispatcher sends it, measured on the real clock: one dispatch (as
    /// one worker process delivers) through [`Limited`], with the outbox's pace of
    /// [`OUTBOX_PER_SECOND`] requests a second, against the same bound.
    pub dispatcher: Timing,
    /// The vote counts' requests with the messenger's pace (at most one redraw in
    /// [`COUNT_EVERY`] while votes come in; the close's at once) applied at the times the
    /// games' events happened, which the plan above does not know.
    pub counts_paced: CountsPaced,
}

/// The vote counts' requests per game as planned (a request for each row the outbox
/// delivered) and with the pace, and the bot's token per game with the pace.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct CountsPaced {
    pub planned_per_game: f64,
    pub paced_per_game: f64,
    pub bot_token_per_game: f64,
}

/// One delivered vote count row: its count (game, day, round), when its event happened,
/// whether it makes the count's message, and whether it is the count at the close.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CountRow {
    pub count: (i64, i32, i32),
    pub at: DateTime<Utc>,
    pub opens: bool,
    pub closes: bool,
}

/// The requests `rows` take with the messenger's pace (`messenger::tally`): the message
/// made, then a redraw at once when the last was `every` ago or more, else one waiting
/// redraw `every` after the last (of the latest count by then); the close's at once.
pub fn paced(rows: &[CountRow], every: chrono::Duration) -> usize {
    // In the rows' order within one time (a stable sort).
    let mut rows = rows.to_vec();
    rows.sort_by_key(|r| (r.count, r.at));
    let mut requests = 0;
    let mut i = 0;
    while i < rows.len() {
        let count = rows[i].count;
        let (mut last, mut waiting): (Option<DateTime<Utc>>, bool) = (None, false);
        while i < rows.len() && rows[i].count == count {
            let r = rows[i];
            if let Some(l) = last.filter(|l| waiting && r.at >= *l + every) {
                // What waited, drawn when its turn came (`waiting` is set again below).
                requests += 1;
                last = Some(l + every);
            }
            let due = last.is_none_or(|l| r.at >= l + every);
            if r.opens || r.closes || due {
                requests += 1;
                last = Some(r.at);
                waiting = false;
            } else {
                waiting = true;
            }
            i += 1;
        }
        requests += usize::from(waiting);
    }
    requests
}

/// The delivered vote count rows of `sent` with their events' times.
async fn count_rows(st: &Store, sent: &[Sent]) -> Result<Vec<CountRow>, BenchError> {
    let planned: Vec<i64> = sent
        .iter()
        .filter(|s| s.label == "vote_count")
        .map(|s| s.row)
        .collect::<std::collections::BTreeSet<i64>>()
        .into_iter()
        .collect();
    let rows = st
        .count_messages(&planned)
        .await
        .map_err(|e| BenchError::Task(e.to_string()))?;
    Ok(rows
        .into_iter()
        .map(|m| CountRow {
            count: (m.game, m.day, m.round),
            at: m.at,
            opens: m.opens,
            closes: m.closes,
        })
        .collect())
}

impl DiscordLimits {
    pub fn lines(&self) -> Vec<String> {
        let timing = |what: &str, t: &Timing| {
            format!(
                "  {what}: result seen by every player after {:.2} s, deadline DMs done after {:.2} s, all done after {:.2} s; bound {:.2} s ({}): {:.2}× the bound",
                t.result_seen_s, t.deadline_dms_s, t.all_done_s, t.bound_s, t.bound_by, t.ratio
            )
        };
        let labels: Vec<String> = self
            .requests_by_label
            .iter()
            .filter(|b| b.kind != Kind::Webhook)
            .map(|b| {
                let kind = serde_json::to_value(b.kind)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default();
                format!("{kind} {} {:.1}", b.label, b.per_game)
            })
            .collect();
        let mut out = vec![
            format!(
                "discord limits: {} games of {} players ({} finished, {} identical to the simulation), {} closing their first day in the same second; virtual clock, {} ms a request",
                self.games, self.players, self.finished, self.matching_simulation, self.burst_games, self.rtt_ms
            ),
            format!(
                "  per game: {:.1} outbox messages, {}",
                self.messages_per_game,
                self.requests_per_game.line()
            ),
            format!(
                "  per game with the bot's token, by what they say: {}",
                labels.join(", ")
            ),
            format!(
                "  the vote counts at the messenger's pace, at the events' times: {:.1} requests a game instead of {:.1}; with the bot's token {:.1} a game",
                self.counts_paced.paced_per_game,
                self.counts_paced.planned_per_game,
                self.counts_paced.bot_token_per_game
            ),
            format!(
                "  the close, per game: {:.1} outbox messages, {}; {} requests in all, at most {} in one bucket",
                self.burst_messages_per_game,
                self.burst_requests_per_game.line(),
                self.burst_requests,
                self.busiest_bucket
            ),
            timing("every channel at once", &self.channels_at_once),
            timing("one request at a time", &self.one_at_a_time),
            timing(
                &format!(
                    "the dispatcher (up to {} channels at once, {} requests/s, real clock)",
                    self.dispatcher.in_flight, OUTBOX_PER_SECOND
                ),
                &self.dispatcher,
            ),
        ];
        if let Some(n) = &self.night {
            out.push(format!(
                "  the night's opening of {} games at one instant, per game: {:.1} outbox messages, {}; {} requests in all, {} of them DMs carrying the night's deadline",
                self.night_games,
                n.messages_per_game,
                n.requests_per_game.line(),
                n.requests,
                n.prompts
            ));
            out.push(timing(
                "  every channel at once, prompts first",
                &n.channels_at_once,
            ));
            out.push(timing(
                &format!(
                    "  the dispatcher (up to {} channels at once, {} requests/s, real clock)",
                    n.dispatcher.in_flight, OUTBOX_PER_SECOND
                ),
                &n.dispatcher,
            ));
            out.push(format!(
                "    the last prompt reached its player after {:.2} s; bound {:.2} s for its {} prompts alone ({}, {} ms a round trip): {:.2}× the bound",
                n.dispatcher.deadline_dms_s,
                n.prompts_bound_s,
                n.prompts,
                n.prompts_bound_by,
                self.rtt_ms,
                n.prompts_ratio
            ));
        }
        out
    }
}

/// What the phase runs.
#[derive(Debug, Clone, Copy)]
pub struct LimitsOptions {
    /// Games started together (0: no Discord-limits phase).
    pub games: usize,
    /// The round trip of one request on the virtual clock.
    pub rtt: Duration,
}

impl Default for LimitsOptions {
    fn default() -> LimitsOptions {
        LimitsOptions {
            games: 0,
            rtt: Duration::from_millis(100),
        }
    }
}

/// The games' steps from `from` (if any) and before `to` (if any), with the end of the
/// part: just before `to`, or the game's end.
fn part(games: &[Planned], from: Option<DateTime<Utc>>, to: Option<DateTime<Utc>>) -> Vec<Planned> {
    games
        .iter()
        .map(|g| Planned {
            steps: g
                .steps
                .iter()
                .filter(|s| from.is_none_or(|f| s.at >= f) && to.is_none_or(|t| s.at < t))
                .cloned()
                .collect(),
            end: match (from, to) {
                (_, Some(to)) => to - chrono::Duration::milliseconds(1),
                (Some(from), None) => g.end.max(from),
                (None, None) => g.end,
            },
            ..g.clone()
        })
        .collect()
}

/// Runs the phase in the bench's database: see the module's documentation.
///
/// # Errors
/// As the main phase: a game that cannot be simulated or stored, a message left
/// undelivered.
pub(super) async fn run(
    st: &Store,
    o: &LimitsOptions,
    seed: u64,
    concurrency: usize,
    progress: bool,
) -> Result<DiscordLimits, BenchError> {
    let start = games::start_of(seed);
    let planned = plan_all(o.games, |i| {
        games::simulated_at("m32", seed + i as u64, "limits-", start)
    })?;
    let players = planned.first().map_or(0, |g| g.setup.characters.len());
    // The instant most games close their first day at.
    let mut closes: BTreeMap<DateTime<Utc>, usize> = BTreeMap::new();
    for g in &planned {
        if let Some(at) = g.first_close {
            *closes.entry(at).or_default() += 1;
        }
    }
    let Some((close, burst_games)) = closes.into_iter().max_by_key(|(at, n)| (*n, Reverse(*at)))
    else {
        return Err(BenchError::Invalid(
            "no game closed a day: nothing to time".into(),
        ));
    };
    let pairs = planned.iter().map(|g| (g.key.as_str(), &g.setup));
    let ids = create_all(st, pairs, concurrency).await?;
    let planner = Arc::new(Planner::default());
    let total = planned.iter().map(|g| g.steps.len()).sum();
    let bar = bar(total, progress, "discord limits");
    // The instant the burst games' first night opens (ten minutes after the close in M32),
    // if the games of the close share one.
    let nights: BTreeMap<DateTime<Utc>, usize> = planned
        .iter()
        .filter(|g| g.first_close == Some(close))
        .filter_map(|g| g.first_night)
        .fold(BTreeMap::new(), |mut m, at| {
            *m.entry(at).or_default() += 1;
            m
        });
    let night = nights
        .into_iter()
        .max_by_key(|(at, n)| (*n, Reverse(*at)))
        .filter(|(at, _)| *at > close);
    let play = |from: Option<DateTime<Utc>>, to: Option<DateTime<Utc>>| {
        drive::play(
            st,
            part(&planned, from, to),
            &ids,
            concurrency,
            DISPATCHERS,
            &planner,
            &bar,
        )
    };
    // Fires what is due at `at` for every game at once and delivers what it wrote through
    // [`Limited`]: how long it took on the real clock.
    let ids_ref: &[i64] = &ids;
    let burst = |at: DateTime<Utc>, phase: usize| {
        let planner = planner.clone();
        async move {
            planner.phase.store(phase, Ordering::Release);
            while !crate::runtime::deadlines::fire_due(st, None, at, "bench-limits")
                .await?
                .is_empty()
            {}
            let limited = Limited::new(planner.as_ref(), o.rtt);
            while crate::runtime::dispatch::dispatch(st, None, &limited).await? > 0 {}
            let timing = limited.timing();
            all_delivered(st, Some(ids_ref)).await?;
            Ok::<Timing, BenchError>(timing)
        }
    };
    // Up to just before the close.
    play(None, Some(close)).await?;
    all_delivered(st, Some(&ids)).await?;
    // The close, for every game at once, and what it wrote.
    let dispatcher = burst(close, 1).await?;
    // Up to the night's opening, then the opening for every game at once.
    let mut night_dispatcher = None;
    planner.phase.store(2, Ordering::Release);
    let rest = match night {
        Some((at, _)) => {
            play(Some(close), Some(at)).await?;
            all_delivered(st, Some(&ids)).await?;
            night_dispatcher = Some(burst(at, 3).await?);
            at
        }
        None => close,
    };
    // The rest of the games.
    planner.phase.store(4, Ordering::Release);
    play(Some(rest), None).await?;
    bar.finish_and_clear();
    all_delivered(st, Some(&ids)).await?;
    let kept: Vec<Planned> = part(&planned, None, Some(close));
    let (finished, matching) = check(st, &kept, &ids).await?;

    let sent = planner
        .sent
        .lock()
        .map_err(|e| BenchError::Task(e.to_string()))?
        .clone();
    let n = ids.len();
    let messages: usize = planner
        .messages
        .iter()
        .map(|m| m.load(Ordering::Relaxed))
        .sum();
    let close_burst = Burst::of(
        &sent,
        1,
        planner.messages[1].load(Ordering::Relaxed),
        burst_games,
        o.rtt,
        dispatcher,
    );
    let counts = count_rows(st, &sent).await?;
    let planned_counts = sent.iter().filter(|s| s.label == "vote_count").count();
    let every = chrono::Duration::from_std(crate::discord::messenger::COUNT_EVERY)
        .unwrap_or(chrono::Duration::seconds(10));
    let paced_counts = paced(&counts, every);
    let per_game = |x: usize| x as f64 / n.max(1) as f64;
    let bot_token = Counts::of(sent.iter().map(|s| &s.request), n).bot_token;
    let counts_paced = CountsPaced {
        planned_per_game: per_game(planned_counts),
        paced_per_game: per_game(paced_counts),
        bot_token_per_game: bot_token - per_game(planned_counts) + per_game(paced_counts),
    };
    let night_games = night.map_or(0, |(_, n)| n);
    let night = night_dispatcher.map(|d| {
        Burst::of(
            &sent,
            3,
            planner.messages[3].load(Ordering::Relaxed),
            night_games,
            o.rtt,
            d,
        )
    });
    Ok(DiscordLimits {
        games: n,
        burst_games,
        players,
        finished,
        matching_simulation: matching,
        messages_per_game: messages as f64 / n.max(1) as f64,
        requests_per_game: Counts::of(sent.iter().map(|s| &s.request), n),
        requests_by_label: ByLabel::of(sent.iter(), n),
        night_games,
        night,
        burst_messages_per_game: close_burst.messages_per_game,
        burst_requests_per_game: close_burst.requests_per_game,
        burst_requests: close_burst.requests,
        busiest_bucket: close_burst.busiest_bucket,
        rtt_ms: o.rtt.as_millis() as u64,
        channels_at_once: close_burst.channels_at_once,
        one_at_a_time: close_burst.one_at_a_time,
        dispatcher: close_burst.dispatcher,
        counts_paced,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A count's votes a second apart take the message, one redraw at once, and one when
    /// the 10 s are over (or none if the close comes first, drawn at once); votes a minute
    /// apart take a redraw each.
    #[test]
    fn vote_counts_at_the_pace_take_a_redraw_per_10_s() {
        let t0 = DateTime::<Utc>::UNIX_EPOCH;
        let row = |s: i64, opens: bool, closes: bool| CountRow {
            count: (1, 1, 0),
            at: t0 + chrono::Duration::seconds(s),
            opens,
            closes,
        };
        let every = chrono::Duration::seconds(10);
        let burst = [
            row(0, true, false),
            row(60, false, false),
            row(61, false, false),
            row(62, false, false),
            row(63, false, false),
        ];
        assert_eq!(paced(&burst, every), 3, "made, at once, once waited");
        let mut closed = burst.to_vec();
        closed.push(row(65, false, true));
        assert_eq!(paced(&closed, every), 3, "the close draws what waited");
        let mut later = burst.to_vec();
        later.push(row(100, false, false));
        assert_eq!(
            paced(&later, every),
            4,
            "what waited, then the next at once"
        );
        let spread: Vec<CountRow> = (0..5).map(|m| row(m * 60, m == 0, false)).collect();
        assert_eq!(paced(&spread, every), 5);
    }

    fn to(route: Route, major: Major) -> Timed {
        Timed {
            route,
            major,
            public: true,
            deadline_dm: false,
        }
    }

    /// 100 messages to one channel, 5 per 5 s: the 100th cannot go before 95 s, and the
    /// simulation meets that bound to the round trip.
    #[test]
    fn a_hundred_messages_to_one_channel_take_at_least_95_seconds() {
        let day = Major::Day { game: 1, day: 1 };
        let one = vec![vec![to(Route::CreateMessage, day); 100]];
        let t = simulate(&one, Duration::ZERO, 0);
        assert!(t.all_done_s >= 95.0, "{t:?}");
        assert!((t.bound_s - 95.0).abs() < 1e-9, "{t:?}");
        assert!((t.ratio - 1.0).abs() < 1e-9, "{t:?}");
        // The same messages in a hundred channels of their own: the global limit, 50 a
        // second, sets the bound (1 s before the second window, plus the round trip).
        let many: Vec<Vec<Timed>> = (0..100)
            .map(|g| vec![to(Route::CreateMessage, Major::Day { game: g, day: 1 })])
            .collect();
        let t = simulate(&many, Duration::from_millis(100), 0);
        assert!((t.all_done_s - 1.1).abs() < 1e-9, "{t:?}");
        assert_eq!(t.bound_by, "the global 50 requests/s");
        assert!((t.bound_s - 1.1).abs() < 1e-9, "{t:?}");
    }

    /// One request at a time, each a round trip: n requests take n round trips.
    #[test]
    fn one_request_at_a_time_takes_a_round_trip_each() {
        let many: Vec<Vec<Timed>> = (0..20)
            .map(|g| vec![to(Route::CreateMessage, Major::Log { game: g })])
            .collect();
        let t = simulate(&many, Duration::from_millis(100), 1);
        assert!((t.all_done_s - 2.0).abs() < 1e-9, "{t:?}");
        assert!((t.bound_s - 2.0).abs() < 1e-9, "{t:?}");
        let free = simulate(&many, Duration::from_millis(100), 0);
        assert!((free.all_done_s - 0.1).abs() < 1e-9, "{free:?}");
    }

    /// A queue's requests go in order: the second waits for the first's round trip.
    #[test]
    fn a_channels_requests_go_one_after_the_other() {
        let dm = Major::Dm { game: 1, seat: 2 };
        let q = vec![vec![
            to(Route::CreateDm, Major::Bot),
            to(Route::CreateMessage, dm),
            to(Route::CreateMessage, dm),
        ]];
        let t = simulate(&q, Duration::from_millis(50), 0);
        assert!((t.all_done_s - 0.15).abs() < 1e-9, "{t:?}");
    }
}
