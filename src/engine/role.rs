//! Roles (身份), the camps they play for, and the possible winners.

use serde::{Deserialize, Serialize};

use super::ruleset::Kind;

/// A character's role. The first five are M32's, the last three Mafia's.
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
    pub const ALL: [Role; 8] = [
        Role::Wolf,
        Role::Villager,
        Role::Seer,
        Role::Witch,
        Role::Hunter,
        Role::Killer,
        Role::Police,
        Role::Civilian,
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
        }
    }

    /// Parses a role name.
    pub fn from_key(key: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.key() == key)
    }

    pub fn camp(self) -> Camp {
        match self {
            Role::Wolf => Camp::Wolves,
            Role::Villager | Role::Seer | Role::Witch | Role::Hunter => Camp::Village,
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
        matches!(self, Role::Wolf | Role::Killer)
    }

    /// The seer's answer: does this role play for the village?
    pub fn is_village(self) -> bool {
        self.camp() == Camp::Village
    }
}

/// Who won a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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
