//! Cards.

use engine::card::CardReason;
use engine::{Audience, CharId, Color, EventKind};

use crate::tests::{ev, game};
use crate::*;

/// A card only its target sees is said to "you", with the true reason (the missed
/// duty), while the public and the judge keep the third person.
#[test]
fn a_private_card_speaks_to_its_target() {
    let g = game("m32");
    let e = ev(EventKind::CardGiven {
        target: CharId(1),
        color: Color::Yellow,
        reason: CardReason::LeaderVoteMissing,
    });
    assert!(matches!(e.audience(), Audience::Character(_)));
    assert_eq!(
        render(&e, &g, Lang::Zh),
        "你收到一张黄牌：第一夜没有投票选狼头。"
    );
    assert_eq!(
        render(&e, &g, Lang::En),
        "You get a yellow card: did not vote for a wolf leader on the first night."
    );
    assert!(render_judge(&e, &g, Lang::Zh).starts_with("Bob 收到一张黄牌"));
    let public = ev(EventKind::CardGiven {
        target: CharId(1),
        color: Color::Yellow,
        reason: CardReason::NoVote { day: 1 },
    });
    assert!(render(&public, &g, Lang::Zh).starts_with("Bob 收到一张黄牌"));
}
