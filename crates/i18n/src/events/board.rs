//! The standard boards' other abilities: the guard's protection, a wolf's self-destruct (the
//! white wolf king taking one character along), the knight's duel.

use engine::EventKind;

use super::misrouted;
use crate::catalog::{args, yes};
use crate::context::Ctx;

/// One of this part's events as text (`render_view` gives it no other).
pub(super) fn render(c: &Ctx, kind: &EventKind) -> String {
    use EventKind as K;
    match kind {
        K::GuardProtected { target, .. } => match target {
            Some(t) => c.t("ev-guard-protected", args!["target" => c.name(*t)]),
            None => c.t0("ev-guard-protected-nobody"),
        },
        K::SelfDestructed { wolf, target } => match target {
            Some(t) => c.t(
                "ev-self-destruct-take",
                args!["name" => c.name(*wolf), "target" => c.name(*t)],
            ),
            None => c.t("ev-self-destruct", args!["name" => c.name(*wolf)]),
        },
        K::Dueled {
            knight,
            target,
            wolf,
        } => c.t(
            "ev-duel",
            args![
                "name" => c.name(*knight),
                "target" => c.name(*target),
                "wolf" => yes(*wolf),
            ],
        ),
        _ => misrouted(),
    }
}
