//! The simulator: a whole game played on a virtual clock by simulated players who make
//! random legal choices (and now and then an illegal one, which the engine refuses).
//!
//! - The game's own randomness (the deal, random hand-overs) comes from `seed`, as in any
//!   game; the simulated players draw from their own ChaCha8 generator seeded with
//!   `seed ^ PLAYER_SEED_XOR`, so the same seed always plays the same game.
//! - Players act through *intents*: planned actions with a time, made when a phase (or a
//!   set of pending death decisions) begins, and carried out in time order between the
//!   engine's deadlines. An intent decides its exact command when it runs, from what its
//!   player can know then (its role, its team, its DMs, the public thread).
//! - [`transcript`] renders everything as the players see it.

mod plan;
mod transcript;

use std::collections::BTreeMap;

use chrono::{DateTime, Duration, TimeZone, Utc};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::event::DecisionKind;
use crate::engine::rng::Seed;
use crate::engine::ruleset::Span;
use crate::engine::{CharId, Command, Event, EventKind, Kind, Phase, Role, Ruleset, Setup, Winner};
use crate::i18n::{self, Lang};
use crate::script::Table;

use plan::{Intent, Plan};
use transcript::Writer;

/// A simulated game.
#[derive(Debug, Clone)]
pub struct Simulation {
    /// The game as its players see it, in time order.
    pub transcript: String,
    /// `None` only if the game ended without one (the simulator never asks the judge to).
    pub winner: Option<Winner>,
    /// The whole event log.
    pub events: Vec<Event>,
    /// Commands the engine refused.
    pub refused: usize,
    /// Commands sent (players' and the judge's; not the clock's ticks).
    pub commands: usize,
    /// The game's setup and every command sent with its time (ticks included): replaying
    /// these anywhere (e.g. through the store) plays the same game.
    pub setup: Setup,
    pub inputs: Vec<(chrono::DateTime<chrono::Utc>, crate::engine::Command)>,
}

/// The most commands a simulated game may take before it is called stuck.
pub const COMMAND_CAP: usize = 10_000;
/// The most clock moves (deadlines and waits) likewise.
const STEP_CAP: usize = 40_000;
/// Separates the players' random stream from the game's.
const PLAYER_SEED_XOR: u64 = 0x51A7_ED0F_B0A7_5EED;
/// How many character names the catalogs hold (`sim-name-1` ...).
const NAMES: usize = 16;

/// The simulated game's start: 2026-12-01 12:00 UTC.
fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0)
        .single()
        .unwrap_or_default()
}

/// Entry `i` of a numbered catalog list (`sim-name-1` ...), numbered again past its end.
fn catalog_name(lang: Lang, list: &str, i: usize) -> String {
    let base = i18n::text(lang, &format!("{list}-{}", i % NAMES + 1), &[]);
    if i < NAMES {
        base
    } else {
        format!("{base}{}", i / NAMES + 1)
    }
}

/// Character `i`'s name.
fn character_name(lang: Lang, i: usize) -> String {
    catalog_name(lang, "sim-name", i)
}

/// Player `i`'s account (in sign-up order).
fn account_name(lang: Lang, i: usize) -> String {
    catalog_name(lang, "sim-account", i)
}

/// The accounts of `n` simulated players, in sign-up order (a UNO table's seating).
pub fn player_names(n: usize, lang: Lang) -> Vec<String> {
    (0..n).map(|i| account_name(lang, i)).collect()
}

/// The accounts behind the seats of an anonymous game: the simulated players sign up in
/// catalog order and are seated as the bot seats an anonymous game (by the seed), so the
/// reveal matches characters to accounts that differ from them, and the same seed seats
/// them the same way.
fn anonymous_players(lang: Lang, seed: u64, n: usize) -> Vec<String> {
    crate::service::anon::seating(Seed::U64(seed), n)
        .into_iter()
        .map(|i| account_name(lang, i))
        .collect()
}

/// Plays a whole game with simulated players, starting at 2026-12-01 12:00 UTC.
///
/// # Errors
/// A message (in `lang`) when the ruleset or player count is unusable, or when the game
/// does not end within [`COMMAND_CAP`] commands.
pub fn simulate(
    ruleset: &str,
    seed: u64,
    players: Option<usize>,
    lang: Lang,
) -> Result<Simulation, String> {
    play(setup(ruleset, seed, players, lang)?, lang)
}

