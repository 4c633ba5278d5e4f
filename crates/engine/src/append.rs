//! An append-only list whose copies share what they hold.
//!
//! Every command works on a copy of the game (a refused command must leave it unchanged), so
//! whatever the game holds is copied once per command. The game's deeds and tree holes only
//! ever grow, and a script (or a judge) can add thousands: copied whole each time, a long
//! script would take time quadratic in its length. Here the items sit in shared, frozen
//! chunks, and a copy costs one pointer per chunk plus the last, open chunk.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Items per frozen chunk: a copy clones at most this many items, plus one pointer per
/// chunk.
const CHUNK: usize = 64;

/// An append-only list with cheap copies; serialized as a plain list.
#[derive(Clone)]
pub struct AppendOnly<T> {
    frozen: Vec<Arc<[T]>>,
    open: Vec<T>,
}

impl<T> AppendOnly<T> {
    pub fn new() -> AppendOnly<T> {
        AppendOnly {
            frozen: Vec::new(),
            open: Vec::new(),
        }
    }

    pub fn push(&mut self, item: T) {
        self.open.push(item);
        if self.open.len() == CHUNK {
            let full = std::mem::replace(&mut self.open, Vec::with_capacity(CHUNK));
            self.frozen.push(Arc::from(full));
        }
    }

    pub fn len(&self) -> usize {
        self.frozen.len() * CHUNK + self.open.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The items in the order they were pushed (reversible, for "the latest such").
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> {
        self.frozen
            .iter()
            .flat_map(|c| c.iter())
            .chain(self.open.iter())
    }
}

impl<T: Clone> AppendOnly<T> {
    /// The items as a plain list.
    pub fn to_vec(&self) -> Vec<T> {
        self.iter().cloned().collect()
    }
}

impl<T> Default for AppendOnly<T> {
    fn default() -> Self {
        AppendOnly::new()
    }
}

impl<T> FromIterator<T> for AppendOnly<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut out = AppendOnly::new();
        for item in items {
            out.push(item);
        }
        out
    }
}

impl<T: PartialEq> PartialEq for AppendOnly<T> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<T: fmt::Debug> fmt::Debug for AppendOnly<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Serialize> Serialize for AppendOnly<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for AppendOnly<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<T>::deserialize(d)?.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_keeps_the_order_across_chunks_and_reads_as_a_plain_list() {
        let items: Vec<u32> = (0..(2 * CHUNK as u32 + 5)).collect();
        let log: AppendOnly<u32> = items.iter().copied().collect();
        assert_eq!(log.len(), items.len());
        assert_eq!(log.to_vec(), items);
        assert_eq!(log.iter().next_back(), items.last());
        let json = serde_json::to_string(&log).expect("serializes");
        assert_eq!(json, serde_json::to_string(&items).expect("a list"));
        let back: AppendOnly<u32> = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(back, log);
    }

    #[test]
    fn a_copy_grows_apart_from_its_original() {
        let mut a: AppendOnly<String> = (0..CHUNK + 1).map(|i| i.to_string()).collect();
        let b = a.clone();
        a.push("more".into());
        assert_eq!(a.len(), b.len() + 1);
        assert_ne!(a, b);
        assert_eq!(b.iter().last().map(String::as_str), Some("64"));
    }
}
