//! The public vote count (计票, the forum-features work): the one message of each day post (and of
//! each Mafia tie round) that the messenger edits in place after every counted vote, change,
//! abstention or proxy, and that stays at the close as the final count, followed by the
//! result; and a day's whole vote history for `/votes day:N`.
//!
//! The count is drawn from the state right after the event that changed it (the standing
//! ballots, and the day's deeds for the changes), so each of its rows carries the whole
//! count: a messenger that is behind may skip to the latest ([`crate::Delivery::
//! edit_key`]). Everything in it is public already: each vote is announced with its reason,
//! a proxy vote as cast by the judge (docs/rules.md, proxy votes), the sheriff by the election.

use chrono::{DateTime, Utc};

use super::prompt::{Delivery, TallyRef};
use super::{Outgoing, Recipient};
use engine::state::DayState;
use engine::{CharId, Event, EventKind, Game, Phase};
use i18n::{self, Lang};

/// The longest count, in characters: Discord's 2,000 less the close time the messenger
/// adds (`⏰ <t:…:F> (<t:…:R>)`) and a margin. A count that would be longer is drawn more
/// compactly (each change as a number), then cut (see [`render`]).
pub const TALLY_MAX: usize = 1900;

/// A weight in thousandths of a vote, as people write it (`1`, `1.5`).
pub fn vote_count(milli: i64) -> String {
    if milli % 1000 == 0 {
        (milli / 1000).to_string()
    } else {
        format!("{}", milli as f64 / 1000.0)
    }
}

/// How a round's count ended, for its final drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Close {
    /// The vote closed: the result follows.
    Closed(DateTime<Utc>),
    /// The day was cut short (a self-destruct, a won duel): no vote-out.
    Cut(DateTime<Utc>),
    /// The game ended during the round.
    Ended(DateTime<Utc>),
}

/// The vote-count message event `e` causes, if it changes the count of the open round (or
/// opens or closes one); `g` is the state right after it.
pub fn outgoing(e: &Event, g: &Game, lang: Lang) -> Option<Outgoing> {
    let d = g.day()?;
    let open = !d.closed && matches!(g.phase(), Phase::Day { .. });
    let (opens, close) = match &e.kind {
        EventKind::DayOpened { .. } => (true, None),
        EventKind::VoteCast { .. }
        | EventKind::Eliminated { .. }
        | EventKind::IdiotRevealed { .. }
        | EventKind::SheriffElected { .. }
        | EventKind::BadgePassed { .. }
        | EventKind::Extended { .. }
        | EventKind::Resumed { .. }
        | EventKind::SpedUp
            if open =>
        {
            (false, None)
        }
        EventKind::VoteClosed { day, round, .. } if (*day, *round) == (d.day, d.round) => {
            (false, Some(Close::Closed(e.at)))
        }
        EventKind::DayCut { day } if *day == d.day => (false, Some(Close::Cut(e.at))),
        // Ended during an open round (a concession, a red card losing the camp, the judge).
        EventKind::GameEnded { .. } if !d.closed => (false, Some(Close::Ended(e.at))),
        _ => return None,
    };
    Some(Outgoing {
        channel: Recipient::Public,
        body: render(g, d, close, lang),
        meta: Some(Delivery {
            tally: Some(TallyRef {
                day: d.day,
                round: d.round,
                opens,
            }),
            // Shown by the platform in each reader's zone, while the vote is open.
            due: close.is_none().then_some(d.closes),
            ..Delivery::default()
        }),
    })
}

/// A name as plain text inside the count's markup (a `*` or `~` in a player's name would
/// otherwise bold or strike what follows).
fn plain(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for ch in name.chars() {
        if matches!(ch, '\\' | '*' | '_' | '~' | '|' | '`') {
            out.push('\\');
        }
        out.push(ch);
    }
    out
}

/// The count of round `d` of `g`: its title, the sheriff's weight, each target with its
/// voters (the sheriff's marked with the weight, proxies marked, changes struck through:
/// ~~old~~ → new), the abstentions, votes that no longer count, and who has not voted; and,
/// once `close`d, how it ended. Within [`TALLY_MAX`] characters, whatever the game's size.
pub fn render(g: &Game, d: &DayState, close: Option<Close>, lang: Lang) -> String {
    let full = lines(g, d, close, lang, true);
    if full.iter().map(|l| l.chars().count() + 1).sum::<usize>() <= TALLY_MAX {
        return full.join("\n");
    }
    fit(lines(g, d, close, lang, false), TALLY_MAX, lang)
}

