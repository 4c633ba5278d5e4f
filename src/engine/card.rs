//! Cards (违规判定): blue reminders, yellow warnings, red send-offs, and the conversions
//! between them (three blues make a yellow, three yellows a red).

use serde::{Deserialize, Serialize};

/// A card's color.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Color {
    Blue,
    Yellow,
    Red,
}

impl Color {
    pub fn key(self) -> &'static str {
        match self {
            Color::Blue => "blue",
            Color::Yellow => "yellow",
            Color::Red => "red",
        }
    }

    pub fn from_key(key: &str) -> Option<Color> {
        [Color::Blue, Color::Yellow, Color::Red]
            .into_iter()
            .find(|c| c.key() == key)
    }
}

/// Why a card was given: the judge's words, or one of the automatic rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "rule")]
pub enum CardReason {
    /// Given by the judge, with their reason.
    Judge { text: String },
    /// Neither voted nor abstained on day `day`.
    NoVote { day: u32 },
    /// Fewer than the minimum posts on day `day`.
    FewPosts { day: u32, posts: u32, min: u32 },
    /// Fewer than the streak minimum on each of `days` consecutive days ending with `day`.
    LurkStreak { day: u32, days: u32, min: u32 },
    /// Did not vote in the wolf leader election.
    LeaderVoteMissing,
    /// Did not pass the badge / the leadership in time.
    MissedAction { what: MandatoryAction },
}

impl CardReason {
    /// Whether the reason itself tells the character's role (only wolves vote for a leader
    /// or hand the leadership on).
    pub fn reveals_wolf(&self) -> bool {
        matches!(
            self,
            CardReason::LeaderVoteMissing
                | CardReason::MissedAction {
                    what: MandatoryAction::PassLeader
                }
        )
    }
}

/// The mandatory (强制) actions whose omission costs a yellow card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MandatoryAction {
    PassBadge,
    PassLeader,
}

/// A character's standing cards, after conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Cards {
    pub blue: u32,
    pub yellow: u32,
    pub red: u32,
}

impl Cards {
    pub fn add(&mut self, color: Color) {
        match color {
            Color::Blue => self.blue += 1,
            Color::Yellow => self.yellow += 1,
            Color::Red => self.red += 1,
        }
    }

    /// The conversion due now, if any: `(from, to)`.
    pub fn conversion_due(
        &self,
        blues_per_yellow: u32,
        yellows_per_red: u32,
    ) -> Option<(Color, Color)> {
        if self.blue >= blues_per_yellow {
            Some((Color::Blue, Color::Yellow))
        } else if self.yellow >= yellows_per_red {
            Some((Color::Yellow, Color::Red))
        } else {
            None
        }
    }

    /// Applies a conversion: `per` cards of `from` become one of `to`.
    pub fn convert(&mut self, from: Color, to: Color, per: u32) {
        match from {
            Color::Blue => self.blue = self.blue.saturating_sub(per),
            Color::Yellow => self.yellow = self.yellow.saturating_sub(per),
            Color::Red => self.red = self.red.saturating_sub(per),
        }
        self.add(to);
    }

    pub fn any(&self) -> bool {
        self.blue + self.yellow + self.red > 0
    }
}

impl super::Tx {
    /// Gives a card, converts what the ruleset converts, and sends off on a red card (the
    /// camp losing where the ruleset says so).
    pub(crate) fn give_card(
        &mut self,
        target: super::CharId,
        color: Color,
        reason: CardReason,
        at: chrono::DateTime<chrono::Utc>,
    ) {
        use super::event::{Cause, EndReason, EventKind};
        self.emit(
            at,
            EventKind::CardGiven {
                target,
                color,
                reason,
            },
        );
        let o = self.g.ruleset.options.clone();
        let mut red = color == Color::Red;
        while let Some((from, to)) = self
            .g
            .ch(target)
            .cards
            .conversion_due(o.blues_per_yellow, o.yellows_per_red)
        {
            self.emit(at, EventKind::CardsConverted { target, from, to });
            red |= to == Color::Red;
        }
        if !red {
            return;
        }
        self.eliminate(target, Cause::RedCard, at);
        if o.red_card_loses_camp && !self.g.ended() {
            let camp = self.g.ch(target).role.camp();
            self.end_game(Some(super::Winner::against(camp)), EndReason::RedCard, at);
        }
    }
}
