//! Texts a command shows on request (not events): the standing vote count, a player's view
//! of the game, the judge's full secret view, a player's role again.

use std::collections::BTreeMap;

use engine::{CharId, Event, EventKind, Game, Phase, Role};
use i18n::{self, Lang};

use super::{mention, Account};

fn t(lang: Lang, id: &str, args: &[(&str, String)]) -> String {
    i18n::text(lang, id, args)
}

use notify::tally::vote_count as votes_str;

/// The open day's standing count, the sheriff's weight shown.
pub fn votes(g: &Game, lang: Lang) -> String {
    let Some(d) = g.day().filter(|d| !d.closed) else {
        return t(lang, "view-no-vote", &[]);
    };
    let name = |c: CharId| g.ch(c).name.clone();
    let sheriff = g.sheriff().filter(|s| g.is_alive(*s));
    let mut lines = vec![t(
        lang,
        "view-votes-heading",
        &[
            ("day", d.day.to_string()),
            (
                "closes",
                i18n::time(d.closes, g.ruleset().options.time_zone),
            ),
            ("weight", votes_str(g.ruleset().sheriff_weight_milli())),
        ],
    )];
    let mut tally = g.tally(d);
    tally.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)));
    for (target, milli, _) in &tally {
        let voters: Vec<String> = d
            .ballots
            .iter()
            .filter(|(v, b)| b.target == Some(*target) && g.is_alive(**v))
            .map(|(v, _)| {
                if Some(*v) == sheriff {
                    format!("{}★", name(*v))
                } else {
                    name(*v)
                }
            })
            .collect();
        lines.push(format!(
            "{}: {} ({})",
            name(*target),
            votes_str(*milli),
            voters.join(", ")
        ));
    }
    let abstained: Vec<String> = d
        .ballots
        .iter()
        .filter(|(_, b)| b.target.is_none())
        .map(|(v, _)| name(*v))
        .collect();
    if !abstained.is_empty() {
        lines.push(t(
            lang,
            "view-abstained",
            &[("names", abstained.join(", "))],
        ));
    }
    let missing: Vec<String> = g
        .living()
        .into_iter()
        .filter(|c| !d.ballots.contains_key(c))
        .filter(|c| d.round == 0 || d.voters.contains(c))
        .map(name)
        .collect();
    lines.push(t(lang, "view-not-voted", &[("names", missing.join(", "))]));
    lines.join("\n")
}

/// What everyone may know: phase and its deadline, sheriff, the living and the dead.
pub fn status(g: &Game, me: Option<CharId>, lang: Lang) -> String {
    let name = |c: CharId| g.ch(c).name.clone();
    let mut lines = vec![t(
        lang,
        "view-phase",
        &[
            ("phase", i18n::phase_name(g.phase(), lang)),
            (
                "due",
                g.next_deadline()
                    .map(|t| i18n::time(t, g.ruleset().options.time_zone))
                    .unwrap_or_else(|| "—".into()),
            ),
        ],
    )];
    if g.paused().is_some() {
        lines.push(t(lang, "ev-paused", &[]));
    }
    if let Some(s) = g.sheriff() {
        lines.push(t(lang, "view-sheriff", &[("name", name(s))]));
    }
    let living: Vec<String> = g.living().into_iter().map(name).collect();
    lines.push(t(lang, "view-living", &[("names", living.join(", "))]));
    let dead: Vec<String> = g.ids().filter(|c| !g.is_alive(*c)).map(name).collect();
    if !dead.is_empty() {
        lines.push(t(lang, "view-dead", &[("names", dead.join(", "))]));
    }
    if let Some(me) = me {
        lines.push(t(
            lang,
            "view-you",
            &[
                ("name", name(me)),
                ("role", i18n::role_name(g.ch(me).role, lang)),
            ],
        ));
    }
    lines.join("\n")
}

/// Everything, for the judge: every seat's account, role, life and cards; the night so far.
pub fn judge_status(g: &Game, seats: &BTreeMap<u16, Account>, lang: Lang) -> String {
    let name = |c: CharId| g.ch(c).name.clone();
    let mut lines = vec![status(g, None, lang)];
    for c in g.ids() {
        let ch = g.ch(c);
        let cards = format!("{}/{}/{}", ch.cards.blue, ch.cards.yellow, ch.cards.red);
        lines.push(format!(
            "{} {} — {} — {}{}",
            if ch.alive { "●" } else { "○" },
            name(c),
            seats.get(&c.0).map(|a| mention(*a)).unwrap_or_default(),
            i18n::role_name(ch.role, lang),
            t(lang, "view-cards", &[("cards", cards)]),
        ));
    }
    lines.extend(at_risk(g, lang));
    if let (Phase::Night { .. }, Some(n)) = (g.phase(), g.night()) {
        for (by, s) in &n.kills {
            lines.push(t(
                lang,
                "view-kill-submitted",
                &[("by", name(*by)), ("target", name(s.target))],
            ));
        }
        if let Some(l) = g.leader() {
            lines.push(t(lang, "view-leader", &[("name", name(l))]));
        }
        lines.push(t(
            lang,
            "view-potions",
            &[
                ("antidote", g.antidote().to_string()),
                ("poison", g.poison().to_string()),
            ],
        ));
    }
    lines.join("\n")
}

/// While a day is open, the characters its close would card automatically as things stand
/// (the forum-features work): each with its posts today against the posts needed, and whether it has not
/// voted; or why nobody is (no automatic cards in this game, or after the speed-up). Nothing
/// outside an open day. What it tells is public (posts and votes are), but the list is the
/// judge's.
pub fn at_risk(g: &Game, lang: Lang) -> Vec<String> {
    let Some(d) = g.day().filter(|d| !d.closed && d.round == 0) else {
        return Vec::new();
    };
    if !matches!(g.phase(), Phase::Day { .. }) || g.ended() {
        return Vec::new();
    }
    if !g.ruleset().options.auto_cards {
        return vec![t(lang, "view-at-risk-off", &[])];
    }
    if g.sped_up() {
        return vec![t(lang, "view-at-risk-speedup", &[])];
    }
    let risks = g.at_risk();
    if risks.is_empty() {
        return vec![t(lang, "view-at-risk-none", &[])];
    }
    notify::at_risk_lines(g, &risks, d.closes, lang)
}

/// A player's role again, as first told.
pub fn role(g: &Game, me: CharId, lang: Lang) -> String {
    let role = g.ch(me).role;
    let team = if role.is_wolfish() || role == Role::Police {
        g.ids()
            .filter(|c| *c != me && g.ch(*c).role == role)
            .collect()
    } else {
        Vec::new()
    };
    let e = Event {
        at: g.clock(),
        kind: EventKind::RoleTold {
            character: me,
            role,
            team,
        },
    };
    i18n::render(&e, g, lang)
}
