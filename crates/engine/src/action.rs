//! The action vocabulary, written once: what a player or the judge can ask for, with the
//! names and fields of `docs/script-format.md`.
//!
//! [`ActionOf`] is generic over how a character is named and how a duration is written. The
//! engine's [`Action`] names characters by seat ([`CharId`]) and counts an extension in
//! seconds; a game script's action (`script::Act`) names them by name and writes a duration
//! as text (`90m`). Both read and write the same JSON through serde: a script step is the
//! action's JSON plus its `by`, and the commands the store keeps are the engine's actions in
//! the same shape (older rows wrote `witch_pass`, `seconds` and `null` targets: they still
//! read). [`ActionOf::map`] turns one naming into the other.
//!
//! Every field reads through a function naming it, so a wrong value says which field it is
//! (`field `color`: unknown variant `green`, …`).

use serde::{Deserialize, Deserializer, Serialize};

use super::card::Color;
use super::ids::CharId;
use super::role::Winner;

/// What a command asks for, the engine's way: characters by seat, an extension in seconds.
/// Targets are resolved to characters at the edge.
pub type Action = ActionOf<CharId, i64>;

/// What a command asks for, characters named as `C`, durations written as `D`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    rename_all = "snake_case",
    tag = "do",
    deny_unknown_fields,
    bound(deserialize = "C: Deserialize<'de>, D: Deserialize<'de>")
)]
pub enum ActionOf<C, D> {
    Post {
        #[serde(deserialize_with = "named::text")]
        text: String,
    },
    Vote {
        #[serde(deserialize_with = "named::target")]
        target: C,
        #[serde(deserialize_with = "named::reason")]
        reason: String,
    },
    Abstain,
    Proxy {
        #[serde(deserialize_with = "named::target")]
        target: C,
    },
    Speedup,
    LastWords {
        #[serde(deserialize_with = "named::text")]
        text: String,
    },
    TreeHole {
        #[serde(deserialize_with = "named::text")]
        text: String,
    },
    /// A complaint to the judge (申诉): kept unseen until the game ends, then listed in the
    /// judge's log (the judge's decision is final; complaints wait for the end).
    Appeal {
        #[serde(deserialize_with = "named::text")]
        text: String,
    },
    LeaderVote {
        #[serde(deserialize_with = "named::target")]
        target: C,
    },
    Kill {
        #[serde(deserialize_with = "named::target")]
        target: C,
        #[serde(deserialize_with = "named::reason")]
        reason: String,
    },
    Pick {
        #[serde(deserialize_with = "named::target")]
        target: C,
    },
    Save,
    Poison {
        #[serde(deserialize_with = "named::target")]
        target: C,
    },
    /// The witch declines to use a potion tonight (`pass`, an extension of the script
    /// format: docs/decisions.md).
    #[serde(rename = "pass", alias = "witch_pass")]
    WitchPass,
    Check {
        #[serde(deserialize_with = "named::target")]
        target: C,
    },
    Shoot {
        #[serde(deserialize_with = "named::target")]
        target: C,
    },
    /// The dead hunter declines to shoot (so a hunter-sheriff can go on to pass the badge).
    HoldFire,
    PassBadge {
        #[serde(deserialize_with = "named::target")]
        target: C,
    },
    PassLeader {
        #[serde(deserialize_with = "named::target")]
        target: C,
    },
    Concede,
    Card {
        #[serde(deserialize_with = "named::target")]
        target: C,
        #[serde(deserialize_with = "named::color")]
        color: Color,
        #[serde(deserialize_with = "named::reason")]
        reason: String,
    },
    Remove {
        #[serde(deserialize_with = "named::target")]
        target: C,
        #[serde(deserialize_with = "named::reason")]
        reason: String,
    },
    Substitute {
        #[serde(deserialize_with = "named::target")]
        target: C,
        #[serde(deserialize_with = "named::player")]
        player: String,
    },
    /// The current phase ends later by `seconds` (written `duration`; a script writes it as
    /// text, `90m`).
    Extend {
        #[serde(
            rename = "duration",
            alias = "seconds",
            deserialize_with = "named::duration"
        )]
        seconds: D,
    },
    /// The judge ends the game; no `winner` ends it without one.
    End {
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "named::winner"
        )]
        winner: Option<Winner>,
    },
    /// The judge stops the clock: no deadline falls due and players wait until `Resume`.
    Pause,
    /// The judge restarts the clock; every open deadline moves by the time paused.
    Resume,
    /// Fire every deadline due by now (the clock's, never a script step).
    Tick,
    /// The guard's protection tonight; `None` protects nobody (docs/rules.md §4).
    Protect {
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "named::target"
        )]
        target: Option<C>,
    },
    /// A wolf self-destructs by day; only the white wolf king may name a `target` to take
    /// along (docs/rules.md §4).
    SelfDestruct {
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "named::target"
        )]
        target: Option<C>,
    },
    /// The knight's one duel by day (docs/rules.md §4).
    Duel {
        #[serde(deserialize_with = "named::target")]
        target: C,
    },
}

/// Readers of one field each, whose errors begin with the field's name.
mod named {
    use super::{Deserialize, Deserializer};

