//! How a message is shown, beyond its text: whether it opens a new day post, and which
//! choices (select menus, buttons) a player's DM offers. Computed with the message, from the
//! state right after its event, and stored with it in the outbox so a messenger needs
//! nothing else to show it, before or after a restart.
//!
//! Choices are platform-neutral: a [`Choice`] names the action, the options are seats. The
//! Discord adapter turns them into components whose ids carry the game and the choice.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::engine::event::DecisionKind;
use crate::engine::{Action, Audience, CharId, Event, EventKind, Game, Kind, Role};
use crate::i18n::{self, Lang};

/// A night or decision action a player takes by picking, not by typing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Choice {
    /// Vote for the pack's leader (night 1).
    Leader,
    /// Submit a kill (a target, then a two-character reason).
    Kill,
    /// The leader picks one of the submitted kills.
    Pick,
    Save,
    Poison,
    /// The witch uses no potion tonight.
    Pass,
    /// The seer's (or police's) check.
    Check,
    Shoot,
    /// The dead hunter declines to shoot.
    Hold,
    /// Pass the sheriff's badge.
    Badge,
    /// Pass the pack's leadership.
    Lead,
}

impl Choice {
    pub const ALL: [Choice; 11] = [
        Choice::Leader,
        Choice::Kill,
        Choice::Pick,
        Choice::Save,
        Choice::Poison,
        Choice::Pass,
        Choice::Check,
        Choice::Shoot,
        Choice::Hold,
        Choice::Badge,
        Choice::Lead,
    ];

    /// The stable name used in component ids.
    pub fn key(self) -> &'static str {
        match self {
            Choice::Leader => "leader",
            Choice::Kill => "kill",
            Choice::Pick => "pick",
            Choice::Save => "save",
            Choice::Poison => "poison",
            Choice::Pass => "pass",
            Choice::Check => "check",
            Choice::Shoot => "shoot",
            Choice::Hold => "hold",
            Choice::Badge => "badge",
            Choice::Lead => "lead",
        }
    }

    pub fn from_key(key: &str) -> Option<Choice> {
        Choice::ALL.into_iter().find(|c| c.key() == key)
    }

    /// Whether the choice needs a target.
    pub fn targeted(self) -> bool {
        !matches!(self, Choice::Save | Choice::Pass | Choice::Hold)
    }

    /// The engine action for this choice; `None` when a target is needed and missing.
    /// A kill's reason comes from the player's second step.
    pub fn action(self, target: Option<CharId>, reason: &str) -> Option<Action> {
        Some(match (self, target) {
            (Choice::Save, _) => Action::Save,
            (Choice::Pass, _) => Action::WitchPass,
            (Choice::Hold, _) => Action::HoldFire,
            (_, None) => return None,
            (Choice::Leader, Some(target)) => Action::LeaderVote { target },
            (Choice::Kill, Some(target)) => Action::Kill {
                target,
                reason: reason.to_string(),
            },
            (Choice::Pick, Some(target)) => Action::Pick { target },
            (Choice::Poison, Some(target)) => Action::Poison { target },
            (Choice::Check, Some(target)) => Action::Check { target },
            (Choice::Shoot, Some(target)) => Action::Shoot { target },
            (Choice::Badge, Some(target)) => Action::PassBadge { target },
            (Choice::Lead, Some(target)) => Action::PassLeader { target },
        })
    }

    /// The label of its menu or button.
    pub fn label(self, lang: Lang) -> String {
        i18n::text(lang, &format!("choice-{}", self.key()), &[])
    }
}

/// A select menu: one choice among seats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Menu {
    pub choice: Choice,
    pub label: String,
    /// (seat, character name)
    pub options: Vec<(u16, String)>,
}

/// A button: a choice without a target.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    pub choice: Choice,
    pub label: String,
}

/// A day's new post.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewPost {
    pub day: u32,
    pub title: String,
}

/// A post of a character on a day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostRef {
    pub seat: u16,
    pub day: u32,
    /// The character's name to relay it under (anonymous games); `None`: not relayed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relay_as: Option<String>,
}

/// How to show one message.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Delivery {
    /// Open a new post for this day; the message is its opening post.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_post: Option<NewPost>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub menus: Vec<Menu>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buttons: Vec<Button>,
    /// A character's post (for the day's index of posts), relayed under the character's
    /// name in an anonymous game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub post: Option<PostRef>,
    /// A judge's notice about this seat: offer a one-click card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card_for: Option<u16>,
    /// The deadline the message is about, for a platform to show in the reader's time zone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub due: Option<DateTime<Utc>>,
}

impl Delivery {
    fn is_empty(&self) -> bool {
        self.new_post.is_none()
            && self.menus.is_empty()
            && self.buttons.is_empty()
            && self.due.is_none()
            && self.post.is_none()
            && self.card_for.is_none()
    }
}

