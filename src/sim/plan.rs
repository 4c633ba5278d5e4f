//! What the simulated players do: plans made at the start of each phase (or set of pending
//! death decisions), and the commands those plans turn into when their time comes.

use chrono::{DateTime, Duration, Utc};

use crate::engine::event::DecisionKind;
use crate::engine::{Action, CharId, Color, Command, Game, Kind, Phase, Role};

use super::Sim;

/// A planned action.
#[derive(Debug, Clone)]
pub(super) struct Intent {
    pub(super) at: DateTime<Utc>,
    /// Tie-break between intents due at the same time: planning order.
    pub(super) seq: u64,
    /// Dropped when the phase it was planned for is over (last words are not).
    pub(super) scoped: bool,
    /// The acting character; `None` when chosen when the intent runs (or the judge acts).
    pub(super) who: Option<CharId>,
    pub(super) plan: Plan,
}

/// What an intent does. The exact target is chosen when it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Plan {
    Post,
    Vote,
    /// Change the standing vote (refused when no change is left).
    Change,
    Abstain,
    Proxy,
    /// Ask to speed up (refused where the ruleset has no speed-up).
    Speedup,
    TreeHole,
    BlueCard,
    Concede,
    LastWords,
    LeaderVote,
    Kill,
    Pick,
    Witch,
    SeerCheck,
    PoliceCheck,
    Shoot,
    HoldFire,
    PassBadge,
    PassLeader,
    /// The guard's protection (docs/rules.md §4).
    Protect,
    /// A wolf's self-destruct by day; the white wolf king takes someone now and then.
    SelfDestruct,
    /// The knight's duel.
    Duel,
    // Deliberate mistakes, which the engine must refuse.
    VoteForDead,
    LateChange,
    LateProxy,
    RepeatSpeedup,
    DeadPost,
    NonVoterVote,
    NotTiedVote,
    PickNotLeader,
    WitchEarly,
    CheckWithoutAbility,
    VoteAtNight,
    BadgeBeforeShot,
}

/// How often the village's guesses (the day's suspects, the hunter's shot, the witch's
/// poison) fall on a hidden wolf or killer instead of anyone at random. Random players
/// would otherwise hand M32 to the wolves nearly every time (they need only four
/// non-wolf deaths); with this, both camps win now and then.
const INSTINCT: f64 = 0.5;

fn mins(n: i64) -> Duration {
    Duration::minutes(n)
}

impl Sim {
    fn game(&self) -> &Game {
        &self.table.game
    }

    fn role(&self, c: CharId) -> Role {
        self.mem.roles.get(&c).copied().unwrap_or_default()
    }

    fn team(&self, c: CharId) -> Vec<CharId> {
        self.mem.teams.get(&c).cloned().unwrap_or_default()
    }

    /// Whether `c` can take a yellow card without nearing a red: automatic cards are off,
    /// or it has none yet.
    fn safe(&self, c: CharId) -> bool {
        let g = self.game();
        let o = &g.ruleset().options;
        let cards = g.ch(c).cards;
        let automatic = o.auto_cards && !g.sped_up();
        let clean = cards.yellow == 0 && cards.red == 0 && cards.blue + 1 < o.blues_per_yellow;
        !automatic || clean
    }

    fn pending(&self, c: CharId, kind: DecisionKind) -> bool {
        self.game()
            .pending()
            .iter()
            .any(|p| p.character == c && p.kind == kind)
    }

    fn living_others(&self, c: CharId) -> Vec<CharId> {
        self.game()
            .living()
            .into_iter()
            .filter(|t| *t != c)
            .collect()
    }

    /// Plans the phase that has just begun.
    pub(super) fn plan(&mut self) {
        let g = self.game();
        if g.ended() {
            return;
        }
        if !g.pending().is_empty() {
            self.plan_decisions();
            return;
        }
        match g.phase() {
            Phase::Day { .. } => self.plan_day(),
            Phase::Night { .. } => self.plan_night(),
            Phase::Setup | Phase::Ended => {}
        }
    }

    fn at(&mut self, at: DateTime<Utc>, who: Option<CharId>, plan: Plan) {
        self.schedule(at, true, who, plan);
    }

