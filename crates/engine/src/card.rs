//! Cards (违规判定): blue reminders, yellow warnings, red send-offs, and the conversions
//! between them (three blues make a yellow, three yellows a red).
//!
//! `apply_card` folds cards given and converted into the state.

use serde::{Deserialize, Serialize};

use super::event::{Audience, CardNote, Deed, Event, EventKind};
use super::state::Game;

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

/// Whether one of `target`'s standing `color` cards is one the public never saw (given to
/// the character alone, or made by a private conversion), read from the game's record of
/// cards. A conversion happens as soon as the count is reached, so it uses up every standing
/// card of its color: after one, none of that color is standing.
fn unseen_standing(g: &super::Game, target: super::CharId, color: Color) -> bool {
    let mut unseen = false;
    let cards = g
        .deeds
        .iter()
        .filter(|d| d.target == Some(target))
        .filter_map(|d| d.card.as_ref());
    for card in cards {
        if card.from == Some(color) {
            unseen = false;
        }
        if card.color == color && !card.public {
            unseen = true;
        }
    }
    unseen
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
        self.emit(
            at,
            super::event::EventKind::CardGiven {
                target,
                color,
                reason,
            },
        );
        self.convert_cards(target, color == Color::Red, at);
    }

    /// Converts `target`'s cards as the ruleset says and sends off on a red card (`red`: one
    /// was just given).
    ///
    /// A conversion that uses a card the public never saw is private (the character and the
    /// judge see it). If it makes a red card by day that would send a living character off
    /// without ending the game (`red_card_loses_camp = false`), the send-off waits for
    /// nightfall ([`Tx::convert_held_cards`]): a public send-off after, say, two public
    /// yellows would name the hidden third card, a wolf's; at night it is one more night
    /// death, announced without its cause.
    fn convert_cards(
        &mut self,
        target: super::CharId,
        mut red: bool,
        at: chrono::DateTime<chrono::Utc>,
    ) {
        use super::event::{Cause, EndReason, EventKind};
        let o = self.g.ruleset.options.clone();
        while let Some((from, to)) = self
            .g
            .ch(target)
            .cards
            .conversion_due(o.blues_per_yellow, o.yellows_per_red)
        {
            let private = unseen_standing(&self.g, target, from);
            let by_day = !matches!(self.g.phase, super::Phase::Night { .. });
            if private
                && to == Color::Red
                && by_day
                && !o.red_card_loses_camp
                && self.g.is_alive(target)
            {
                break;
            }
            self.emit(
                at,
                EventKind::CardsConverted {
                    target,
                    from,
                    to,
                    private,
                },
            );
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

    /// At nightfall: the conversions [`Tx::convert_cards`] held back by day happen, and
    /// their red cards send off.
    pub(crate) fn convert_held_cards(&mut self, at: chrono::DateTime<chrono::Utc>) {
        for c in self.g.living() {
            if self.g.ended() {
                return;
            }
            let o = &self.g.ruleset.options;
            let (blues, yellows) = (o.blues_per_yellow, o.yellows_per_red);
            if self.g.ch(c).cards.conversion_due(blues, yellows).is_some() {
                self.convert_cards(c, false, at);
            }
        }
    }
}

/// Folds cards into `g`: a card given (and the lurking streak it ends), cards converted.
/// [`apply`](super::state::apply) gives it no other events.
pub(crate) fn apply_card(g: &mut Game, e: &Event) {
    use EventKind as K;
    match &e.kind {
        K::CardGiven {
            target,
            color,
            reason,
        } => {
            let c = &mut g.chars[target.idx()];
            c.cards.add(*color);
            if let CardReason::LurkStreak { day, .. } = reason {
                c.last_streak_card = Some(*day);
            }
            let card = CardNote {
                color: *color,
                reason: Some(reason.clone()),
                from: None,
                public: e.audience() == Audience::Public,
            };
            g.deeds.push(Deed {
                at: Some(e.at),
                card: Some(card),
                ..Deed::new(g.phase, None, "card", Some(*target))
            });
        }
        K::CardsConverted {
            target, from, to, ..
        } => {
            let card = CardNote {
                color: *to,
                reason: None,
                from: Some(*from),
                public: e.audience() == Audience::Public,
            };
            g.deeds.push(Deed {
                at: Some(e.at),
                card: Some(card),
                ..Deed::new(g.phase, None, "cards_converted", Some(*target))
            });
            let per = match from {
                Color::Blue => g.ruleset.options.blues_per_yellow,
                _ => g.ruleset.options.yellows_per_red,
            };
            g.chars[target.idx()].cards.convert(*from, *to, per);
        }
        _ => {}
    }
}
