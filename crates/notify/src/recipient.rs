//! Who a message is for: the outbox channel of every row [`super::messages`] and the
//! reminders give. Each recipient's messages reach the platform in order, one recipient's
//! independently of another's.
//!
//! The store keeps a recipient as text (the outbox's `channel` column) through the one pair
//! [`Recipient`]'s `Display` and `FromStr`, at its edge where it writes and reads rows; the
//! recorder's file of delivered messages keeps the same text. Everything else matches on
//! the variants.

use std::fmt;
use std::str::FromStr;

use engine::CharId;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::camp::Camp;

/// Where a message goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Recipient {
    /// The game's public post: the sign-up post, then the day's post (`public`).
    Public,
    /// The players' posts relayed under their characters' names in an anonymous game
    /// (`relay`): in the day's post like [`Recipient::Public`], but a lane of its own, so
    /// that a flood of posts never holds the game's own messages (a day's result, the
    /// night's opening) behind it. Relayed posts keep their order among themselves; the
    /// game's messages keep theirs; between the two there is none, except that the lock of
    /// a day's post waits for the posts relayed before it (docs/architecture.md, *The
    /// outbox*).
    Relay,
    /// The judge's log (`judge`).
    Judge,
    /// The server's living and dead roles, changed apart from the messages (`roles`).
    Roles,
    /// One seat's private messages (`dm:<seat>`).
    Seat(CharId),
    /// A camp's private thread (`camp:<camp>`).
    Camp(Camp),
}

impl Recipient {
    /// The seat whose private messages these are, if they are a seat's.
    pub fn seat(self) -> Option<CharId> {
        match self {
            Recipient::Seat(c) => Some(c),
            _ => None,
        }
    }

    /// Whether the messages show in the game's public post (its own lane or the relay's).
    pub fn in_public_post(self) -> bool {
        matches!(self, Recipient::Public | Recipient::Relay)
    }
}

impl fmt::Display for Recipient {
    /// The outbox channel's text: `public`, `relay`, `judge`, `roles`, `dm:<seat>`,
    /// `camp:<camp>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Recipient::Public => f.write_str("public"),
            Recipient::Relay => f.write_str("relay"),
            Recipient::Judge => f.write_str("judge"),
            Recipient::Roles => f.write_str("roles"),
            Recipient::Seat(c) => write!(f, "dm:{}", c.0),
            Recipient::Camp(camp) => write!(f, "camp:{}", camp.key()),
        }
    }
}

/// A text that names no recipient (an outbox row from an unknown version, say).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownRecipient(pub String);

impl fmt::Display for UnknownRecipient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no recipient is called {:?}", self.0)
    }
}

impl std::error::Error for UnknownRecipient {}

impl FromStr for Recipient {
    type Err = UnknownRecipient;

    /// The recipient of an outbox channel's text, as [`Recipient`]'s `Display` writes it.
    fn from_str(s: &str) -> Result<Recipient, UnknownRecipient> {
        let unknown = || UnknownRecipient(s.to_string());
        Ok(match s {
            "public" => Recipient::Public,
            "relay" => Recipient::Relay,
            "judge" => Recipient::Judge,
            "roles" => Recipient::Roles,
            _ => {
                if let Some(seat) = s.strip_prefix("dm:") {
                    // Digits only, no leading zero: `+3`, ` 3` or `03` would read as 3 but
                    // write back otherwise.
                    let digits = !seat.is_empty() && seat.bytes().all(|b| b.is_ascii_digit());
                    if !digits || (seat.len() > 1 && seat.starts_with('0')) {
                        return Err(unknown());
                    }
                    Recipient::Seat(CharId(seat.parse().map_err(|_| unknown())?))
                } else if let Some(name) = s.strip_prefix("camp:") {
                    Recipient::Camp(Camp::of_key(name).ok_or_else(unknown)?)
                } else {
                    return Err(unknown());
                }
            }
        })
    }
}

impl Serialize for Recipient {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Recipient {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Recipient, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every recipient reads back from its text, and the text is what the outbox's rows
    /// have always held (old rows still read).
    #[test]
    fn every_recipient_reads_back_from_the_text_the_outbox_keeps() {
        let all = [
            (Recipient::Public, "public"),
            (Recipient::Relay, "relay"),
            (Recipient::Judge, "judge"),
            (Recipient::Roles, "roles"),
            (Recipient::Seat(CharId(0)), "dm:0"),
            (Recipient::Seat(CharId(3)), "dm:3"),
            (Recipient::Seat(CharId(u16::MAX)), "dm:65535"),
            (Recipient::Camp(Camp::Wolves), "camp:wolves"),
            (Recipient::Camp(Camp::Killers), "camp:killers"),
            (Recipient::Camp(Camp::Police), "camp:police"),
        ];
        for (r, text) in all {
            assert_eq!(r.to_string(), text);
            assert_eq!(text.parse::<Recipient>(), Ok(r), "{text}");
            let json = serde_json::to_string(&r).expect("a recipient serializes");
            assert_eq!(json, format!("\"{text}\""));
            assert_eq!(serde_json::from_str::<Recipient>(&json).ok(), Some(r));
        }
    }

    /// A text that names no recipient is refused with an error naming it, never read as
    /// another.
    #[test]
    fn an_unknown_text_is_refused() {
        for text in [
            "",
            "Public",
            "dm:",
            "dm:x",
            "dm:-1",
            "dm:+3",
            "dm: 3",
            "dm:03",
            "dm:65536",
            "camp:",
            "camp:village",
            "camp:Wolves",
            "roles ",
            "tree",
        ] {
            assert_eq!(
                text.parse::<Recipient>(),
                Err(UnknownRecipient(text.to_string())),
                "{text:?}"
            );
        }
        assert!(serde_json::from_str::<Recipient>("\"dm:x\"").is_err());
    }
}