/// The count's lines; `chains`: each change as its whole chain of struck targets (else as
/// how many changes).
fn lines(g: &Game, d: &DayState, close: Option<Close>, lang: Lang, chains: bool) -> Vec<String> {
    let t = |id: &str, args: &[(&str, String)]| i18n::text(lang, id, args);
    let zone = g.ruleset().options.time_zone;
    let name = |c: CharId| plain(&g.ch(c).name);
    let phase = Phase::Day {
        day: d.day,
        round: d.round,
    };
    let mut out = vec![t(
        "tally-title",
        &[("phase", i18n::phase_name(phase, lang))],
    )];
    let weight = g.ruleset().sheriff_weight_milli();
    let sheriff = g.sheriff().filter(|s| g.is_alive(*s));
    if weight != 1000 && sheriff.is_some() {
        out.push(t("tally-weight", &[("weight", vote_count(weight))]));
    }
    // Each voter as shown: the name, the sheriff's weight, a proxy, the changes.
    let voter = |v: CharId| -> String {
        let b = &d.ballots[&v];
        let mut s = name(v);
        if Some(v) == sheriff && weight != 1000 {
            s = t(
                "tally-sheriff",
                &[("name", s), ("weight", vote_count(weight))],
            );
        }
        if b.proxy {
            s = t("tally-proxy", &[("name", s)]);
        }
        if b.changes > 0 {
            s = match chains {
                true => t(
                    "tally-changed",
                    &[("name", s), ("chain", chain(g, d, v, lang))],
                ),
                false => t(
                    "tally-changed-count",
                    &[("name", s), ("count", b.changes.to_string())],
                ),
            };
        }
        s
    };
    // Ballots in the order they arrived.
    let mut ballots: Vec<(CharId, &engine::state::Ballot)> =
        d.ballots.iter().map(|(c, b)| (*c, b)).collect();
    ballots.sort_by_key(|(_, b)| b.seq);
    let mut tally = g.tally(d);
    tally.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)));
    for (target, milli, _) in &tally {
        let voters: Vec<String> = ballots
            .iter()
            .filter(|(v, b)| b.target == Some(*target) && g.is_alive(*v))
            .map(|(v, _)| voter(*v))
            .collect();
        out.push(t(
            "tally-target",
            &[
                ("name", name(*target)),
                ("votes", vote_count(*milli)),
                ("voters", voters.join(", ")),
            ],
        ));
    }
    // A tie round's candidates without a vote yet.
    for c in &d.candidates {
        if g.is_alive(*c) && !tally.iter().any(|(t, _, _)| t == c) {
            out.push(t("tally-target-none", &[("name", name(*c))]));
        }
    }
    let names = |vs: Vec<String>| (vs.len().to_string(), vs.join(", "));
    let abstained: Vec<String> = ballots
        .iter()
        .filter(|(v, b)| b.target.is_none() && g.is_alive(*v))
        .map(|(v, _)| voter(*v))
        .collect();
    if !abstained.is_empty() {
        let (count, names) = names(abstained);
        out.push(t("tally-abstained", &[("count", count), ("names", names)]));
    }
    // A living voter's vote for a character who has left the game since counts for nobody.
    let void: Vec<String> = ballots
        .iter()
        .filter(|(v, b)| g.is_alive(*v) && b.target.is_some_and(|t| !g.is_alive(t)))
        .map(|(v, _)| voter(*v))
        .collect();
    if !void.is_empty() {
        let (count, names) = names(void);
        out.push(t("tally-void", &[("count", count), ("names", names)]));
    }
    let missing: Vec<String> = g
        .living()
        .into_iter()
        .filter(|c| !d.ballots.contains_key(c) && !g.revealed().contains(c))
        .filter(|c| d.round == 0 || d.voters.contains(c))
        .map(name)
        .collect();
    if d.ballots.is_empty() {
        out.push(t("tally-no-votes", &[]));
    }
    if !missing.is_empty() {
        let (count, names) = names(missing);
        out.push(t("tally-not-voted", &[("count", count), ("names", names)]));
    }
    out.push(match close {
        None => t("tally-open", &[("closes", i18n::time(d.closes, zone))]),
        Some(Close::Closed(at)) => t("tally-final", &[("at", i18n::time(at, zone))]),
        Some(Close::Cut(at)) => t("tally-cut", &[("at", i18n::time(at, zone))]),
        Some(Close::Ended(at)) => t("tally-ended", &[("at", i18n::time(at, zone))]),
    });
    out
}