    fn plan_day(&mut self) {
        let g = self.game().clone();
        let Some(d) = g.day().cloned().filter(|d| !d.closed) else {
            return;
        };
        let o = g.ruleset().options.clone();
        let open = self.now().max(d.opened);
        let close = d.closes;
        let runoff = d.round > 0;
        let cards = o.auto_cards && !g.sped_up();
        let living = g.living();
        let voters = if d.round == 0 {
            living.clone()
        } else {
            d.voters.clone()
        };
        let pool = if d.candidates.is_empty() {
            living.clone()
        } else {
            d.candidates.clone()
        };
        // Today's suspects: the thread's attention settles on a few characters, and the
        // village's instinct is better than chance (see `INSTINCT`).
        self.suspects.clear();
        let hidden: Vec<CharId> = pool
            .iter()
            .copied()
            .filter(|c| g.ch(*c).role.is_wolfish())
            .collect();
        let wanted = if runoff { pool.len() } else { 3 };
        while self.suspects.len() < wanted.min(pool.len()) {
            let from = if !hidden.is_empty() && self.chance(INSTINCT) {
                &hidden
            } else {
                &pool
            };
            if let Some(s) = self.pick(from) {
                if !self.suspects.contains(&s) {
                    self.suspects.push(s);
                }
            }
        }
        for &c in &living {
            let safe = self.safe(c);
            // Enough posts for the day, and enough on one day in each lurking streak.
            let min_day = o.lurk_min_posts_day.max(1);
            let min_streak = o.lurk_min_posts_streak.max(min_day);
            let counts = &g.ch(c).posts;
            let low = |k: u32| counts.get(&k).copied().unwrap_or(0) < min_streak;
            let span = o.lurk_streak_days;
            let force = d.day + 1 >= span && (1..span).all(|k| d.day > k && low(d.day - k));
            let lurk = !runoff && cards && safe && !force && self.chance(0.05);
            let posts = if runoff {
                self.rng_range(0, 2)
            } else if !cards {
                self.rng_range(2, 6)
            } else if lurk {
                self.rng_range(1, min_day - 1)
            } else if force || self.chance(0.5) {
                self.rng_range(min_streak, min_streak + 3)
            } else {
                self.rng_range(min_day, min_streak.saturating_sub(1).max(min_day))
            };
            for _ in 0..posts {
                let t = self.time_in(open + mins(1), close - mins(5));
                self.at(t, Some(c), Plan::Post);
            }
            if voters.contains(&c) {
                self.plan_vote(c, open, close, runoff, lurk || !safe);
            }
            // The longer the game, the more players want it faster.
            let eager = (0.04 * f64::from(d.day)).min(0.3);
            if !runoff && o.speedup && !g.sped_up() && self.chance(eager) {
                let t = self.time_in(open + mins(30), close - mins(60));
                self.at(t, Some(c), Plan::Speedup);
            }
        }
        let whenever = |s: &mut Sim| s.time_in(open + mins(10), close - mins(70));
        // A few of the deliberate mistakes, and the judge's occasional blue card.
        if living.len() < g.chars().len() && self.chance(0.35) {
            let t = whenever(self);
            let who = self.pick(&voters);
            self.at(t, who, Plan::VoteForDead);
        }
        if !runoff && self.chance(0.25) {
            let lock = o.vote_lock.dur().max(mins(10));
            let t = close - lock / 2;
            self.at(t, None, Plan::LateChange);
        }
        if self.chance(0.12) {
            let who = self.pick(&voters);
            self.at(close - mins(10), who, Plan::LateProxy);
        }
        if !runoff && !o.speedup && d.day == 1 && self.chance(0.5) {
            let t = whenever(self);
            let who = self.pick(&living);
            self.at(t, who, Plan::Speedup);
        }
        if !runoff && o.speedup && self.chance(0.1) {
            let t = whenever(self);
            self.at(t, None, Plan::RepeatSpeedup);
        }
        if !runoff && living.len() < g.chars().len() && self.chance(0.15) {
            let t = whenever(self);
            self.at(t, None, Plan::DeadPost);
        }
        if runoff && !d.voters.is_empty() && self.chance(0.4) {
            let t = whenever(self);
            let who = self.pick(&d.candidates);
            self.at(t, who, Plan::NonVoterVote);
        }
        if runoff && self.chance(0.3) {
            let t = whenever(self);
            let who = self.pick(&voters);
            self.at(t, who, Plan::NotTiedVote);
        }
        if !runoff && self.chance(0.3) {
            let t = whenever(self);
            self.at(t, None, Plan::BlueCard);
        }
        if self.chance(0.3) {
            let t = whenever(self);
            let who = self.pick(&living);
            self.at(t, who, Plan::TreeHole);
        }
        // The boards' day abilities (docs/rules.md §4): a wolf self-destructs now and then (more
        // often when the pack is losing), the knight duels on day 2 or later.
        if !runoff && o.wolf_self_destruct {
            let wolves = g.living_with(Role::is_wolf);
            let losing = wolves.len() * 3 <= living.len();
            for w in wolves {
                if self.chance(if losing { 0.08 } else { 0.03 }) {
                    let t = whenever(self);
                    self.at(t, Some(w), Plan::SelfDestruct);
                }
            }
        }
        if !runoff {
            if let Some(k) = g
                .holder(Role::Knight)
                .filter(|k| g.is_alive(*k) && !g.duels().contains(k))
            {
                let allowed = d.day > 1 || o.knight_duel_day_one;
                // Now and then a knight tries on day 1, which is refused.
                if (allowed && self.chance(0.3)) || (!allowed && self.chance(0.05)) {
                    let t = whenever(self);
                    self.at(t, Some(k), Plan::Duel);
                }
            }
        }
        if !runoff && g.kind() == Kind::Mafia {
            for role in [Role::Killer, Role::Police] {
                let side = g.living_with(|r| r == role);
                if side.len() == 1 && self.chance(0.1) {
                    let t = whenever(self);
                    self.at(t, Some(side[0]), Plan::Concede);
                }
            }
        }
    }

