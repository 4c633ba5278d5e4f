//! The typed ids the store reads and writes: Discord's numbers ([`Account`], [`Guild`],
//! [`Channel`], [`ServerRole`], [`Message`], [`Webhook`]) and the store's own ([`GameId`], [`SignupId`]).
//! The service re-exports them; nothing above the store handles a bare integer id.
//!
//! Discord's ids are unsigned 64-bit numbers kept in `BIGINT` columns (the same bits read
//! as signed, as Discord's ids fit in 63 bits); each converts with `i64::from` for a query's
//! parameter and decodes from a column with an override (`user_id AS "user: Account"`).
//! Discord never gives out the id 0, so none of them can hold it: it is refused once, where
//! a number becomes an id (a column that decodes, [`TryFrom`] a raw number), and every
//! later conversion (to a platform's own id type) needs no fallback.

use std::fmt;
use std::num::NonZeroU64;

use serde::{Deserialize, Serialize};
use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::postgres::{PgArgumentBuffer, PgHasArrayType, PgTypeInfo, PgValueRef};
use sqlx::{Decode, Encode, Postgres, Type};

/// A number that is not a Discord id: 0 (Discord never gives it out).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{kind} id 0 is not a Discord id")]
pub struct ZeroId {
    /// Which kind of id it was to be (`"account"`, `"channel"`, …).
    pub kind: &'static str,
}

/// A Discord account (user id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Account(NonZeroU64);

/// A Discord server (guild id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Guild(NonZeroU64);

/// A channel, thread or forum post (they share one id space).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Channel(NonZeroU64);

/// A role of a server (the judge role).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ServerRole(NonZeroU64);

/// A message the bot posted (a sign-up post, a tally, an elevator page).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Message(NonZeroU64);

/// A webhook the bot made (a game forum's relay).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Webhook(NonZeroU64);

/// A stored game's id.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, sqlx::Type,
)]
#[sqlx(transparent)]
pub struct GameId(pub i64);

impl GameId {
    /// The number, as its column holds it (a query's parameter).
    pub const fn get(self) -> i64 {
        self.0
    }
}

impl From<GameId> for i64 {
    fn from(id: GameId) -> i64 {
        id.0
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A sign-up's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, sqlx::Type)]
#[sqlx(transparent)]
pub struct SignupId(pub i64);

/// A Discord id: built from a number that is not 0, kept in a `BIGINT` column (its type,
/// and how it encodes and decodes).
macro_rules! discord_id {
    ($($id:ident: $kind:literal),*) => {$(
        impl $id {
            /// The id numbered `id`.
            ///
            /// # Panics
            /// If `id` is 0, which Discord never gives out: a number that may be 0 (read
            /// from outside) goes through [`TryFrom`] instead.
            pub const fn new(id: u64) -> $id {
                match NonZeroU64::new(id) {
                    Some(id) => $id(id),
                    None => panic!(concat!("a ", $kind, " id is never 0")),
                }
            }

            /// The number.
            pub const fn get(self) -> u64 {
                self.0.get()
            }

            /// The number, never 0 (what a platform's own id types are built from).
            pub const fn non_zero(self) -> NonZeroU64 {
                self.0
            }
        }

        impl From<NonZeroU64> for $id {
            fn from(id: NonZeroU64) -> $id {
                $id(id)
            }
        }

        impl TryFrom<u64> for $id {
            type Error = ZeroId;

            fn try_from(id: u64) -> Result<$id, ZeroId> {
                NonZeroU64::new(id).map($id).ok_or(ZeroId { kind: $kind })
            }
        }

        /// The column's value read back (the same bits as the unsigned id).
        impl TryFrom<i64> for $id {
            type Error = ZeroId;

            fn try_from(id: i64) -> Result<$id, ZeroId> {
                $id::try_from(id as u64)
            }
        }

        impl From<$id> for i64 {
            fn from(id: $id) -> i64 {
                id.get() as i64
            }
        }

        impl fmt::Display for $id {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl Type<Postgres> for $id {
            fn type_info() -> PgTypeInfo {
                <i64 as Type<Postgres>>::type_info()
            }

            fn compatible(ty: &PgTypeInfo) -> bool {
                <i64 as Type<Postgres>>::compatible(ty)
            }
        }

        impl PgHasArrayType for $id {
            fn array_type_info() -> PgTypeInfo {
                <i64 as PgHasArrayType>::array_type_info()
            }
        }

        impl Encode<'_, Postgres> for $id {
            fn encode_by_ref(&self, buf: &mut PgArgumentBuffer) -> Result<IsNull, BoxDynError> {
                <i64 as Encode<Postgres>>::encode_by_ref(&i64::from(*self), buf)
            }
        }

        impl<'r> Decode<'r, Postgres> for $id {
            fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
                Ok($id::try_from(<i64 as Decode<'r, Postgres>>::decode(value)?)?)
            }
        }
    )*};
}

discord_id!(
    Account: "account",
    Guild: "server",
    Channel: "channel",
    ServerRole: "role",
    Message: "message",
    Webhook: "webhook"
);
