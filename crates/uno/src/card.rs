//! The cards (docs/rules.md §5 *Cards*): four colours, number cards 0–9, the three coloured
//! action cards (skip, reverse, draw two) and the two black ones (wild, wild draw four),
//! written in the script notation (`r5`, `yskip`, `greverse`, `b+2`, `wild`, `+4`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A card's colour, and the colour in force on the discard pile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Color {
    Red,
    Yellow,
    Green,
    Blue,
}

impl Color {
    /// The four colours in the deck's canonical order.
    pub const ALL: [Color; 4] = [Color::Red, Color::Yellow, Color::Green, Color::Blue];

    /// The colour's name in scripts and reports: `red`, `yellow`, `green`, `blue`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Yellow => "yellow",
            Color::Green => "green",
            Color::Blue => "blue",
        }
    }

    /// The colour's letter in the card notation: `r`, `y`, `g`, `b`.
    pub fn letter(self) -> char {
        match self {
            Color::Red => 'r',
            Color::Yellow => 'y',
            Color::Green => 'g',
            Color::Blue => 'b',
        }
    }

    /// Reads a colour's name (`red`, …); `None` for anything else.
    pub fn from_name(name: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.name() == name)
    }

    fn from_letter(letter: char) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.letter() == letter)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One card. Two copies of the same card are the same value: a hand tells them apart only
/// by the order they were received in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Card {
    /// A number card, 0–9.
    Number(Color, u8),
    /// Skip (暂停): the next player loses their turn.
    Skip(Color),
    /// Reverse (转向): play changes direction.
    Reverse(Color),
    /// Draw two (+2): the next player draws 2 and loses their turn.
    DrawTwo(Color),
    /// Wild (变色): names the colour in force.
    Wild,
    /// Wild draw four (+4): names the colour; the next player draws 4 and loses their turn.
    WildDrawFour,
}

impl Card {
    /// The card's colour; `None` for the black cards.
    pub fn color(self) -> Option<Color> {
        match self {
            Card::Number(c, _) | Card::Skip(c) | Card::Reverse(c) | Card::DrawTwo(c) => Some(c),
            Card::Wild | Card::WildDrawFour => None,
        }
    }

    /// Whether the card is black (wild or +4): it names the colour in force when played.
    pub fn is_wild(self) -> bool {
        self.color().is_none()
    }

    /// Whether it is a number card.
    pub fn is_number(self) -> bool {
        matches!(self, Card::Number(..))
    }

    /// Its points (牌面分值): a number card its number, skip/reverse/+2 20, wild/+4 50.
    pub fn points(self) -> u32 {
        match self {
            Card::Number(_, n) => u32::from(n),
            Card::Skip(_) | Card::Reverse(_) | Card::DrawTwo(_) => 20,
            Card::Wild | Card::WildDrawFour => 50,
        }
    }

    /// Whether two cards show the same number or the same symbol (skip on skip, reverse on
    /// reverse, +2 on +2, whatever their colours).
    pub fn same_face(self, other: Card) -> bool {
        match (self, other) {
            (Card::Number(_, a), Card::Number(_, b)) => a == b,
            (Card::Skip(_), Card::Skip(_))
            | (Card::Reverse(_), Card::Reverse(_))
            | (Card::DrawTwo(_), Card::DrawTwo(_))
            | (Card::Wild, Card::Wild)
            | (Card::WildDrawFour, Card::WildDrawFour) => true,
            _ => false,
        }
    }

    /// Whether the card may be played on `top` with `color` in force: a black card always; a
    /// coloured one of that colour, or with the same number or symbol as the top card.
    pub fn matches(self, top: Card, color: Color) -> bool {
        match self.color() {
            None => true,
            Some(c) => c == color || self.same_face(top),
        }
    }

    /// Whether one may go out with this card under the last-card rule (docs/rules.md §5 *Last
    /// card*): a number from 1 to 9, a +2 or a +4; not a 0, a skip, a reverse or a wild.
    pub fn may_be_last(self) -> bool {
        match self {
            Card::Number(_, n) => n != 0,
            Card::DrawTwo(_) | Card::WildDrawFour => true,
            Card::Skip(_) | Card::Reverse(_) | Card::Wild => false,
        }
    }

