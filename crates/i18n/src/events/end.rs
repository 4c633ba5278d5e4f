//! The end: the winner and the condition that held, then the reveal (the board, every
//! role, the history of deeds, the tree holes, the seed and how to check it).

use engine::event::{Deed, EndReason, WinCondition};
use engine::ruleset::Kind;
use engine::{CharId, EventKind, Winner};

use super::cards::card_reason;
use super::misrouted;
use crate::catalog::{args, yes};
use crate::context::Ctx;
use crate::names::{player_label, winner_name};

/// One of this part's events as text (`render_view` gives it no other).
pub(super) fn render(c: &Ctx, kind: &EventKind) -> String {
    use EventKind as K;
    match kind {
        K::GameEnded {
            winner,
            reason,
            condition,
        } => {
            let reason = c.t0(match (reason, condition) {
                (EndReason::Condition, Some(w)) => win_condition_id(*w),
                (EndReason::Condition, None) => "end-condition",
                (EndReason::RedCard, _) => "end-red-card",
                (EndReason::Concede, _) => "end-concede",
                (EndReason::TieRounds, _) => "end-tie-rounds",
                (EndReason::Judge, _) => "end-judge",
            });
            match winner {
                Some(Winner::Draw) => c.t("ev-game-ended-draw", args!["reason" => reason]),
                Some(w) => c.t(
                    "ev-game-ended",
                    args!["winner" => winner_name(*w, c.lang), "reason" => reason],
                ),
                None => c.t("ev-game-ended-none", args!["reason" => reason]),
            }
        }
        K::Revealed {
            seed,
            commitment,
            roles,
            players,
            deeds,
            tree_holes,
        } => {
            let mut lines = vec![c.t0("ev-reveal-title"), board_line(c, roles.len())];
            lines.push(c.t0("ev-reveal-roles"));
            for (i, r) in roles.iter().enumerate() {
                let id = CharId(i as u16);
                let player = players.get(i).map(|p| player_label(p)).unwrap_or_default();
                // A character played under its own account's name (not anonymous): the
                // name once, not "阿狸（玩家 阿狸）".
                let own = player.is_empty() || player == c.name(id);
                lines.push(c.t(
                    if own {
                        "ev-reveal-role-own"
                    } else {
                        "ev-reveal-role"
                    },
                    args!["name" => c.name(id), "player" => player, "role" => c.role(*r)],
                ));
            }
            lines.push(c.t0("ev-reveal-deeds"));
            if deeds.is_empty() {
                lines.push(c.t0("ev-reveal-no-deeds"));
            }
            for d in deeds {
                lines.push(match d.at {
                    Some(at) => c.t(
                        "ev-reveal-deed-at",
                        args!["phase" => c.phase(d.phase), "time" => c.time(at), "deed" => deed(c, d)],
                    ),
                    None => c.t(
                        "ev-reveal-deed",
                        args!["phase" => c.phase(d.phase), "deed" => deed(c, d)],
                    ),
                });
            }
            lines.push(c.t0("ev-reveal-tree-holes"));
            if tree_holes.is_empty() {
                lines.push(c.t0("ev-reveal-no-tree-holes"));
            }
            for (who, text) in tree_holes {
                lines.push(c.t(
                    "ev-reveal-tree-hole",
                    args!["name" => c.name(*who), "text" => text.as_str()],
                ));
            }
            // Last words the game ended before their day opened: told they would be
            // published, they are, here.
            let unpublished = c.g.unpublished_last_words();
            if !unpublished.is_empty() {
                lines.push(c.t0("ev-reveal-last-words"));
                for (who, text) in unpublished {
                    lines.push(c.t(
                        "ev-day-last-word",
                        args!["name" => c.name(who), "text" => text],
                    ));
                }
            }
            // The seed as text: a Fluent number is an f64 and would lose digits.
            lines.push(c.t("ev-reveal-seed", args!["seed" => seed.to_string()]));
            lines.push(c.t(
                "ev-reveal-commitment",
                args!["commitment" => commitment.as_str()],
            ));
            // How to check depends on the seed's kind: its bytes are what was committed to.
            let verify = match seed {
                engine::rng::Seed::U64(_) => "ev-reveal-verify",
                engine::rng::Seed::Bytes(_) => "ev-reveal-verify-256",
            };
            lines.push(c.t(verify, args!["commitment" => commitment.as_str()]));
            lines.join("\n")
        }
        _ => misrouted(),
    }
}

