//! What the game scripts' reports of every game share (docs/script-format.md, a contract
//! that tools outside the project read): one entry of a report's `steps`, the same for a
//! werewolf, Mafia or UNO script. It lives at the floor both games' script players stand on.

use serde::Serialize;

/// One entry of the report's `steps`: whether the step was taken, and if not, the refusal's
/// code (`error`) and its words (`message`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StepResult {
    pub ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}