    /// How many cards it makes the next player draw (2 for +2, 4 for +4, else 0).
    pub fn draws(self) -> usize {
        match self {
            Card::DrawTwo(_) => 2,
            Card::WildDrawFour => 4,
            _ => 0,
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Number(c, n) => write!(f, "{}{n}", c.letter()),
            Card::Skip(c) => write!(f, "{}skip", c.letter()),
            Card::Reverse(c) => write!(f, "{}reverse", c.letter()),
            Card::DrawTwo(c) => write!(f, "{}+2", c.letter()),
            Card::Wild => f.write_str("wild"),
            Card::WildDrawFour => f.write_str("+4"),
        }
    }
}

/// Text that is not a card in the script notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a card (r5, yskip, greverse, b+2, wild, +4)")]
pub struct NotACard(pub String);

impl FromStr for Card {
    type Err = NotACard;

    /// Reads the notation: a colour letter (`r`, `y`, `g`, `b`) and `0`–`9`, `skip`,
    /// `reverse` or `+2`; or `wild`, `+4`. Lowercase only, nothing around it.
    fn from_str(text: &str) -> Result<Card, NotACard> {
        let bad = || NotACard(text.to_string());
        match text {
            "wild" => return Ok(Card::Wild),
            "+4" => return Ok(Card::WildDrawFour),
            _ => {}
        }
        let mut chars = text.chars();
        let color = chars.next().and_then(Color::from_letter).ok_or_else(bad)?;
        let rest = chars.as_str();
        match rest {
            "skip" => Ok(Card::Skip(color)),
            "reverse" => Ok(Card::Reverse(color)),
            "+2" => Ok(Card::DrawTwo(color)),
            _ => {
                let mut digits = rest.chars();
                match (digits.next(), digits.next()) {
                    (Some(d), None) if d.is_ascii_digit() => {
                        Ok(Card::Number(color, d as u8 - b'0'))
                    }
                    _ => Err(bad()),
                }
            }
        }
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notation_reads_and_writes_back() {
        for text in ["r5", "y0", "g9", "yskip", "greverse", "b+2", "wild", "+4"] {
            let card: Card = text.parse().expect("a card");
            assert_eq!(card.to_string(), text);
        }
        assert_eq!("r5".parse(), Ok(Card::Number(Color::Red, 5)));
        assert_eq!("b+2".parse(), Ok(Card::DrawTwo(Color::Blue)));
        for bad in [
            "", "r", "r10", "R5", "x5", "rwild", "+2", "r+4", " r5", "wild4", "r-1",
        ] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }

    #[test]
    fn points_follow_the_seed() {
        assert_eq!(Card::Number(Color::Green, 7).points(), 7);
        assert_eq!(Card::Skip(Color::Red).points(), 20);
        assert_eq!(Card::Reverse(Color::Red).points(), 20);
        assert_eq!(Card::DrawTwo(Color::Red).points(), 20);
        assert_eq!(Card::Wild.points(), 50);
        assert_eq!(Card::WildDrawFour.points(), 50);
    }

    #[test]
    fn matching_is_colour_number_or_symbol() {
        let top = Card::Number(Color::Red, 5);
        assert!(Card::Number(Color::Red, 1).matches(top, Color::Red));
        assert!(Card::Number(Color::Blue, 5).matches(top, Color::Red));
        assert!(!Card::Number(Color::Blue, 4).matches(top, Color::Red));
        assert!(Card::Wild.matches(top, Color::Red));
        assert!(Card::DrawTwo(Color::Blue).matches(Card::DrawTwo(Color::Red), Color::Red));
        // After a wild naming blue, a blue card or another black card.
        assert!(Card::Number(Color::Blue, 3).matches(Card::Wild, Color::Blue));
        assert!(!Card::Number(Color::Red, 3).matches(Card::Wild, Color::Blue));
        assert!(Card::WildDrawFour.matches(Card::Wild, Color::Blue));
    }
}
