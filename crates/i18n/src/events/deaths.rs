//! Deaths and what follows them: eliminations (the public never tells a night kill from a
//! poisoning), last words, and the decisions a death opens: the hunter's shot, the badge's
//! and the leadership's hand-over.

use engine::event::{Cause, DecisionKind};
use engine::ruleset::Kind;
use engine::{CharId, EventKind};

use super::misrouted;
use crate::catalog::{args, yes};
use crate::context::Ctx;

/// One of this part's events as text (`render_view` gives it no other); `judge`: for the
/// judge's log, with the true cause of a death.
pub(super) fn render(c: &Ctx, kind: &EventKind, judge: bool) -> String {
    let werewolf = c.g.kind() == Kind::Werewolf;
    use EventKind as K;
    match kind {
        K::Eliminated {
            character,
            cause,
            when,
        } => {
            let a = args!["name" => c.name(*character), "phase" => c.phase(*when)];
            c.t(
                match (cause, judge) {
                    (Cause::Vote, _) => "ev-out-vote",
                    (Cause::NightKill, true) if werewolf => "ev-out-night-kill-judge",
                    (Cause::NightKill, true) => "ev-out-night-kill-judge-mafia",
                    (Cause::Poison, true) => "ev-out-poison-judge",
                    // The public must not learn whether the witch acted.
                    (Cause::NightKill | Cause::Poison, false) => "ev-out-night",
                    (Cause::Shot, _) => "ev-out-shot",
                    (Cause::RedCard, _) => "ev-out-red-card",
                    (Cause::Judge, _) => "ev-out-judge",
                    (Cause::SelfDestruct, _) => "ev-out-self-destruct",
                    (Cause::Taken, _) => "ev-out-taken",
                    (Cause::Duel, _) => "ev-out-duel",
                },
                a,
            )
        }
        K::LastWordsGranted { due_day, .. } => {
            c.t("ev-last-words-granted", args!["day" => *due_day])
        }
        K::LastWordsGiven { character, text } => {
            match c.g.grants().iter().find(|g| g.character == *character) {
                Some(g) => c.t(
                    "ev-last-words-given",
                    args!["day" => g.due_day, "text" => text.as_str()],
                ),
                None => c.t("ev-last-words-given-later", args!["text" => text.as_str()]),
            }
        }
        K::DecisionOpened { kind, until, .. } => {
            let until = c.time(*until);
            match kind {
                DecisionKind::Shoot => c.t("ev-decide-shoot", args!["until" => until]),
                DecisionKind::Badge => c.t(
                    "ev-decide-badge",
                    args!["until" => until, "card" => yes(c.cards_automatic())],
                ),
                DecisionKind::Leader => c.t(
                    "ev-decide-leader",
                    args!["until" => until, "card" => yes(c.cards_automatic())],
                ),
            }
        }
        K::Shot { hunter, target } => c.t(
            "ev-shot",
            args!["hunter" => c.name(*hunter), "target" => c.name(*target)],
        ),
        K::DecisionLapsed { kind, character } => c.t(
            match kind {
                DecisionKind::Shoot => "ev-lapsed-shoot",
                DecisionKind::Badge => "ev-lapsed-badge",
                DecisionKind::Leader => "ev-lapsed-leader",
            },
            args!["name" => c.name(*character)],
        ),
        K::ShotDeclined { hunter } => c.t("ev-shot-declined", args!["name" => c.name(*hunter)]),
        K::BadgePassed { from, to, draw } => passed(c, "badge", *from, *to, *draw),
        K::LeaderPassed { from, to, draw } => passed(c, "leader", *from, *to, *draw),
        _ => misrouted(),
    }
}

/// A badge or leadership hand-over: named by the holder, drawn at random, or just given.
fn passed(c: &Ctx, what: &str, from: Option<CharId>, to: CharId, draw: Option<u64>) -> String {
    match (from, draw) {
        (_, Some(d)) => c.t(
            &format!("ev-{what}-drawn"),
            args!["to" => c.name(to), "draw" => d],
        ),
        (Some(f), None) => c.t(
            &format!("ev-{what}-passed"),
            args!["from" => c.name(f), "to" => c.name(to)],
        ),
        (None, None) => c.t(&format!("ev-{what}-given"), args!["to" => c.name(to)]),
    }
}
