//! Identifiers. A character (角色) is a seat in the game; the player behind it may change.

use serde::{Deserialize, Serialize};

/// A character's seat number: its index in the game's character list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CharId(pub u16);

impl CharId {
    pub fn idx(self) -> usize {
        usize::from(self.0)
    }
}