/// How to show `e` on `channel` (`public`, `judge`, `dm:<seat>`), given the state after it.
pub fn delivery(e: &Event, g: &Game, channel: &str, lang: Lang) -> Option<Delivery> {
    let mut d = Delivery::default();
    let menu = |choice: Choice, seats: Vec<CharId>| Menu {
        choice,
        label: choice.label(lang),
        options: seats
            .into_iter()
            .map(|c| (c.0, g.ch(c).name.clone()))
            .collect(),
    };
    let button = |choice: Choice| Button {
        choice,
        label: choice.label(lang),
    };
    let seat = channel
        .strip_prefix("dm:")
        .and_then(|s| s.parse::<u16>().ok())
        .map(CharId);
    let living = g.living();
    let others = |me: CharId| living.iter().copied().filter(|c| *c != me).collect();
    match (&e.kind, seat) {
        (
            EventKind::DayOpened {
                day, round, closes, ..
            },
            None,
        ) if channel == "public" => {
            if *round == 0 {
                d.new_post = Some(NewPost {
                    day: *day,
                    title: i18n::text(lang, "post-day-title", &[("day", day.to_string())]),
                });
            }
            d.due = Some(*closes);
        }
        (EventKind::Posted { by, day, .. }, None) if channel == "public" => {
            d.post = Some(PostRef {
                seat: by.0,
                day: *day,
                relay_as: g.ruleset.options.anonymous.then(|| g.ch(*by).name.clone()),
            });
        }
        // The night's prompts go with the public "night falls" message's DM copies, which
        // `extra_channels` adds for every character with something to do.
        (EventKind::NightOpened { wolves_until, .. }, Some(me)) => {
            d.due = Some(*wolves_until);
            let role = g.ch(me).role;
            match (g.kind(), role) {
                (Kind::Werewolf, Role::Wolf) => {
                    if g.ruleset.options.wolf_leader && g.leader.is_none() {
                        d.menus
                            .push(menu(Choice::Leader, g.living_with(|r| r == Role::Wolf)));
                    }
                    d.menus.push(menu(Choice::Kill, living.clone()));
                }
                (Kind::Werewolf, Role::Seer) => d.menus.push(menu(Choice::Check, others(me))),
                (Kind::Mafia, Role::Killer) => d.menus.push(menu(Choice::Kill, living.clone())),
                (Kind::Mafia, Role::Police) => d.menus.push(menu(Choice::Check, others(me))),
                _ => {}
            }
        }
        (EventKind::KillSubmitted { .. } | EventKind::LeaderElected { .. }, Some(me))
            if g.leader == Some(me) && g.ruleset.options.wolf_leader =>
        {
            if let Some(n) = g.night.as_ref().filter(|n| n.kill.is_none()) {
                let mut targets: Vec<CharId> = n.kills.values().map(|s| s.target).collect();
                targets.sort();
                targets.dedup();
                if !targets.is_empty() {
                    d.menus.push(menu(Choice::Pick, targets));
                }
            }
        }
        (EventKind::WitchTold { target, .. }, Some(me)) => {
            d.due = g.night.as_ref().map(|n| n.witch_until);
            if target.is_some() && g.antidote {
                d.buttons.push(button(Choice::Save));
            }
            if g.poison {
                d.menus.push(menu(Choice::Poison, others(me)));
            }
            d.buttons.push(button(Choice::Pass));
        }
        (EventKind::DecisionOpened { kind, until, .. }, Some(me)) => match kind {
            DecisionKind::Shoot => {
                d.due = Some(*until);
                d.menus.push(menu(Choice::Shoot, living.clone()));
                d.buttons.push(button(Choice::Hold));
            }
            DecisionKind::Badge => {
                d.due = Some(*until);
                d.menus.push(menu(Choice::Badge, others(me)));
            }
            DecisionKind::Leader => {
                d.due = Some(*until);
                d.menus.push(menu(
                    Choice::Lead,
                    g.living_with(|r| r == Role::Wolf)
                        .into_iter()
                        .filter(|c| *c != me)
                        .collect(),
                ));
            }
        },
        _ => {}
    }
    (!d.is_empty()).then_some(d)
}

/// DM copies of a public event for the characters it prompts: when night falls, everyone
/// with a night action is sent the prompt privately.
pub fn extra_channels(e: &Event, g: &Game) -> Vec<String> {
    if !matches!(e.kind, EventKind::NightOpened { .. }) || e.audience() != Audience::Public {
        return Vec::new();
    }
    let acts = |r: Role| match g.kind() {
        Kind::Werewolf => matches!(r, Role::Wolf | Role::Seer),
        Kind::Mafia => matches!(r, Role::Killer | Role::Police),
    };
    g.living_with(acts)
        .into_iter()
        .map(|c| format!("dm:{}", c.0))
        .collect()
}

/// The tree-hole post (树洞) at the end: every note in order, under character and player.
pub fn tree_hole_post(notes: &[(CharId, String)], g: &Game, lang: Lang) -> super::outbox::Outgoing {
    let mut lines = Vec::new();
    for (c, text) in notes {
        let ch = g.ch(*c);
        lines.push(i18n::text(
            lang,
            "treehole-line",
            &[
                ("name", ch.name.clone()),
                ("player", i18n::player_label(&ch.player)),
                ("text", text.clone()),
            ],
        ));
    }
    if lines.is_empty() {
        lines.push(i18n::text(lang, "ev-reveal-no-tree-holes", &[]));
    }
    super::outbox::Outgoing {
        channel: "public".into(),
        body: lines.join("\n"),
        meta: Some(Delivery {
            new_post: Some(NewPost {
                day: 0,
                title: i18n::text(lang, "treehole-title", &[]),
            }),
            ..Delivery::default()
        }),
    }
}
