//! Roles (身份), the camps they play for, and the possible winners.

use serde::{Deserialize, Serialize};

use super::ruleset::Kind;

/// A character's role. The first five are M32's, the next three Mafia's, the last four
/// those of the standard boards (docs/rules.md §4). New roles go at the end: the order is the
/// order of stored sets and reports.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Wolf,
    #[default]
    Villager,
    Seer,
    Witch,
    Hunter,
    Killer,
    Police,
    Civilian,
    /// 守卫: protects one character a night (docs/rules.md §4).
    Guard,
    /// 白痴: revealed instead of voted out, once (docs/rules.md §4).
    Idiot,
    /// 白狼王: a wolf who may self-destruct by day taking one character (docs/rules.md §4).
    WhiteWolfKing,
    /// 骑士: one duel by day (docs/rules.md §4).
    Knight,
}

/// The side a role plays for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Camp {
    Wolves,
    Village,
    Killers,
    /// Police and civilians (Mafia).
    Town,
}

impl Role {
    /// Every role, for parsing and listing.
    pub const ALL: [Role; 12] = [
        Role::Wolf,
        Role::Villager,
        Role::Seer,
        Role::Witch,
        Role::Hunter,
        Role::Killer,
        Role::Police,
        Role::Civilian,
        Role::Guard,
        Role::Idiot,
        Role::WhiteWolfKing,
        Role::Knight,
    ];

    /// The stable name used in scripts, reports and rulesets.
    pub fn key(self) -> &'static str {
        match self {
            Role::Wolf => "wolf",
            Role::Villager => "villager",
            Role::Seer => "seer",
            Role::Witch => "witch",
            Role::Hunter => "hunter",
            Role::Killer => "killer",
            Role::Police => "police",
            Role::Civilian => "civilian",
            Role::Guard => "guard",
            Role::Idiot => "idiot",
            Role::WhiteWolfKing => "white_wolf_king",
            Role::Knight => "knight",
        }
    }

    /// Parses a role name.
    pub fn from_key(key: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.key() == key)
    }

    pub fn camp(self) -> Camp {
        match self {
            Role::Wolf | Role::WhiteWolfKing => Camp::Wolves,
            Role::Villager
            | Role::Seer
            | Role::Witch
            | Role::Hunter
            | Role::Guard
            | Role::Idiot
            | Role::Knight => Camp::Village,
            Role::Killer => Camp::Killers,
            Role::Police | Role::Civilian => Camp::Town,
        }
    }

    /// Which game family the role belongs to.
    pub fn kind(self) -> Kind {
        match self {
            Role::Killer | Role::Police | Role::Civilian => Kind::Mafia,
            _ => Kind::Werewolf,
        }
    }

    /// Wolves in M32 and killers in Mafia: the side that kills at night.
    pub fn is_wolfish(self) -> bool {
        matches!(self, Role::Wolf | Role::WhiteWolfKing | Role::Killer)
    }

    /// A werewolf-game wolf: an ordinary wolf or the white wolf king (who sees and is seen
    /// by the pack, votes in the leader election and may lead; docs/rules.md §4).
    pub fn is_wolf(self) -> bool {
        matches!(self, Role::Wolf | Role::WhiteWolfKing)
    }

    /// A god (神): the village roles with an ability, whose loss as a side wins the game
    /// for the wolves (屠边, docs/rules.md §1 and §4).
    pub fn is_god(self) -> bool {
        matches!(
            self,
            Role::Seer | Role::Witch | Role::Hunter | Role::Idiot | Role::Guard | Role::Knight
        )
    }

    /// The roles a character shares its night team with: the pack (wolves and the white
    /// wolf king), the killers, the police.
    pub fn same_team(self, other: Role) -> bool {
        if self.is_wolf() {
            other.is_wolf()
        } else {
            (self.is_wolfish() || self == Role::Police) && self == other
        }
    }

    /// The seer's answer: does this role play for the village?
    pub fn is_village(self) -> bool {
        self.camp() == Camp::Village
    }
}

/// Who won a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Winner {
    Wolves,
    Village,
    Police,
    Killers,
    Draw,
}

impl Winner {
    pub fn key(self) -> &'static str {
        match self {
            Winner::Wolves => "wolves",
            Winner::Village => "village",
            Winner::Police => "police",
            Winner::Killers => "killers",
            Winner::Draw => "draw",
        }
    }

    /// Every outcome.
    pub const ALL: [Winner; 5] = [
        Winner::Wolves,
        Winner::Village,
        Winner::Police,
        Winner::Killers,
        Winner::Draw,
    ];

    pub fn from_key(key: &str) -> Option<Winner> {
        Winner::ALL.into_iter().find(|w| w.key() == key)
    }

    /// Whether this outcome can happen in a game of `kind`.
    pub fn fits(self, kind: Kind) -> bool {
        match self {
            Winner::Wolves | Winner::Village => kind == Kind::Werewolf,
            Winner::Police | Winner::Killers => kind == Kind::Mafia,
            Winner::Draw => true,
        }
    }

    /// The winner when `camp` loses (a red card, a concession).
    pub fn against(camp: Camp) -> Winner {
        match camp {
            Camp::Wolves => Winner::Village,
            Camp::Village => Winner::Wolves,
            Camp::Killers => Winner::Police,
            Camp::Town => Winner::Killers,
        }
    }
}
