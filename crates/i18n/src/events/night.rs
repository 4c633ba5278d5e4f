//! The night's events: its opening, the wolves' leader and kill, the witch, the seer, the
//! police, and the night's end.

use engine::ruleset::Kind;
use engine::{CharId, EventKind, Game};

use super::misrouted;
use crate::catalog::{args, yes};
use crate::context::Ctx;

/// One of this part's events as text (`render_view` gives it no other).
pub(super) fn render(c: &Ctx, kind: &EventKind) -> String {
    let o = &c.g.ruleset().options;
    let werewolf = c.g.kind() == Kind::Werewolf;
    use EventKind as K;
    match kind {
        K::NightOpened {
            night,
            wolves_until,
            witch_until,
        } => c.t(
            if werewolf {
                "ev-night-opened-werewolf"
            } else {
                "ev-night-opened-mafia"
            },
            args![
                "night" => *night,
                "wolves" => c.time(*wolves_until),
                "witch" => c.time(*witch_until),
            ],
        ),
        K::LeaderVoted { by, target } => c.t(
            "ev-leader-voted",
            args!["by" => c.name(*by), "target" => c.name(*target)],
        ),
        K::LeaderElected { leader, draw } => match draw {
            Some(d) => c.t(
                "ev-leader-elected-drawn",
                args!["name" => c.name(*leader), "draw" => *d],
            ),
            None => c.t("ev-leader-elected", args!["name" => c.name(*leader)]),
        },
        K::KillSubmitted { by, target, reason } => {
            let what = c.t(
                if werewolf {
                    "ev-kill-submitted"
                } else {
                    "ev-kill-submitted-mafia"
                },
                args!["by" => c.name(*by), "target" => c.name(*target)],
            );
            c.reasoned(what, reason)
        }
        K::KillFixed { target, picked_by } => match (target, picked_by) {
            (None, _) => c.t0(if werewolf {
                "ev-kill-none"
            } else {
                "ev-kill-none-mafia"
            }),
            (Some(t), Some(l)) => c.t(
                "ev-kill-picked",
                args!["leader" => c.name(*l), "target" => c.name(*t)],
            ),
            (Some(t), None) => c.t(
                if !werewolf {
                    "ev-kill-majority-mafia"
                } else if o.wolf_leader {
                    "ev-kill-fallback"
                } else {
                    "ev-kill-majority"
                },
                args!["target" => c.name(*t), "tie" => yes(kill_was_tied(c.g, *t))],
            ),
        },
        K::WitchTold { target, .. } => {
            let told = match target {
                Some(t) => c.t(
                    "ev-witch-told",
                    args![
                        "target" => c.name(*t),
                        "selfsave" => yes(c.g.night().is_some_and(|n| {
                            o.witch_self_save.allows(n.night)
                        })),
                    ],
                ),
                // The antidote never comes back: if she still holds it, she held it then,
                // and nobody being named means nobody was attacked.
                None if c.g.antidote() => c.t0("ev-witch-told-no-kill"),
                None => c.t0("ev-witch-not-told"),
            };
            // By when: she may be told long after nightfall, when the wolves are done.
            match c.g.night() {
                Some(n) => {
                    let until = c.t("ev-witch-until", args!["until" => c.time(n.witch_until)]);
                    format!("{told}\n{until}")
                }
                None => told,
            }
        }
        K::WitchSaved { target, .. } => c.t("ev-witch-saved", args!["target" => c.name(*target)]),
        K::WitchPoisoned { target, .. } => {
            c.t("ev-witch-poisoned", args!["target" => c.name(*target)])
        }
        K::WitchPassed { .. } => c.t0("ev-witch-passed"),
        K::SeerChecked {
            target, village, ..
        } => c.t(
            if *village {
                "ev-seer-village"
            } else {
                "ev-seer-not-village"
            },
            args!["target" => c.name(*target)],
        ),
        K::CheckSubmitted { by, target } => c.t(
            "ev-check-submitted",
            args!["by" => c.name(*by), "target" => c.name(*target)],
        ),
        K::PoliceResult { target, role } => c.t(
            "ev-police-result",
            args!["target" => c.name(*target), "role" => c.role(*role)],
        ),
        K::WolvesClosed => c.t0("ev-wolves-closed"),
        K::NightEnded { night } => c.t("ev-night-ended", args!["night" => *night]),
        _ => misrouted(),
    }
}

/// Whether the night's kill, fixed without a leader's pick, was an even split among the
/// submissions (then the earliest submitted of the tied targets was taken, and the text
/// must say so instead of "by majority").
fn kill_was_tied(g: &Game, target: CharId) -> bool {
    let Some(n) = g.night() else {
        return false;
    };
    let mut count: std::collections::BTreeMap<CharId, usize> = Default::default();
    for s in n.kills.values() {
        *count.entry(s.target).or_default() += 1;
    }
    let mine = count.get(&target).copied().unwrap_or(0);
    count.iter().any(|(t, k)| *t != target && *k >= mine)
}
