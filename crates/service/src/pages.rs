//! The read models of the web pages (the web adapter renders them): a game's page, a
//! server's page and a contest's page, built from the store's records.
//!
//! A game's page shows before its end exactly what the game has posted publicly on its
//! server, and nothing else: it is built by folding the game's events, and takes from
//! them only what [`Audience::Public`] events said, as the bot said it (the texts through
//! [`i18n::render`], the vote count through [`notify::tally`]); a night's deaths appear
//! with the next day's opening, a role only when a vote reveals an idiot, no account
//! behind a character, no card given privately, no tree-hole note. After the end every
//! secret is public (the reveal), and the page shows them, with a step-by-step replay.

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::{Channel, GameId, Guild, Service, ServiceError};
use crate::page_cache::Shown;
use crate::tournament::Contest;
use crate::uno_page::{uno_view, UnoLive, UnoView};
use engine::ruleset::Zone;
use engine::{apply, Audience, CharId, Event, EventKind, Game, Phase, Role};
use i18n::{self, Lang};
use store::web::ListedGame;
use tournament::{RankBy, Ranked, ServerStats};

fn t(lang: Lang, id: &str, args: &[(&str, String)]) -> String {
    i18n::text(lang, id, args)
}

/// Where a game's Discord messages are, for the page's links.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Links {
    pub guild: Option<Guild>,
    pub signup: Option<Channel>,
    /// Day → its post.
    pub days: BTreeMap<u32, Channel>,
}

impl Links {
    fn thread(&self, thread: Channel) -> Option<String> {
        self.guild
            .map(|g| format!("https://discord.com/channels/{g}/{thread}"))
    }
}

/// One character in the page's table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub seat: u16,
    pub name: String,
    pub alive: bool,
    /// How and when it left the game, as announced.
    pub out: Option<String>,
    /// Its role: after the end, or a revealed idiot's.
    pub role: Option<String>,
    /// The account that played it, where it differs from the name: after the end only.
    pub account: Option<String>,
    /// Its cards (blue/yellow/red): after the end only.
    pub cards: Option<String>,
}

/// One public message of a day, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogLine {
    pub at: String,
    /// The character who posted it (a post), or none (the bot's message).
    pub by: Option<String>,
    pub text: String,
}

/// A day's tab.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayView {
    pub day: u32,
    /// Each round's vote count as the day post shows it (its lines).
    pub counts: Vec<Vec<String>>,
    /// The day's whole vote history, as `/votes day:N` tells it (its lines).
    pub history: Vec<String>,
    /// Each character's posts that day.
    pub posts: Vec<(String, u32)>,
    /// The day's public messages (and the night after it), in order.
    pub log: Vec<LogLine>,
    /// The day's post on Discord.
    pub link: Option<String>,
}

/// The reveal, after the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RevealView {
    /// The reveal as the bot posts it (every role, every deed in order, the cards with
    /// their reasons, the tree hole, the last words, the seed and how to check it).
    pub lines: Vec<String>,
    pub seed: String,
    pub commitment: String,
}

/// One step of the replay, after the end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReplayStep {
    pub at: String,
    pub phase: String,
    pub text: String,
    pub table: Vec<PlayerView>,
}

/// The replay's step shown, with its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayView {
    /// 1-based.
    pub step: usize,
    pub steps: usize,
    pub shown: ReplayStep,
}

/// A game's page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameView {
    pub lang: Lang,
    /// The game's own language (the page may be shown in another).
    pub game_lang: Lang,
    pub ruleset: String,
    /// The board: how many of each role.
    pub board: String,
    /// The options changed from the ruleset's defaults (`name = value`).
    pub options: Vec<String>,
    pub phase: String,
    /// The next deadline, as announced.
    pub deadline: Option<String>,
    pub paused: bool,
    pub sheriff: Option<String>,
    pub players: Vec<PlayerView>,
    /// The days opened so far.
    pub days: Vec<u32>,
    /// The tab shown.
    pub day: Option<DayView>,
    pub ended: bool,
    pub winner: Option<String>,
    pub reveal: Option<RevealView>,
    pub replay: Option<ReplayView>,
    /// The reveal's pictures (the votes in order, then the timeline), each by its
    /// description (its alt text); none before the end.
    pub charts: Vec<String>,
    /// The sign-up post on Discord.
    pub signup: Option<String>,
    /// When the game last said something publicly.
    pub heard: Option<String>,
    /// How many public messages the game has made: a live page reloads when it changes.
    pub version: u64,
}