    /// One voter's day: vote (maybe change it), abstain, ask for a proxy, or forget.
    fn plan_vote(
        &mut self,
        c: CharId,
        open: DateTime<Utc>,
        close: DateTime<Utc>,
        runoff: bool,
        no_forgetting: bool,
    ) {
        let o = self.game().ruleset().options.clone();
        let roll: f64 = self.rng_f64();
        if roll < 0.05 && !no_forgetting {
            return;
        }
        if roll < 0.12 {
            let t = self.time_in(open + mins(10), close - mins(30));
            self.at(t, Some(c), Plan::Abstain);
            return;
        }
        if roll < 0.17 && !runoff {
            let latest = close - o.proxy_deadline.dur() - mins(30);
            let t = self.time_in(open + mins(10), latest);
            self.at(t, Some(c), Plan::Proxy);
            return;
        }
        let latest = if runoff {
            close - mins(15)
        } else {
            close - mins(90)
        };
        let first = self.time_in(open + mins(20), latest);
        self.at(first, Some(c), Plan::Vote);
        let last_change = close - o.vote_lock.dur() - mins(10);
        if o.vote_changes == 0 {
            if self.chance(0.03) {
                let t = self.time_in(first + mins(5), close - mins(10));
                self.at(t, Some(c), Plan::Change);
            }
        } else if first + mins(10) < last_change && self.chance(0.15) {
            let second = self.time_in(first + mins(10), last_change);
            self.at(second, Some(c), Plan::Change);
            if second + mins(5) < last_change && self.chance(0.3) {
                let third = self.time_in(second + mins(5), last_change);
                self.at(third, Some(c), Plan::Change);
            }
        }
    }

