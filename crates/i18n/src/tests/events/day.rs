//! The day's wording: the opening post, votes, the close, deaths.

use engine::card::CardReason;
use engine::event::Cause;
use engine::{Audience, CharId, Color, EventKind, Phase, Role};

use crate::tests::{at, ev, game};
use crate::*;

#[test]
fn day_opened_lists_deaths_in_order_without_roles() {
    let g = game("m32");
    let e = ev(EventKind::DayOpened {
        day: 2,
        round: 0,
        closes: at(),
        deaths: vec![CharId(4), CharId(3)],
        sheriff: Some(CharId(0)),
        alive: g.living(),
        last_words: vec![(CharId(4), "trust Ann".into())],
        candidates: vec![],
        voters: vec![],
    });
    for lang in Lang::ALL {
        let s = render(&e, &g, lang);
        let (eve, dan) = (s.find("Eve").unwrap(), s.find("Dan").unwrap());
        assert!(eve < dan, "deaths in order: {s}");
        assert!(
            s.contains("trust Ann") && s.contains("2026-12-02 20:00 UTC"),
            "{s}"
        );
        for r in Role::ALL {
            assert!(
                !s.to_lowercase()
                    .contains(&role_name(r, lang).to_lowercase()),
                "{s}"
            );
        }
    }
}

#[test]
fn votes_and_deaths_read_right() {
    let g = game("m32");
    let vote = ev(EventKind::VoteCast {
        by: CharId(0),
        target: Some(CharId(4)),
        reason: "quiet".into(),
        change: false,
        proxy: false,
    });
    assert_eq!(render(&vote, &g, Lang::Zh), "Ann 投票给 Eve，理由：quiet");
    assert_eq!(
        render(&vote, &g, Lang::En),
        "Ann votes for Eve — reason: quiet"
    );
    let closed = ev(EventKind::VoteClosed {
        day: 2,
        round: 0,
        tally: vec![(CharId(0), 1000), (CharId(4), 1500)],
    });
    assert_eq!(
        render(&closed, &g, Lang::En),
        "The day 2 vote has closed. Votes: Eve 1.5 votes, Ann 1 vote"
    );
    assert_eq!(
        render(&closed, &g, Lang::Zh),
        "第 2 天投票结束。得票：Eve 1.5 票、Ann 1 票"
    );
    for cause in [Cause::NightKill, Cause::Poison] {
        let out = ev(EventKind::Eliminated {
            character: CharId(1),
            cause,
            when: Phase::Night { night: 1 },
        });
        assert_eq!(render(&out, &g, Lang::En), "Bob died during the night.");
        assert_eq!(render(&out, &g, Lang::Zh), "Bob 在夜里出局。");
    }
    let poisoned = ev(EventKind::Eliminated {
        character: CharId(1),
        cause: Cause::Poison,
        when: Phase::Night { night: 1 },
    });
    assert!(render_judge(&poisoned, &g, Lang::En).contains("poisoned"));
    let card = ev(EventKind::CardGiven {
        target: CharId(1),
        color: Color::Yellow,
        reason: CardReason::LeaderVoteMissing,
    });
    // A card that would name a wolf is never public: only its target reads it, as "you".
    assert_eq!(card.audience(), Audience::Character(CharId(1)));
    assert!(render(&card, &g, Lang::En).starts_with("You get a yellow card"));
    assert!(render_judge(&card, &g, Lang::En).contains("leader"));
}
