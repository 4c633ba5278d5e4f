//! How a message is shown, beyond its text: whether it opens a new day post, and which
//! choices (select menus, buttons) a player's DM offers. Computed with the message, from the
//! state right after its event, and stored with it in the outbox so a messenger needs
//! nothing else to show it, before or after a restart.
//!
//! Choices are platform-neutral: a [`Choice`] names the action, the options are seats. The
//! Discord adapter turns them into components whose ids carry the game and the choice.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Outgoing, Recipient};
use engine::event::{Cause, DecisionKind};
use engine::ruleset::PickFallback;
use engine::{Action, Audience, CharId, Event, EventKind, Game, Kind, Role};
use i18n::{self, Lang};

/// A night or decision action a player takes by picking, not by typing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Choice {
    /// Vote for the wolf leader (night 1).
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
    /// Pass the wolf leadership.
    Lead,
    /// The guard's protection tonight (docs/rules.md §4).
    Protect,
    /// The guard protects nobody tonight.
    ProtectNobody,
}

impl Choice {
    pub const ALL: [Choice; 13] = [
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
        Choice::Protect,
        Choice::ProtectNobody,
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
            Choice::Protect => "protect",
            Choice::ProtectNobody => "protect_nobody",
        }
    }

    pub fn from_key(key: &str) -> Option<Choice> {
        Choice::ALL.into_iter().find(|c| c.key() == key)
    }

    /// Whether the choice needs a target.
    pub fn targeted(self) -> bool {
        !matches!(
            self,
            Choice::Save | Choice::Pass | Choice::Hold | Choice::ProtectNobody
        )
    }

    /// The engine action for this choice; `None` when a target is needed and missing.
    /// A kill's reason comes from the player's second step.
    pub fn action(self, target: Option<CharId>, reason: &str) -> Option<Action> {
        Some(match (self, target) {
            (Choice::Save, _) => Action::Save,
            (Choice::Pass, _) => Action::WitchPass,
            (Choice::Hold, _) => Action::HoldFire,
            (Choice::ProtectNobody, _) => Action::Protect { target: None },
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
            (Choice::Protect, Some(target)) => Action::Protect {
                target: Some(target),
            },
        })
    }

    /// The label of its menu or button.
    pub fn label(self, lang: Lang) -> String {
        i18n::text(lang, &format!("choice-{}", self.key()), &[])
    }

    /// The label in `g`'s words: Mafia's killers submit a target, not werewolf's 报刀.
    pub fn label_in(self, g: &Game, lang: Lang) -> String {
        match (self, g.kind()) {
            (Choice::Kill, Kind::Mafia) => i18n::text(lang, "choice-kill-mafia", &[]),
            _ => self.label(lang),
        }
    }
}

/// What the modal asking for a kill's reason says and takes, for the game's ruleset and the
/// presser's language: Mafia's killers submit a target (werewolf's kill is 报刀), and the
/// field states the length the engine will check (`kill_reason_chars`, 0: any).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReasonAsk {
    pub title: String,
    pub label: String,
    /// The reason's length in characters; 0: any.
    pub chars: u32,
}

impl ReasonAsk {
    pub fn of(g: &Game, lang: Lang) -> ReasonAsk {
        let title = match g.kind() {
            Kind::Mafia => "modal-kill-title-mafia",
            Kind::Werewolf => "modal-kill-title",
        };
        ReasonAsk::worded(title, g.ruleset().options.kill_reason_chars, lang)
    }

    /// For a game that could not be read: any length (the submission is checked anyway).
    pub fn unknown(lang: Lang) -> ReasonAsk {
        ReasonAsk::worded("modal-kill-title", 0, lang)
    }