/// What a live page polls: whether something new was said, and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Live {
    pub version: u64,
    pub heard: Option<String>,
}

/// A game's table as the public knows it at some point of its events.
#[derive(Default)]
struct Public {
    /// Character → how and when it left, as announced.
    out: BTreeMap<CharId, String>,
    sheriff: Option<CharId>,
    /// The night's end as announced.
    night_until: Option<DateTime<Utc>>,
    version: u64,
    heard: Option<DateTime<Utc>>,
}

/// How and when `c` left, in public words: a night's deaths by their night only (their
/// causes are secret), a day's by how (every day death is announced with its cause).
fn out_words(g: &Game, c: CharId, lang: Lang) -> String {
    let found = g.eliminations().iter().rev().find(|(who, _, _)| *who == c);
    match found {
        Some((_, _, Phase::Night { night })) => {
            t(lang, "web-out-night", &[("night", night.to_string())])
        }
        Some((_, cause, Phase::Day { day, .. })) => t(
            lang,
            "web-out-day",
            &[
                ("day", day.to_string()),
                ("how", t(lang, &format!("web-cause-{}", cause.key()), &[])),
            ],
        ),
        _ => t(lang, "web-out", &[]),
    }
}

/// The board line: each role with its count.
fn board(g: &Game, lang: Lang) -> String {
    let counts: Vec<String> = g
        .ruleset()
        .counts_for(g.chars().len())
        .unwrap_or_default()
        .into_iter()
        .map(|(r, k)| {
            t(
                lang,
                "board-count",
                &[("role", i18n::role_name(r, lang)), ("count", k.to_string())],
            )
        })
        .collect();
    counts.join(&t(lang, "list-sep", &[]))
}

/// The table at `g`: the public's view (`public`) before the end, everything after it.
fn table(g: &Game, public: &Public, lang: Lang) -> Vec<PlayerView> {
    let ended = g.ended();
    g.ids()
        .map(|c| {
            let ch = g.ch(c);
            let (alive, out) = if ended {
                (ch.alive, (!ch.alive).then(|| out_words(g, c, lang)))
            } else {
                (!public.out.contains_key(&c), public.out.get(&c).cloned())
            };
            let role = (ended || (g.revealed().contains(&c) && ch.role == Role::Idiot))
                .then(|| i18n::role_name(ch.role, lang));
            PlayerView {
                seat: c.0,
                name: ch.name.clone(),
                alive,
                out,
                role,
                account: (ended && !ch.player.is_empty() && ch.player != ch.name)
                    .then(|| ch.player.clone()),
                cards: ended
                    .then(|| format!("{}/{}/{}", ch.cards.blue, ch.cards.yellow, ch.cards.red)),
            }
        })
        .collect()
}

/// Folds `e` into what the public knows, `g` the state right after it.
fn learn(public: &mut Public, e: &Event, g: &Game, lang: Lang) {
    if e.audience() != Audience::Public {
        return;
    }
    public.version += 1;
    public.heard = Some(e.at);
    match &e.kind {
        EventKind::Eliminated { character, .. } => {
            public
                .out
                .insert(*character, out_words(g, *character, lang));
            if public.sheriff == Some(*character) {
                public.sheriff = None;
            }
        }
        EventKind::DayOpened {
            deaths, sheriff, ..
        } => {
            for d in deaths {
                public.out.insert(*d, out_words(g, *d, lang));
            }
            public.sheriff = *sheriff;
            public.night_until = None;
        }
        EventKind::SheriffElected { sheriff } => public.sheriff = *sheriff,
        EventKind::BadgePassed { to, .. } => public.sheriff = Some(*to),
        EventKind::NightOpened { witch_until, .. } => public.night_until = Some(*witch_until),
        _ => {}
    }
}

