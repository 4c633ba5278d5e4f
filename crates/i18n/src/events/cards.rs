//! Cards: given (and why) and converted. A card only its target sees is said to "you".

use engine::card::{CardReason, MandatoryAction};
use engine::{Audience, Color, Event, EventKind, Game};

use super::misrouted;
use crate::catalog::{args, lookup_or_mark};
use crate::context::Ctx;
use crate::names::player_label;
use crate::Lang;

/// One of this part's events as text (`render_view` gives it no other); `judge`: for the
/// judge's log, with the true reason of a card.
pub(super) fn render(c: &Ctx, event: &Event, judge: bool) -> String {
    let o = &c.g.ruleset().options;
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
    reason_text(reason, c.lang, judge)
}

/// Why a card was given, in `lang` ([`card_reason`]; `judge`: the true reason of a card
/// for a wolf's duty), without a game: a member's record across games shows it.
pub fn reason_text(reason: &CardReason, lang: Lang, judge: bool) -> String {
    let t = |id: &str, a| lookup_or_mark(lang, id, &a);
    match reason {
        CardReason::Judge { text } => t("card-reason-judge", args!["text" => text.as_str()]),
        CardReason::NoVote { day } => t("card-reason-no-vote", args!["day" => *day]),
        CardReason::FewPosts { day, posts, min } => t(
            "card-reason-few-posts",
            args!["day" => *day, "posts" => *posts, "min" => *min],
        ),
        CardReason::LurkStreak { day, days, min } => t(
            "card-reason-lurk-streak",
            args!["day" => *day, "days" => *days, "min" => *min],
        ),
        CardReason::MissedAction {
            what: MandatoryAction::PassBadge,
        } => t("card-reason-pass-badge", args![]),
        CardReason::LeaderVoteMissing if judge => t("card-reason-leader-vote-judge", args![]),
        CardReason::MissedAction {
            what: MandatoryAction::PassLeader,
        } if judge => t("card-reason-pass-leader-judge", args![]),
        CardReason::LeaderVoteMissing
        | CardReason::MissedAction {
            what: MandatoryAction::PassLeader,
        } => t("card-reason-mandatory", args![]),
    }
}

/// The red cards of game `g` that go on its players' records (given, or made of yellows),
/// with who received them and why, for the judge's log at the end (`None`: there were
/// none).
pub fn record_reds(g: &Game, lang: Lang) -> Option<String> {
    let c = Ctx { g, lang };
    let lines: Vec<String> = g
        .deeds()
        .iter()
        .filter_map(|d| {
            let card = d.card.as_ref().filter(|n| n.color == Color::Red)?;
            let target = d.target?;
            let reason = match (&card.reason, card.from) {
                (Some(r), _) => card_reason(&c, r, true),
                (None, from) => c.t(
                    "record-reds-converted",
                    args!["from" => c.color(from.unwrap_or(Color::Yellow))],
                ),
            };
            Some(c.t(
                "record-reds-line",
                args![
                    "name" => c.name(target),
                    "player" => player_label(&g.ch(target).player),
                    "reason" => reason,
                ],
            ))
        })
        .collect();
    if lines.is_empty() {
        return None;
    }
    let title = c.t("record-reds-title", args!["count" => lines.len()]);
    Some(
        std::iter::once(title)
            .chain(lines)
            .collect::<Vec<_>>()
            .join("\n"),
    )
}