/// [`simulate`], with the game starting at `start` (every rule counts from the start, so
/// the same seed plays the same game shifted in time).
///
/// # Errors
/// As [`simulate`].
pub fn simulate_from(
    ruleset: &str,
    seed: u64,
    players: Option<usize>,
    lang: Lang,
    start: DateTime<Utc>,
) -> Result<Simulation, String> {
    let mut s = setup(ruleset, seed, players, lang)?;
    s.start = start;
    play(s, lang)
}

/// The setup [`simulate`] plays: `players` characters (default 12 for m32, 13 for mafia)
/// named from the catalog, dealt by `seed`. The names are the same for every seed, so the
/// games of one tournament share their players. In an anonymous ruleset (m32) the players
/// are accounts distinct from the characters ([`anonymous_players`]); otherwise each
/// character's name is its player's.
///
/// # Errors
/// A message (in `lang`) when the ruleset or player count is unusable.
pub fn setup(
    ruleset: &str,
    seed: u64,
    players: Option<usize>,
    lang: Lang,
) -> Result<Setup, String> {
    let t = |id: &str, args: &[(&str, String)]| i18n::text(lang, id, args);
    let mut rs = Ruleset::builtin(ruleset, &BTreeMap::new())
        .map_err(|_| t("sim-error-ruleset", &[("name", ruleset.to_string())]))?;
    rs.options.time_zone = i18n::default_zone(lang);
    // A werewolf board is played at its listed size (12, or 9 for `small`).
    let n = players.unwrap_or(match rs.kind {
        Kind::Werewolf => rs.deal.first().map_or(12, |d| d.players[0]),
        Kind::Mafia => 13,
    });
    if rs.deal_for(n).is_none() {
        return Err(t(
            "sim-error-players",
            &[
                ("ruleset", rs.name.clone()),
                ("players", n.to_string()),
                ("allowed", seat_counts(&rs).join(&t("list-sep", &[]))),
            ],
        ));
    }
    Ok(Setup {
        seed: Seed::U64(seed),
        start: start(),
        characters: (0..n).map(|i| character_name(lang, i)).collect(),
        roles: None,
        forbidden_first_kill: None,
        players: rs
            .options
            .anonymous
            .then(|| anonymous_players(lang, seed, n)),
        ruleset: rs,
    })
}

/// The player counts a ruleset seats, its deal rules' spans merged where they touch:
/// `12` for m32, `11-16` for mafia.
fn seat_counts(rs: &Ruleset) -> Vec<String> {
    let mut spans: Vec<[usize; 2]> = rs.deal.iter().map(|d| d.players).collect();
    spans.sort_unstable();
    let mut merged: Vec<[usize; 2]> = Vec::new();
    for [lo, hi] in spans {
        match merged.last_mut() {
            Some(last) if lo <= last[1].saturating_add(1) => last[1] = last[1].max(hi),
            _ => merged.push([lo, hi]),
        }
    }
    merged
        .iter()
        .map(|&[lo, hi]| {
            if lo == hi {
                lo.to_string()
            } else {
                format!("{lo}-{hi}")
            }
        })
        .collect()
}

/// Plays a whole game of `setup` with simulated players (the players' own choices are
/// seeded by `setup.seed` too).
///
/// # Errors
/// A message (in `lang`) when the game cannot be created or does not end within
/// [`COMMAND_CAP`] commands.
pub fn play(setup: Setup, lang: Lang) -> Result<Simulation, String> {
    let t = |id: &str, args: &[(&str, String)]| i18n::text(lang, id, args);
    let (seed, n, ruleset) = (
        setup.seed,
        setup.characters.len(),
        setup.ruleset.name.clone(),
    );
    let table =
        Table::new(&setup).map_err(|e| t("sim-error-setup", &[("error", e.to_string())]))?;
    let mut sim = Sim::new(table, seed, lang);
    sim.out.paragraph(&t(
        "sim-title",
        &[
            ("ruleset", ruleset.to_string()),
            ("players", n.to_string()),
            ("seed", seed.to_string()),
        ],
    ));
    sim.out.paragraph(&t("sim-legend", &[]));
    let zone = setup.ruleset.options.time_zone;
    sim.out.paragraph(&t(
        "sim-clock",
        &[
            ("zone", zone.name().to_string()),
            ("start", i18n::time(setup.start, zone)),
        ],
    ));
    sim.out.blank();
    sim.run()?;
    Ok(sim.finish(setup))
}