/// The page of the game `events` in `lang`: the tab of day `day` (the latest when none),
/// and after the end step `step` of the replay (the first when none).
pub fn game_view(
    events: &[Event],
    game_lang: Lang,
    lang: Lang,
    day: Option<u32>,
    step: Option<usize>,
    links: &Links,
) -> GameView {
    let mut g = Game::default();
    let mut public = Public::default();
    // Day → its public messages (a night's go with the day before it; the first night's,
    // and the start's, with day 1).
    let mut logs: BTreeMap<u32, Vec<LogLine>> = BTreeMap::new();
    // (day, round) → the count as last drawn.
    let mut counts: BTreeMap<(u32, u32), String> = BTreeMap::new();
    let mut reveal = None;
    for e in events {
        apply(&mut g, e);
        learn(&mut public, e, &g, lang);
        if let Some(meta) = notify::tally::outgoing(e, &g, lang) {
            if let Some(r) = meta.meta.as_ref().and_then(|m| m.tally.as_ref()) {
                counts.insert((r.day, r.round), meta.body.clone());
            }
        }
        if e.audience() != Audience::Public {
            continue;
        }
        let zone = g.ruleset().options.time_zone;
        let line = match &e.kind {
            EventKind::Revealed {
                seed, commitment, ..
            } => {
                reveal = Some(RevealView {
                    lines: i18n::render(e, &g, lang)
                        .lines()
                        .map(str::to_string)
                        .collect(),
                    seed: seed.to_string(),
                    commitment: commitment.clone(),
                });
                continue;
            }
            EventKind::Posted { by, text, .. } => LogLine {
                at: i18n::time(e.at, zone),
                by: Some(g.ch(*by).name.clone()),
                text: text.clone(),
            },
            _ => LogLine {
                at: i18n::time(e.at, zone),
                by: None,
                text: i18n::render(e, &g, lang),
            },
        };
        logs.entry(g.last_day().max(1)).or_default().push(line);
    }
    let zone = g.ruleset().options.time_zone;
    let ended = g.ended();
    let days: Vec<u32> = (1..=g.last_day()).collect();
    let shown = day.filter(|d| days.contains(d)).or(days.last().copied());
    let day = shown.map(|d| DayView {
        day: d,
        counts: counts
            .range((d, 0)..(d + 1, 0))
            .map(|(_, body)| body.lines().map(str::to_string).collect())
            .collect(),
        history: notify::tally::history(events, &g, d, lang)
            .map(|h| h.lines().map(str::to_string).collect())
            .unwrap_or_default(),
        posts: g
            .ids()
            .map(|c| {
                let ch = g.ch(c);
                (ch.name.clone(), ch.posts.get(&d).copied().unwrap_or(0))
            })
            .collect(),
        log: logs.remove(&d).unwrap_or_default(),
        link: links.days.get(&d).and_then(|t| links.thread(*t)),
    });
    let deadline = match g.phase() {
        _ if ended || g.paused().is_some() => None,
        Phase::Day { .. } => g.day().filter(|d| !d.closed).map(|d| d.closes),
        Phase::Night { .. } => public.night_until,
        _ => None,
    };
    let sheriff = if ended { g.sheriff() } else { public.sheriff };
    let replay = if ended {
        replay_steps(events, lang, step)
    } else {
        None
    };
    GameView {
        lang,
        game_lang,
        ruleset: g.ruleset().name.clone(),
        board: board(&g, lang),
        options: g
            .ruleset()
            .changed_options()
            .into_iter()
            .map(|(k, v)| format!("{k} = {v}"))
            .collect(),
        phase: i18n::phase_name(g.phase(), lang),
        deadline: deadline.map(|d| i18n::time(d, zone)),
        paused: g.paused().is_some() && !ended,
        sheriff: sheriff.map(|s| g.ch(s).name.clone()),
        players: table(&g, &public, lang),
        days,
        day,
        ended,
        winner: g.winner().map(|w| i18n::winner_name(w, lang)),
        reveal: if ended { reveal } else { None },
        replay,
        charts: if ended {
            chart_alts(events, &g, lang)
        } else {
            Vec::new()
        },
        signup: links.signup.and_then(|t| links.thread(t)),
        heard: public.heard.map(|h| i18n::time(h, zone)),
        version: public.version,
    }
}

