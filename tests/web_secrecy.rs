//! What a game's page shows before the end is what the game posted publicly, and nothing
//! else; after the end, everything. Played through simulated games of every board
//! (m32, mafia, the §4 boards), anonymous and not, the page (every day's tab) and its live
//! poll are rendered after every event:
//!
//! - the same whatever the hidden deal: the page built from the events with every role
//!   swapped for another (a revealed idiot's kept, it is public) is the same page;
//! - unchanged by an event the public does not see (a night action, a deal, a role told, a
//!   tree-hole note, a private card, a night death before the day announces it);
//! - never showing a tree-hole note, or the account behind an anonymous character;
//! - after the end: every role, every tree-hole note, every account, the seed.
//!
//! And a game whose players typed markup and script everywhere they can is shown as text.

use std::collections::BTreeSet;

use chrono::{TimeZone, Utc};

use wolfjudge::engine::{apply, Audience, CharId, Event, EventKind, Game, Role};
use wolfjudge::i18n::{self, Lang};
use wolfjudge::service::pages::{game_view, live, Links};
use wolfjudge::sim;

use crate::common::swapped;

/// Every board the bot deals.
const BOARDS: [&str; 6] = ["m32", "mafia", "guard", "idiot", "wolf-king", "small"];

/// A simulated game of `board`, anonymous or not.
fn played(board: &str, seed: u64, anonymous: bool, lang: Lang) -> Vec<Event> {
    let mut setup = sim::setup(board, seed, None, lang).expect("a setup");
    setup.ruleset.options.anonymous = anonymous;
    setup.players = anonymous.then(|| {
        (0..setup.characters.len())
            .map(|i| format!("account-{board}-{i}"))
            .collect()
    });
    sim::play(setup, lang).expect("the game is played").events
}

/// `events` with every character's role swapped for another ([`swapped`]), but those of
/// `keep` (their role is public).
fn redealt(events: &[Event], keep: &BTreeSet<CharId>) -> Vec<Event> {
    let role = |c: CharId, r: Role| if keep.contains(&c) { r } else { swapped(r) };
    events
        .iter()
        .cloned()
        .map(|mut e| {
            match &mut e.kind {
                EventKind::RolesDealt { roles, .. } => {
                    for (i, r) in roles.iter_mut().enumerate() {
                        *r = role(CharId(i as u16), *r);
                    }
                }
                EventKind::RoleTold {
                    character, role: r, ..
                } => *r = role(*character, *r),
                EventKind::PoliceResult { target, role: r } => *r = role(*target, *r),
                _ => {}
            }
            e
        })
        .collect()
}

/// The page of the game `events` (the latest day's tab; with `all`, every day's tab), and
/// its live poll, as one text.
fn pages(events: &[Event], lang: Lang, all: bool) -> String {
    let now = Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap();
    let first = game_view(events, lang, lang, None, None, &Links::default());
    let mut out = wolfjudge::web::game_html(&first, "slug", false, now).expect("renders");
    let shown = first.day.as_ref().map(|d| d.day);
    for d in first.days.iter().filter(|d| all && Some(**d) != shown) {
        let v = game_view(events, lang, lang, Some(*d), None, &Links::default());
        out.push_str(&wolfjudge::web::game_html(&v, "slug", false, now).expect("renders"));
    }
    out.push_str(&serde_json::to_string(&live(events)).expect("json"));
    assert!(
        !out.contains(i18n::MISSING_OPEN),
        "a message missing from the catalog: {}",
        &out[out.find(i18n::MISSING_OPEN).unwrap_or(0)..]
            .chars()
            .take(60)
            .collect::<String>()
    );
    out
}

/// `text` as a page shows it (HTML-escaped).
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// `text` as askama escapes it (numeric references).
fn escaped_numeric(text: &str) -> String {
    text.replace('&', "&#38;")
        .replace('<', "&#60;")
        .replace('>', "&#62;")
        .replace('"', "&#34;")
        .replace('\'', "&#39;")
}

/// Whether the page `html` shows `text` (as it is, or escaped either way).
fn shows(html: &str, text: &str) -> bool {
    html.contains(text) || html.contains(&escaped(text)) || html.contains(&escaped_numeric(text))
}

/// The texts of `events` that must not be on a page before the end: the tree-hole notes,
/// and the accounts behind anonymous characters.
fn secrets(events: &[Event]) -> Vec<String> {
    let mut out = Vec::new();
    for e in events {
        match &e.kind {
            EventKind::TreeHole { text, .. } => out.push(text.clone()),
            EventKind::Created {
                players: Some(players),
                characters,
                ..
            } => out.extend(players.iter().filter(|p| !characters.contains(p)).cloned()),
            _ => {}
        }
    }
    out
}

fn is_end(e: &Event) -> bool {
    matches!(e.kind, EventKind::GameEnded { .. })
}