/// What the simulated players know beyond the public thread: each one's own role and team
/// (from its role DM), the seer's and police's results, the witch's news.
#[derive(Debug, Default)]
struct Memory {
    roles: BTreeMap<CharId, Role>,
    teams: BTreeMap<CharId, Vec<CharId>>,
    /// Seer: checked character → village?
    seer: BTreeMap<CharId, bool>,
    /// Police: checked character → role.
    police: BTreeMap<CharId, Role>,
    /// The latest night opened.
    night: u32,
    /// Witch: (night, the target she was told of) — she acts once told.
    witch_told: Option<(u32, Option<CharId>)>,
}

/// The phase the current intents were planned for: the phase and its pending decisions.
type Key = (Phase, Vec<(DecisionKind, CharId)>);

struct Sim {
    table: Table,
    rng: ChaCha8Rng,
    lang: Lang,
    out: Writer,
    intents: Vec<Intent>,
    next_seq: u64,
    planned: Option<Key>,
    commands: usize,
    refused: usize,
    steps: usize,
    /// Events already absorbed (remembered and written).
    seen: usize,
    mem: Memory,
    /// Today's suspects: most votes go to one of them.
    suspects: Vec<CharId>,
}

impl Sim {
    fn new(table: Table, seed: Seed, lang: Lang) -> Sim {
        // A 256-bit seed (a real game's, replayed here) seeds the players with its first
        // eight bytes: they only need to be reproducible, not unpredictable.
        let players = match seed {
            Seed::U64(s) => s,
            Seed::Bytes(b) => u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]),
        };
        Sim {
            table,
            rng: ChaCha8Rng::seed_from_u64(players ^ PLAYER_SEED_XOR),
            lang,
            out: Writer::new(lang),
            intents: Vec::new(),
            next_seq: 0,
            planned: None,
            commands: 0,
            refused: 0,
            steps: 0,
            seen: 0,
            mem: Memory::default(),
            suspects: Vec::new(),
        }
    }

    fn now(&self) -> DateTime<Utc> {
        self.table.now
    }

    fn key(&self) -> Key {
        let g = &self.table.game;
        (
            g.phase(),
            g.pending().iter().map(|p| (p.kind, p.character)).collect(),
        )
    }

    fn text(&self, id: &str, args: &[(&str, String)]) -> String {
        i18n::text(self.lang, id, args)
    }

    /// Plays until the game ends.
    fn run(&mut self) -> Result<(), String> {
        self.absorb();
        loop {
            if self.table.game.ended() {
                return Ok(());
            }
            self.steps += 1;
            if self.commands >= COMMAND_CAP || self.steps > STEP_CAP {
                return Err(self.text(
                    "sim-error-cap",
                    &[
                        ("commands", self.commands.to_string()),
                        (
                            "phase",
                            i18n::phase_name(self.table.game.phase(), self.lang),
                        ),
                    ],
                ));
            }
            let key = self.key();
            if self.planned.as_ref() != Some(&key) {
                self.intents.retain(|i| !i.scoped);
                self.plan();
                self.planned = Some(key);
            }
            let deadline = self.table.game.next_deadline();
            let next = self
                .intents
                .iter()
                .enumerate()
                .min_by_key(|(_, i)| (i.at, i.seq))
                .map(|(k, i)| (k, i.at));
            match (next, deadline) {
                (Some((k, at)), d) if d.is_none_or(|d| at < d) => {
                    let intent = self.intents.swap_remove(k);
                    self.advance_to(at);
                    self.execute(intent);
                }
                (_, Some(d)) => self.advance_to(d),
                _ => {
                    return Err(self.text(
                        "sim-error-stalled",
                        &[(
                            "phase",
                            i18n::phase_name(self.table.game.phase(), self.lang),
                        )],
                    ))
                }
            }
        }
    }

    /// Moves the clock to `at` (not backwards), firing whatever falls due on the way.
    fn advance_to(&mut self, at: DateTime<Utc>) {
        let secs = (at - self.now()).num_seconds().max(0);
        self.table.wait(Span(secs));
        self.absorb();
    }

    /// Sends a command; returns whether it was accepted.
    fn act(&mut self, cmd: Command) -> bool {
        self.commands += 1;
        let result = self.table.command(&cmd);
        let now = self.now();
        self.out.command(now, &cmd, result.as_ref().err());
        if result.is_err() {
            self.refused += 1;
        }
        self.absorb();
        result.is_ok()
    }

    /// Remembers and writes the events not yet seen.
    fn absorb(&mut self) {
        while self.seen < self.table.events.len() {
            let e = self.table.events[self.seen].clone();
            self.seen += 1;
            self.observe(&e);
            self.out.event(&e);
        }
    }

    /// What the players learn from an event addressed to them.
    fn observe(&mut self, e: &Event) {
        match &e.kind {
            EventKind::RoleTold {
                character,
                role,
                team,
            } => {
                self.mem.roles.insert(*character, *role);
                self.mem.teams.insert(*character, team.clone());
            }
            EventKind::SeerChecked {
                target, village, ..
            } => {
                self.mem.seer.insert(*target, *village);
            }
            EventKind::PoliceResult { target, role } => {
                self.mem.police.insert(*target, *role);
            }
            EventKind::NightOpened { night, .. } => self.mem.night = *night,
            EventKind::WitchTold { target, .. } => {
                self.mem.witch_told = Some((self.mem.night, *target));
            }
            EventKind::LastWordsGranted { character, .. } => self.plan_last_words(*character),
            _ => {}
        }
    }

    /// Most of the dead leave last words, soon after being told they may.
    fn plan_last_words(&mut self, c: CharId) {
        if self.chance(0.85) {
            let at = self.now() + Duration::minutes(self.rng.gen_range(2..=25));
            self.schedule(at, false, Some(c), Plan::LastWords);
        }
    }

    fn schedule(&mut self, at: DateTime<Utc>, scoped: bool, who: Option<CharId>, plan: Plan) {
        self.next_seq += 1;
        self.intents.push(Intent {
            at,
            seq: self.next_seq,
            scoped,
            who,
            plan,
        });
    }

    fn chance(&mut self, p: f64) -> bool {
        self.rng.gen::<f64>() < p
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        if items.is_empty() {
            None
        } else {
            Some(items[self.rng.gen_range(0..items.len())])
        }
    }

    /// A whole-minute time in `[lo, hi]` (just `lo` when the range is empty).
    fn time_in(&mut self, lo: DateTime<Utc>, hi: DateTime<Utc>) -> DateTime<Utc> {
        let span = (hi - lo).num_minutes();
        if span <= 0 {
            return lo;
        }
        lo + Duration::minutes(self.rng.gen_range(0..=span))
    }

    /// A random catalog line `prefix-1` ... `prefix-n`.
    fn line(&mut self, prefix: &str, n: u32) -> String {
        let k = self.rng.gen_range(1..=n);
        self.text(&format!("{prefix}-{k}"), &[])
    }

    fn finish(mut self, setup: Setup) -> Simulation {
        let g = &self.table.game;
        let days = g.last_day();
        let winner = g.winner();
        self.out.blank();
        let result = match winner {
            Some(Winner::Draw) => self.text("sim-draw", &[]),
            Some(w) => self.text("sim-winner", &[("winner", i18n::winner_name(w, self.lang))]),
            None => self.text("sim-no-winner", &[]),
        };
        self.out.paragraph(&result);
        let summary = self.text(
            "sim-summary",
            &[
                ("days", days.to_string()),
                ("commands", self.commands.to_string()),
                ("refused", self.refused.to_string()),
            ],
        );
        self.out.paragraph(&summary);
        Simulation {
            transcript: self.out.finish(),
            winner,
            events: self.table.events,
            refused: self.refused,
            commands: self.commands,
            setup,
            inputs: self.table.log,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_and_from_the_catalog() {
        for lang in Lang::ALL {
            let names: Vec<String> = (0..20).map(|i| character_name(lang, i)).collect();
            let mut sorted = names.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), names.len(), "{names:?}");
            assert!(names.iter().all(|n| !n.contains(i18n::MISSING_OPEN)));
        }
    }

    /// An anonymous game's players are accounts other than its characters (the reveal
    /// shows "角色（玩家 账号）"), seated by the seed: the same seed, the same seats.
    #[test]
    fn anonymous_games_have_accounts_distinct_from_characters() {
        for lang in Lang::ALL {
            let s = setup("m32", 14, None, lang).expect("m32 sets up");
            let players = s.players.clone().expect("m32 is anonymous: accounts");
            assert_eq!(players.len(), s.characters.len());
            assert!(
                players.iter().all(|p| !s.characters.contains(p)),
                "{players:?}"
            );
            let mut sorted = players.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), players.len(), "one account per seat");
            assert_eq!(
                setup("m32", 14, None, lang).ok().and_then(|s| s.players),
                Some(players.clone())
            );
            let other = setup("m32", 15, None, lang).ok().and_then(|s| s.players);
            assert_ne!(other, Some(players), "seated by the seed");
            let mafia = setup("mafia", 14, None, lang).expect("mafia sets up");
            assert_eq!(
                mafia.players, None,
                "mafia is not anonymous: names are the players"
            );
        }
    }

    #[test]
    fn unusable_setups_are_refused_in_the_language_asked() {
        let e = simulate("m32", 1, Some(7), Lang::En).unwrap_err();
        assert!(e.contains("7"), "{e}");
        let z = simulate("m32", 1, Some(7), Lang::Zh).unwrap_err();
        assert_ne!(e, z);
        assert!(simulate("uno", 1, None, Lang::En).is_err());
    }
}