/// The catalog id saying which win condition ended the game.
fn win_condition_id(w: WinCondition) -> &'static str {
    match w {
        WinCondition::WolvesOut => "end-wolves-out",
        WinCondition::WolvesHalf => "end-wolves-half",
        WinCondition::GodsOut => "end-gods-out",
        WinCondition::VillagersOut => "end-villagers-out",
        WinCondition::KillersOut => "end-killers-out",
        WinCondition::PoliceOut => "end-police-out",
        WinCondition::CiviliansOut => "end-civilians-out",
    }
}

/// The board (ruleset and its role counts for `n` players) and every option that differs
/// from the ruleset's defaults, for the reveal (docs/rules.md §4 "Setting up a board").
fn board_line(c: &Ctx, n: usize) -> String {
    let rs = c.g.ruleset();
    let counts = rs
        .counts_for(n)
        .unwrap_or_default()
        .into_iter()
        .map(|(r, k)| c.t("board-count", args!["role" => c.role(r), "count" => k]))
        .collect();
    let changed: Vec<String> = rs
        .changed_options()
        .into_iter()
        .map(|(k, v)| format!("{k} = {v}"))
        .collect();
    let has = yes(!changed.is_empty());
    c.t(
        "ev-reveal-board",
        args![
            "ruleset" => rs.name.as_str(),
            "roles" => c.join(counts),
            "has" => has,
            "options" => changed.join(", "),
        ],
    )
}

/// One line of the reveal's history: the deed, a vote's change and proxy marks, a card's
/// reason and whether the public saw it.
fn deed(c: &Ctx, d: &Deed) -> String {
    let by = d.by.map_or_else(|| c.t0("by-bot"), |b| c.name(b));
    let target = c.opt_name(d.target);
    let ballot = |t: Option<CharId>| t.map_or_else(|| c.t0("deed-abstention"), |t| c.name(t));
    // Mafia has killers, not wolves: its kills are not "刀" (werewolf slang).
    let mafia = c.g.kind() == Kind::Mafia;
    let line = match (d.what.as_str(), d.target, &d.card, d.changed_from) {
        ("kill_fixed", None, _, _) if mafia => c.t0("deed-kill-none-mafia"),
        ("kill_fixed", Some(_), _, _) if mafia => {
            c.t("deed-kill-fixed-mafia", args!["target" => target])
        }
        ("kill", _, _, _) if mafia => c.t(
            "deed-kill-mafia",
            args!["by" => by.clone(), "target" => target],
        ),
        ("kill_fixed", None, _, _) => c.t0("deed-kill-none"),
        ("kill_fixed", Some(_), _, _) => c.t("deed-kill-fixed", args!["target" => target]),
        ("vote" | "abstain", _, _, Some(was)) => c.t(
            "deed-vote-change",
            args!["by" => by.clone(), "from" => ballot(was.target), "to" => ballot(d.target)],
        ),
        ("card", _, Some(card), _) => {
            let reason = card
                .reason
                .as_ref()
                .map_or_else(String::new, |r| card_reason(c, r, true));
            c.t(
                "deed-card",
                args![
                    "target" => target,
                    "color" => c.color(card.color),
                    "reason" => reason,
                    "public" => yes(card.public),
                ],
            )
        }
        ("cards_converted", _, Some(card), _) => c.t(
            "deed-cards-converted",
            args![
                "target" => target,
                "from" => card.from.map_or_else(String::new, |f| c.color(f)),
                "to" => c.color(card.color),
            ],
        ),
        // docs/rules.md §4: a protection or self-destruct without a target has its own line.
        ("protect", None, _, _) => c.t("deed-protect-nobody", args!["by" => by.clone()]),
        ("self_destruct", None, _, _) => c.t("deed-self-destruct-alone", args!["by" => by.clone()]),
        (
            w @ ("vote" | "abstain" | "shoot" | "pass_badge" | "pass_leader" | "leader_vote"
            | "kill" | "pick" | "save" | "poison" | "pass" | "check" | "hold_fire"
            | "lapsed_shoot" | "lapsed_badge" | "lapsed_leader" | "badge_drawn"
            | "leader_drawn" | "leader_elected" | "protect" | "self_destruct" | "duel"
            | "idiot_revealed"),
            _,
            _,
            _,
        ) => c.t(
            &format!("deed-{}", w.replace('_', "-")),
            args!["by" => by.clone(), "target" => target],
        ),
        (w, _, _, _) => c.t(
            "deed-other",
            args!["by" => by.clone(), "what" => w, "target" => target],
        ),
    };
    let line = if d.proxy {
        c.t("deed-proxy", args!["what" => line, "by" => by])
    } else {
        line
    };
    match d.text.as_deref() {
        Some(t) if !t.trim().is_empty() => c.t("with-reason", args!["what" => line, "reason" => t]),
        _ => line,
    }
}