    fn worded(title: &str, chars: u32, lang: Lang) -> ReasonAsk {
        ReasonAsk {
            title: i18n::text(lang, title, &[]),
            label: i18n::text(
                lang,
                "modal-kill-reason-chars",
                &[("chars", chars.to_string())],
            ),
            chars,
        }
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
    /// Discord's slow mode for the players' own posts in it, in seconds (the ruleset's
    /// `post_pace`, where players write in the day's post themselves); 0 or absent: none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub slow_mode: u16,
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

/// The slow mode of a day's post where the players write themselves: one post per
/// `60 / post_pace` seconds each (none in an anonymous game, whose posts are relayed and
/// paced where they arrive, nor without a pace).
fn slow_mode(g: &Game) -> u16 {
    let o = &g.ruleset().options;
    match o.post_pace {
        0 => 0,
        _ if o.anonymous => 0,
        per_minute => (60 / per_minute).max(1) as u16,
    }
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

/// A moderation action the platform carries out instead of showing a message (the forum-features work,
/// item 4a): an outbox row like a message, so it is durable, retried and in order with the
/// messages of its channel. Roles are the server's optional living/dead roles; a platform or
/// server without them does nothing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Moderate {
    /// Lock and archive the day's post: its day, and the night after it, are over.
    LockDay { day: u32 },
    /// Lock the day's post only (members can no longer post; the bot, with Manage
    /// Threads, still writes the night's messages there): its day is over.
    Lock { day: u32 },
    /// The game starts: these seats' players get the living role.
    Living { seats: Vec<u16> },
    /// These seats' deaths were announced: the living role off, the dead role on.
    Dead { seats: Vec<u16> },
    /// A substitute took over `seat`: the role the seat holds (the living role, or the dead
    /// one when `alive` is false) moves from the player who left (`old`, the engine's player
    /// text: a Discord account id) to the seat's player now.
    Replaced { seat: u16, old: String, alive: bool },
    /// The game is over: the living role off every seat's player, the dead role off the
    /// dead's (`#[serde(default)]`: none).
    Clear {
        seats: Vec<u16>,
        #[serde(default)]
        dead: Vec<u16>,
    },
}

/// The public vote count of a day's round (the forum-features work): one message, created when the
/// round opens and edited in place by every later row of the same round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TallyRef {
    pub day: u32,
    pub round: u32,
    /// The row that creates the message (when the round opens), in its place in the post:
    /// never skipped for a later one.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub opens: bool,
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
    /// Not a message: a moderation action ([`Moderate`]); the body says what it does (for
    /// the judge's notice, should the platform refuse it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moderate: Option<Moderate>,
    /// A change to a camp's private thread (a row of its `camp:<camp>` channel).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub camp: Option<super::camp::CampAction>,
    /// The reveal: the game's pictures (each vote, the timeline; `chart`) go with it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub charts: bool,
    /// The message is the round's vote count: it replaces the count's message in place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tally: Option<TallyRef>,
    /// The player of this seat is named at the message's start and told (mentioned): a
    /// UNO player whose turn it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ping: Option<u16>,
    /// A UNO table: the message carries the "My hand" button.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub uno_hand: bool,
    /// What the message says, in a word (the event's kind, or `night_prompt`,
    /// `vote_count`, `card_warning`, …): nothing a platform shows, but what the bench
    /// counts a game's requests by. Joined messages join their labels with `+`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

impl Delivery {
    /// For a message that only redraws one in place with the whole of its content (the vote
    /// count): what it redraws. Of several such messages waiting in a channel, only the
    /// latest needs showing; the earlier may be skipped (never the one that creates it).
    pub fn edit_key(&self) -> Option<(u32, u32)> {
        self.tally.filter(|t| !t.opens).map(|t| (t.day, t.round))
    }

    /// Whether it asks for nothing but plain text (a label aside): such a message may join
    /// another ([`super::joins`]).
    pub fn is_plain(&self) -> bool {
        self.tally.is_none()
            && self.new_post.is_none()
            && self.menus.is_empty()
            && self.buttons.is_empty()
            && self.due.is_none()
            && self.post.is_none()
            && self.card_for.is_none()
            && self.moderate.is_none()
            && self.camp.is_none()
            && !self.charts
            && self.ping.is_none()
            && !self.uno_hand
    }
}

/// How to show `e` to `channel`, given the state after it.
pub fn delivery(e: &Event, g: &Game, channel: Recipient, lang: Lang) -> Option<Delivery> {
    let mut d = Delivery::default();
    let menu = |choice: Choice, seats: Vec<CharId>| Menu {
        choice,
        label: choice.label_in(g, lang),
        options: seats
            .into_iter()
            .map(|c| (c.0, g.ch(c).name.clone()))
            .collect(),
    };
    let button = |choice: Choice| Button {
        choice,
        label: choice.label_in(g, lang),
    };
    let seat = channel.seat();
    let living = g.living();
    let others = |me: CharId| living.iter().copied().filter(|c| *c != me).collect();
    match (&e.kind, seat) {
        (
            EventKind::DayOpened {
                day, round, closes, ..
            },
            None,
        ) if channel == Recipient::Public => {
            if *round == 0 {
                d.new_post = Some(NewPost {
                    day: *day,
                    title: i18n::text(lang, "post-day-title", &[("day", day.to_string())]),
                    slow_mode: slow_mode(g),
                });
            }
            d.due = Some(*closes);
        }
        (EventKind::Revealed { .. }, None) if channel == Recipient::Public => d.charts = true,
        (EventKind::Posted { by, day, .. }, None) if channel == Recipient::Relay => {
            d.post = Some(PostRef {
                seat: by.0,
                day: *day,
                relay_as: g
                    .ruleset()
                    .options
                    .anonymous
                    .then(|| g.ch(*by).name.clone()),
            });
        }
        // The night's prompts go with the DMs `private_copies` adds at nightfall for every
        // character with something to do.
        (EventKind::NightOpened { wolves_until, .. }, Some(me)) => {
            d.due = Some(*wolves_until);
            let role = g.ch(me).role;
            match (g.kind(), role) {
                (Kind::Werewolf, Role::Wolf | Role::WhiteWolfKing) => {
                    if g.ruleset().options.wolf_leader && g.leader().is_none() {
                        d.menus
                            .push(menu(Choice::Leader, g.living_with(Role::is_wolf)));
                    }
                    d.menus.push(menu(Choice::Kill, living.clone()));
                }
                (Kind::Werewolf, Role::Seer) => d.menus.push(menu(Choice::Check, others(me))),
                // docs/rules.md §4: the guard picks any living character, himself included, but
                // not last night's; or nobody.
                (Kind::Werewolf, Role::Guard) => {
                    let night = g.night().map_or(0, |n| n.night);
                    let last = g
                        .last_protected()
                        .filter(|(n, _)| n + 1 == night)
                        .map(|(_, c)| c);
                    let choices = living.iter().copied().filter(|c| Some(*c) != last);
                    d.menus.push(menu(Choice::Protect, choices.collect()));
                    d.buttons.push(button(Choice::ProtectNobody));
                }
                (Kind::Mafia, Role::Killer) => d.menus.push(menu(Choice::Kill, living.clone())),
                (Kind::Mafia, Role::Police) => d.menus.push(menu(Choice::Check, others(me))),
                _ => {}
            }
        }
        (EventKind::KillSubmitted { .. } | EventKind::LeaderElected { .. }, Some(me))
            if g.leader() == Some(me) && g.ruleset().options.wolf_leader =>
        {
            if let Some(n) = g.night().filter(|n| n.kill.is_none()) {
                let mut targets: Vec<CharId> = n.kills.values().map(|s| s.target).collect();
                targets.sort();
                targets.dedup();
                if !targets.is_empty() {
                    d.menus.push(menu(Choice::Pick, targets));
                }
            }
        }
        (EventKind::WitchTold { target, .. }, Some(me)) => {
            d.due = g.night().map(|n| n.witch_until);
            if target.is_some() && g.antidote() {
                d.buttons.push(button(Choice::Save));
            }
            if g.poison() {
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
                    g.living_with(Role::is_wolf)
                        .into_iter()
                        .filter(|c| *c != me)
                        .collect(),
                ));
            }
        },
        _ => {}
    }
    (!d.is_plain()).then_some(d)
}