    macro_rules! named {
        ($($field:ident),*) => {$(
            pub(super) fn $field<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
                d: D,
            ) -> Result<T, D::Error> {
                T::deserialize(d).map_err(|e| {
                    serde::de::Error::custom(format!(concat!("field `", stringify!($field), "`: {}"), e))
                })
            }
        )*};
    }

    named!(text, target, reason, player, color, duration, winner);
}

impl<C, D> ActionOf<C, D> {
    /// The same action with every character renamed by `who` and the duration rewritten by
    /// `how_long`.
    ///
    /// # Errors
    /// The first error of `who`.
    pub fn map<C2, D2, E>(
        &self,
        mut who: impl FnMut(&C) -> Result<C2, E>,
        how_long: impl FnOnce(&D) -> D2,
    ) -> Result<ActionOf<C2, D2>, E> {
        use ActionOf as A;
        Ok(match self {
            A::Post { text } => A::Post { text: text.clone() },
            A::Vote { target, reason } => A::Vote {
                target: who(target)?,
                reason: reason.clone(),
            },
            A::Abstain => A::Abstain,
            A::Proxy { target } => A::Proxy {
                target: who(target)?,
            },
            A::Speedup => A::Speedup,
            A::LastWords { text } => A::LastWords { text: text.clone() },
            A::TreeHole { text } => A::TreeHole { text: text.clone() },
            A::Appeal { text } => A::Appeal { text: text.clone() },
            A::LeaderVote { target } => A::LeaderVote {
                target: who(target)?,
            },
            A::Kill { target, reason } => A::Kill {
                target: who(target)?,
                reason: reason.clone(),
            },
            A::Pick { target } => A::Pick {
                target: who(target)?,
            },
            A::Save => A::Save,
            A::Poison { target } => A::Poison {
                target: who(target)?,
            },
            A::WitchPass => A::WitchPass,
            A::Check { target } => A::Check {
                target: who(target)?,
            },
            A::Shoot { target } => A::Shoot {
                target: who(target)?,
            },
            A::HoldFire => A::HoldFire,
            A::PassBadge { target } => A::PassBadge {
                target: who(target)?,
            },
            A::PassLeader { target } => A::PassLeader {
                target: who(target)?,
            },
            A::Concede => A::Concede,
            A::Card {
                target,
                color,
                reason,
            } => A::Card {
                target: who(target)?,
                color: *color,
                reason: reason.clone(),
            },
            A::Remove { target, reason } => A::Remove {
                target: who(target)?,
                reason: reason.clone(),
            },
            A::Substitute { target, player } => A::Substitute {
                target: who(target)?,
                player: player.clone(),
            },
            A::Extend { seconds } => A::Extend {
                seconds: how_long(seconds),
            },
            A::End { winner } => A::End { winner: *winner },
            A::Pause => A::Pause,
            A::Resume => A::Resume,
            A::Tick => A::Tick,
            A::Protect { target } => A::Protect {
                target: target.as_ref().map(who).transpose()?,
            },
            A::SelfDestruct { target } => A::SelfDestruct {
                target: target.as_ref().map(who).transpose()?,
            },
            A::Duel { target } => A::Duel {
                target: who(target)?,
            },
        })
    }

    /// Actions only the judge may take.
    pub(crate) fn is_judge_action(&self) -> bool {
        matches!(
            self,
            ActionOf::Card { .. }
                | ActionOf::Remove { .. }
                | ActionOf::Substitute { .. }
                | ActionOf::Extend { .. }
                | ActionOf::End { .. }
                | ActionOf::Pause
                | ActionOf::Resume
        )
    }

    /// Actions open to dead characters (decisions after death, last words, notes).
    pub(crate) fn allowed_dead(&self) -> bool {
        matches!(
            self,
            ActionOf::Shoot { .. }
                | ActionOf::HoldFire
                | ActionOf::PassBadge { .. }
                | ActionOf::PassLeader { .. }
                | ActionOf::LastWords { .. }
                | ActionOf::TreeHole { .. }
                | ActionOf::Appeal { .. }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn commands_stored_in_the_older_shape_still_read() {
        let old = [
            (json!({"do": "witch_pass"}), Action::WitchPass),
            (
                json!({"do": "extend", "seconds": 600}),
                Action::Extend { seconds: 600 },
            ),
            (
                json!({"do": "protect", "target": null}),
                Action::Protect { target: None },
            ),
            (
                json!({"do": "self_destruct", "target": 2}),
                Action::SelfDestruct {
                    target: Some(CharId(2)),
                },
            ),
            (
                json!({"do": "end", "winner": null}),
                Action::End { winner: None },
            ),
        ];
        for (v, want) in old {
            let got: Action = serde_json::from_value(v.clone()).expect("reads");
            assert_eq!(got, want, "{v}");
        }
    }

    #[test]
    fn a_wrong_field_is_named() {
        let err = |v: serde_json::Value| {
            serde_json::from_value::<Action>(v)
                .expect_err("refused")
                .to_string()
        };
        let e = err(json!({"do": "card", "target": 1, "color": "green", "reason": "x"}));
        assert!(
            e.starts_with("field `color`: unknown variant `green`"),
            "{e}"
        );
        let e = err(json!({"do": "vote", "target": "A", "reason": "x"}));
        assert!(e.starts_with("field `target`: invalid type"), "{e}");
        let e = err(json!({"do": "vote", "target": 1, "reason": "x", "why": 1}));
        assert!(e.starts_with("unknown field `why`"), "{e}");
    }
}
