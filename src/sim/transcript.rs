//! The transcript: the game as its players see it, in time order. Each line carries its
//! time and where it appears (a day thread, a private message, a side's channel, the
//! judge's log, the reveal). Internal events are not shown.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use chrono::{DateTime, Utc};

use crate::engine::{
    apply, Action, Actor, Audience, CharId, Command, Event, EventKind, Game, Phase, RuleError,
};
use crate::i18n::{self, Lang};

/// Width of the time column (`12-02 20:00 `); continuation lines are indented by it.
const INDENT: usize = 12;

/// Writes the transcript. It keeps its own copy of the game, folded event by event, so each
/// event is rendered against the state it produced (names, grants, potions).
pub(crate) struct Writer {
    lang: Lang,
    game: Game,
    out: String,
    /// The open day's posts: its floor numbers (楼层) by character, for the day's index.
    floors: BTreeMap<CharId, Vec<u32>>,
    floor: u32,
    /// Accepted posts since the judge's log last counted them (see [`Writer::command`]).
    posts_unlogged: u32,
}

impl Writer {
    pub(crate) fn new(lang: Lang) -> Writer {
        Writer {
            lang,
            game: Game::default(),
            out: String::new(),
            floors: BTreeMap::new(),
            floor: 0,
            posts_unlogged: 0,
        }
    }

    fn t(&self, id: &str, args: &[(&str, String)]) -> String {
        i18n::text(self.lang, id, args)
    }

    /// A free-standing paragraph (title, legend, summary).
    pub(crate) fn paragraph(&mut self, text: &str) {
        let _ = writeln!(self.out, "{text}");
    }

    pub(crate) fn blank(&mut self) {
        if !self.out.is_empty() && !self.out.ends_with("\n\n") {
            self.out.push('\n');
        }
    }

    fn line(&mut self, at: DateTime<Utc>, heading: &str, text: &str) {
        let mut lines = text.lines();
        let first = lines.next().unwrap_or_default();
        // The clock of the game's time zone.
        let at = at.with_timezone(&self.game.ruleset().options.time_zone.0);
        let _ = writeln!(self.out, "{} [{heading}] {first}", at.format("%m-%d %H:%M"));
        for l in lines {
            let _ = writeln!(self.out, "{:INDENT$}{l}", "");
        }
    }

    /// The heading of a public message posted during `phase`.
    fn thread(&self, phase: Phase) -> String {
        match phase {
            Phase::Day { day, round: 0 } => self.t("heading-day", &[("day", day.to_string())]),
            Phase::Day { day, round } => self.t(
                "heading-day-round",
                &[("day", day.to_string()), ("round", round.to_string())],
            ),
            Phase::Night { night } => self.t("heading-night", &[("night", night.to_string())]),
            Phase::Setup | Phase::Ended => self.t("heading-public", &[]),
        }
    }

    /// Writes one event where its audience sees it.
    pub(crate) fn event(&mut self, e: &Event) {
        let before = self.game.phase();
        apply(&mut self.game, e);
        let audience = e.audience();
        let (heading, text) = match audience {
            Audience::Internal => return,
            Audience::Public => {
                if matches!(e.kind, EventKind::Revealed { .. }) {
                    self.blank();
                    (
                        self.t("heading-reveal", &[]),
                        i18n::render(e, &self.game, self.lang),
                    )
                } else {
                    let phase = if self.game.phase() == Phase::Ended {
                        before
                    } else {
                        self.game.phase()
                    };
                    if matches!(
                        e.kind,
                        EventKind::DayOpened { .. } | EventKind::NightOpened { .. }
                    ) {
                        self.blank();
                    }
                    (self.thread(phase), i18n::render(e, &self.game, self.lang))
                }
            }
            Audience::Judge => (
                i18n::audience_heading(audience, &self.game, self.lang),
                i18n::render_judge(e, &self.game, self.lang),
            ),
            Audience::Character(_) | Audience::Wolves | Audience::Police => (
                i18n::audience_heading(audience, &self.game, self.lang),
                i18n::render(e, &self.game, self.lang),
            ),
        };
        let text = match &e.kind {
            EventKind::Posted { by, .. } => {
                self.floor += 1;
                self.floors.entry(*by).or_default().push(self.floor);
                format!("#{} {text}", self.floor)
            }
            _ => text,
        };
        self.line(e.at, &heading, &text);
        if let EventKind::VoteClosed { day, round, .. } = &e.kind {
            self.count_posts(
                e.at,
                Phase::Day {
                    day: *day,
                    round: *round,
                },
            );
        }
        // The DMs the event brings (the night's prompts, an exit without last words).
        for (c, dm) in crate::notify::prompt::private_copies(e, &self.game, self.lang) {
            let to = i18n::audience_heading(Audience::Character(c), &self.game, self.lang);
            self.line(e.at, &to, &dm);
        }
        match &e.kind {
            EventKind::DayOpened { round: 0, .. } => {
                self.floors.clear();
                self.floor = 0;
            }
            EventKind::VoteClosed { day, round: 0, .. } => self.elevator(e.at, *day),
            EventKind::Revealed { tree_holes, .. } => {
                let post = crate::notify::prompt::tree_hole_post(tree_holes, &self.game, self.lang);
                let title = post
                    .meta
                    .and_then(|m| m.new_post)
                    .map(|p| p.title)
                    .unwrap_or_default();
                self.line(e.at, &title, &post.body);
            }
            _ => {}
        }
    }

