//! The simulator (STUB: being written).

use crate::i18n::Lang;

/// A simulated game.
pub struct Simulation {
    pub transcript: String,
}

/// Plays a whole game with simulated players.
///
/// # Errors
/// A message when the ruleset or player count is unusable.
pub fn simulate(
    ruleset: &str,
    seed: u64,
    players: Option<usize>,
    lang: Lang,
) -> Result<Simulation, String> {
    let _ = (ruleset, seed, players, lang);
    Err("not yet".into())
}
