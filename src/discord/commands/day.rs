//! The day actions of one role each: Mafia's surrender (`/concede`, the last killer or
//! police officer), the wolves' self-destruct (`/self-destruct [target]`) and the knight's
//! duel (`/duel target`). Every member sees the commands (Discord cannot show a command to a
//! role it does not know); the engine refuses anyone without the ability with the same
//! words whatever their role, so a refusal tells nothing. The public learns of an action
//! from the day's thread, never from the (private) answer.

use super::play::act;
use crate::discord::{Context, Error};
use crate::engine::Action;
use crate::i18n::text;

/// Concede for your side (Mafia: when you are its last member).
#[poise::command(slash_command)]
pub async fn concede(ctx: Context<'_>) -> Result<(), Error> {
    act(
        ctx,
        |_| Ok(Action::Concede),
        |lang| text(lang, "ok-concede", &[]),
    )
    .await
}
