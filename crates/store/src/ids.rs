//! The typed ids the store reads and writes: Discord's numbers ([`Account`], [`Guild`],
//! [`Channel`], [`ServerRole`]) and the store's own ([`GameId`], [`SignupId`]). The service
//! re-exports them; nothing above the store handles a bare integer id.
//!
//! Discord's ids are unsigned 64-bit numbers kept in `BIGINT` columns (the same bits read
//! as signed, as Discord's ids fit in 63 bits); each converts with `i64::from` for a query's
//! parameter and decodes from a column with an override (`user_id AS "user_id: Account"`).

use serde::{Deserialize, Serialize};
use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::postgres::{PgArgumentBuffer, PgHasArrayType, PgTypeInfo, PgValueRef};
use sqlx::{Decode, Encode, Postgres, Type};

/// A Discord account (user id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Account(pub u64);

/// A Discord server (guild id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Guild(pub u64);

/// A channel, thread or forum post (they share one id space).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Channel(pub u64);

/// A role of a server (the judge role).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ServerRole(pub u64);

/// A stored game's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, sqlx::Type)]
#[sqlx(transparent)]
pub struct GameId(pub i64);

/// A sign-up's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, sqlx::Type)]
#[sqlx(transparent)]
pub struct SignupId(pub i64);

/// A Discord id stored in a `BIGINT` column: the column's value, its type, and how it
/// encodes and decodes.
macro_rules! bigint_id {
    ($($id:ident),*) => {$(
        impl From<$id> for i64 {
            fn from(id: $id) -> i64 {
                id.0 as i64
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
                Ok($id(<i64 as Decode<'r, Postgres>>::decode(value)? as u64))
            }
        }
    )*};
}

bigint_id!(Account, Guild, Channel, ServerRole);