/// Private messages an event brings besides its own, each `(addressee, text)`: when night
/// falls, every character with a night action is told by DM what to do and by when (the
/// menus come with it, from [`delivery`]); a character out of the game (by day or by night,
/// as the grant of last words would be) for whom the last-words quota is used up is told
/// so, and what is left to do.
pub fn private_copies(e: &Event, g: &Game, lang: Lang) -> Vec<(CharId, String)> {
    match &e.kind {
        EventKind::NightOpened { .. } if e.audience() != Audience::Public => Vec::new(),
        EventKind::NightOpened {
            night,
            wolves_until,
            ..
        } => {
            let acts = |r: Role| match g.kind() {
                Kind::Werewolf => {
                    matches!(
                        r,
                        Role::Wolf | Role::WhiteWolfKing | Role::Seer | Role::Guard
                    )
                }
                Kind::Mafia => matches!(r, Role::Killer | Role::Police),
            };
            g.living_with(acts)
                .into_iter()
                .map(|c| (c, night_prompt(g, c, *night, *wolves_until, lang)))
                .collect()
        }
        EventKind::Eliminated {
            character, cause, ..
        } if no_last_words(g, *character, *cause) => {
            let quota = g.last_words_quota().to_string();
            let text = i18n::text(lang, "prompt-out-no-last-words", &[("quota", quota)]);
            vec![(*character, text)]
        }
        _ => Vec::new(),
    }
}