/// The description of each of the reveal's pictures of `events` (in [`chart::game_charts`]'
/// order: each vote, then the timeline).
fn chart_alts(events: &[Event], g: &Game, lang: Lang) -> Vec<String> {
    let mut alts: Vec<String> = chart::read::votes(events, g.ruleset().sheriff_weight_milli())
        .iter()
        .map(|v| {
            let phase = Phase::Day {
                day: v.day,
                round: v.round,
            };
            t(
                lang,
                "web-chart-vote",
                &[("phase", i18n::phase_name(phase, lang))],
            )
        })
        .collect();
    alts.push(t(lang, "web-chart-timeline", &[]));
    alts
}

/// How long a live poll's answer serves the polls of the same game that follow it: however
/// many pages are open on a game, its events are read at most once in this time. A page
/// polls every 3 s (`crates/web/assets/page.js`), so it hears of a vote at most this much
/// later than without it.
pub const LIVE_FRESH: std::time::Duration = std::time::Duration::from_secs(1);

/// What a live page polls for the game `events` (all of them, from the first).
pub fn live(events: &[Event]) -> Live {
    Heard::of(events).live()
}

/// What the public has heard of a game as of its event `seq`: how many public messages it
/// made and when the last was. A live poll answers it ([`Heard::live`]); it is folded on
/// from the events after `seq` ([`Heard::then`]), never from the first event again, so a
/// poll of a long game costs what happened since the last one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Heard {
    pub(crate) seq: i64,
    version: u64,
    at: Option<DateTime<Utc>>,
    /// The game's zone (its ruleset's, fixed when the game is created).
    zone: Zone,
}

impl Heard {
    /// What the public heard of the game `events` (all of them, from the first).
    pub(crate) fn of(events: &[Event]) -> Heard {
        let zone = events
            .iter()
            .find_map(|e| match &e.kind {
                EventKind::Created { ruleset, .. } => Some(ruleset.options.time_zone),
                _ => None,
            })
            .unwrap_or(Zone::UTC);
        let start = Heard {
            seq: 0,
            version: 0,
            at: None,
            zone,
        };
        start.fold(events)
    }

    /// What the public heard after `newer` too, the events numbered from `seq + 1` on;
    /// `None` when they do not follow on (a finished game's log may have been packed since).
    pub(crate) fn then(self, newer: &[(i64, Event)]) -> Option<Heard> {
        follows_on(self.seq, newer).then(|| {
            let events: Vec<&Event> = newer.iter().map(|(_, e)| e).collect();
            self.fold(events)
        })
    }

    fn fold<'a>(mut self, events: impl IntoIterator<Item = &'a Event>) -> Heard {
        for e in events {
            self.seq += 1;
            if e.audience() == Audience::Public {
                self.version += 1;
                self.at = Some(e.at);
            }
        }
        self
    }

    /// The live poll's answer.
    pub(crate) fn live(&self) -> Live {
        Live {
            version: self.version,
            heard: self.at.map(|h| i18n::time(h, self.zone)),
        }
    }
}

/// Whether the events `newer` (each with its number) are the ones right after event `seq`,
/// in order: a finished game's log may have been packed since `seq` was read.
fn follows_on(seq: i64, newer: &[(i64, Event)]) -> bool {
    newer
        .iter()
        .enumerate()
        .all(|(i, (n, _))| *n == seq + 1 + i as i64)
}

