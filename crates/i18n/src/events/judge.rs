//! What passes between the table and the judge outside the rules: substitutes, extensions
//! and pauses, tree holes, appeals, concessions.

use engine::EventKind;

use super::misrouted;
use crate::catalog::args;
use crate::context::Ctx;
use crate::names::player_label;

/// One of this part's events as text (`render_view` gives it no other).
pub(super) fn render(c: &Ctx, kind: &EventKind) -> String {
    use EventKind as K;
    match kind {
        K::Substituted { character, player } => c.t(
            "ev-substituted",
            args!["name" => c.name(*character), "player" => player_label(player)],
        ),
        K::Extended { seconds } => c.t(
            if *seconds < 0 {
                "ev-shortened"
            } else {
                "ev-extended"
            },
            args!["dur" => c.dur(*seconds)],
        ),
        K::Paused => c.t0("ev-paused"),
        K::Resumed { seconds } => c.t("ev-resumed", args!["dur" => c.dur(*seconds)]),
        K::TreeHole { text, .. } => c.t("ev-tree-hole", args!["text" => text.as_str()]),
        K::Appealed { by, text, .. } => c.t(
            "ev-appealed",
            args!["name" => c.name(*by), "text" => text.as_str()],
        ),
        K::AppealsListed { appeals } => {
            let mut lines = vec![c.t("ev-appeals-title", args!["count" => appeals.len()])];
            for a in appeals {
                lines.push(c.t(
                    "ev-appeals-line",
                    args![
                        "name" => c.name(a.by),
                        "player" => player_label(&a.player),
                        "time" => c.time(a.at),
                        "text" => a.text.as_str(),
                    ],
                ));
            }
            lines.join("\n")
        }
        K::Conceded { by } => c.t("ev-conceded", args!["name" => c.name(*by)]),
        _ => misrouted(),
    }
}
