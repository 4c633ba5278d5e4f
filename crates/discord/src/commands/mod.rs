//! The slash commands, one module per group: `/wolf-setup`, `/wolf …` (sign-up, rules),
//! the players' commands, the day actions of single roles, `/judge …`, `/help` and
//! `/history`, the tournaments' (`/tournament new`, `/standings`) and the records across
//! games (`/stats`, `/leaderboard`, `/appeal`). Each parses its options, calls the service
//! once and renders the answer; nothing else. The service call runs under
//! [`crate::patient`], which defers the interaction if the database keeps it
//! waiting past Discord's deadline.

pub mod board;
pub mod day;
pub mod help;
pub mod judge;
pub mod play;
pub mod records;
pub mod signups;
pub mod tournament;
pub mod uno;
pub mod wolf;

use poise::serenity_prelude as serenity;

use super::{Context, Data, Error};
use engine::Game;
use service::{GameId, ServiceError};

/// Every command the bot registers.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    let mut commands = vec![
        wolf::setup(),
        wolf::wolf(),
        wolf::join(),
        wolf::leave(),
        play::vote(),
        play::abstain(),
        play::votes(),
        play::role(),
        play::status(),
        play::proxy(),
        play::speedup(),
        play::lastwords(),
        play::treehole(),
        play::say(),
        play::posts(),
        judge::judge(),
        tournament::tournament(),
        tournament::standings(),
        records::stats(),
        records::leaderboard(),
        records::appeal(),
        records::record(),
        records::policy(),
        day::concede(),
        day::self_destruct(),
        day::duel(),
        help::help(),
        help::history(),
        help::rules(),
        uno::uno(),
    ];
    board::offer_rulesets(&mut commands);
    commands
}

/// The game the command is about, and its state (one service call).
async fn game(ctx: Context<'_>) -> Result<(GameId, std::sync::Arc<Game>), ServiceError> {
    let (id, g, _) = ctx.data().service.look(super::place(ctx)).await?;
    Ok((id, g))
}

/// How long autocomplete may look for the game: an autocomplete cannot be deferred, so when
/// the database is slow it offers nothing rather than miss Discord's 3 s.
const AUTOCOMPLETE_BUDGET: std::time::Duration = std::time::Duration::from_millis(2000);

/// Characters offered to autocomplete: those `pick` selects whose names contain what was
/// typed (at most 25, Discord's limit).
async fn offer(
    ctx: Context<'_>,
    partial: &str,
    pick: impl Fn(&Game) -> Vec<engine::CharId>,
) -> serenity::CreateAutocompleteResponse {
    let typed = partial.to_lowercase();
    let found = tokio::time::timeout(AUTOCOMPLETE_BUDGET, game(ctx)).await;
    let names: Vec<serenity::AutocompleteChoice> = match found {
        Ok(Ok((_, g))) => pick(&g)
            .into_iter()
            .map(|c| g.ch(c).name.clone())
            .filter(|n| n.to_lowercase().contains(&typed))
            .take(25)
            .map(serenity::AutocompleteChoice::from)
            .collect(),
        Ok(Err(_)) | Err(_) => Vec::new(),
    };
    serenity::CreateAutocompleteResponse::new().set_choices(names)
}

/// Autocomplete: the living characters.
async fn living(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    offer(ctx, partial, Game::living).await
}

/// Autocomplete: every character (the judge may name the dead too).
async fn any_character(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    offer(ctx, partial, |g| g.ids().collect()).await
}

/// The idempotency key of an interaction: Discord may deliver one twice; it acts once.
fn key(ctx: Context<'_>) -> String {
    interaction_key(ctx.id())
}

/// The idempotency key of the slash command with this interaction id.
pub(crate) fn interaction_key(id: impl std::fmt::Display) -> String {
    format!("i{id}")
}