/// What `v` voted in this round, in order, the earlier ones struck through: `~~A~~ → B`.
fn chain(g: &Game, d: &DayState, v: CharId, lang: Lang) -> String {
    let phase = Phase::Day {
        day: d.day,
        round: d.round,
    };
    let targets: Vec<String> = g
        .deeds()
        .iter()
        .filter(|x| x.phase == phase && x.by == Some(v))
        .filter(|x| x.what == "vote" || x.what == "abstain")
        .map(|x| match x.target {
            Some(t) => plain(&g.ch(t).name),
            None => i18n::text(lang, "tally-abstain-word", &[]),
        })
        .collect();
    let Some((last, earlier)) = targets.split_last() else {
        return String::new();
    };
    let struck: Vec<String> = earlier
        .iter()
        .map(|n| i18n::text(lang, "tally-struck", &[("name", n.clone())]))
        .collect();
    i18n::text(
        lang,
        "tally-change",
        &[("old", struck.join(" → ")), ("new", last.clone())],
    )
}

/// The first lines that fit in `max` characters (the title, then as many as fit, then how
/// many were left out); the last line (open until, or how it ended) is kept.
fn fit(lines: Vec<String>, max: usize, lang: Lang) -> String {
    let Some((last, body)) = lines.split_last() else {
        return String::new();
    };
    let len = |s: &str| s.chars().count() + 1;
    let mut budget = max.saturating_sub(len(last) + 40);
    let mut out = Vec::new();
    for l in body {
        if len(l) > budget {
            break;
        }
        budget -= len(l);
        out.push(l.clone());
    }
    let left = body.len() - out.len();
    if left > 0 {
        out.push(i18n::text(
            lang,
            "tally-more",
            &[("count", left.to_string())],
        ));
    }
    out.push(last.clone());
    // A single line longer than everything (it cannot be: names are short) is cut.
    let text = out.join("\n");
    text.chars().take(max).collect()
}

