//! UNO's words (rules §5): colours, cards and the refusals of `uno::handle`, from the same
//! catalogs as everything else.

use uno::card::{Card, Color};
use uno::refusal::Refusal;

use crate::{text, Lang};

/// A colour's name: 红, red.
pub fn color_name(color: Color, lang: Lang) -> String {
    let id = match color {
        Color::Red => "uno-color-red",
        Color::Yellow => "uno-color-yellow",
        Color::Green => "uno-color-green",
        Color::Blue => "uno-color-blue",
    };
    text(lang, id, &[])
}

/// A card's name as players say it: 红5, 蓝+2, 黄暂停, 变色; red 5, blue +2, wild.
pub fn card_name(card: Card, lang: Lang) -> String {
    let colored = |id: &str, c: Color, extra: Vec<(&str, String)>| {
        let mut args = vec![("color", color_name(c, lang))];
        args.extend(extra);
        text(lang, id, &args)
    };
    match card {
        Card::Number(c, n) => colored("uno-card-number", c, vec![("number", n.to_string())]),
        Card::Skip(c) => colored("uno-card-skip", c, Vec::new()),
        Card::Reverse(c) => colored("uno-card-reverse", c, Vec::new()),
        Card::DrawTwo(c) => colored("uno-card-draw-two", c, Vec::new()),
        Card::Wild => text(lang, "uno-card-wild", &[]),
        Card::WildDrawFour => text(lang, "uno-card-wild-draw-four", &[]),
    }
}

/// Why a UNO move was refused, and what to do instead.
pub fn refusal(r: &Refusal, lang: Lang) -> String {
    let card = |c: &Card| card_name(*c, lang);
    match r {
        Refusal::NotYourTurn { turn } => {
            text(lang, "uno-err-not-your-turn", &[("turn", turn.clone())])
        }
        Refusal::CardNotInHand { card: c } => {
            text(lang, "uno-err-card-not-in-hand", &[("card", card(c))])
        }
        Refusal::CardNotPlayable {
            card: c,
            top,
            color,
        } => text(
            lang,
            "uno-err-card-not-playable",
            &[
                ("card", card(c)),
                ("top", card(top)),
                ("color", color_name(*color, lang)),
            ],
        ),
        Refusal::LastCardNotAllowed { card: c } => {
            text(lang, "uno-err-last-card-not-allowed", &[("card", card(c))])
        }
        Refusal::ColorRequired { card: c } => {
            text(lang, "uno-err-color-required", &[("card", card(c))])
        }
        Refusal::HasPlayableCard { playable } => {
            let sep = if lang.is_chinese() { "、" } else { ", " };
            let cards: Vec<String> = playable.iter().map(card).collect();
            text(
                lang,
                "uno-err-has-playable-card",
                &[("cards", cards.join(sep))],
            )
        }
        Refusal::NothingToCatch { target } => text(
            lang,
            "uno-err-nothing-to-catch",
            &[("target", target.clone())],
        ),
        Refusal::GameOver => text(lang, "uno-err-game-over", &[]),
        Refusal::Paused => text(lang, "uno-err-paused", &[]),
        Refusal::NotPaused => text(lang, "uno-err-not-paused", &[]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_and_refusals_are_worded_in_both_languages() {
        let blue2 = Card::DrawTwo(Color::Blue);
        assert_eq!(card_name(blue2, Lang::Zh), "蓝+2");
        assert_eq!(card_name(blue2, Lang::En), "blue +2");
        assert_eq!(card_name(Card::Skip(Color::Yellow), Lang::Zh), "黄暂停");
        assert_eq!(card_name(Card::Number(Color::Red, 5), Lang::En), "red 5");
        let r = Refusal::CardNotPlayable {
            card: Card::Number(Color::Red, 5),
            top: Card::Number(Color::Green, 7),
            color: Color::Green,
        };
        let zh = refusal(&r, Lang::Zh);
        assert!(
            zh.contains("红5") && zh.contains("绿7") && zh.contains("绿"),
            "{zh}"
        );
        let en = refusal(&r, Lang::En);
        assert!(en.contains("red 5") && en.contains("green 7"), "{en}");
        let has = Refusal::HasPlayableCard {
            playable: vec![Card::Wild, Card::Number(Color::Blue, 3)],
        };
        assert!(refusal(&has, Lang::Zh).contains("变色、蓝3"));
        // No catalog message is missing: a missing one would show its id.
        for r in [
            Refusal::NotYourTurn { turn: "A".into() },
            Refusal::CardNotInHand { card: Card::Wild },
            Refusal::LastCardNotAllowed { card: Card::Wild },
            Refusal::ColorRequired {
                card: Card::WildDrawFour,
            },
            Refusal::NothingToCatch { target: "B".into() },
            Refusal::GameOver,
            Refusal::Paused,
            Refusal::NotPaused,
        ] {
            for lang in Lang::ALL {
                let t = refusal(&r, lang);
                assert!(!t.contains("uno-"), "{t}");
            }
        }
    }
}