/// Every step of an ended game's replay: each event that says something (in order), with
/// the table as it stood right after it. Nothing before the end: `None` for a running game.
pub fn replay(events: &[Event], lang: Lang) -> Option<Vec<ReplayStep>> {
    let last = Game::replay(events);
    if !last.ended() {
        return None;
    }
    let mut g = Game::default();
    let mut public = Public::default();
    let mut steps = Vec::new();
    for e in events {
        apply(&mut g, e);
        learn(&mut public, e, &g, lang);
        let text = match (&e.kind, e.audience()) {
            (_, Audience::Internal) | (EventKind::Revealed { .. }, _) => continue,
            (_, Audience::Judge) => i18n::render_judge(e, &g, lang),
            _ => i18n::render(e, &g, lang),
        };
        // The table as it stood: who was in, each role (all public now).
        let mut table: Vec<PlayerView> = g
            .ids()
            .map(|c| {
                let ch = g.ch(c);
                PlayerView {
                    seat: c.0,
                    name: ch.name.clone(),
                    alive: ch.alive,
                    out: (!ch.alive).then(|| out_words(&g, c, lang)),
                    role: Some(i18n::role_name(ch.role, lang)),
                    account: (!ch.player.is_empty() && ch.player != ch.name)
                        .then(|| ch.player.clone()),
                    cards: Some(format!(
                        "{}/{}/{}",
                        ch.cards.blue, ch.cards.yellow, ch.cards.red
                    )),
                }
            })
            .collect();
        table.sort_by_key(|p| p.seat);
        steps.push(ReplayStep {
            at: i18n::time(e.at, g.ruleset().options.time_zone),
            phase: i18n::phase_name(g.phase(), lang),
            text,
            table,
        });
    }
    Some(steps)
}

fn replay_steps(events: &[Event], lang: Lang, step: Option<usize>) -> Option<ReplayView> {
    let mut steps = replay(events, lang)?;
    if steps.is_empty() {
        return None;
    }
    let n = steps.len();
    let i = step.unwrap_or(1).clamp(1, n);
    Some(ReplayView {
        step: i,
        steps: n,
        shown: steps.swap_remove(i - 1),
    })
}

/// A game a server's page lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameLink {
    pub slug: String,
    pub ruleset: String,
    pub ended: bool,
    pub started: String,
}

/// A server's page.
#[derive(Debug, Clone)]
pub struct ServerView {
    pub lang: Lang,
    pub running: Vec<GameLink>,
    pub ended: Vec<GameLink>,
    pub stats: ServerStats,
    pub leaderboard: Vec<Ranked>,
}

/// A contest's page.
#[derive(Debug, Clone)]
pub struct ContestView {
    pub lang: Lang,
    pub name: String,
    /// The standings as the bot posts them (a table, then the awards): its lines.
    pub standings: Vec<String>,
}

/// A game's page, by its kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Page {
    /// A werewolf or Mafia game.
    Game(Arc<GameView>),
    Uno(Box<UnoView>),
}

/// A game that has a page: which, of which kind, as of which event.
#[derive(Debug, Clone, Copy)]
struct Paged {
    game: GameId,
    uno: bool,
    seq: i64,
}

/// What a live page polls, by the game's kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Polled {
    Game(Live),
    Uno(UnoLive),
}

impl Service {
    /// The game whose page is `slug`, if it has one (it exists, is not unlisted, and its
    /// server's pages are on), and whether it is a UNO game: one statement.
    async fn paged(&self, slug: &str) -> Result<Option<Paged>, ServiceError> {
        Ok(self
            .store
            .game_by_slug(slug)
            .await?
            .filter(|f| f.pages && !f.unlisted)
            .map(|f| Paged {
                game: f.game,
                uno: f.ruleset == store::uno_games::RULESET,
                seq: f.seq,
            }))
    }

    /// Werewolf or Mafia game `game`'s events as of event `seq` at least, through the
    /// pages' cache: none read when it has them, only the newer ones when it has fewer.
    async fn shown(&self, game: GameId, seq: i64) -> Result<Arc<Shown>, ServiceError> {
        let kept = self.page_cache.get(game);
        if let Some(s) = kept.as_ref().filter(|s| s.seq >= seq) {
            return Ok(s.clone());
        }
        let mut events = None;
        if let Some(old) = kept {
            let newer = self.store.events_after(game, old.seq).await?;
            // Only when they follow on (a finished game's may have been packed since).
            if follows_on(old.seq, &newer) && !newer.is_empty() {
                let mut all = Vec::with_capacity(old.events.len() + newer.len());
                all.extend(old.events.iter().cloned());
                all.extend(newer.into_iter().map(|(_, e)| e));
                events = Some(all);
            }
        }
        let events = match events {
            Some(e) => e,
            None => self.store.events(game).await?,
        };
        let shown = Arc::new(Shown::new(events));
        self.page_cache.put(game, shown.clone());
        Ok(shown)
    }

