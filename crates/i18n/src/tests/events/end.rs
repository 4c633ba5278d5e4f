//! The end and the reveal.

use engine::event::{EndReason, WinCondition};
use engine::{CharId, Event, EventKind, Winner};

use crate::tests::{ev, game};
use crate::*;

#[test]
fn reveal_has_seed_and_verification() {
    let g = game("m32");
    let e = ev(EventKind::Revealed {
        seed: engine::rng::Seed::U64(18_446_744_073_709_551_614),
        commitment: "cafe".into(),
        roles: g.chars().iter().map(|ch| ch.role).collect(),
        players: g.chars().iter().map(|ch| ch.player.clone()).collect(),
        deeds: vec![],
        tree_holes: vec![(CharId(1), "Ann is sus".into())],
    });
    for lang in Lang::ALL {
        let s = render(&e, &g, lang);
        assert!(s.contains("18446744073709551614"), "{s}");
        assert!(s.contains("cafe") && s.contains("Ann is sus"), "{s}");
        for ch in g.chars() {
            assert!(s.contains(&role_name(ch.role, lang)), "{s}");
        }
    }
}

/// A real game's 256-bit seed is revealed as its 64 hex digits, with how to check it: the
/// SHA-256 of its 32 bytes (not of eight little-endian bytes).
#[test]
fn the_reveal_of_a_256_bit_seed_gives_its_hex_and_how_to_check_it() {
    let g = game("m32");
    let bytes: [u8; 32] = std::array::from_fn(|i| i as u8);
    let e = ev(EventKind::Revealed {
        seed: engine::rng::Seed::Bytes(bytes),
        commitment: "cafe".into(),
        roles: g.chars().iter().map(|ch| ch.role).collect(),
        players: g.chars().iter().map(|ch| ch.player.clone()).collect(),
        deeds: vec![],
        tree_holes: vec![],
    });
    let hex = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    let en = render(&e, &g, Lang::En);
    assert!(en.contains(&format!("Random seed: {hex}")), "{en}");
    assert!(en.contains("sha256 of the seed's 32 bytes"), "{en}");
    assert!(!en.contains("little-endian"), "{en}");
    let zh = render(&e, &g, Lang::Zh);
    assert!(zh.contains(hex) && zh.contains("32 个字节"), "{zh}");
    assert!(!zh.contains("小端"), "{zh}");
}

/// The reveal's verification line is in the game's language: no English sentence in the
/// Chinese one (only the command to paste, in backticks).
#[test]
fn the_chinese_reveal_explains_verification_in_chinese() {
    let g = game("m32");
    let e = ev(EventKind::Revealed {
        seed: engine::rng::Seed::U64(7),
        commitment: "cafe".into(),
        roles: g.chars().iter().map(|ch| ch.role).collect(),
        players: g.chars().iter().map(|ch| ch.player.clone()).collect(),
        deeds: vec![],
        tree_holes: vec![],
    });
    let zh = render(&e, &g, Lang::Zh);
    let verify = zh.lines().last().unwrap_or_default();
    let outside_code: String = verify.split('`').step_by(2).collect();
    assert!(
        outside_code.contains("SHA-256") && outside_code.contains("小端"),
        "{verify}"
    );
    for word in ["seed", "bytes", "must", "commitment", "little"] {
        assert!(
            !outside_code.contains(word),
            "English `{word}` in: {verify}"
        );
    }
    assert!(verify.contains("`wolfjudge verify game.json --commitment cafe`"));
    let en = render(&e, &g, Lang::En);
    assert!(
        en.contains("sha256 of the seed's 8 little-endian bytes"),
        "{en}"
    );
    // Not anonymous (names are the players): each name once, no "Ann（玩家 Ann）".
    assert!(zh.contains("\nAnn：") && !zh.contains("玩家 Ann"), "{zh}");
}

/// The end names the condition that held, per ruleset; an event recorded before the
/// condition was kept still reads (generically).
#[test]
fn the_end_says_which_condition_held() {
    let end = |winner, condition| {
        ev(EventKind::GameEnded {
            winner: Some(winner),
            reason: EndReason::Condition,
            condition: Some(condition),
        })
    };
    let g = game("m32");
    let cases = [
        (
            Winner::Village,
            WinCondition::WolvesOut,
            "游戏结束：狼人全部出局，好人阵营获胜。",
            "Game over: all the wolves are out. Winner: the village.",
        ),
        (
            Winner::Wolves,
            WinCondition::WolvesHalf,
            "游戏结束：存活狼人达到存活人数的一半，狼人阵营获胜。",
            "Game over: the living wolves are half of the living characters. Winner: the wolves.",
        ),
        (
            Winner::Wolves,
            WinCondition::GodsOut,
            "游戏结束：神职（预言家、女巫、猎人）全部出局，狼人阵营获胜。",
            "Game over: the seer, the witch and the hunter are all out. Winner: the wolves.",
        ),
        (
            Winner::Wolves,
            WinCondition::VillagersOut,
            "游戏结束：村民全部出局，狼人阵营获胜。",
            "Game over: all the villagers are out. Winner: the wolves.",
        ),
    ];
    for (w, cond, zh, en) in cases {
        assert_eq!(render(&end(w, cond), &g, Lang::Zh), zh);
        assert_eq!(render(&end(w, cond), &g, Lang::En), en);
    }
    let m = game("mafia");
    assert_eq!(
        render(&end(Winner::Draw, WinCondition::CiviliansOut), &m, Lang::Zh),
        "游戏结束：平民全部出局，平局。"
    );
    assert_eq!(
        render(&end(Winner::Draw, WinCondition::CiviliansOut), &m, Lang::En),
        "Game over: all the civilians are out. The game is a draw."
    );
    assert_eq!(
        render(&end(Winner::Killers, WinCondition::PoliceOut), &m, Lang::Zh),
        "游戏结束：警察全部出局，杀手阵营获胜。"
    );
    // An old export: `condition` absent from the JSON.
    let mut json =
        serde_json::to_value(end(Winner::Wolves, WinCondition::GodsOut)).expect("serializes");
    assert_eq!(json["condition"], "gods_out");
    if let Some(o) = json.as_object_mut() {
        o.remove("condition");
    }
    let old: Event = serde_json::from_value(json).expect("an end without a condition reads");
    assert!(matches!(
        old.kind,
        EventKind::GameEnded {
            condition: None,
            ..
        }
    ));
    assert_eq!(
        render(&old, &g, Lang::Zh),
        "游戏结束：达成胜利条件，狼人阵营获胜。"
    );
}