    fn plan_night(&mut self) {
        let g = self.game().clone();
        let Some(n) = g.night().cloned().filter(|n| !n.resolved) else {
            return;
        };
        let o = g.ruleset().options.clone();
        let open = self.now().max(n.opened);
        let living = g.living();
        match g.kind() {
            Kind::Werewolf => {
                let wolves = g.living_with(Role::is_wolf);
                if let Some(guard) = g.holder(Role::Guard).filter(|c| g.is_alive(*c)) {
                    // Most guards protect someone; a few forget (a silent guard protects
                    // nobody); now and then one tries a second protection.
                    if !n.wolves_closed && !n.guard_done && self.chance(0.9) {
                        let t = self.time_in(open + mins(2), open + mins(25));
                        self.at(t, Some(guard), Plan::Protect);
                        if self.chance(0.05) {
                            let t = self.time_in(open + mins(26), open + mins(28));
                            self.at(t, Some(guard), Plan::Protect);
                        }
                    }
                }
                if !n.wolves_closed {
                    if o.wolf_leader && g.leader().is_none() && n.night == 1 {
                        for &w in &wolves {
                            // Now and then a wolf forgets the (mandatory) leader vote.
                            if !(self.safe(w) && self.chance(0.08)) {
                                let t = self.time_in(open + mins(1), open + mins(8));
                                self.at(t, Some(w), Plan::LeaderVote);
                            }
                        }
                    }
                    if n.kill.is_none() {
                        for &w in &wolves {
                            if self.chance(0.95) {
                                let t = self.time_in(open + mins(3), open + mins(18));
                                self.at(t, Some(w), Plan::Kill);
                            }
                            if self.chance(0.08) {
                                let t = self.time_in(open + mins(10), open + mins(22));
                                self.at(t, Some(w), Plan::Kill);
                            }
                        }
                        if o.wolf_leader {
                            let t = self.time_in(open + mins(12), open + mins(26));
                            self.at(t, None, Plan::Pick);
                            if self.chance(0.12) {
                                let t = self.time_in(open + mins(2), open + mins(10));
                                self.at(t, None, Plan::PickNotLeader);
                            }
                        }
                    }
                }
                if let Some(w) = g.holder(Role::Witch).filter(|w| g.is_alive(*w)) {
                    if g.antidote() || g.poison() {
                        let t = self.time_in(open + mins(14), open + mins(40));
                        self.at(t, Some(w), Plan::Witch);
                        if n.kill.is_none() && self.chance(0.1) {
                            self.at(open + mins(1), Some(w), Plan::WitchEarly);
                        }
                    }
                }
                if let Some(s) = g.holder(Role::Seer).filter(|s| g.is_alive(*s)) {
                    if !n.seer_checked && !n.wolves_closed {
                        if self.chance(0.95) {
                            let t = self.time_in(open + mins(2), open + mins(25));
                            self.at(t, Some(s), Plan::SeerCheck);
                        }
                        if self.chance(0.06) {
                            let t = self.time_in(open + mins(20), open + mins(28));
                            self.at(t, Some(s), Plan::SeerCheck);
                        }
                    }
                }
            }
            Kind::Mafia => {
                if !n.wolves_closed {
                    for k in g.living_with(|r| r == Role::Killer) {
                        if self.chance(0.93) {
                            let t = self.time_in(open + mins(1), open + mins(25));
                            self.at(t, Some(k), Plan::Kill);
                        }
                    }
                    for p in g.living_with(|r| r == Role::Police) {
                        if self.chance(0.93) {
                            let t = self.time_in(open + mins(1), open + mins(25));
                            self.at(t, Some(p), Plan::PoliceCheck);
                        }
                    }
                }
            }
        }
        if self.chance(0.2) {
            let plain: Vec<CharId> =
                g.living_with(|r| matches!(r, Role::Villager | Role::Civilian));
            let t = self.time_in(open + mins(1), open + mins(20));
            let who = self.pick(&plain);
            self.at(t, who, Plan::CheckWithoutAbility);
        }
        if self.chance(0.15) {
            let t = self.time_in(open + mins(1), open + mins(20));
            let who = self.pick(&living);
            self.at(t, who, Plan::VoteAtNight);
        }
    }

    /// The dead decide: the hunter shoots (or not), the sheriff and the wolf leader pass
    /// (or, now and then, let the window lapse).
    fn plan_decisions(&mut self) {
        let now = self.now();
        let pending = self.game().pending().to_vec();
        for p in pending {
            let c = p.character;
            let last = p.until - mins(1);
            match p.kind {
                DecisionKind::Shoot => {
                    // Most hunters shoot; some say they won't; a few let the window pass.
                    let t = self.time_in(now + mins(1), (now + mins(5)).min(last));
                    if self.chance(0.8) {
                        self.at(t, Some(c), Plan::Shoot);
                    } else if self.chance(0.5) {
                        self.at(t, Some(c), Plan::HoldFire);
                    }
                }
                DecisionKind::Badge => {
                    let shoots = self.pending(c, DecisionKind::Shoot);
                    if shoots && self.chance(0.3) {
                        self.at(now, Some(c), Plan::BadgeBeforeShot);
                    }
                    if !self.safe(c) || self.chance(0.85) {
                        let from = if shoots { now + mins(6) } else { now + mins(1) };
                        let t = self.time_in(from.min(last), last);
                        self.at(t, Some(c), Plan::PassBadge);
                    }
                }
                DecisionKind::Leader => {
                    if !self.safe(c) || self.chance(0.85) {
                        let t = self.time_in(now + mins(1), last);
                        self.at(t, Some(c), Plan::PassLeader);
                    }
                }
            }
        }
    }

