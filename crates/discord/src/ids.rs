//! The service's ids as Discord's and back: one conversion per kind, each total, since
//! neither side can hold the id 0 (the service's ids refuse it where a number enters from
//! the database; serenity's are never 0).

use std::num::NonZeroU64;

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, GuildId, MessageId, RoleId, UserId, WebhookId};
use service::{Account, Channel, Guild, Message, ServerRole, Webhook};

/// An id of the service's that names something on Discord: its Discord id.
pub trait Discord: Copy {
    /// Serenity's id type for it.
    type Id: From<NonZeroU64> + Into<NonZeroU64>;

    /// The service's id, from its number.
    fn from_non_zero(id: NonZeroU64) -> Self;

    /// The number (never 0).
    fn non_zero(self) -> NonZeroU64;

    /// Discord's id.
    fn discord(self) -> Self::Id {
        Self::Id::from(self.non_zero())
    }

    /// The service's id of a Discord id.
    fn of(id: Self::Id) -> Self {
        Self::from_non_zero(id.into())
    }
}

macro_rules! discord {
    ($($ours:ident => $theirs:ident),*) => {$(
        impl Discord for $ours {
            type Id = $theirs;

            fn from_non_zero(id: NonZeroU64) -> $ours {
                $ours::from(id)
            }

            fn non_zero(self) -> NonZeroU64 {
                $ours::non_zero(self)
            }
        }
    )*};
}

discord!(
    Account => UserId,
    Guild => GuildId,
    Channel => ChannelId,
    ServerRole => RoleId,
    Message => MessageId,
    Webhook => WebhookId
);

/// The account of a Discord user.
pub fn account(id: UserId) -> Account {
    Account::of(id)
}

/// The server of a Discord guild.
pub fn guild(id: GuildId) -> Guild {
    Guild::of(id)
}

/// The channel (thread, post) of a Discord channel.
pub fn channel(id: ChannelId) -> Channel {
    Channel::of(id)
}

/// The role of a Discord role.
pub fn role(id: RoleId) -> ServerRole {
    ServerRole::of(id)
}

/// The message of a Discord message.
pub fn message(id: MessageId) -> Message {
    Message::of(id)
}