/// Whether `c`, just eliminated by `cause` (the state is the one right after), leaves no last
/// words because the quota is used up: the engine grants them right after the elimination
/// while the quota lasts, and never to a character sent off by a red card or the judge (those
/// are told by their own messages).
fn no_last_words(g: &Game, c: CharId, cause: Cause) -> bool {
    !matches!(cause, Cause::RedCard | Cause::Judge)
        && !g.grants().iter().any(|x| x.character == c)
        && g.grants().len() >= g.last_words_quota()
}

/// What `me` is to do tonight, and by when.
fn night_prompt(g: &Game, me: CharId, night: u32, until: DateTime<Utc>, lang: Lang) -> String {
    let o = &g.ruleset().options;
    let t = |id: &str, args: &[(&str, String)]| i18n::text(lang, id, args);
    let base = [
        ("night", night.to_string()),
        ("until", i18n::time(until, o.time_zone)),
    ];
    let mut lines = Vec::new();
    match g.ch(me).role {
        Role::Wolf | Role::WhiteWolfKing => {
            lines.push(t("prompt-night-wolf", &base));
            let fallback = match o.leader_pick_fallback {
                PickFallback::MostSubmitted => "most",
                PickFallback::None => "none",
            };
            let card = if o.auto_cards && !g.sped_up() {
                "yes"
            } else {
                "no"
            };
            lines.push(match g.leader() {
                _ if !o.wolf_leader => t("prompt-night-wolf-majority", &[]),
                None => t("prompt-night-wolf-elect", &[("card", card.into())]),
                Some(l) if l == me => t(
                    "prompt-night-wolf-leader",
                    &[base[1].clone(), ("fallback", fallback.into())],
                ),
                Some(l) => t(
                    "prompt-night-wolf-member",
                    &[("leader", g.ch(l).name.clone())],
                ),
            });
        }
        Role::Seer => lines.push(t("prompt-night-seer", &base)),
        Role::Guard => {
            let last = g
                .last_protected()
                .filter(|(n, _)| n + 1 == night)
                .map(|(_, c)| g.ch(c).name.clone());
            let mut args = base.to_vec();
            args.push(("has", if last.is_some() { "yes" } else { "no" }.into()));
            args.push(("last", last.unwrap_or_default()));
            lines.push(t("prompt-night-guard", &args));
        }
        Role::Killer => lines.push(t("prompt-night-killer", &base)),
        Role::Police => lines.push(t("prompt-night-police", &base)),
        _ => {}
    }
    lines.join("\n")
}