    /// The day's index (电梯) as it stands at the close: each character's floors.
    fn elevator(&mut self, at: DateTime<Utc>, day: u32) {
        let mut lines = vec![self.t("elevator-heading", &[("day", day.to_string())])];
        for c in
            crate::service::anon::elevator_order(self.game.seed(), self.game.chars().len(), day)
        {
            let floors = self.floors.get(&c).cloned().unwrap_or_default();
            let list: Vec<String> = floors.iter().map(|f| format!("#{f}")).collect();
            lines.push(if list.is_empty() {
                self.t("elevator-none", &[("name", self.name(c))])
            } else {
                self.t(
                    "sim-elevator-line",
                    &[
                        ("name", self.name(c)),
                        ("count", list.len().to_string()),
                        ("floors", list.join(" ")),
                    ],
                )
            });
        }
        let heading = self.thread(Phase::Day { day, round: 0 });
        self.line(at, &heading, &lines.join("\n"));
    }

    /// The judge's one line counting the posts of the vote that just closed, if any.
    fn count_posts(&mut self, at: DateTime<Utc>, phase: Phase) {
        if self.posts_unlogged == 0 {
            return;
        }
        let text = self.t(
            "sim-judge-posts",
            &[
                ("phase", i18n::phase_name(phase, self.lang)),
                ("count", self.posts_unlogged.to_string()),
            ],
        );
        self.posts_unlogged = 0;
        let judge = i18n::audience_heading(Audience::Judge, &self.game, self.lang);
        self.line(at, &judge, &text);
    }

    /// The judge's one-line view of a command and, when it was refused, the refusal said
    /// privately to the player who sent it. Call before writing the command's events.
    ///
    /// Accepted posts are not logged one by one: they are a third of all commands, the
    /// thread itself shows them, and a judge reads a log for decisions (votes, night
    /// actions, cards), which a line per post buries. The judge still gets their count,
    /// once per vote at its close, and the day's index lists each character's posts. A
    /// refused post (a dead character posting) is logged: that one needs the judge.
    pub(crate) fn command(
        &mut self,
        at: DateTime<Utc>,
        cmd: &Command,
        refused: Option<&RuleError>,
    ) {
        if cmd.action == Action::Tick {
            return;
        }
        if refused.is_none() && matches!(cmd.action, Action::Post { .. }) {
            self.posts_unlogged += 1;
            return;
        }
        let actor = match cmd.actor {
            Actor::Character(c) => self.name(c),
            Actor::Judge | Actor::Clock => self.t("sim-actor-judge", &[]),
        };
        let action = self.action(&cmd.action);
        let judge = i18n::audience_heading(Audience::Judge, &self.game, self.lang);
        let text = match refused {
            None => self.t(
                "sim-judge-command",
                &[("actor", actor.clone()), ("action", action)],
            ),
            // The refusal as the player reads it: no English error code in a Chinese log.
            Some(e) => self.t(
                "sim-judge-command-refused",
                &[
                    ("actor", actor.clone()),
                    ("action", action),
                    ("code", e.code().to_string()),
                    (
                        "reason",
                        first_sentence(&i18n::error_message(e, &self.game, self.lang)).to_string(),
                    ),
                ],
            ),
        };
        self.line(at, &judge, &text);
        if let (Some(e), Actor::Character(c)) = (refused, cmd.actor) {
            let dm = i18n::audience_heading(Audience::Character(c), &self.game, self.lang);
            let message = i18n::error_message(e, &self.game, self.lang);
            let text = self.t("refused", &[("name", actor.clone()), ("message", message)]);
            self.line(at, &dm, &text);
            if matches!(
                (e, &cmd.action),
                (RuleError::ActorDead { .. }, Action::Post { .. })
            ) {
                // What the bot reports to the judge when a dead character posts (诈尸).
                let thread = self.thread(self.game.phase());
                let player = self.game.chars().get(c.idx()).map(|ch| ch.player.clone());
                // The account only where it differs from the character (anonymous games).
                let player = player.filter(|p| *p != actor).unwrap_or_default();
                let flag = self.t(
                    "flag-dead-post",
                    &[("name", actor), ("player", player), ("link", thread)],
                );
                let flag = flag.replace("  ", " ");
                self.line(at, &judge, &flag);
            }
        }
    }