    /// A chat line that fits the game: no wolves or seer in Mafia, no "last night" or
    /// "yesterday" on M32's first day.
    fn chat(&mut self) -> String {
        let g = self.game();
        let lines: &[u32] = match (g.kind(), g.last_day()) {
            (Kind::Mafia, _) => &[3, 4, 6, 7, 8],
            (Kind::Werewolf, 1) => &[1, 3, 4, 5, 6, 7, 8, 10],
            (Kind::Werewolf, _) => &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        };
        let k = self.pick(lines).unwrap_or(1);
        self.text(&format!("chat-{k}"), &[])
    }

    /// A check's target: one not checked yet (`fresh`) when there is one, else anyone.
    fn pick_fresh(&mut self, others: &[CharId], fresh: impl Fn(CharId) -> bool) -> Option<CharId> {
        let unchecked: Vec<CharId> = others.iter().copied().filter(|t| fresh(*t)).collect();
        if unchecked.is_empty() {
            self.pick(others)
        } else {
            self.pick(&unchecked)
        }
    }

    fn rng_range(&mut self, lo: u32, hi: u32) -> u32 {
        use rand::Rng;
        if hi <= lo {
            lo
        } else {
            self.rng.gen_range(lo..=hi)
        }
    }

    fn rng_f64(&mut self) -> f64 {
        use rand::Rng;
        self.rng.gen::<f64>()
    }

    /// Re-plans an intent a little later, if that is still before `limit`.
    fn retry(&mut self, i: &Intent, after: Duration, limit: DateTime<Utc>) {
        let at = self.now() + after;
        if at < limit {
            self.schedule(at, i.scoped, i.who, i.plan);
        }
    }

    /// A day-vote target for `c`: what it knows first (a seer's wolf, a police officer's
    /// killer), then today's suspects, then anyone; never its own teammates if it can help it.
    fn vote_target(&mut self, c: CharId, not: Option<CharId>) -> Option<CharId> {
        let g = self.game();
        let d = g.day()?;
        let mut cands: Vec<CharId> = if d.candidates.is_empty() {
            g.living()
        } else {
            d.candidates.clone()
        };
        cands.retain(|t| *t != c && g.is_alive(*t) && Some(*t) != not);
        if cands.is_empty() {
            return None;
        }
        let role = self.role(c);
        let known: Vec<CharId> = cands
            .iter()
            .copied()
            .filter(|t| match role {
                Role::Seer => self.mem.seer.get(t) == Some(&false),
                Role::Police => self.mem.police.get(t) == Some(&Role::Killer),
                _ => false,
            })
            .collect();
        if !known.is_empty() && self.chance(0.8) {
            return self.pick(&known);
        }
        let team = self.team(c);
        let friendly: Vec<CharId> = cands
            .iter()
            .copied()
            .filter(|t| !team.contains(t))
            .collect();
        let pool = if friendly.is_empty() || self.chance(0.1) {
            cands
        } else {
            friendly
        };
        let sus: Vec<CharId> = pool
            .iter()
            .copied()
            .filter(|t| self.suspects.contains(t))
            .collect();
        if !sus.is_empty() && self.chance(0.7) {
            self.pick(&sus)
        } else {
            self.pick(&pool)
        }
    }

    /// A village player's guess at someone to remove: its instinct finds a hidden wolf (or
    /// killer) with probability [`INSTINCT`], otherwise anyone else alive.
    fn hunch(&mut self, c: CharId) -> Option<CharId> {
        let others = self.living_others(c);
        let hidden: Vec<CharId> = others
            .iter()
            .copied()
            .filter(|t| self.game().ch(*t).role.is_wolfish())
            .collect();
        if !hidden.is_empty() && self.chance(INSTINCT) {
            self.pick(&hidden)
        } else {
            self.pick(&others)
        }
    }

    /// A night target for a wolf or killer: not itself, not (usually) a teammate, not the
    /// character the tournament's first-night rule forbids (the house rule is known to all).
    fn kill_target(&mut self, c: CharId) -> Option<CharId> {
        let team = self.team(c);
        let others = self.living_others(c);
        let g = self.game();
        let prey: Vec<CharId> = others
            .iter()
            .copied()
            .filter(|t| !team.contains(t) && !g.first_kill_forbidden(*t))
            .collect();
        if prey.is_empty() || self.chance(0.03) {
            self.pick(&others)
        } else {
            self.pick(&prey)
        }
    }