/// Checks one game at every event up to its end, and after it.
fn check_game(board: &str, seed: u64, anonymous: bool, lang: Lang) {
    let events = played(board, seed, anonymous, lang);
    let end = events.iter().position(is_end).expect("the game ends");
    let mut before: Option<String> = None;
    let mut g = Game::default();
    let mut keep = BTreeSet::new();
    for i in 1..=end {
        let e = &events[i - 1];
        apply(&mut g, e);
        if let EventKind::IdiotRevealed { idiot } = e.kind {
            keep.insert(idiot);
        }
        let prefix = &events[..i];
        let other = redealt(prefix, &keep);
        let here = pages(prefix, lang, false);
        let there = pages(&other, lang, false);
        // Every day's tab at each new day and every tenth event; the latest at every event.
        let all = i % 10 == 0 || matches!(e.kind, EventKind::DayOpened { .. });
        let (full_here, full_there) = match all {
            true => (pages(prefix, lang, true), pages(&other, lang, true)),
            false => (String::new(), String::new()),
        };
        for (a, b) in [(&here, &there), (&full_here, &full_there)] {
            assert!(
                a == b,
                "{board} (anonymous: {anonymous}) event {i} ({:?}): the page depends on the hidden deal\n{}",
                e.kind,
                first_difference(a, b)
            );
        }
        if e.audience() != Audience::Public {
            if let Some(b) = &before {
                assert!(
                    *b == here,
                    "{board} (anonymous: {anonymous}) event {i} ({:?}), not public, changed the page\n{}",
                    e.kind,
                    first_difference(b, &here)
                );
            }
        }
        for s in secrets(prefix) {
            assert!(
                !shows(&here, &s) && !shows(&full_here, &s),
                "{board} (anonymous: {anonymous}) event {i}: a secret on the page: {s}"
            );
        }
        before = Some(here);
    }
    // After the end: every role, every note, every account, the seed.
    let after = pages(&events, lang, true);
    let g = Game::replay(&events);
    assert!(g.ended());
    for c in g.ids() {
        let role = i18n::role_name(g.ch(c).role, lang);
        assert!(
            after.contains(&format!("<td class=\"role\">{role}</td>")),
            "{board}: {}'s role {role} after the end",
            g.ch(c).name
        );
    }
    for s in secrets(&events) {
        assert!(shows(&after, &s), "{board}: {s} after the end");
    }
    assert!(after.contains(g.commitment()));
}