    fn name(&self, c: CharId) -> String {
        self.game
            .chars()
            .get(c.idx())
            .map_or_else(|| format!("#{}", c.0), |ch| ch.name.clone())
    }

    /// What a command asks for, as the judge's log says it.
    fn action(&self, a: &Action) -> String {
        let target = |t: &CharId| ("target", self.name(*t));
        let reason = |r: &str| ("reason", r.to_string());
        let (id, args): (&str, Vec<(&str, String)>) = match a {
            Action::Post { .. } => ("sim-act-post", vec![]),
            Action::Vote {
                target: t,
                reason: r,
            } => ("sim-act-vote", vec![target(t), reason(r)]),
            Action::Abstain => ("sim-act-abstain", vec![]),
            Action::Proxy { target: t } => ("sim-act-proxy", vec![target(t)]),
            Action::Speedup => ("sim-act-speedup", vec![]),
            Action::LastWords { .. } => ("sim-act-last-words", vec![]),
            Action::TreeHole { .. } => ("sim-act-tree-hole", vec![]),
            Action::Appeal { .. } => ("sim-act-appeal", vec![]),
            Action::LeaderVote { target: t } => ("sim-act-leader-vote", vec![target(t)]),
            Action::Kill {
                target: t,
                reason: r,
            } if self.game.kind() == crate::engine::Kind::Mafia => {
                ("sim-act-kill-mafia", vec![target(t), reason(r)])
            }
            Action::Kill {
                target: t,
                reason: r,
            } => ("sim-act-kill", vec![target(t), reason(r)]),
            Action::Pick { target: t } => ("sim-act-pick", vec![target(t)]),
            Action::Save => ("sim-act-save", vec![]),
            Action::Poison { target: t } => ("sim-act-poison", vec![target(t)]),
            Action::WitchPass => ("sim-act-witch-pass", vec![]),
            Action::Check { target: t } => ("sim-act-check", vec![target(t)]),
            Action::Shoot { target: t } => ("sim-act-shoot", vec![target(t)]),
            Action::HoldFire => ("sim-act-hold-fire", vec![]),
            Action::PassBadge { target: t } => ("sim-act-pass-badge", vec![target(t)]),
            Action::PassLeader { target: t } => ("sim-act-pass-leader", vec![target(t)]),
            Action::Concede => ("sim-act-concede", vec![]),
            Action::Card {
                target: t,
                color,
                reason: r,
            } => (
                "sim-act-card",
                vec![
                    target(t),
                    ("color", self.t(&format!("color-{}", color.key()), &[])),
                    reason(r),
                ],
            ),
            Action::Remove {
                target: t,
                reason: r,
            } => ("sim-act-remove", vec![target(t), reason(r)]),
            Action::Substitute { target: t, player } => (
                "sim-act-substitute",
                vec![target(t), ("player", player.clone())],
            ),
            Action::Extend { seconds } => {
                ("sim-act-extend", vec![("seconds", seconds.to_string())])
            }
            Action::End { winner } => (
                "sim-act-end",
                vec![(
                    "winner",
                    winner.map_or_else(
                        || self.t("nobody", &[]),
                        |w| i18n::winner_name(w, self.lang),
                    ),
                )],
            ),
            Action::Pause => ("sim-act-pause", vec![]),
            Action::Resume => ("sim-act-resume", vec![]),
            Action::Tick => ("sim-act-tick", vec![]),
            Action::Protect { target: Some(t) } => ("sim-act-protect", vec![target(t)]),
            Action::Protect { target: None } => ("sim-act-protect-nobody", vec![]),
            Action::SelfDestruct { target: Some(t) } => {
                ("sim-act-self-destruct-take", vec![target(t)])
            }
            Action::SelfDestruct { target: None } => ("sim-act-self-destruct", vec![]),
            Action::Duel { target: t } => ("sim-act-duel", vec![target(t)]),
        };
        self.t(id, &args)
    }

    pub(crate) fn finish(self) -> String {
        self.out
    }
}

/// A refusal's first sentence, for the judge's one-line log (the player's DM has it all).
fn first_sentence(message: &str) -> &str {
    let end = [message.find('。'), message.find(". ")]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(message.len());
    message[..end].trim_end_matches(['。', '.'])
}