/// The catalogs' Mafia refusals, reached through simulated games (so the test lives with the
/// simulator, not in `i18n`, which sits below it).
#[cfg(test)]
mod mafia_refusals {
    use std::collections::BTreeMap;

    use super::simulate;
    use crate::engine::{
        apply, handle, Action, Actor, CharId, Color, Command, Game, RuleError, Winner,
    };
    use crate::i18n::{self, Lang};

    /// What only werewolf games have; a Mafia refusal naming one would send a Mafia player
    /// looking for something that does not exist.
    const WEREWOLF_WORDS: [&str; 24] = [
        "wolf",
        "witch",
        "seer",
        "hunter",
        "sheriff",
        "badge",
        "leader",
        "shot",
        "shoot",
        "antidote",
        "poison",
        "potion",
        "狼",
        "女巫",
        "预言家",
        "猎人",
        "警长",
        "警徽",
        "开枪",
        "枪",
        "解药",
        "毒药",
        "药",
        "村民",
    ];

    /// Every refusal a Mafia game can give, found by trying every action of every actor on
    /// every target at each point of simulated games, reads without werewolf-only things in
    /// both languages.
    #[test]
    fn mafia_refusals_name_nothing_werewolf_only() {
        let actions = |t: CharId| {
            vec![
                Action::Post { text: "x".into() },
                Action::Vote {
                    target: t,
                    reason: "x".into(),
                },
                Action::Abstain,
                Action::Proxy { target: t },
                Action::Speedup,
                Action::LastWords { text: "x".into() },
                Action::LeaderVote { target: t },
                Action::Kill {
                    target: t,
                    reason: "x".into(),
                },
                Action::Pick { target: t },
                Action::Save,
                Action::Poison { target: t },
                Action::WitchPass,
                Action::Check { target: t },
                Action::Shoot { target: t },
                Action::HoldFire,
                Action::PassBadge { target: t },
                Action::PassLeader { target: t },
                Action::Concede,
                Action::Card {
                    target: t,
                    color: Color::Blue,
                    reason: "x".into(),
                },
                Action::Remove {
                    target: t,
                    reason: "x".into(),
                },
                Action::Extend { seconds: 0 },
                Action::End {
                    winner: Some(Winner::Wolves),
                },
                Action::Resume,
            ]
        };
        let mut found: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
        for seed in [1, 2] {
            let sim = simulate("mafia", seed, None, Lang::En).expect("simulated");
            let mut g = Game::default();
            for (i, e) in sim.events.iter().enumerate() {
                let before = g.phase();
                apply(&mut g, e);
                // Each phase as it begins, and now and then within it.
                if g.phase() == before && i % 25 != 0 {
                    continue;
                }
                let n = g.chars().len() as u16;
                let mut actors: Vec<_> = (0..=n).map(|i| Actor::Character(CharId(i))).collect();
                actors.push(Actor::Judge);
                for actor in actors {
                    for t in 0..=n {
                        for action in actions(CharId(t)) {
                            let cmd = Command { actor, action };
                            if let Err(err) = handle(&g, &cmd, e.at) {
                                for lang in Lang::ALL {
                                    let mut msg = i18n::error_message(&err, &g, lang);
                                    // The judge's own input, echoed back, may name anything.
                                    if let RuleError::InvalidWinner { winner } = &err {
                                        msg = msg.replace(&i18n::winner_name(*winner, lang), "");
                                    }
                                    found.entry(err.code()).or_default().push(msg);
                                }
                            }
                        }
                    }
                }
            }
        }
        // The brute force reached the refusals that once named a shot, the badge or the
        // leadership.
        for code in [
            "actor_dead",
            "no_decision_pending",
            "wrong_phase",
            "game_over",
        ] {
            assert!(
                found.contains_key(code),
                "{code} not reached: {:?}",
                found.keys()
            );
        }
        for (code, msgs) in &found {
            for m in msgs {
                let lower = m.to_lowercase();
                for w in WEREWOLF_WORDS {
                    assert!(!lower.contains(w), "Mafia refusal {code} names `{w}`: {m}");
                }
            }
        }
    }
}