/// Where two pages first differ, for the failure message.
fn first_difference(a: &str, b: &str) -> String {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let at = a
        .iter()
        .zip(&b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let around = |s: &[char]| -> String {
        s[at.saturating_sub(150).min(s.len())..(at + 150).min(s.len())]
            .iter()
            .collect()
    };
    format!("  here:  …{}…\n  there: …{}…", around(&a), around(&b))
}

#[test]
fn a_running_games_page_shows_only_what_is_public() {
    // Two threads: the games are independent.
    std::thread::scope(|s| {
        for anonymous in [true, false] {
            s.spawn(move || {
                for (k, board) in BOARDS.iter().enumerate() {
                    let lang = [Lang::Zh, Lang::En, Lang::ZhTw][k % 3];
                    let started = std::time::Instant::now();
                    check_game(board, 7 + k as u64, anonymous, lang);
                    println!(
                        "{board} (anonymous: {anonymous}, {lang:?}): checked in {:?}",
                        started.elapsed()
                    );
                }
            });
        }
    });
}

/// A player's text with markup and script in it.
const HOSTILE: [&str; 2] = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>"];

/// A Mafia game (names are the players') whose players typed markup and script in every
/// field they can: names, vote reasons, posts, last words, tree-hole notes, a kill's
/// reason. Every page, before and after the end (the reveal, the replay), shows it as
/// text: escaped, and never as a tag.
#[test]
fn players_markup_is_shown_as_text() {
    let lang = Lang::En;
    let mut setup = sim::setup("mafia", 11, None, lang).expect("a setup");
    setup.characters = setup
        .characters
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{n}{}{i}", HOSTILE[i % 2]))
        .collect();
    let events = sim::play(setup, lang).expect("played").events;
    let mut n = 0;
    let mut hostile = || {
        n += 1;
        format!("{} #{n}", HOSTILE[n % 2])
    };
    let events: Vec<Event> = events
        .into_iter()
        .map(|mut e| {
            match &mut e.kind {
                EventKind::VoteCast { reason, .. } | EventKind::KillSubmitted { reason, .. } => {
                    *reason = hostile()
                }
                EventKind::Posted { text, .. }
                | EventKind::LastWordsGiven { text, .. }
                | EventKind::TreeHole { text, .. } => *text = hostile(),
                EventKind::DayOpened { last_words, .. } => {
                    for (_, t) in last_words.iter_mut() {
                        *t = hostile();
                    }
                }
                EventKind::Revealed { tree_holes, .. } => {
                    for (_, t) in tree_holes.iter_mut() {
                        *t = hostile();
                    }
                }
                _ => {}
            }
            e
        })
        .collect();
    let end = events.iter().position(is_end).expect("ends");
    let now = Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap();
    let mut checked = 0;
    for prefix in [&events[..end / 2], &events[..end], &events[..]] {
        let first = game_view(prefix, lang, lang, None, None, &Links::default());
        let mut views = vec![first.clone()];
        for d in &first.days {
            views.push(game_view(
                prefix,
                lang,
                lang,
                Some(*d),
                None,
                &Links::default(),
            ));
        }
        if let Some(r) = &first.replay {
            for step in (1..=r.steps).step_by(7) {
                views.push(game_view(
                    prefix,
                    lang,
                    lang,
                    None,
                    Some(step),
                    &Links::default(),
                ));
            }
        }
        for v in &views {
            let html = wolfjudge::web::game_html(v, "slug", false, now).expect("renders");
            for h in HOSTILE {
                assert!(!html.contains(h), "raw markup on the page: {h}");
            }
            assert!(!html.contains("<img src=x"), "a player's image tag");
            assert_eq!(html.matches("<script").count(), 1, "only the bot's script");
            for h in HOSTILE {
                assert!(shows(&html, h), "{h} is shown as text");
            }
            checked += 1;
        }
    }
    assert!(checked > 5);
    // The replay's steps (JSON the page's script draws with textContent) carry the text.
    let steps = wolfjudge::service::pages::replay(&events, lang).expect("ended");
    assert!(steps
        .iter()
        .any(|s| s.text.contains(HOSTILE[0]) || s.text.contains(HOSTILE[1])));
}

/// A UNO game's page shows no card of any hand before the end: not a hand as it stands,
/// not a hand as dealt, not a line only a hand's holder is told (the cards they drew);
/// after the end it shows every hand of every round as dealt, the scores and the seed.
/// Played by the simulated table, two rounds, the page rendered as the game goes.
#[test]
fn a_uno_page_shows_no_hand_before_the_end_and_every_deal_after() {
    use wolfjudge::notify::uno::{cards_text, told, Seen};
    use wolfjudge::service::uno_page::uno_view;
    use wolfjudge::uno;

    let lang = Lang::Zh;
    let overrides =
        std::collections::BTreeMap::from([("rounds".to_string(), toml::Value::Integer(2))]);
    let options = uno::Options::builtin(&overrides).expect("the options");
    let players: Vec<String> = (0..4).map(|i| format!("玩家{i}")).collect();
    let (_, steps) = uno::sim::simulate(&options, &players, 7).expect("played");
    let events: Vec<uno::Event> = steps.into_iter().flat_map(|(_, e)| e).collect();
    let now = Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap();
    let dealt_heading = i18n::text(lang, "web-uno-dealt", &[]);
    let mut g = uno::Game::default();
    let mut private: BTreeSet<String> = BTreeSet::new();
    let mut deals: Vec<String> = Vec::new();
    let mut checked = 0;
    for (i, e) in events.iter().enumerate() {
        uno::apply(&mut g, e);
        for (seen, line) in told(e, &g, lang) {
            if seen != Seen::Table {
                private.insert(line);
            }
        }
        if let uno::Event::Dealt { hands } = e {
            deals.extend(hands.iter().map(|h| cards_text(h, lang)));
        }
        if g.ended() {
            break;
        }
        // Every event of the first deal and play, then every 25th.
        if i > 150 && !i.is_multiple_of(25) {
            continue;
        }
        checked += 1;
        let v = uno_view(&events[..=i], lang, lang);
        assert!(v.deals.is_empty() && v.end.is_empty() && !v.ended, "at {i}");
        let html = wolfjudge::web::uno_html(&v, "slug", false, now).expect("renders");
        assert!(!html.contains(&dealt_heading), "at {i}");
        for (seat, hand) in g.hands.iter().enumerate() {
            if hand.len() >= 3 {
                let shown = cards_text(hand, lang);
                assert!(!html.contains(&shown), "seat {seat}'s hand at {i}: {shown}");
            }
        }
        for dealt in &deals {
            assert!(
                !html.contains(dealt.as_str()),
                "a hand as dealt at {i}: {dealt}"
            );
        }
        for line in v.log.iter().chain(&v.table) {
            assert!(!private.contains(line), "a private line at {i}: {line}");
        }
        // What the page shows while running: the table and every player's count.
        for p in &players {
            assert!(html.contains(p.as_str()), "{p} at {i}");
        }
    }
    assert!(checked > 100, "{checked} pages checked");
    assert!(deals.len() >= 8, "two rounds dealt: {}", deals.len());

    let v = uno_view(&events, lang, lang);
    assert!(v.ended);
    let html = wolfjudge::web::uno_html(&v, "slug", false, now).expect("renders");
    assert!(html.contains(&dealt_heading));
    for dealt in &deals {
        assert!(
            html.contains(dealt.as_str()),
            "every hand as dealt: {dealt}"
        );
    }
    assert!(html.contains(&g.seed.commitment()), "the commitment");
}
