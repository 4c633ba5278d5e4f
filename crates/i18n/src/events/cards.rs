//! Cards: given (and why) and converted. A card only its target sees is said to "you".

use engine::card::{CardReason, MandatoryAction};
use engine::{Audience, Color, Event, EventKind};

use super::misrouted;
use crate::catalog::args;
use crate::context::Ctx;

/// One of this part's events as text (`render_view` gives it no other); `judge`: for the
/// judge's log, with the true reason of a card.
pub(super) fn render(c: &Ctx, event: &Event, judge: bool) -> String {
    let o = &c.g.ruleset.options;
    use EventKind as K;
    match &event.kind {
        K::CardGiven {
            target,
            color,
            reason,
        } => {
            // A card only its target sees (one whose reason would name a wolf) is a DM: said
            // to "you", with the true reason, which the offender knows anyway.
            let dm = !judge && matches!(event.audience(), Audience::Character(_));
            let reason = card_reason(c, reason, judge || dm);
            c.t(
                if dm { "ev-card-you" } else { "ev-card" },
                args!["name" => c.name(*target), "color" => c.color(*color), "reason" => reason],
            )
        }
        K::CardsConverted {
            target, from, to, ..
        } => {
            let count = match from {
                Color::Blue => o.blues_per_yellow,
                _ => o.yellows_per_red,
            };
            // A private conversion (of a card only its target saw) is a DM, said to "you".
            let dm = !judge && matches!(event.audience(), Audience::Character(_));
            c.t(
                if dm {
                    "ev-cards-converted-you"
                } else {
                    "ev-cards-converted"
                },
                args![
                    "name" => c.name(*target),
                    "count" => count,
                    "from" => c.color(*from),
                    "to" => c.color(*to),
                ],
            )
        }
        _ => misrouted(),
    }
}

/// Why a card was given. Publicly, cards for the wolves' own duties (the leader vote, the
/// leader hand-over) are only "a mandatory action", so they do not reveal a wolf.
pub(super) fn card_reason(c: &Ctx, reason: &CardReason, judge: bool) -> String {
    match reason {
        CardReason::Judge { text } => c.t("card-reason-judge", args!["text" => text.as_str()]),
        CardReason::NoVote { day } => c.t("card-reason-no-vote", args!["day" => *day]),
        CardReason::FewPosts { day, posts, min } => c.t(
            "card-reason-few-posts",
            args!["day" => *day, "posts" => *posts, "min" => *min],
        ),
        CardReason::LurkStreak { day, days, min } => c.t(
            "card-reason-lurk-streak",
            args!["day" => *day, "days" => *days, "min" => *min],
        ),
        CardReason::MissedAction {
            what: MandatoryAction::PassBadge,
        } => c.t0("card-reason-pass-badge"),
        CardReason::LeaderVoteMissing if judge => c.t0("card-reason-leader-vote-judge"),
        CardReason::MissedAction {
            what: MandatoryAction::PassLeader,
        } if judge => c.t0("card-reason-pass-leader-judge"),
        CardReason::LeaderVoteMissing
        | CardReason::MissedAction {
            what: MandatoryAction::PassLeader,
        } => c.t0("card-reason-mandatory"),
    }
}
