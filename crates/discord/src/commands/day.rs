//! The day actions of one role each: Mafia's surrender (`/concede`, the last killer or
//! police officer), the wolves' self-destruct (`/self-destruct [target]`) and the knight's
//! duel (`/duel target`). Every member sees the commands (Discord cannot show a command to a
//! role it does not know); the engine refuses anyone without the ability with the same
//! words whatever their role, so a refusal tells nothing. The public learns of an action
//! from the day's thread, never from the (private) answer.

use super::play::act;
use crate::{Context, Error};
use i18n::text;
use service::Intent;

/// Concede for your side (Mafia: when you are its last member).
#[poise::command(slash_command)]
pub async fn concede(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, Intent::Concede, |lang| text(lang, "ok-concede", &[])).await
}

/// Self-destruct now (a wolf, by day); a white wolf king may take one character along.
#[poise::command(slash_command, rename = "self-destruct")]
pub async fn self_destruct(
    ctx: Context<'_>,
    #[description = "Whom you take with you (white wolf king only)"]
    #[autocomplete = "super::living"]
    target: Option<String>,
) -> Result<(), Error> {
    act(ctx, Intent::SelfDestruct { target }, |lang| {
        text(lang, "ok-self-destruct", &[])
    })
    .await
}

/// Duel a character (a knight, by day, once a game).
#[poise::command(slash_command)]
pub async fn duel(
    ctx: Context<'_>,
    #[description = "Whom you duel"]
    #[autocomplete = "super::living"]
    target: String,
) -> Result<(), Error> {
    let name = target.clone();
    act(ctx, Intent::Duel { target }, |lang| {
        text(lang, "ok-duel", &[("name", name)])
    })
    .await
}
