//! The setup's events: the game created, the seed committed, the roles dealt, and each
//! character's role message (what it can do, its team, its goal).

use engine::ruleset::PickFallback;
use engine::{CharId, EventKind, Role};

use super::misrouted;
use crate::catalog::{args, yes};
use crate::context::Ctx;

/// One of this part's events as text (`render_view` gives it no other).
pub(super) fn render(c: &Ctx, kind: &EventKind) -> String {
    use EventKind as K;
    match kind {
        K::Created {
            ruleset,
            start,
            characters,
            ..
        } => c.t(
            "ev-created",
            args![
                "ruleset" => ruleset.name.as_str(),
                "count" => characters.len(),
                "start" => c.time(*start),
            ],
        ),
        K::SeedCommitted { commitment } => c.t(
            "ev-seed-committed",
            args!["commitment" => commitment.as_str()],
        ),
        K::RolesDealt { roles, by_seed } => {
            let mut lines = vec![c.t0(if *by_seed {
                "ev-roles-dealt-seed"
            } else {
                "ev-roles-dealt-fixed"
            })];
            for (i, r) in roles.iter().enumerate() {
                lines.push(c.t(
                    "ev-dealt-role",
                    args!["name" => c.name(CharId(i as u16)), "role" => c.role(*r)],
                ));
            }
            lines.join("\n")
        }
        K::RoleTold { role, team, .. } => role_told(c, *role, team),
        _ => misrouted(),
    }
}

/// The role message: the role, what it can do and when, teammates, and the goal.
fn role_told(c: &Ctx, role: Role, team: &[CharId]) -> String {
    let o = &c.g.ruleset().options;
    let night = c.dur(o.night_length.0);
    let mut lines = vec![c.t("ev-role-told", args!["role" => c.role(role)])];
    let desc = match role {
        Role::Wolf => c.t(
            "role-desc-wolf",
            args![
                "night" => night,
                "leader" => yes(o.wolf_leader),
                "fallback" => match o.leader_pick_fallback {
                    PickFallback::MostSubmitted => "most",
                    PickFallback::None => "none",
                },
            ],
        ),
        Role::Seer | Role::Killer | Role::Police => c.t(
            &format!("role-desc-{}", role.key()),
            args!["night" => night],
        ),
        Role::Witch => c.t(
            "role-desc-witch",
            args![
                "witch" => c.dur(o.witch_deadline.0),
                "selfsave" => match o.witch_self_save {
                    engine::ruleset::WitchSelfSave::Never => "no",
                    engine::ruleset::WitchSelfSave::FirstNight => "first",
                    engine::ruleset::WitchSelfSave::Always => "yes",
                },
            ],
        ),
        Role::Hunter => c.t(
            "role-desc-hunter",
            args!["window" => c.dur(o.decision_window.0)],
        ),
        Role::Villager | Role::Civilian => c.t0(&format!("role-desc-{}", role.key())),
        Role::Guard => c.t("role-desc-guard", args!["night" => night]),
        Role::Idiot => c.t0("role-desc-idiot"),
        Role::WhiteWolfKing => c.t(
            "role-desc-white_wolf_king",
            args!["night" => night, "leader" => yes(o.wolf_leader)],
        ),
        Role::Knight => c.t(
            "role-desc-knight",
            args!["dayone" => yes(o.knight_duel_day_one)],
        ),
    };
    lines.push(desc);
    let team_line = match role {
        Role::Wolf | Role::WhiteWolfKing | Role::Killer | Role::Police => {
            // The white wolf king is one of the pack: told as a wolf is.
            let key = if role.is_wolf() { "wolf" } else { role.key() };
            Some(if team.is_empty() {
                c.t0(&format!("team-{key}-alone"))
            } else {
                c.t(
                    &format!("team-{key}"),
                    args!["names" => c.names(team), "chat" => yes(o.wolf_chat)],
                )
            })
        }
        _ => None,
    };
    lines.extend(team_line);
    lines.push(c.t0(match role.camp() {
        engine::role::Camp::Wolves => "goal-wolves",
        engine::role::Camp::Village => "goal-village",
        engine::role::Camp::Killers => "goal-killers",
        engine::role::Camp::Town => "goal-town",
    }));
    lines.join("\n")
}
