//! The day's events: the opening post (with the deaths since the last one), posts, votes
//! and the close's tally, the sheriff, speed-ups, and the idiot's reveal.

use engine::event::NoOut;
use engine::ruleset::Kind;
use engine::{CharId, EventKind, Phase};
use fluent_bundle::FluentValue;

use super::misrouted;
use crate::catalog::{args, yes};
use crate::context::Ctx;

/// One of this part's events as text (`render_view` gives it no other).
pub(super) fn render(c: &Ctx, kind: &EventKind) -> String {
    let o = &c.g.ruleset().options;
    let werewolf = c.g.kind() == Kind::Werewolf;
    use EventKind as K;
    match kind {
        K::DayOpened {
            day,
            round,
            closes,
            deaths,
            sheriff,
            alive,
            last_words,
            candidates,
            voters,
        } => {
            let mut lines = Vec::new();
            if *round == 0 {
                lines.push(c.t("ev-day-title", args!["day" => *day]));
                lines.extend(day_deaths(c, *day, deaths));
            } else {
                lines.push(c.t(
                    "ev-day-round-title",
                    args!["day" => *day, "round" => *round],
                ));
            }
            if werewolf && o.sheriff {
                lines.push(match sheriff {
                    Some(s) => c.t("ev-day-sheriff", args!["name" => c.name(*s)]),
                    None => c.t0("ev-day-no-sheriff"),
                });
            }
            lines.push(c.t(
                "ev-day-alive",
                args!["count" => alive.len(), "names" => c.names(alive)],
            ));
            if !last_words.is_empty() {
                lines.push(c.t0("ev-day-last-words"));
                for (who, text) in last_words {
                    lines.push(c.t(
                        "ev-day-last-word",
                        args!["name" => c.name(*who), "text" => text.as_str()],
                    ));
                }
            }
            if *round > 0 {
                lines.push(c.t("ev-day-candidates", args!["names" => c.names(candidates)]));
                if !voters.is_empty() {
                    lines.push(c.t("ev-day-voters", args!["names" => c.names(voters)]));
                }
            } else if werewolf && o.sheriff && *day == 1 {
                lines.push(c.t0("ev-day-vote-sheriff"));
            } else if werewolf && o.sheriff {
                lines.push(c.t(
                    "ev-day-vote-out-sheriff",
                    args!["weight" => votes(c.g.ruleset().sheriff_weight_milli())],
                ));
            } else {
                lines.push(c.t0("ev-day-vote-out"));
            }
            lines.push(c.t(
                "ev-day-vote-rules",
                args!["changes" => o.vote_changes, "lock" => c.dur(o.vote_lock.0)],
            ));
            lines.push(c.t("ev-day-closes", args!["closes" => c.time(*closes)]));
            lines.join("\n")
        }
        K::Posted { by, text, .. } => c.t(
            "ev-posted",
            args!["name" => c.name(*by), "text" => text.as_str()],
        ),
        K::VoteCast {
            by,
            target,
            reason,
            change,
            proxy,
        } => {
            let vote = match (target, change) {
                (Some(t), false) => c.t(
                    "ev-vote",
                    args!["by" => c.name(*by), "target" => c.name(*t)],
                ),
                (Some(t), true) => c.t(
                    "ev-vote-change",
                    args!["by" => c.name(*by), "target" => c.name(*t)],
                ),
                (None, false) => c.t("ev-vote-abstain", args!["by" => c.name(*by)]),
                (None, true) => c.t("ev-vote-abstain-change", args!["by" => c.name(*by)]),
            };
            let vote = if *proxy {
                c.t("ev-vote-proxy", args!["vote" => vote])
            } else {
                vote
            };
            c.reasoned(vote, reason)
        }
        K::VoteClosed { day, round, tally } => {
            let phase = c.phase(Phase::Day {
                day: *day,
                round: *round,
            });
            if tally.is_empty() {
                return c.t("ev-vote-closed-empty", args!["phase" => phase]);
            }
            let mut sorted = tally.clone();
            sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            let entries = sorted
                .iter()
                .map(|(who, w)| {
                    c.t(
                        "ev-tally-entry",
                        args!["name" => c.name(*who), "votes" => votes(*w)],
                    )
                })
                .collect();
            c.t(
                "ev-vote-closed",
                args!["phase" => phase, "tally" => c.join(entries)],
            )
        }
        K::SheriffElected { sheriff } => match sheriff {
            Some(s) => c.t(
                "ev-sheriff-elected",
                args![
                    "name" => c.name(*s),
                    "weight" => votes(c.g.ruleset().sheriff_weight_milli()),
                ],
            ),
            None => c.t0("ev-sheriff-none"),
        },
        K::NobodyOut { reason } => c.t0(match reason {
            NoOut::NoVotes => "ev-nobody-out-no-votes",
            NoOut::Tie => "ev-nobody-out-tie",
        }),
        K::SpeedupRequested { by, count, needed } => c.t(
            "ev-speedup-requested",
            args!["name" => c.name(*by), "count" => *count, "needed" => *needed],
        ),
        K::SpedUp => c.t(
            "ev-sped-up",
            args![
                "length" => c.dur(o.speedup_day_length.0),
                "cards" => yes(o.auto_cards),
            ],
        ),
        K::DayCut { day } => c.t("ev-day-cut", args!["day" => *day]),
        K::IdiotRevealed { idiot } => c.t("ev-idiot-revealed", args!["name" => c.name(*idiot)]),
        _ => misrouted(),
    }
}