    /// The game whose page is `slug`, if it has one (it exists, is not unlisted, and its
    /// server's pages are on); a werewolf, Mafia or UNO game.
    ///
    /// # Errors
    /// Database errors.
    pub async fn page_game(&self, slug: &str) -> Result<Option<GameId>, ServiceError> {
        Ok(self.paged(slug).await?.map(|p| p.game))
    }

    /// The werewolf or Mafia game whose page is `slug` (none for a UNO game).
    async fn werewolf_page(&self, slug: &str) -> Result<Option<Paged>, ServiceError> {
        Ok(self.paged(slug).await?.filter(|p| !p.uno))
    }

    /// The page of the game `slug`, of whichever kind, in `lang` (the game's language when
    /// none): [`game_view`] for a werewolf or Mafia game (its tab of day `day`, its replay's
    /// step `step`), [`uno_view`] for a UNO game. `None`: no such page.
    ///
    /// # Errors
    /// Database errors.
    pub async fn page(
        &self,
        slug: &str,
        lang: Option<Lang>,
        day: Option<u32>,
        step: Option<usize>,
    ) -> Result<Option<Page>, ServiceError> {
        match self.paged(slug).await? {
            None => Ok(None),
            Some(Paged {
                game, uno: true, ..
            }) => {
                let game_lang = self.store.uno(game).await?.lang;
                let events = self.store.uno_events(game).await?;
                let lang = lang.unwrap_or(game_lang);
                Ok(Some(Page::Uno(Box::new(uno_view(
                    &events, game_lang, lang,
                )))))
            }
            Some(p) => Ok(Some(Page::Game(
                self.werewolf_view(p, lang, day, step).await?,
            ))),
        }
    }

    /// The page of the game `slug` in `lang` (the game's language when none): see
    /// [`game_view`]. `None`: no such page.
    ///
    /// # Errors
    /// Database errors.
    pub async fn game_page(
        &self,
        slug: &str,
        lang: Option<Lang>,
        day: Option<u32>,
        step: Option<usize>,
    ) -> Result<Option<GameView>, ServiceError> {
        let Some(p) = self.werewolf_page(slug).await? else {
            return Ok(None);
        };
        let view = self.werewolf_view(p, lang, day, step).await?;
        Ok(Some(Arc::unwrap_or_clone(view)))
    }

    /// The page of the werewolf or Mafia game `game`: see [`game_view`].
    async fn werewolf_view(
        &self,
        p: Paged,
        lang: Option<Lang>,
        day: Option<u32>,
        step: Option<usize>,
    ) -> Result<Arc<GameView>, ServiceError> {
        let game = p.game;
        let route = self.store.route_row(game).await?;
        let game_lang = match &route {
            Some(r) => Lang::parse(&r.lang).unwrap_or_default(),
            None => self.store.load_cached(game).await?.1,
        };
        let links = Links {
            guild: route.as_ref().map(|r| r.guild),
            signup: route.as_ref().and_then(|r| r.thread),
            days: self
                .store
                .day_threads(game)
                .await?
                .into_iter()
                .map(|(d, t)| (u32::try_from(d).unwrap_or(0), t))
                .collect(),
        };
        let lang = lang.unwrap_or(game_lang);
        let shown = self.shown(game, p.seq).await?;
        let key = (lang, day, step, links);
        if let Some(view) = shown.view(&key) {
            return Ok(view);
        }
        let view = Arc::new(game_view(&shown.events, game_lang, lang, day, step, &key.3));
        shown.keep(key, view.clone());
        Ok(view)
    }

    /// What a live page of `slug` polls. `None`: no such page. However many pages poll a
    /// game, it is read at most once in [`LIVE_FRESH`]: a poll within that time of the
    /// page's last answer gets the same answer.
    ///
    /// # Errors
    /// Database errors.
    pub async fn game_live(&self, slug: &str) -> Result<Option<Polled>, ServiceError> {
        if let Some(answer) = self.page_cache.polled(slug) {
            return Ok(answer);
        }
        let answer = match self.paged(slug).await? {
            None => None,
            Some(Paged { uno: true, seq, .. }) => Some(Polled::Uno(UnoLive {
                version: seq.max(0) as u64,
            })),
            Some(p) => Some(Polled::Game(self.heard(p.game, p.seq).await?.live())),
        };
        self.page_cache.keep_polled(slug, answer.clone());
        Ok(answer)
    }

