//! What the game pages keep of the games they showed lately: each game's events as of its
//! last one and the views made of it then; what the public had heard of each game at its
//! last poll; and each page's last poll answer, which answers its polls for a second. A page of a
//! game that has not changed since reads no event and folds none; one that has changed
//! reads only the events after those kept. Correct for ever: a game's events at a given
//! number never change (they are appended, never rewritten).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use engine::Event;
use i18n::Lang;

use crate::pages::{GameView, Heard, Links, Polled, LIVE_FRESH};
use crate::GameId;

/// The most games kept; past it the cache starts again empty.
const GAMES: usize = 1_000;

/// The most views kept of one game as of one event (languages × tabs × replay steps).
const VIEWS: usize = 8;

/// A view's question: its language, day tab and replay step, and the links it was made
/// with (a day's post is recorded after the event that opens the day).
type ViewKey = (Lang, Option<u32>, Option<usize>, Links);

/// One game as of its last event.
#[derive(Debug)]
pub(crate) struct Shown {
    /// Its last event's number (= how many it has).
    pub seq: i64,
    pub events: Arc<Vec<Event>>,
    views: Mutex<Vec<(ViewKey, Arc<GameView>)>>,
}

impl Shown {
    pub(crate) fn new(events: Vec<Event>) -> Shown {
        Shown {
            seq: events.len() as i64,
            events: Arc::new(events),
            views: Mutex::default(),
        }
    }

    /// The view made for `key` as of this event, if kept.
    pub(crate) fn view(&self, key: &ViewKey) -> Option<Arc<GameView>> {
        let views = self.views.lock().ok()?;
        views.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
    }

    /// Keeps `view`, made for `key` (the oldest kept goes past [`VIEWS`]).
    pub(crate) fn keep(&self, key: ViewKey, view: Arc<GameView>) {
        if let Ok(mut views) = self.views.lock() {
            if views.len() >= VIEWS {
                views.remove(0);
            }
            views.push((key, view));
        }
    }
}

/// The games kept, by id (shared by the service's clones), and what their live polls
/// answered last.
#[derive(Debug, Default)]
pub(crate) struct PageCache {
    games: Mutex<HashMap<GameId, Arc<Shown>>>,
    heard: Mutex<HashMap<GameId, Heard>>,
    /// Each page's last poll answer (`None`: no such page), by slug, with when it was
    /// made: it answers the page's polls for [`LIVE_FRESH`].
    polls: Mutex<HashMap<String, (Option<Polled>, Instant)>>,
}

impl PageCache {
    pub(crate) fn get(&self, game: GameId) -> Option<Arc<Shown>> {
        self.games.lock().ok()?.get(&game).cloned()
    }

    /// The answer to a poll of `slug` made less than [`LIVE_FRESH`] ago, if any.
    pub(crate) fn polled(&self, slug: &str) -> Option<Option<Polled>> {
        let polls = self.polls.lock().ok()?;
        let (answer, at) = polls.get(slug)?;
        (at.elapsed() < LIVE_FRESH).then(|| answer.clone())
    }

    /// Keeps `answer`, made now, for the polls of `slug`.
    pub(crate) fn keep_polled(&self, slug: &str, answer: Option<Polled>) {
        if let Ok(mut polls) = self.polls.lock() {
            if polls.len() >= GAMES && !polls.contains_key(slug) {
                polls.clear();
            }
            polls.insert(slug.to_string(), (answer, Instant::now()));
        }
    }

    /// Forgets every poll's answer: a page was unlisted or a server's pages turned off
    /// (in this process: another's change shows within [`LIVE_FRESH`]).
    pub(crate) fn forget_polls(&self) {
        if let Ok(mut polls) = self.polls.lock() {
            polls.clear();
        }
    }

    /// What a live poll of `game` answered last.
    pub(crate) fn heard(&self, game: GameId) -> Option<Heard> {
        self.heard.lock().ok()?.get(&game).copied()
    }

    /// Keeps `heard` for `game` unless a later one is kept.
    pub(crate) fn keep_heard(&self, game: GameId, heard: Heard) {
        keep_later(&self.heard, game, heard, |h| h.seq);
    }

    /// Keeps `shown` for `game` unless a later one is kept.
    pub(crate) fn put(&self, game: GameId, shown: Arc<Shown>) {
        keep_later(&self.games, game, shown, |s| s.seq);
    }
}

/// Keeps `value` for `game` in `kept` unless one as of a later event (`seq`) is kept; past
/// [`GAMES`] games the map starts again empty.
fn keep_later<V>(
    kept: &Mutex<HashMap<GameId, V>>,
    game: GameId,
    value: V,
    seq: impl Fn(&V) -> i64,
) {
    let Ok(mut games) = kept.lock() else {
        return;
    };
    if games.get(&game).is_some_and(|v| seq(v) >= seq(&value)) {
        return;
    }
    if games.len() >= GAMES && !games.contains_key(&game) {
        games.clear();
    }
    games.insert(game, value);
}