/// The tree-hole post (树洞) at the end: every note in order, under character and player.
pub fn tree_hole_post(notes: &[(CharId, String)], g: &Game, lang: Lang) -> Outgoing {
    let mut lines = Vec::new();
    for (c, text) in notes {
        let ch = g.ch(*c);
        // Outside an anonymous game the character is named after its player: "酱油（酱油）"
        // would read as a mistake.
        let key = if g.ruleset().options.anonymous {
            "treehole-line"
        } else {
            "treehole-line-open"
        };
        lines.push(i18n::text(
            lang,
            key,
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
    Outgoing {
        channel: Recipient::Public,
        body: lines.join("\n"),
        meta: Some(Delivery {
            new_post: Some(NewPost {
                day: 0,
                title: i18n::text(lang, "treehole-title", &[]),
                slow_mode: 0,
            }),
            ..Delivery::default()
        }),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use chrono::TimeZone;

    use super::*;
    use crate::messages;
    use engine::ruleset::Ruleset;
    use engine::{apply, create, handle, Command, Phase, Setup};

    /// Catalog message `id` with `args`; a missing message or argument fails the test.
    fn said(lang: Lang, id: &str, args: &[(&str, &str)]) -> String {
        let args: Vec<(&str, String)> = args.iter().map(|(k, v)| (*k, v.to_string())).collect();
        i18n::try_text(lang, id, &args).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Whether `body` holds message `id` with `args`, whatever time its `until` names.
    fn holds(body: &str, lang: Lang, id: &str, args: &[(&str, &str)]) -> bool {
        let mut args = args.to_vec();
        args.push(("until", "\u{e000}"));
        let mut rest = body;
        said(lang, id, &args).split('\u{e000}').all(|piece| {
            rest.find(piece)
                .map(|i| rest = &rest[i + piece.len()..])
                .is_some()
        })
    }

    /// A 12-character m32 game in `zone`, without automatic cards (day 1 passes without
    /// posts or votes), with `quota` last words.
    fn game(zone: &str, quota: i64) -> Game {
        let o: BTreeMap<String, toml::Value> = [
            ("time_zone", toml::Value::String(zone.into())),
            ("auto_cards", toml::Value::Boolean(false)),
            ("last_words", toml::Value::Integer(quota)),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        dealt("m32", &o)
    }

    /// A 12-character game of `ruleset` with options `o`, created and not yet started.
    fn dealt(ruleset: &str, o: &BTreeMap<String, toml::Value>) -> Game {
        let setup = Setup {
            ruleset: Ruleset::builtin(ruleset, o).expect("the ruleset loads"),
            seed: engine::rng::Seed::U64(7),
            start: Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap(),
            characters: "ABCDEFGHIJKL".chars().map(String::from).collect(),
            roles: None,
            forbidden_first_kill: None,
            players: None,
        };
        Game::replay(&create(&setup).expect("the game is created"))
    }

    /// Runs `cmd` at `now`; every message its events cause, each against the state right
    /// after its event (as the store writes them).
    fn run(g: &mut Game, cmd: Command, now: DateTime<Utc>, lang: Lang) -> Vec<Outgoing> {
        let events = handle(g, &cmd, now).expect("the command is accepted");
        let mut out = Vec::new();
        for e in &events {
            apply(g, e);
            out.extend(messages(e, g, lang));
        }
        out
    }

    /// Lets the next deadline pass.
    fn tick(g: &mut Game, lang: Lang) -> Vec<Outgoing> {
        let due = g.next_deadline().expect("a deadline");
        run(g, Command::tick(), due, lang)
    }

    /// Lets deadlines pass until night falls (with fixed phase times, one decision window
    /// after the day's close); the messages of the last one.
    fn to_night(g: &mut Game, lang: Lang) -> Vec<Outgoing> {
        loop {
            let out = tick(g, lang);
            if matches!(g.phase(), Phase::Night { .. }) {
                return out;
            }
        }
    }

    fn dm(out: &[Outgoing], c: CharId) -> Vec<&Outgoing> {
        out.iter()
            .filter(|m| m.channel == Recipient::Seat(c))
            .collect()
    }

    fn first(g: &Game, role: Role) -> CharId {
        g.living_with(|r| r == role)[0]
    }

    /// Day 1 passes; on night 1 the wolves elect their first as leader, all submit the
    /// first villager, the leader picks them. The victim, and the messages of the pick (the
    /// witch is told then).
    fn night_one_kill(g: &mut Game, lang: Lang) -> (CharId, Vec<Outgoing>) {
        to_night(g, lang);
        let victim = first(g, Role::Villager);
        let at = Utc.with_ymd_and_hms(2026, 12, 2, 12, 10, 0).unwrap();
        let wolves = g.living_with(|r| r == Role::Wolf);
        for w in &wolves {
            let target = wolves[0];
            run(g, Command::by(*w, Action::LeaderVote { target }), at, lang);
        }
        for w in &wolves {
            let kill = Action::Kill {
                target: victim,
                reason: "强势".into(),
            };
            run(g, Command::by(*w, kill), at, lang);
        }
        let leader = g.leader().expect("a leader");
        let pick = Command::by(leader, Action::Pick { target: victim });
        (victim, run(g, pick, at, lang))
    }

    /// Lets the night's deadlines pass until day breaks; their messages.
    fn to_day(g: &mut Game, lang: Lang) -> Vec<Outgoing> {
        let mut out = Vec::new();
        while !matches!(g.phase(), Phase::Day { .. }) {
            out.extend(tick(g, lang));
        }
        out
    }

    #[test]
    fn at_nightfall_the_seer_and_each_wolf_are_told_what_to_do_and_by_when() {
        let lang = Lang::Zh;
        let mut g = game("Asia/Shanghai", 4);
        let out = to_night(&mut g, lang);
        assert!(matches!(g.phase(), Phase::Night { night: 1 }));
        // Day 1 closes at 12:00 UTC on Dec 2 and night falls a decision window later,
        // 12:10; the wolves' and seer's part lasts 30 minutes: 20:40 in Beijing.
        let until = [("night", "1"), ("until", "2026-12-02 20:40 UTC+8")];
        let seer_prompt = said(lang, "prompt-night-seer", &until);
        let seer = first(&g, Role::Seer);
        let to_seer = dm(&out, seer);
        assert_eq!(to_seer.len(), 1, "{out:#?}");
        assert!(
            to_seer[0].body.contains(&seer_prompt),
            "{}",
            to_seer[0].body
        );
        let menus = &to_seer[0].meta.as_ref().expect("a menu").menus;
        assert_eq!(menus[0].choice, Choice::Check);
        for w in g.living_with(|r| r == Role::Wolf) {
            let to_wolf = dm(&out, w);
            assert_eq!(to_wolf.len(), 1, "{out:#?}");
            let body = &to_wolf[0].body;
            let wolf_prompt = said(lang, "prompt-night-wolf", &until);
            assert!(body.contains(&wolf_prompt), "{body}");
            // Night 1 of m32: the leader election comes first.
            assert!(
                holds(body, lang, "prompt-night-wolf-elect", &[("card", "no")]),
                "{body}"
            );
            let menus = &to_wolf[0].meta.as_ref().expect("menus").menus;
            let choices: Vec<Choice> = menus.iter().map(|m| m.choice).collect();
            assert_eq!(choices, vec![Choice::Leader, Choice::Kill]);
        }
        // The villagers, the witch and the hunter have nothing to do yet.
        for c in g.living_with(|r| matches!(r, Role::Villager | Role::Witch | Role::Hunter)) {
            assert!(dm(&out, c).is_empty(), "{:#?}", dm(&out, c));
        }
        // The public announcement is not a prompt.
        let public: Vec<&Outgoing> = out
            .iter()
            .filter(|m| m.channel == Recipient::Public)
            .collect();
        assert!(public.iter().all(|m| !m.body.contains(&seer_prompt)));
    }

    #[test]
    fn in_english_and_utc_the_prompt_says_the_same() {
        let mut g = game("UTC", 4);
        let out = to_night(&mut g, Lang::En);
        let seer = first(&g, Role::Seer);
        let body = &dm(&out, seer)[0].body;
        let until = [("night", "1"), ("until", "2026-12-02 12:40 UTC")];
        assert!(
            body.contains(&said(Lang::En, "prompt-night-seer", &until)),
            "{body}"
        );
    }

    #[test]
    fn the_witch_is_told_her_deadline_in_the_games_zone() {
        let lang = Lang::Zh;
        let mut g = game("Asia/Shanghai", 4);
        let (_, out) = night_one_kill(&mut g, lang);
        let witch = first(&g, Role::Witch);
        let told = dm(&out, witch);
        assert_eq!(told.len(), 1, "{out:#?}");
        // Her deadline: an hour after nightfall (12:10 UTC), 21:10 in Beijing.
        let until = said(
            lang,
            "ev-witch-until",
            &[("until", "2026-12-02 21:10 UTC+8")],
        );
        assert!(told[0].body.contains(&until), "{}", told[0].body);
    }

    #[test]
    fn a_character_out_after_the_last_words_are_used_up_is_told_so() {
        let lang = Lang::Zh;
        let mut g = game("Asia/Shanghai", 1);
        let (victim, _) = night_one_kill(&mut g, lang);
        let night_end = to_day(&mut g, lang);
        // The night's victim takes the only last words: no "no last words" message.
        assert_eq!(g.grants().len(), 1);
        let none_left = said(lang, "prompt-out-no-last-words", &[("quota", "1")]);
        assert!(
            dm(&night_end, victim)
                .iter()
                .all(|m| !m.body.contains(&none_left)),
            "{night_end:#?}"
        );
        // Day 2: everyone votes one villager out; the quota is used up.
        let out_by_vote = g.living_with(|r| r == Role::Villager)[0];
        let at = g.day().expect("a day").closes - chrono::Duration::hours(3);
        for c in g.living() {
            let vote = Action::Vote {
                target: out_by_vote,
                reason: String::new(),
            };
            run(&mut g, Command::by(c, vote), at, lang);
        }
        let out = tick(&mut g, lang);
        assert!(!g.is_alive(out_by_vote));
        let told = dm(&out, out_by_vote);
        assert_eq!(told.len(), 1, "{out:#?}");
        assert!(told[0].body.contains(&none_left), "{}", told[0].body);
        let en = messages(
            &engine::Event {
                at,
                kind: EventKind::Eliminated {
                    character: out_by_vote,
                    cause: Cause::Vote,
                    when: Phase::Day { day: 2, round: 0 },
                },
            },
            &g,
            Lang::En,
        );
        let none_left = said(Lang::En, "prompt-out-no-last-words", &[("quota", "1")]);
        assert!(en.iter().any(|m| m.body.contains(&none_left)), "{en:#?}");
    }

    #[test]
    fn a_night_victim_without_last_words_is_told_too() {
        let lang = Lang::Zh;
        let mut g = game("Asia/Shanghai", 0);
        let (victim, _) = night_one_kill(&mut g, lang);
        let out = to_day(&mut g, lang);
        assert!(!g.is_alive(victim));
        let told = dm(&out, victim);
        assert_eq!(told.len(), 1, "{out:#?}");
        let none = said(lang, "prompt-out-no-last-words", &[("quota", "0")]);
        assert!(told[0].body.contains(&none), "{}", told[0].body);
        // Nobody else is told they are out.
        let others = out
            .iter()
            .filter(|m| m.body.contains(&none) && m.channel != Recipient::Seat(victim));
        assert_eq!(others.count(), 0);
    }

    /// docs/rules.md §4: at nightfall the guard gets a prompt with a menu of the living (himself
    /// included, last night's protected left out) and a "protect nobody" button; pressing
    /// the button protects nobody.
    #[test]
    fn the_guard_is_prompted_with_a_menu_and_a_nobody_button() {
        let o: BTreeMap<String, toml::Value> =
            [("auto_cards".to_string(), toml::Value::Boolean(false))].into();
        let setup = Setup {
            ruleset: Ruleset::builtin("guard", &o).expect("guard loads"),
            seed: engine::rng::Seed::U64(7),
            start: Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap(),
            characters: "ABCDEFGHIJKL".chars().map(String::from).collect(),
            roles: None,
            forbidden_first_kill: None,
            players: None,
        };
        let mut g = Game::replay(&create(&setup).expect("the game is created"));
        let guard = first(&g, Role::Guard);
        let victim = first(&g, Role::Villager);
        for lang in Lang::ALL {
            let mut g = g.clone();
            let out = to_night(&mut g, lang);
            let mine = dm(&out, guard);
            let prompt = mine
                .iter()
                .find(|m| m.meta.as_ref().is_some_and(|d| !d.menus.is_empty()))
                .expect("the guard is prompted at nightfall");
            let d = prompt.meta.as_ref().expect("menus");
            assert_eq!(d.menus[0].choice, Choice::Protect);
            assert_eq!(
                d.menus[0].options.len(),
                12,
                "everyone living, himself included"
            );
            assert_eq!(d.buttons[0].choice, Choice::ProtectNobody);
            let nobody = [("night", "1"), ("has", "no"), ("last", "")];
            assert!(
                holds(&prompt.body, lang, "prompt-night-guard", &nobody),
                "{}",
                prompt.body
            );
        }
        // Night 1: he protects the victim; on night 2 the victim is not in his menu.
        to_night(&mut g, Lang::En);
        let at = g.clock();
        let action = Choice::Protect.action(Some(victim), "").expect("an action");
        run(&mut g, Command::by(guard, action), at, Lang::En);
        let out = loop {
            let out = tick(&mut g, Lang::En);
            if matches!(g.phase(), Phase::Night { night: 2 }) {
                break out;
            }
        };
        let menu = dm(&out, guard)
            .into_iter()
            .find_map(|m| m.meta.as_ref().and_then(|d| d.menus.first().cloned()))
            .expect("a menu on night 2");
        assert!(menu.options.iter().all(|(seat, _)| *seat != victim.0));
        assert!(menu.options.iter().any(|(seat, _)| *seat == guard.0));
        let nobody = Choice::ProtectNobody.action(None, "").expect("an action");
        assert_eq!(nobody, Action::Protect { target: None });
        let at = g.clock();
        run(&mut g, Command::by(guard, nobody), at, Lang::En);
        assert!(g
            .night()
            .is_some_and(|n| n.guard_done && n.protected.is_none()));
    }

    /// The kill's menu and reason modal word the ruleset's rule: m32's two characters,
    /// Mafia's target with a reason of any length (not werewolf's 报刀).
    #[test]
    fn the_kill_modal_says_the_rulesets_reason_length() {
        let m32 = ReasonAsk::of(&game("UTC", 5), Lang::Zh);
        assert_eq!(
            (m32.title.as_str(), m32.label.as_str(), m32.chars),
            ("今晚报刀", "理由（两个字）", 2)
        );
        let mafia = dealt("mafia", &BTreeMap::new());
        assert_eq!(Choice::Kill.label_in(&mafia, Lang::Zh), "提交今晚的目标");
        assert_eq!(Choice::Kill.label_in(&game("UTC", 5), Lang::Zh), "报刀");
        for (lang, title, label) in [
            (Lang::Zh, "今晚的目标", "理由"),
            (Lang::En, "Tonight's target", "Reason"),
        ] {
            let ask = ReasonAsk::of(&mafia, lang);
            assert_eq!(
                (ask.title.as_str(), ask.label.as_str(), ask.chars),
                (title, label, 0)
            );
        }
    }
}