    /// What the public heard of `game` as of its event `seq` at least: kept from the last
    /// poll when the game said nothing since, else folded on from it with the events after
    /// it (never the whole log again, nor a copy of it).
    async fn heard(&self, game: GameId, seq: i64) -> Result<Heard, ServiceError> {
        let kept = self.page_cache.heard(game);
        if let Some(h) = kept.filter(|h| h.seq >= seq) {
            return Ok(h);
        }
        let folded = match kept {
            Some(h) => h.then(&self.store.events_after(game, h.seq).await?),
            None => None,
        };
        let heard = match folded {
            Some(h) => h,
            None => match self.page_cache.get(game).filter(|s| s.seq >= seq) {
                Some(shown) => Heard::of(&shown.events),
                None => Heard::of(&self.store.events(game).await?),
            },
        };
        self.page_cache.keep_heard(game, heard);
        Ok(heard)
    }

    /// Every step of the replay of the ended game `slug`. `None`: no such page, or the game
    /// has not ended.
    ///
    /// # Errors
    /// Database errors.
    pub async fn game_replay(
        &self,
        slug: &str,
        lang: Lang,
    ) -> Result<Option<Vec<ReplayStep>>, ServiceError> {
        let Some(p) = self.werewolf_page(slug).await? else {
            return Ok(None);
        };
        Ok(replay(&self.shown(p.game, p.seq).await?.events, lang))
    }

    /// Picture `index` of the ended game `slug`'s reveal (the votes in order, then the
    /// timeline) and how many there are. `None`: no such page, or the game has not ended
    /// (the pictures are the reveal's).
    ///
    /// # Errors
    /// Database errors.
    pub async fn game_charts(
        &self,
        slug: &str,
        lang: Lang,
    ) -> Result<Option<Vec<chart::Png>>, ServiceError> {
        let Some(Paged { game, .. }) = self.werewolf_page(slug).await? else {
            return Ok(None);
        };
        let (g, _) = self.store.load_cached(game).await?;
        if !g.ended() {
            return Ok(None);
        }
        Ok(Some(self.charts(game, lang).await?))
    }

    /// The slug of `game`'s page, if it has one (listed, on a server whose pages are on).
    ///
    /// # Errors
    /// Database errors.
    pub async fn page_slug(&self, game: GameId) -> Result<Option<String>, ServiceError> {
        let Some((slug, _)) = self.store.game_slug(game).await? else {
            return Ok(None);
        };
        Ok(self.page_game(&slug).await?.map(|_| slug))
    }

    /// The address of `game`'s page, when the bot links to its pages (`[web]` enabled with a
    /// public address) and the game has one (listed, its server's pages on).
    ///
    /// # Errors
    /// Database errors.
    pub async fn page_url(&self, game: GameId) -> Result<Option<String>, ServiceError> {
        let Some(web) = self.web.as_ref().filter(|w| w.game_url("").is_some()) else {
            return Ok(None);
        };
        Ok(self
            .page_slug(game)
            .await?
            .and_then(|slug| web.game_url(&slug)))
    }

    /// Unlists `game` (its page answers "not found"), or lists it again.
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_unlisted(&self, game: GameId, unlisted: bool) -> Result<(), ServiceError> {
        self.store.set_unlisted(game, unlisted).await?;
        self.page_cache.forget_polls();
        Ok(())
    }

    /// Turns `guild`'s pages on or off.
    ///
    /// # Errors
    /// [`crate::Refusal::NotSetUp`]; database errors.
    pub async fn set_web_pages(&self, guild: Guild, on: bool) -> Result<(), ServiceError> {
        self.settings(guild).await?;
        self.store.set_web_pages(guild, on).await?;
        self.page_cache.forget_polls();
        Ok(())
    }