/// The opening post's deaths, split as a judge announces them: by the night and the day
/// they happened in ("第 2 夜出局：…" / "第 2 夜平安夜"; "第 2 天无人出局"), each in order.
/// The phase of a death is public (night deaths are announced together, without causes).
fn day_deaths(c: &Ctx, day: u32, deaths: &[CharId]) -> Vec<String> {
    let werewolf = c.g.kind() == Kind::Werewolf;
    let when = |d: CharId| {
        c.g.eliminations()
            .iter()
            .rev()
            .find(|(who, _, _)| *who == d)
            .map(|(_, _, p)| *p)
    };
    // The day before this one (none before day 1), and the night just before it (M32's
    // day 1 follows no night; Mafia's follows night 1).
    let prev_day = day.checked_sub(1).filter(|d| *d > 0);
    let night = if werewolf { prev_day } else { Some(day) };
    let (mut on_day, mut at_night, mut other) = (Vec::new(), Vec::new(), Vec::new());
    for d in deaths {
        match when(*d) {
            Some(Phase::Day { day: k, .. }) if Some(k) == prev_day => on_day.push(*d),
            Some(Phase::Night { night: k }) if Some(k) == night => at_night.push(*d),
            _ => other.push(*d),
        }
    }
    let mut lines = Vec::new();
    if let Some(k) = prev_day {
        lines.push(if on_day.is_empty() {
            c.t("ev-day-nobody-out", args!["day" => k])
        } else {
            c.t(
                "ev-day-out-on-day",
                args!["day" => k, "names" => c.names(&on_day), "count" => on_day.len()],
            )
        });
    }
    if let Some(k) = night {
        lines.push(if at_night.is_empty() {
            c.t("ev-day-peaceful-night", args!["night" => k])
        } else {
            c.t(
                "ev-day-out-at-night",
                args!["night" => k, "names" => c.names(&at_night), "count" => at_night.len()],
            )
        });
    }
    // Anything else (a removal while paused between phases, say): still listed, in order.
    if !other.is_empty() {
        lines.push(c.t(
            "ev-day-deaths",
            args!["names" => c.names(&other), "count" => other.len()],
        ));
    }
    lines
}

/// Vote weights are kept in thousandths: 1500 → 1.5.
fn votes(milli: i64) -> FluentValue<'static> {
    FluentValue::from(milli as f64 / 1000.0)
}