    /// Carries out an intent.
    pub(super) fn execute(&mut self, i: Intent) {
        let g = self.game().clone();
        let alive = |c: Option<CharId>| c.filter(|c| g.is_alive(*c));
        let o = g.ruleset().options.clone();
        match i.plan {
            Plan::Post => {
                if let Some(c) = alive(i.who) {
                    let text = self.chat();
                    self.act(Command::by(c, Action::Post { text }));
                }
            }
            Plan::Vote | Plan::Proxy => {
                let Some(c) = alive(i.who) else { return };
                match self.vote_target(c, None) {
                    Some(target) if i.plan == Plan::Proxy => {
                        self.act(Command::by(c, Action::Proxy { target }));
                    }
                    Some(target) => {
                        let reason = self.line("sim-vote-reason", 6);
                        self.act(Command::by(c, Action::Vote { target, reason }));
                    }
                    None => {
                        self.act(Command::by(c, Action::Abstain));
                    }
                }
            }
            Plan::Change => {
                let Some(c) = alive(i.who) else { return };
                let standing = g.day().and_then(|d| d.ballots.get(&c)).cloned();
                let Some(b) = standing else { return };
                match self.vote_target(c, b.target) {
                    Some(target) if !self.chance(0.1) => {
                        let reason = self.line("sim-vote-reason", 6);
                        self.act(Command::by(c, Action::Vote { target, reason }));
                    }
                    _ => {
                        self.act(Command::by(c, Action::Abstain));
                    }
                }
            }
            Plan::Abstain => {
                if let Some(c) = alive(i.who) {
                    self.act(Command::by(c, Action::Abstain));
                }
            }
            Plan::Speedup => {
                if let Some(c) = alive(i.who) {
                    if !g.sped_up() && !g.speedup_requests().contains(&c) {
                        self.act(Command::by(c, Action::Speedup));
                    }
                }
            }
            Plan::RepeatSpeedup => {
                let asked: Vec<CharId> = g.speedup_requests().iter().copied().collect();
                if let Some(c) = self.pick(&asked) {
                    self.act(Command::by(c, Action::Speedup));
                }
            }
            Plan::TreeHole => {
                if let Some(c) = alive(i.who) {
                    let text = self.line("sim-tree-hole", 3);
                    self.act(Command::by(c, Action::TreeHole { text }));
                }
            }
            Plan::BlueCard => {
                let auto = o.auto_cards && !g.sped_up();
                let clean: Vec<CharId> = g
                    .living()
                    .into_iter()
                    .filter(|c| !auto || g.ch(*c).cards.yellow == 0)
                    .collect();
                if let Some(target) = self.pick(&clean) {
                    let reason = self.line("sim-card-reason", 3);
                    self.act(Command::judge(Action::Card {
                        target,
                        color: Color::Blue,
                        reason,
                    }));
                }
            }
            Plan::Concede => {
                let Some(c) = alive(i.who) else { return };
                let role = self.role(c);
                if g.living_with(|r| r == role).len() == 1 {
                    self.act(Command::by(c, Action::Concede));
                }
            }
            Plan::LastWords => {
                if let Some(c) = i.who {
                    let text = self.line("sim-last-words", 4);
                    self.act(Command::by(c, Action::LastWords { text }));
                }
            }
            Plan::LeaderVote => {
                let Some(c) = alive(i.who) else { return };
                let mut wolves = self.team(c);
                wolves.push(c);
                wolves.retain(|w| g.is_alive(*w));
                wolves.sort();
                if let Some(target) = self.pick(&wolves) {
                    self.act(Command::by(c, Action::LeaderVote { target }));
                }
            }
            Plan::Kill => {
                let Some(c) = alive(i.who) else { return };
                if let Some(target) = self.kill_target(c) {
                    let reason = self.line("sim-kill-reason", 4);
                    self.act(Command::by(c, Action::Kill { target, reason }));
                }
            }
            Plan::Pick => {
                let Some(n) = g.night().cloned().filter(|n| n.kill.is_none()) else {
                    return;
                };
                let limit = n.wolves_until - mins(1);
                let leader = alive(g.leader());
                let (Some(leader), false) = (leader, n.kills.is_empty()) else {
                    self.retry(&i, mins(3), limit);
                    return;
                };
                // Now and then the leader picks nothing: the deadline's fallback decides.
                if self.chance(0.15) {
                    return;
                }
                let mut counts: Vec<(CharId, usize)> = Vec::new();
                for s in n.kills.values() {
                    match counts.iter_mut().find(|(t, _)| *t == s.target) {
                        Some(e) => e.1 += 1,
                        None => counts.push((s.target, 1)),
                    }
                }
                let top = counts.iter().map(|(_, k)| *k).max().unwrap_or(0);
                let best: Vec<CharId> = counts
                    .iter()
                    .filter(|(_, k)| *k == top)
                    .map(|(t, _)| *t)
                    .collect();
                if let Some(target) = self.pick(&best) {
                    self.act(Command::by(leader, Action::Pick { target }));
                }
            }
            Plan::Protect => {
                let Some(c) = alive(i.who) else { return };
                let Some(n) = g.night().cloned() else { return };
                let mut choices = g.living();
                // Mostly not last night's character (the engine refuses it); sometimes tried.
                if let Some((night, last)) = g.last_protected() {
                    if night + 1 == n.night && !self.chance(0.1) {
                        choices.retain(|t| *t != last);
                    }
                }
                let target = if self.chance(0.1) {
                    None
                } else {
                    self.pick(&choices)
                };
                self.act(Command::by(c, Action::Protect { target }));
            }
            Plan::SelfDestruct => {
                let Some(c) = alive(i.who) else { return };
                let target = if g.ch(c).role == Role::WhiteWolfKing && self.chance(0.8) {
                    self.kill_target(c)
                } else {
                    None
                };
                self.act(Command::by(c, Action::SelfDestruct { target }));
            }
            Plan::Duel => {
                let Some(c) = alive(i.who) else { return };
                if let Some(target) = self.hunch(c) {
                    self.act(Command::by(c, Action::Duel { target }));
                }
            }
            Plan::PickNotLeader => {
                let wolves: Vec<CharId> = g
                    .living_with(Role::is_wolf)
                    .into_iter()
                    .filter(|w| Some(*w) != g.leader())
                    .collect();
                let Some(c) = self.pick(&wolves) else { return };
                if let Some(target) = self.kill_target(c) {
                    self.act(Command::by(c, Action::Pick { target }));
                }
            }
            Plan::Witch => {
                let Some(w) = alive(i.who) else { return };
                let Some(n) = g.night().cloned() else { return };
                let told = self
                    .mem
                    .witch_told
                    .filter(|(night, _)| *night == self.mem.night);
                let Some((_, target)) = told else {
                    self.retry(&i, mins(4), n.witch_until - mins(1));
                    return;
                };
                let (antidote, poison) = (g.antidote(), g.poison());
                if let (Some(t), true) = (target, antidote) {
                    if t == w {
                        // She may try; the antidote is not for herself.
                        if self.chance(0.5) {
                            self.act(Command::by(w, Action::Save));
                        }
                    } else if self.chance(0.5) {
                        self.act(Command::by(w, Action::Save));
                        return;
                    }
                }
                if poison && self.chance(0.18) {
                    if let Some(target) = self.hunch(w) {
                        self.act(Command::by(w, Action::Poison { target }));
                        return;
                    }
                }
                if self.chance(0.85) {
                    self.act(Command::by(w, Action::WitchPass));
                }
            }
            Plan::WitchEarly => {
                let Some(w) = alive(i.who) else { return };
                if g.night().is_some_and(|n| n.kill.is_none()) {
                    self.act(Command::by(w, Action::Save));
                }
            }
            Plan::SeerCheck => {
                let Some(s) = alive(i.who) else { return };
                let others = self.living_others(s);
                let known = self.mem.seer.clone();
                if let Some(target) = self.pick_fresh(&others, |t| !known.contains_key(&t)) {
                    self.act(Command::by(s, Action::Check { target }));
                }
            }
            Plan::PoliceCheck => {
                let Some(p) = alive(i.who) else { return };
                let team = self.team(p);
                let others = self.living_others(p);
                let known = self.mem.police.clone();
                let fresh = |t: CharId| !team.contains(&t) && !known.contains_key(&t);
                if let Some(target) = self.pick_fresh(&others, fresh) {
                    self.act(Command::by(p, Action::Check { target }));
                }
            }
            Plan::Shoot => {
                let Some(c) = i.who.filter(|c| self.pending(*c, DecisionKind::Shoot)) else {
                    return;
                };
                if let Some(target) = self.hunch(c) {
                    self.act(Command::by(c, Action::Shoot { target }));
                }
            }
            Plan::HoldFire => {
                if let Some(c) = i.who.filter(|c| self.pending(*c, DecisionKind::Shoot)) {
                    self.act(Command::by(c, Action::HoldFire));
                }
            }
            Plan::PassBadge | Plan::BadgeBeforeShot => {
                let Some(c) = i.who.filter(|c| self.pending(*c, DecisionKind::Badge)) else {
                    return;
                };
                let others = self.living_others(c);
                if let Some(target) = self.pick(&others) {
                    self.act(Command::by(c, Action::PassBadge { target }));
                }
            }
            Plan::PassLeader => {
                let Some(c) = i.who.filter(|c| self.pending(*c, DecisionKind::Leader)) else {
                    return;
                };
                let wolves: Vec<CharId> = self
                    .team(c)
                    .into_iter()
                    .filter(|w| g.is_alive(*w))
                    .collect();
                if let Some(target) = self.pick(&wolves) {
                    self.act(Command::by(c, Action::PassLeader { target }));
                }
            }
            Plan::VoteForDead => {
                let Some(c) = alive(i.who) else { return };
                let dead: Vec<CharId> = g.ids().filter(|t| !g.is_alive(*t)).collect();
                if let Some(target) = self.pick(&dead) {
                    let reason = self.line("sim-vote-reason", 6);
                    self.act(Command::by(c, Action::Vote { target, reason }));
                }
            }
            Plan::LateChange => {
                let Some(d) = g.day().cloned() else { return };
                let can_change: Vec<CharId> = d
                    .ballots
                    .iter()
                    .filter(|(c, b)| g.is_alive(**c) && b.changes < o.vote_changes)
                    .map(|(c, _)| *c)
                    .collect();
                let Some(c) = self.pick(&can_change) else {
                    return;
                };
                let current = d.ballots.get(&c).and_then(|b| b.target);
                if let Some(target) = self.vote_target(c, current) {
                    let reason = self.line("sim-vote-reason", 6);
                    self.act(Command::by(c, Action::Vote { target, reason }));
                }
            }
            Plan::LateProxy => {
                let Some(c) = alive(i.who) else { return };
                if let Some(target) = self.vote_target(c, None) {
                    self.act(Command::by(c, Action::Proxy { target }));
                }
            }
            Plan::DeadPost => {
                let dead: Vec<CharId> = g.ids().filter(|t| !g.is_alive(*t)).collect();
                if let Some(c) = self.pick(&dead) {
                    let text = self.chat();
                    self.act(Command::by(c, Action::Post { text }));
                }
            }
            Plan::NonVoterVote => {
                let Some(c) = alive(i.who) else { return };
                let Some(d) = g.day().cloned() else { return };
                let others: Vec<CharId> =
                    d.candidates.iter().copied().filter(|t| *t != c).collect();
                if let Some(target) = self.pick(&others) {
                    let reason = self.line("sim-vote-reason", 6);
                    self.act(Command::by(c, Action::Vote { target, reason }));
                }
            }
            Plan::NotTiedVote => {
                let Some(c) = alive(i.who) else { return };
                let Some(d) = g.day().cloned() else { return };
                let outside: Vec<CharId> = self
                    .living_others(c)
                    .into_iter()
                    .filter(|t| !d.candidates.contains(t))
                    .collect();
                if let Some(target) = self.pick(&outside) {
                    let reason = self.line("sim-vote-reason", 6);
                    self.act(Command::by(c, Action::Vote { target, reason }));
                }
            }
            Plan::CheckWithoutAbility => {
                let Some(c) = alive(i.who) else { return };
                let others = self.living_others(c);
                if let Some(target) = self.pick(&others) {
                    self.act(Command::by(c, Action::Check { target }));
                }
            }
            Plan::VoteAtNight => {
                let Some(c) = alive(i.who) else { return };
                let others = self.living_others(c);
                if let Some(target) = self.pick(&others) {
                    let reason = self.line("sim-vote-reason", 6);
                    self.act(Command::by(c, Action::Vote { target, reason }));
                }
            }
        }
    }
}