    /// `guild`'s page in `lang` (its own language when none). `None`: not set up, or its
    /// pages are off.
    ///
    /// # Errors
    /// Database errors.
    pub async fn server_page(
        &self,
        guild: Guild,
        lang: Option<Lang>,
    ) -> Result<Option<ServerView>, ServiceError> {
        if self.store.web_pages(guild).await? != Some(true) {
            return Ok(None);
        }
        let settings = self.settings(guild).await?;
        let lang = lang.unwrap_or(settings.lang);
        let zone = settings.zone();
        let link = |g: ListedGame| GameLink {
            slug: g.slug,
            ruleset: g.ruleset,
            ended: g.ended,
            started: i18n::time(g.created, zone),
        };
        let (ended, running): (Vec<_>, Vec<_>) = self
            .store
            .listed_games(guild)
            .await?
            .into_iter()
            .map(link)
            .partition(|g| g.ended);
        Ok(Some(ServerView {
            lang,
            running,
            ended,
            stats: self.server_stats(guild).await?,
            leaderboard: self.leaderboard(guild, RankBy::Wins, 1).await?,
        }))
    }
}

impl Service {
    /// The server of tournament `id`, when it has a page (its server's pages are on).
    async fn contest_guild(&self, id: i64) -> Result<Option<Guild>, ServiceError> {
        let Some(guild) = self.store.tournament_guild(id).await? else {
            return Ok(None);
        };
        Ok((self.store.web_pages(guild).await? == Some(true)).then_some(guild))
    }

    /// Tournament `id`'s page in `lang` (its server's language when none). `None`: no such
    /// tournament, or its server's pages are off.
    ///
    /// # Errors
    /// Database errors.
    pub async fn contest_page(
        &self,
        id: i64,
        lang: Option<Lang>,
    ) -> Result<Option<ContestView>, ServiceError> {
        let Some(guild) = self.contest_guild(id).await? else {
            return Ok(None);
        };
        let lang = match lang {
            Some(l) => l,
            None => self.settings(guild).await?.lang,
        };
        let t = self.store.tournament_by_id(id).await?;
        let (name, table) = match self.contest_of(guild, &t).await? {
            Contest::Points(s) => (
                s.tournament.name.clone(),
                tournament::render_table(&s, lang),
            ),
            Contest::Uno(s) => (s.name.clone(), tournament::render_uno_table(&s, lang)),
        };
        Ok(Some(ContestView {
            lang,
            name,
            standings: table.lines().map(str::to_string).collect(),
        }))
    }

    /// Tournament `id`'s points chart (PNG) in `lang`. `None`: no such page.
    ///
    /// # Errors
    /// Database errors.
    pub async fn contest_chart(
        &self,
        id: i64,
        lang: Lang,
    ) -> Result<Option<Vec<u8>>, ServiceError> {
        let Some(guild) = self.contest_guild(id).await? else {
            return Ok(None);
        };
        let t = self.store.tournament_by_id(id).await?;
        let contest = self.contest_of(guild, &t).await?;
        let drawn = tokio::task::spawn_blocking(move || match contest {
            Contest::Points(s) => tournament::render_chart_png(&s, lang, 900, 560),
            Contest::Uno(s) => tournament::render_uno_chart_png(&s, lang, 900, 560),
        })
        .await;
        match drawn {
            Ok(Ok(png)) => Ok(Some(png)),
            Ok(Err(e)) => {
                tracing::error!(tournament = id, error = %e, "the points chart cannot be drawn");
                Ok(None)
            }
            Err(e) => {
                tracing::error!(tournament = id, error = %e, "drawing the points chart failed");
                Ok(None)
            }
        }
    }
}

/// The `[web]` section of the bot's configuration: the game pages' server.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WebConfig {
    /// Serve the pages (with `wolfjudge run`; `wolfjudge web` serves them regardless).
    pub enabled: bool,
    /// The address the server listens on.
    pub bind: String,
    /// The address people reach the pages at (`https://wolf.example.org`), which the bot
    /// puts in its links; none: no links.
    pub public_url: Option<String>,
}

impl Default for WebConfig {
    fn default() -> WebConfig {
        WebConfig {
            enabled: false,
            bind: "127.0.0.1:8080".into(),
            public_url: None,
        }
    }
}

impl WebConfig {
    /// The page of the game `slug` at the public address, when the pages are on and have
    /// one.
    pub fn game_url(&self, slug: &str) -> Option<String> {
        let base = self.public_url.as_deref().filter(|_| self.enabled)?;
        Some(format!("{}/g/{slug}", base.trim_end_matches('/')))
    }
}
