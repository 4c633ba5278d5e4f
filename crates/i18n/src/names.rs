//! Things by name: a role, a phase, a winner, a player's account, and the heading over an
//! audience's messages.

use fluent_bundle::FluentArgs;

use engine::ruleset::Kind;
use engine::{Audience, Game, Phase, Role, Winner};

use super::catalog::{args, lookup_or_mark};
use super::context::Ctx;
use super::Lang;

/// A player account as messages show it: a chat account id (all digits: a Discord user id)
/// as a mention `<@id>`, any other name as it is (scripts, the simulator).
pub fn player_label(player: &str) -> String {
    if !player.is_empty() && player.bytes().all(|b| b.is_ascii_digit()) {
        format!("<@{player}>")
    } else {
        player.to_string()
    }
}

/// A role's name, e.g. 狼人 / wolf.
pub fn role_name(role: Role, lang: Lang) -> String {
    lookup_or_mark(lang, &format!("role-{}", role.key()), &FluentArgs::new())
}

/// A phase's name, e.g. 第 2 天 / day 2.
pub fn phase_name(phase: Phase, lang: Lang) -> String {
    let (id, a) = match phase {
        Phase::Setup => ("phase-setup", args![]),
        Phase::Day { day, round: 0 } => ("phase-day", args!["day" => day]),
        Phase::Day { day, round } => ("phase-day-round", args!["day" => day, "round" => round]),
        Phase::Night { night } => ("phase-night", args!["night" => night]),
        Phase::Ended => ("phase-ended", args![]),
    };
    lookup_or_mark(lang, id, &a)
}

/// A winner's name, e.g. 狼人阵营 / the wolves.
pub fn winner_name(winner: Winner, lang: Lang) -> String {
    lookup_or_mark(
        lang,
        &format!("winner-{}", winner.key()),
        &FluentArgs::new(),
    )
}

/// The heading a simulator or transcript puts over messages for `audience`.
pub fn audience_heading(audience: Audience, game: &Game, lang: Lang) -> String {
    let c = Ctx { g: game, lang };
    match audience {
        Audience::Public => c.t0("heading-public"),
        Audience::Character(id) => c.t("heading-dm", args!["name" => c.name(id)]),
        Audience::Wolves if game.kind() == Kind::Mafia => c.t0("heading-killers"),
        Audience::Wolves => c.t0("heading-wolves"),
        Audience::Police => c.t0("heading-police"),
        Audience::Judge => c.t0("heading-judge"),
        Audience::Internal => c.t0("heading-internal"),
    }
}