/// Day `day`'s whole vote history from the game's events, for `/votes day:N`: every vote,
/// change, abstention and proxy with its time and reason, round by round, each round's
/// close; `None` when day `day` has not opened.
pub fn history(events: &[Event], g: &Game, day: u32, lang: Lang) -> Option<String> {
    let t = |id: &str, args: &[(&str, String)]| i18n::text(lang, id, args);
    let zone = g.ruleset().options.time_zone;
    let name = |c: CharId| g.ch(c).name.clone();
    let mut out: Vec<String> = Vec::new();
    let mut round: Option<u32> = None;
    let mut opened = false;
    let mut standing: std::collections::BTreeMap<CharId, Option<CharId>> = Default::default();
    let target_name = |target: Option<CharId>| match target {
        Some(c) => name(c),
        None => t("tally-abstain-word", &[]),
    };
    for e in events {
        match &e.kind {
            EventKind::DayOpened {
                day: d, round: r, ..
            } if *d == day => {
                opened = true;
                round = Some(*r);
                standing.clear();
                let phase = Phase::Day { day, round: *r };
                out.push(t(
                    "votes-history-round",
                    &[
                        ("phase", i18n::phase_name(phase, lang)),
                        ("at", i18n::time(e.at, zone)),
                    ],
                ));
            }
            EventKind::DayOpened { .. } | EventKind::NightOpened { .. } => round = None,
            EventKind::VoteCast {
                by,
                target,
                reason,
                change,
                proxy,
            } if round.is_some() => {
                let before = standing.insert(*by, *target);
                let mut line = match (change, before) {
                    (true, Some(old)) => t(
                        "votes-history-change",
                        &[
                            ("at", i18n::time(e.at, zone)),
                            ("by", name(*by)),
                            ("old", target_name(old)),
                            ("new", target_name(*target)),
                        ],
                    ),
                    _ => t(
                        "votes-history-vote",
                        &[
                            ("at", i18n::time(e.at, zone)),
                            ("by", name(*by)),
                            ("target", target_name(*target)),
                        ],
                    ),
                };
                if *proxy {
                    line = t("votes-history-proxy", &[("line", line)]);
                }
                if !reason.trim().is_empty() {
                    line = t(
                        "votes-history-reason",
                        &[("line", line), ("reason", reason.clone())],
                    );
                }
                out.push(line);
            }
            EventKind::VoteClosed { day: d, .. } | EventKind::DayCut { day: d }
                if *d == day && round.is_some() =>
            {
                out.push(t(
                    "votes-history-close",
                    &[
                        ("at", i18n::time(e.at, zone)),
                        ("what", i18n::render(e, g, lang)),
                    ],
                ));
            }
            _ => {}
        }
    }
    opened.then(|| {
        let mut text = vec![t("votes-history-heading", &[("day", day.to_string())])];
        text.extend(out);
        text.join("\n")
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use chrono::TimeZone;

    use super::*;
    use engine::ruleset::Ruleset;
    use engine::{apply, create, handle, Action, Command, Setup};

    /// A Mafia game of `names` (night first) with `changes` vote changes allowed, at day 1.
    fn mafia_day(names: &[String], changes: i64) -> (Game, Vec<Event>) {
        let o: BTreeMap<String, toml::Value> = [
            ("vote_changes", toml::Value::Integer(changes)),
            ("time_zone", toml::Value::String("UTC".into())),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        let setup = Setup {
            ruleset: Ruleset::builtin("mafia", &o).expect("mafia loads"),
            seed: engine::rng::Seed::U64(3),
            start: Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap(),
            characters: names.to_vec(),
            roles: None,
            forbidden_first_kill: None,
            players: None,
        };
        let mut events = create(&setup).expect("the game is created");
        let mut g = Game::replay(&events);
        while !matches!(g.phase(), Phase::Day { .. }) {
            let due = g.next_deadline().expect("a deadline");
            for e in handle(&g, &Command::tick(), due).expect("the tick") {
                apply(&mut g, &e);
                events.push(e);
            }
        }
        (g, events)
    }

    fn act(g: &mut Game, events: &mut Vec<Event>, by: CharId, a: Action) {
        let at = g.clock() + chrono::Duration::minutes(1);
        for e in handle(g, &Command::by(by, a), at).expect("accepted") {
            apply(g, &e);
            events.push(e);
        }
    }

    fn vote(target: CharId, reason: &str) -> Action {
        Action::Vote {
            target,
            reason: reason.into(),
        }
    }

    /// Sixteen 32-character names, every living one voting and changing as often as the
    /// rules let them: the count stays within Discord's limit (drawn compactly, then cut with
    /// a note), keeps its title and its last line.
    #[test]
    fn the_count_of_a_big_game_with_long_names_fits_discord() {
        let names: Vec<String> = (0..16)
            .map(|i| format!("{}{i:02}", "长名字的玩家".repeat(5)))
            .collect();
        let (mut g, mut events) = mafia_day(&names, 3);
        let living = g.living();
        for round in 0..4 {
            for (i, c) in living.iter().enumerate() {
                let target = living[(i + round + 1) % living.len()];
                act(&mut g, &mut events, *c, vote(target, "理由"));
            }
        }
        let d = g.day().cloned().expect("day 1");
        for lang in Lang::ALL {
            for close in [None, Some(Close::Closed(g.clock()))] {
                let text = render(&g, &d, close, lang);
                assert!(text.chars().count() <= TALLY_MAX, "{}", text.len());
                let title = i18n::text(
                    lang,
                    "tally-title",
                    &[("phase", i18n::phase_name(g.phase(), lang))],
                );
                assert!(text.starts_with(&title), "{text}");
                let last = text.lines().last().unwrap_or_default();
                let key = if close.is_some() {
                    "tally-final"
                } else {
                    "tally-open"
                };
                let start = i18n::text(
                    lang,
                    key,
                    &[("closes", String::new()), ("at", String::new())],
                );
                let start: String = start.chars().take(3).collect();
                assert!(last.starts_with(&start), "{last}");
            }
        }
    }

    /// A small count is drawn whole: each change as its chain of struck-through targets.
    #[test]
    fn changes_are_struck_through_in_order() {
        let names: Vec<String> = [
            "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let (mut g, mut events) = mafia_day(&names, 2);
        let l = g.living();
        let (a, b, c, d) = (l[0], l[1], l[2], l[3]);
        act(&mut g, &mut events, a, vote(b, "one"));
        act(&mut g, &mut events, a, vote(c, "two"));
        act(&mut g, &mut events, a, Action::Abstain);
        act(&mut g, &mut events, d, vote(c, "three"));
        let day = g.day().cloned().expect("day 1");
        let text = render(&g, &day, None, Lang::En);
        let (nb, nc) = (g.ch(b).name.clone(), g.ch(c).name.clone());
        assert!(
            text.contains(&format!("{} (~~{nb}~~ → ~~{nc}~~ → abstain)", g.ch(a).name)),
            "{text}"
        );
        assert!(
            text.contains(&format!("**{nc}** — 1: {}", g.ch(d).name)),
            "{text}"
        );
        let day1 = history(&events, &g, 1, Lang::En).expect("day 1 opened");
        assert!(day1.contains(&format!("~~{nb}~~ → {nc}: two")), "{day1}");
        assert!(day1.contains(&format!("~~{nc}~~ → abstain")), "{day1}");
        assert!(history(&events, &g, 2, Lang::En).is_none());
    }

    #[test]
    fn names_cannot_break_the_markup() {
        assert_eq!(plain("a*b_c~d"), "a\\*b\\_c\\~d");
        assert_eq!(vote_count(1500), "1.5");
        assert_eq!(vote_count(2000), "2");
    }
}
