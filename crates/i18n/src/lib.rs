//! Message catalogs: every user-facing text lives in `locales/<lang>/wolfjudge.ftl` (Fluent);
//! this module turns events and refusals into text in the game's language.
//!
//! - [`render`]: an event as its audience ([`Event::audience`]) reads it.
//! - [`render_judge`]: the same, for the judge's log (true causes and card reasons).
//! - [`error_message`]: a refusal, said to the player who was refused.
//! - [`text`]: any catalog message by id (headings, chat lines, ...).
//!
//! Both catalogs are compiled in and parsed once per language. A message that is missing
//! (or refers to a variable it was not given) comes out as `⟦id⟧`, so it shows up in tests
//! and reports instead of vanishing; [`try_text`] reports it as an error instead.

pub mod commands;
pub mod uno;

use std::sync::OnceLock;

use chrono::{DateTime, Offset, Utc};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::{langid, LanguageIdentifier};

use engine::card::{CardReason, MandatoryAction};
use engine::event::{Cause, DecisionKind, Deed, EndReason, NoOut, WinCondition};
use engine::ruleset::{Kind, PickFallback, Zone};
use engine::{Audience, CharId, Color, Event, EventKind, Game, Phase, Role, RuleError, Winner};

/// The languages wolfjudge speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    /// Simplified Chinese (the default).
    #[default]
    Zh,
    En,
}

impl Lang {
    pub fn parse(s: &str) -> Option<Lang> {
        match s {
            "zh" | "zh-CN" | "zh-Hans" => Some(Lang::Zh),
            "en" | "en-US" | "en-GB" => Some(Lang::En),
            _ => None,
        }
    }

    fn langid(self) -> LanguageIdentifier {
        match self {
            Lang::Zh => langid!("zh-CN"),
            Lang::En => langid!("en"),
        }
    }

    fn source(self) -> &'static str {
        match self {
            Lang::Zh => ZH_FTL,
            Lang::En => EN_FTL,
        }
    }
}

const ZH_FTL: &str = include_str!("../../../locales/zh-CN/wolfjudge.ftl");
const EN_FTL: &str = include_str!("../../../locales/en/wolfjudge.ftl");

/// What a missing or broken message turns into: `⟦id⟧`.
pub const MISSING_OPEN: char = '⟦';
const MISSING_CLOSE: char = '⟧';

type Bundle = FluentBundle<FluentResource>;

fn bundle(lang: Lang) -> &'static Bundle {
    static ZH: OnceLock<Bundle> = OnceLock::new();
    static EN: OnceLock<Bundle> = OnceLock::new();
    let cell = match lang {
        Lang::Zh => &ZH,
        Lang::En => &EN,
    };
    cell.get_or_init(|| build(lang))
}

/// Parses a catalog. Syntax errors and duplicate ids are caught by the tests; at run time
/// whatever parsed is used (a broken entry shows as `⟦id⟧`).
fn build(lang: Lang) -> Bundle {
    let res = FluentResource::try_new(lang.source().to_owned()).unwrap_or_else(|(res, _)| res);
    let mut b = FluentBundle::new_concurrent(vec![lang.langid()]);
    b.set_use_isolating(false);
    let _ = b.add_resource(res);
    b
}

/// Message `id` formatted with `args`; `Err` says what is wrong (missing message, missing
/// variable, ...).
fn lookup(lang: Lang, id: &str, args: &FluentArgs) -> Result<String, String> {
    let b = bundle(lang);
    let msg = b
        .get_message(id)
        .ok_or_else(|| format!("no message `{id}` in the {lang:?} catalog"))?;
    let pattern = msg
        .value()
        .ok_or_else(|| format!("message `{id}` ({lang:?}) has no value"))?;
    let mut errors = Vec::new();
    let out = b.format_pattern(pattern, Some(args), &mut errors);
    if errors.is_empty() {
        Ok(out.into_owned())
    } else {
        Err(format!("message `{id}` ({lang:?}): {errors:?}"))
    }
}

fn lookup_or_mark(lang: Lang, id: &str, args: &FluentArgs) -> String {
    lookup(lang, id, args).unwrap_or_else(|_| format!("{MISSING_OPEN}{id}{MISSING_CLOSE}"))
}

/// A string argument; canonical integers become Fluent numbers so plural selectors work
/// (their printed form is unchanged).
fn arg_value(s: &str) -> FluentValue<'_> {
    match s.parse::<i64>() {
        Ok(n) if n.to_string() == s && n.unsigned_abs() < (1 << 53) => FluentValue::from(n),
        _ => FluentValue::from(s),
    }
}

fn to_args<'a>(args: &'a [(&'a str, String)]) -> FluentArgs<'a> {
    let mut fa = FluentArgs::new();
    for (k, v) in args {
        fa.set(*k, arg_value(v));
    }
    fa
}

/// Catalog message `id` with `args` (name → value). A missing message comes out as `⟦id⟧`.
pub fn text(lang: Lang, id: &str, args: &[(&str, String)]) -> String {
    lookup_or_mark(lang, id, &to_args(args))
}

/// Like [`text`], but a missing message (or a variable it needs and was not given) is an
/// error naming the problem.
///
/// # Errors
/// A description of the missing or broken message.
pub fn try_text(lang: Lang, id: &str, args: &[(&str, String)]) -> Result<String, String> {
    lookup(lang, id, &to_args(args))
}

/// Builds `FluentArgs` from `"name" => value` pairs.
macro_rules! args {
    ($($k:literal => $v:expr),* $(,)?) => {{
        #[allow(unused_mut)]
        let mut a = FluentArgs::new();
        $(a.set($k, FluentValue::from($v));)*
        a
    }};
}

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// A player account as messages show it: a chat account id (all digits: a Discord user id)
/// as a mention `<@id>`, any other name as it is (scripts, the simulator).
pub fn player_label(player: &str) -> String {
    if !player.is_empty() && player.bytes().all(|b| b.is_ascii_digit()) {
        format!("<@{player}>")
    } else {
        player.to_string()
    }
}

/// A duration in hours, minutes and seconds, e.g. "1 小时 30 分钟" / "1 hour 30 minutes".
pub fn duration(secs: i64, lang: Lang) -> String {
    let secs = secs.unsigned_abs();
    let (h, m, s) = (secs / 3600, (secs % 3600) / 60, secs % 60);
    let part = |id: &str, n: u64| lookup_or_mark(lang, id, &args!["n" => n]);
    let mut parts = Vec::new();
    if h > 0 {
        parts.push(part("dur-h", h));
    }
    if m > 0 {
        parts.push(part("dur-m", m));
    }
    if s > 0 || parts.is_empty() {
        parts.push(part("dur-s", s));
    }
    parts.join(" ")
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

/// Rendering context: the game (for names and options) and the language.
struct Ctx<'a> {
    g: &'a Game,
    lang: Lang,
}

impl Ctx<'_> {
    fn t(&self, id: &str, a: FluentArgs) -> String {
        lookup_or_mark(self.lang, id, &a)
    }

    fn t0(&self, id: &str) -> String {
        self.t(id, FluentArgs::new())
    }

    /// A character's name (never its id); `#n` only for an id outside the game.
    fn name(&self, c: CharId) -> String {
        self.g
            .chars
            .get(c.idx())
            .map_or_else(|| format!("#{}", c.0), |ch| ch.name.clone())
    }

    fn opt_name(&self, c: Option<CharId>) -> String {
        c.map_or_else(|| self.t0("nobody"), |c| self.name(c))
    }

    fn join(&self, items: Vec<String>) -> String {
        if items.is_empty() {
            return self.t0("list-none");
        }
        items.join(&self.t0("list-sep"))
    }

    fn names(&self, cs: &[CharId]) -> String {
        self.join(cs.iter().map(|c| self.name(*c)).collect())
    }

    /// A time in the game's zone.
    fn time(&self, t: DateTime<Utc>) -> String {
        time(t, self.g.ruleset.options.time_zone)
    }

    /// A duration in hours, minutes and seconds, e.g. "1 小时 30 分钟" / "1 hour 30 minutes".
    fn dur(&self, secs: i64) -> String {
        duration(secs, self.lang)
    }

    fn role(&self, r: Role) -> String {
        role_name(r, self.lang)
    }

    fn phase(&self, p: Phase) -> String {
        phase_name(p, self.lang)
    }

    fn color(&self, c: Color) -> String {
        self.t0(&format!("color-{}", c.key()))
    }

    /// `what` followed by the reason, or as a sentence when there is none.
    fn reasoned(&self, what: String, reason: &str) -> String {
        if reason.trim().is_empty() {
            self.t("sentence", args!["what" => what])
        } else {
            self.t("with-reason", args!["what" => what, "reason" => reason])
        }
    }

    fn cards_automatic(&self) -> bool {
        self.g.ruleset.options.auto_cards && !self.g.sped_up
    }
}

/// Vote weights are kept in thousandths: 1500 → 1.5.
fn votes(milli: i64) -> FluentValue<'static> {
    FluentValue::from(milli as f64 / 1000.0)
}

/// A time as messages show it, in the game's zone `zone`, with its offset from UTC so that
/// a reader elsewhere can convert: `2026-12-02 20:00 UTC`, `2026-12-03 04:00 UTC+8`,
/// `2026-12-03 01:30 UTC+5:30`.
pub fn time(t: DateTime<Utc>, zone: Zone) -> String {
    let local = t.with_timezone(&zone.0);
    let secs = local.offset().fix().local_minus_utc();
    let (sign, abs) = (if secs < 0 { '-' } else { '+' }, secs.unsigned_abs());
    let (h, m) = (abs / 3600, (abs % 3600) / 60);
    let offset = match (h, m) {
        (0, 0) => String::new(),
        (h, 0) => format!("{sign}{h}"),
        (h, m) => format!("{sign}{h}:{m:02}"),
    };
    format!("{} UTC{offset}", local.format("%Y-%m-%d %H:%M"))
}

/// The time zone a game in `lang` gets when its server or script names none: Beijing time
/// for Chinese (Discord has no server time zone to read), UTC for English.
pub fn default_zone(lang: Lang) -> Zone {
    match lang {
        Lang::Zh => Zone::SHANGHAI,
        Lang::En => Zone::UTC,
    }
}

/// A refusal said to the player who was refused.
pub fn error_message(err: &RuleError, game: &Game, lang: Lang) -> String {
    let c = Ctx { g: game, lang };
    let o = &game.ruleset.options;
    let mut a = match err {
        RuleError::GameOver
        | RuleError::DayClosed
        | RuleError::NightDeadlinePassed
        | RuleError::AlreadySpedUp
        | RuleError::DecisionMade
        | RuleError::DecisionLapsed
        | RuleError::LeaderNotChosen
        | RuleError::NotJudge
        | RuleError::NotACharacter
        | RuleError::WitchSelfSave
        | RuleError::OnePotionPerNight
        | RuleError::AntidoteUsed
        | RuleError::PoisonUsed
        | RuleError::NoKillTarget
        | RuleError::WolvesNotDone
        | RuleError::AlreadyActed
        | RuleError::KillFixed
        | RuleError::TargetSelf
        | RuleError::NoDecisionPending
        | RuleError::ShootFirst
        | RuleError::AlreadyRequested
        | RuleError::SpeedupUnavailable
        | RuleError::LastWordsTooLate
        | RuleError::LastWordsGiven
        | RuleError::NotAVoter
        | RuleError::ConcedeNotAllowed
        | RuleError::Paused
        | RuleError::NotPaused
        | RuleError::IdiotCannotVote
        | RuleError::SelfDestructTarget
        | RuleError::DuelUsed
        | RuleError::DuelDayOne => args![],
        RuleError::ProtectRepeated { target } => args!["name" => c.name(*target)],
        RuleError::UnknownCharacter { name } => args!["name" => name.as_str()],
        RuleError::ActorDead { actor } | RuleError::NoAbility { actor } => {
            args!["name" => c.name(*actor)]
        }
        RuleError::WrongPhase { phase } => args!["phase" => c.phase(*phase)],
        RuleError::TargetDead { target }
        | RuleError::NotSubmitted { target }
        | RuleError::TargetNotWolf { target }
        | RuleError::FirstKillForbidden { target } => args!["name" => c.name(*target)],
        RuleError::VoteChangeLimit { limit } => args!["limit" => *limit],
        RuleError::KillReasonLength { len, want } => args!["len" => *len, "want" => *want],
        RuleError::VoteLocked { closes } => {
            args!["closes" => c.time(*closes), "lock" => c.dur(o.vote_lock.0)]
        }
        RuleError::ProxyTooLate { closes } => {
            args!["closes" => c.time(*closes), "deadline" => c.dur(o.proxy_deadline.0)]
        }
        RuleError::ProxyChangeTooLate { closes } => args![
            "closes" => c.time(*closes),
            "deadline" => c.dur(o.proxy_change_deadline.0),
        ],
        RuleError::NotLeader { leader } | RuleError::LeaderElectionOver { leader } => {
            args!["has" => yes(leader.is_some()), "leader" => c.opt_name(*leader)]
        }
        RuleError::LastWordsNotGranted => args!["quota" => game.last_words_quota()],
        RuleError::NotTied { target } => {
            let candidates = game
                .day
                .as_ref()
                .map(|d| c.names(&d.candidates))
                .unwrap_or_else(|| c.t0("list-none"));
            args!["name" => c.name(*target), "candidates" => candidates]
        }
        RuleError::InvalidWinner { winner } => {
            let options = Winner::ALL
                .into_iter()
                .filter(|w| w.fits(game.kind()))
                .map(|w| winner_name(w, lang))
                .collect();
            args!["winner" => winner_name(*winner, lang), "options" => c.join(options)]
        }
        RuleError::InvalidDuration { max_days } => args!["max" => *max_days],
        RuleError::TextTooLong { what, max } => args!["what" => what.key(), "max" => *max],
        RuleError::ClockLimit { latest } => args![
            "latest" => c.time(*latest),
            // 36,525 days are 100 Julian years.
            "years" => engine::limits::CLOCK_LIMIT_DAYS * 4 / 1461,
        ],
    };
    // Which game this is, so a message that would name werewolf-only things (a shot, the
    // badge, the leadership) says what a Mafia player can do instead.
    a.set(
        "game",
        match game.kind() {
            engine::Kind::Werewolf => "werewolf",
            engine::Kind::Mafia => "mafia",
        },
    );
    c.t(&format!("err-{}", err.code().replace('_', "-")), a)
}

/// An event as its audience reads it. Public events never state a living character's role,
/// and do not tell a night kill from a poisoning.
pub fn render(event: &Event, game: &Game, lang: Lang) -> String {
    render_view(event, game, lang, false)
}

/// An event as the judge's log shows it: like [`render`], but with the true cause of each
/// death and the true reason of each card.
pub fn render_judge(event: &Event, game: &Game, lang: Lang) -> String {
    render_view(event, game, lang, true)
}

fn render_view(event: &Event, game: &Game, lang: Lang, judge: bool) -> String {
    let c = Ctx { g: game, lang };
    let o = &game.ruleset.options;
    let werewolf = game.kind() == Kind::Werewolf;
    use EventKind as K;
    match &event.kind {
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
        K::RoleTold { role, team, .. } => role_told(&c, *role, team),
        K::DayOpened {
            day,
            round,
            closes,
            deaths,
            sheriff,
            alive,
            last_words,
            candidates,
            voters,
        } => {
            let mut lines = Vec::new();
            if *round == 0 {
                lines.push(c.t("ev-day-title", args!["day" => *day]));
                lines.extend(day_deaths(&c, *day, deaths));
            } else {
                lines.push(c.t(
                    "ev-day-round-title",
                    args!["day" => *day, "round" => *round],
                ));
            }
            if werewolf && o.sheriff {
                lines.push(match sheriff {
                    Some(s) => c.t("ev-day-sheriff", args!["name" => c.name(*s)]),
                    None => c.t0("ev-day-no-sheriff"),
                });
            }
            lines.push(c.t(
                "ev-day-alive",
                args!["count" => alive.len(), "names" => c.names(alive)],
            ));
            if !last_words.is_empty() {
                lines.push(c.t0("ev-day-last-words"));
                for (who, text) in last_words {
                    lines.push(c.t(
                        "ev-day-last-word",
                        args!["name" => c.name(*who), "text" => text.as_str()],
                    ));
                }
            }
            if *round > 0 {
                lines.push(c.t("ev-day-candidates", args!["names" => c.names(candidates)]));
                if !voters.is_empty() {
                    lines.push(c.t("ev-day-voters", args!["names" => c.names(voters)]));
                }
            } else if werewolf && o.sheriff && *day == 1 {
                lines.push(c.t0("ev-day-vote-sheriff"));
            } else if werewolf && o.sheriff {
                lines.push(c.t(
                    "ev-day-vote-out-sheriff",
                    args!["weight" => votes(game.ruleset.sheriff_weight_milli())],
                ));
            } else {
                lines.push(c.t0("ev-day-vote-out"));
            }
            lines.push(c.t(
                "ev-day-vote-rules",
                args!["changes" => o.vote_changes, "lock" => c.dur(o.vote_lock.0)],
            ));
            lines.push(c.t("ev-day-closes", args!["closes" => c.time(*closes)]));
            lines.join("\n")
        }
        K::Posted { by, text, .. } => c.t(
            "ev-posted",
            args!["name" => c.name(*by), "text" => text.as_str()],
        ),
        K::VoteCast {
            by,
            target,
            reason,
            change,
            proxy,
        } => {
            let vote = match (target, change) {
                (Some(t), false) => c.t(
                    "ev-vote",
                    args!["by" => c.name(*by), "target" => c.name(*t)],
                ),
                (Some(t), true) => c.t(
                    "ev-vote-change",
                    args!["by" => c.name(*by), "target" => c.name(*t)],
                ),
                (None, false) => c.t("ev-vote-abstain", args!["by" => c.name(*by)]),
                (None, true) => c.t("ev-vote-abstain-change", args!["by" => c.name(*by)]),
            };
            let vote = if *proxy {
                c.t("ev-vote-proxy", args!["vote" => vote])
            } else {
                vote
            };
            c.reasoned(vote, reason)
        }
        K::VoteClosed { day, round, tally } => {
            let phase = c.phase(Phase::Day {
                day: *day,
                round: *round,
            });
            if tally.is_empty() {
                return c.t("ev-vote-closed-empty", args!["phase" => phase]);
            }
            let mut sorted = tally.clone();
            sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            let entries = sorted
                .iter()
                .map(|(who, w)| {
                    c.t(
                        "ev-tally-entry",
                        args!["name" => c.name(*who), "votes" => votes(*w)],
                    )
                })
                .collect();
            c.t(
                "ev-vote-closed",
                args!["phase" => phase, "tally" => c.join(entries)],
            )
        }
        K::SheriffElected { sheriff } => match sheriff {
            Some(s) => c.t(
                "ev-sheriff-elected",
                args![
                    "name" => c.name(*s),
                    "weight" => votes(game.ruleset.sheriff_weight_milli()),
                ],
            ),
            None => c.t0("ev-sheriff-none"),
        },
        K::NobodyOut { reason } => c.t0(match reason {
            NoOut::NoVotes => "ev-nobody-out-no-votes",
            NoOut::Tie => "ev-nobody-out-tie",
        }),
        K::Eliminated {
            character,
            cause,
            when,
        } => {
            let a = args!["name" => c.name(*character), "phase" => c.phase(*when)];
            c.t(
                match (cause, judge) {
                    (Cause::Vote, _) => "ev-out-vote",
                    (Cause::NightKill, true) if werewolf => "ev-out-night-kill-judge",
                    (Cause::NightKill, true) => "ev-out-night-kill-judge-mafia",
                    (Cause::Poison, true) => "ev-out-poison-judge",
                    // The public must not learn whether the witch acted.
                    (Cause::NightKill | Cause::Poison, false) => "ev-out-night",
                    (Cause::Shot, _) => "ev-out-shot",
                    (Cause::RedCard, _) => "ev-out-red-card",
                    (Cause::Judge, _) => "ev-out-judge",
                    (Cause::SelfDestruct, _) => "ev-out-self-destruct",
                    (Cause::Taken, _) => "ev-out-taken",
                    (Cause::Duel, _) => "ev-out-duel",
                },
                a,
            )
        }
        K::LastWordsGranted { due_day, .. } => {
            c.t("ev-last-words-granted", args!["day" => *due_day])
        }
        K::LastWordsGiven { character, text } => {
            match game.grants.iter().find(|g| g.character == *character) {
                Some(g) => c.t(
                    "ev-last-words-given",
                    args!["day" => g.due_day, "text" => text.as_str()],
                ),
                None => c.t("ev-last-words-given-later", args!["text" => text.as_str()]),
            }
        }
        K::DecisionOpened { kind, until, .. } => {
            let until = c.time(*until);
            match kind {
                DecisionKind::Shoot => c.t("ev-decide-shoot", args!["until" => until]),
                DecisionKind::Badge => c.t(
                    "ev-decide-badge",
                    args!["until" => until, "card" => yes(c.cards_automatic())],
                ),
                DecisionKind::Leader => c.t(
                    "ev-decide-leader",
                    args!["until" => until, "card" => yes(c.cards_automatic())],
                ),
            }
        }
        K::Shot { hunter, target } => c.t(
            "ev-shot",
            args!["hunter" => c.name(*hunter), "target" => c.name(*target)],
        ),
        K::DecisionLapsed { kind, character } => c.t(
            match kind {
                DecisionKind::Shoot => "ev-lapsed-shoot",
                DecisionKind::Badge => "ev-lapsed-badge",
                DecisionKind::Leader => "ev-lapsed-leader",
            },
            args!["name" => c.name(*character)],
        ),
        K::ShotDeclined { hunter } => c.t("ev-shot-declined", args!["name" => c.name(*hunter)]),
        K::BadgePassed { from, to, draw } => passed(&c, "badge", *from, *to, *draw),
        K::LeaderPassed { from, to, draw } => passed(&c, "leader", *from, *to, *draw),
        K::NightOpened {
            night,
            wolves_until,
            witch_until,
        } => c.t(
            if werewolf {
                "ev-night-opened-werewolf"
            } else {
                "ev-night-opened-mafia"
            },
            args![
                "night" => *night,
                "wolves" => c.time(*wolves_until),
                "witch" => c.time(*witch_until),
            ],
        ),
        K::LeaderVoted { by, target } => c.t(
            "ev-leader-voted",
            args!["by" => c.name(*by), "target" => c.name(*target)],
        ),
        K::LeaderElected { leader, draw } => match draw {
            Some(d) => c.t(
                "ev-leader-elected-drawn",
                args!["name" => c.name(*leader), "draw" => *d],
            ),
            None => c.t("ev-leader-elected", args!["name" => c.name(*leader)]),
        },
        K::KillSubmitted { by, target, reason } => {
            let what = c.t(
                if werewolf {
                    "ev-kill-submitted"
                } else {
                    "ev-kill-submitted-mafia"
                },
                args!["by" => c.name(*by), "target" => c.name(*target)],
            );
            c.reasoned(what, reason)
        }
        K::KillFixed { target, picked_by } => match (target, picked_by) {
            (None, _) => c.t0(if werewolf {
                "ev-kill-none"
            } else {
                "ev-kill-none-mafia"
            }),
            (Some(t), Some(l)) => c.t(
                "ev-kill-picked",
                args!["leader" => c.name(*l), "target" => c.name(*t)],
            ),
            (Some(t), None) => c.t(
                if !werewolf {
                    "ev-kill-majority-mafia"
                } else if o.wolf_leader {
                    "ev-kill-fallback"
                } else {
                    "ev-kill-majority"
                },
                args!["target" => c.name(*t), "tie" => yes(kill_was_tied(game, *t))],
            ),
        },
        K::WitchTold { target, .. } => {
            let told = match target {
                Some(t) => c.t(
                    "ev-witch-told",
                    args![
                        "target" => c.name(*t),
                        "selfsave" => yes(game.night.as_ref().is_some_and(|n| {
                            o.witch_self_save.allows(n.night)
                        })),
                    ],
                ),
                // The antidote never comes back: if she still holds it, she held it then,
                // and nobody being named means nobody was attacked.
                None if game.antidote => c.t0("ev-witch-told-no-kill"),
                None => c.t0("ev-witch-not-told"),
            };
            // By when: she may be told long after nightfall, when the wolves are done.
            match game.night.as_ref() {
                Some(n) => {
                    let until = c.t("ev-witch-until", args!["until" => c.time(n.witch_until)]);
                    format!("{told}\n{until}")
                }
                None => told,
            }
        }
        K::WitchSaved { target, .. } => c.t("ev-witch-saved", args!["target" => c.name(*target)]),
        K::WitchPoisoned { target, .. } => {
            c.t("ev-witch-poisoned", args!["target" => c.name(*target)])
        }
        K::WitchPassed { .. } => c.t0("ev-witch-passed"),
        K::SeerChecked {
            target, village, ..
        } => c.t(
            if *village {
                "ev-seer-village"
            } else {
                "ev-seer-not-village"
            },
            args!["target" => c.name(*target)],
        ),
        K::CheckSubmitted { by, target } => c.t(
            "ev-check-submitted",
            args!["by" => c.name(*by), "target" => c.name(*target)],
        ),
        K::PoliceResult { target, role } => c.t(
            "ev-police-result",
            args!["target" => c.name(*target), "role" => c.role(*role)],
        ),
        K::WolvesClosed => c.t0("ev-wolves-closed"),
        K::GuardProtected { target, .. } => match target {
            Some(t) => c.t("ev-guard-protected", args!["target" => c.name(*t)]),
            None => c.t0("ev-guard-protected-nobody"),
        },
        K::IdiotRevealed { idiot } => c.t("ev-idiot-revealed", args!["name" => c.name(*idiot)]),
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
        K::DayCut { day } => c.t("ev-day-cut", args!["day" => *day]),
        K::NightEnded { night } => c.t("ev-night-ended", args!["night" => *night]),
        K::CardGiven {
            target,
            color,
            reason,
        } => {
            // A card only its target sees (one whose reason would name a wolf) is a DM: said
            // to "you", with the true reason, which the offender knows anyway.
            let dm = !judge && matches!(event.audience(), Audience::Character(_));
            let reason = card_reason(&c, reason, judge || dm);
            c.t(
                if dm { "ev-card-you" } else { "ev-card" },
                args!["name" => c.name(*target), "color" => c.color(*color), "reason" => reason],
            )
        }
        K::CardsConverted {
            target, from, to, ..
        } => {
            let count = match from {
                Color::Blue => o.blues_per_yellow,
                _ => o.yellows_per_red,
            };
            // A private conversion (of a card only its target saw) is a DM, said to "you".
            let dm = !judge && matches!(event.audience(), Audience::Character(_));
            c.t(
                if dm {
                    "ev-cards-converted-you"
                } else {
                    "ev-cards-converted"
                },
                args![
                    "name" => c.name(*target),
                    "count" => count,
                    "from" => c.color(*from),
                    "to" => c.color(*to),
                ],
            )
        }
        K::SpeedupRequested { by, count, needed } => c.t(
            "ev-speedup-requested",
            args!["name" => c.name(*by), "count" => *count, "needed" => *needed],
        ),
        K::SpedUp => c.t(
            "ev-sped-up",
            args![
                "length" => c.dur(o.speedup_day_length.0),
                "cards" => yes(o.auto_cards),
            ],
        ),
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
                    args!["winner" => winner_name(*w, lang), "reason" => reason],
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
            let mut lines = vec![c.t0("ev-reveal-title"), board_line(&c, roles.len())];
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
                        args!["phase" => c.phase(d.phase), "time" => c.time(at), "deed" => deed(&c, d)],
                    ),
                    None => c.t(
                        "ev-reveal-deed",
                        args!["phase" => c.phase(d.phase), "deed" => deed(&c, d)],
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
    }
}

/// The opening post's deaths, split as a judge announces them: by the night and the day
/// they happened in ("第 2 夜出局：…" / "第 2 夜平安夜"; "第 2 天无人出局"), each in order.
/// The phase of a death is public (night deaths are announced together, without causes).
fn day_deaths(c: &Ctx, day: u32, deaths: &[CharId]) -> Vec<String> {
    let werewolf = c.g.kind() == Kind::Werewolf;
    let when = |d: CharId| {
        c.g.eliminations
            .iter()
            .rev()
            .find(|(who, _, _)| *who == d)
            .map(|(_, _, p)| *p)
    };
    // The day before this one (none before day 1), and the night just before it (M32's
    // day 1 follows no night; Mafia's follows night 1).
    let prev_day = day.checked_sub(1).filter(|d| *d > 0);
    let night = if werewolf { prev_day } else { Some(day) };
    let (mut on_day, mut at_night, mut other) = (Vec::new(), Vec::new(), Vec::new());
    for d in deaths {
        match when(*d) {
            Some(Phase::Day { day: k, .. }) if Some(k) == prev_day => on_day.push(*d),
            Some(Phase::Night { night: k }) if Some(k) == night => at_night.push(*d),
            _ => other.push(*d),
        }
    }
    let mut lines = Vec::new();
    if let Some(k) = prev_day {
        lines.push(if on_day.is_empty() {
            c.t("ev-day-nobody-out", args!["day" => k])
        } else {
            c.t(
                "ev-day-out-on-day",
                args!["day" => k, "names" => c.names(&on_day), "count" => on_day.len()],
            )
        });
    }
    if let Some(k) = night {
        lines.push(if at_night.is_empty() {
            c.t("ev-day-peaceful-night", args!["night" => k])
        } else {
            c.t(
                "ev-day-out-at-night",
                args!["night" => k, "names" => c.names(&at_night), "count" => at_night.len()],
            )
        });
    }
    // Anything else (a removal while paused between phases, say): still listed, in order.
    if !other.is_empty() {
        lines.push(c.t(
            "ev-day-deaths",
            args!["names" => c.names(&other), "count" => other.len()],
        ));
    }
    lines
}

/// Whether the night's kill, fixed without a leader's pick, was an even split among the
/// submissions (then the earliest submitted of the tied targets was taken, and the text
/// must say so instead of "by majority").
fn kill_was_tied(g: &Game, target: CharId) -> bool {
    let Some(n) = g.night.as_ref() else {
        return false;
    };
    let mut count: std::collections::BTreeMap<CharId, usize> = Default::default();
    for s in n.kills.values() {
        *count.entry(s.target).or_default() += 1;
    }
    let mine = count.get(&target).copied().unwrap_or(0);
    count.iter().any(|(t, k)| *t != target && *k >= mine)
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

/// The role message: the role, what it can do and when, teammates, and the goal.
fn role_told(c: &Ctx, role: Role, team: &[CharId]) -> String {
    let o = &c.g.ruleset.options;
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

/// The board (ruleset and its role counts for `n` players) and every option that differs
/// from the ruleset's defaults, for the reveal (RULES.md §4 "Setting up a board").
fn board_line(c: &Ctx, n: usize) -> String {
    let rs = &c.g.ruleset;
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

/// A badge or leadership hand-over: named by the holder, drawn at random, or just given.
fn passed(c: &Ctx, what: &str, from: Option<CharId>, to: CharId, draw: Option<u64>) -> String {
    match (from, draw) {
        (_, Some(d)) => c.t(
            &format!("ev-{what}-drawn"),
            args!["to" => c.name(to), "draw" => d],
        ),
        (Some(f), None) => c.t(
            &format!("ev-{what}-passed"),
            args!["from" => c.name(f), "to" => c.name(to)],
        ),
        (None, None) => c.t(&format!("ev-{what}-given"), args!["to" => c.name(to)]),
    }
}

/// Why a card was given. Publicly, cards for the wolves' own duties (the leader vote, the
/// leader hand-over) are only "a mandatory action", so they do not reveal a wolf.
fn card_reason(c: &Ctx, reason: &CardReason, judge: bool) -> String {
    match reason {
        CardReason::Judge { text } => c.t("card-reason-judge", args!["text" => text.as_str()]),
        CardReason::NoVote { day } => c.t("card-reason-no-vote", args!["day" => *day]),
        CardReason::FewPosts { day, posts, min } => c.t(
            "card-reason-few-posts",
            args!["day" => *day, "posts" => *posts, "min" => *min],
        ),
        CardReason::LurkStreak { day, days, min } => c.t(
            "card-reason-lurk-streak",
            args!["day" => *day, "days" => *days, "min" => *min],
        ),
        CardReason::MissedAction {
            what: MandatoryAction::PassBadge,
        } => c.t0("card-reason-pass-badge"),
        CardReason::LeaderVoteMissing if judge => c.t0("card-reason-leader-vote-judge"),
        CardReason::MissedAction {
            what: MandatoryAction::PassLeader,
        } if judge => c.t0("card-reason-pass-leader-judge"),
        CardReason::LeaderVoteMissing
        | CardReason::MissedAction {
            what: MandatoryAction::PassLeader,
        } => c.t0("card-reason-mandatory"),
    }
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
        // RULES.md §4: a protection or self-destruct without a target has its own line.
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

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use engine::card::CardReason;
    use engine::event::{DecisionKind, Deed, EndReason, NoOut, WinCondition};
    use engine::limits::TextKind;
    use engine::ruleset::Ruleset;
    use engine::{create, Setup};
    use std::collections::{BTreeMap, BTreeSet};

    const NAMES: [&str; 12] = [
        "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou",
    ];

    /// A freshly dealt 12-character game of `ruleset` (m32 and mafia both seat 12).
    fn game(ruleset: &str) -> Game {
        let setup = Setup {
            ruleset: Ruleset::builtin(ruleset, &BTreeMap::new()).expect("ruleset"),
            seed: engine::rng::Seed::U64(7),
            start: Utc.with_ymd_and_hms(2026, 12, 1, 20, 0, 0).unwrap(),
            characters: NAMES.iter().map(|s| s.to_string()).collect(),
            roles: None,
            forbidden_first_kill: None,
            players: None,
        };
        Game::replay(&create(&setup).expect("game"))
    }

    fn at() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 2, 20, 0, 0).unwrap()
    }

    /// Times print in the game's zone, with the offset a reader elsewhere needs.
    #[test]
    fn times_print_in_the_games_zone_with_its_offset() {
        let zone = |n: &str| Zone::parse(n).expect("a zone");
        let t = at();
        assert_eq!(time(t, Zone::UTC), "2026-12-02 20:00 UTC");
        assert_eq!(time(t, zone("Asia/Shanghai")), "2026-12-03 04:00 UTC+8");
        assert_eq!(time(t, zone("Asia/Kolkata")), "2026-12-03 01:30 UTC+5:30");
        assert_eq!(time(t, zone("America/New_York")), "2026-12-02 15:00 UTC-5");
        // Summer time is the zone's business, not a fixed offset's.
        let july = Utc.with_ymd_and_hms(2026, 7, 1, 20, 0, 0).unwrap();
        assert_eq!(
            time(july, zone("America/New_York")),
            "2026-07-01 16:00 UTC-4"
        );
        assert_eq!(default_zone(Lang::Zh), Zone::SHANGHAI);
        assert_eq!(default_zone(Lang::En), Zone::UTC);
        // A game's texts use its zone.
        let mut g = game("m32");
        g.ruleset.options.time_zone = Zone::SHANGHAI;
        let e = Event {
            at: at(),
            kind: EventKind::DecisionOpened {
                kind: DecisionKind::Shoot,
                character: CharId(0),
                until: t,
            },
        };
        let text = render(&e, &g, Lang::Zh);
        assert!(text.contains("2026-12-03 04:00 UTC+8"), "{text}");
    }

    /// Discord accounts in the reveal and substitution lines are mentions; names stay.
    #[test]
    fn account_players_are_shown_as_mentions() {
        let mut setup_game = game("m32");
        let accounts: Vec<String> = (0..12).map(|i| format!("10000{i}")).collect();
        for (c, a) in setup_game.chars.iter_mut().zip(&accounts) {
            c.player = a.clone();
        }
        let reveal = Event {
            at: at(),
            kind: EventKind::Revealed {
                seed: engine::rng::Seed::U64(7),
                commitment: "ab".into(),
                roles: setup_game.chars.iter().map(|c| c.role).collect(),
                players: accounts.clone(),
                deeds: Vec::new(),
                tree_holes: Vec::new(),
            },
        };
        let text = render(&reveal, &setup_game, Lang::Zh);
        assert!(text.contains("Ann（玩家 <@100000>）"), "{text}");
        let sub = Event {
            at: at(),
            kind: EventKind::Substituted {
                character: CharId(1),
                player: "4242".into(),
            },
        };
        assert!(render(&sub, &setup_game, Lang::En).contains("<@4242> now plays Bob"));
        assert_eq!(player_label("Ann"), "Ann");
        assert_eq!(player_label(""), "");
    }

    fn ok(s: &str) {
        assert!(!s.trim().is_empty(), "empty text");
        assert!(!s.contains(MISSING_OPEN), "missing message in: {s}");
        assert!(
            !s.contains('\u{2068}') && !s.contains('\u{2069}'),
            "isolation marks: {s}"
        );
    }

    /// Ids defined in a catalog: lines starting with an identifier followed by `=`.
    fn ids(src: &str) -> BTreeSet<String> {
        src.lines()
            .filter_map(|l| {
                let (id, _) = l.split_once('=')?;
                let id = id.trim_end();
                let first = id.chars().next()?;
                (first.is_ascii_alphabetic()
                    && id
                        .chars()
                        .all(|ch| ch.is_ascii_alphanumeric() || ch == '-' || ch == '_'))
                .then(|| id.to_string())
            })
            .collect()
    }

    #[test]
    fn catalogs_parse_and_match() {
        for lang in [Lang::Zh, Lang::En] {
            let res = FluentResource::try_new(lang.source().to_owned());
            assert!(
                res.is_ok(),
                "{lang:?} catalog has syntax errors: {:?}",
                res.err().map(|e| e.1)
            );
            let mut b = FluentBundle::new_concurrent(vec![lang.langid()]);
            assert!(
                b.add_resource(res.unwrap()).is_ok(),
                "{lang:?}: duplicate ids"
            );
        }
        let (zh, en) = (ids(ZH_FTL), ids(EN_FTL));
        assert!(zh.len() > 100, "id scan found {} ids", zh.len());
        assert_eq!(
            zh.symmetric_difference(&en).collect::<Vec<_>>(),
            Vec::<&String>::new(),
            "ids in one catalog only"
        );
        for id in &zh {
            assert!(bundle(Lang::Zh).has_message(id), "{id}");
            assert!(bundle(Lang::En).has_message(id), "{id}");
        }
    }

    #[test]
    fn missing_messages_are_detected() {
        assert!(try_text(Lang::En, "no-such-message", &[]).is_err());
        assert_eq!(text(Lang::Zh, "no-such-message", &[]), "⟦no-such-message⟧");
        // A message given too few variables is an error too.
        assert!(try_text(Lang::En, "heading-dm", &[]).is_err());
        let ok_text = try_text(Lang::En, "heading-dm", &[("name", "Ann".into())]);
        assert_eq!(ok_text.as_deref(), Ok("Private message to Ann"));
    }

    #[test]
    fn simulator_texts_exist() {
        for lang in [Lang::Zh, Lang::En] {
            let n = |k: &'static str, v: &str| (k, v.to_string());
            let cases: Vec<(&str, Vec<(&str, String)>)> = vec![
                ("heading-day", vec![n("day", "2")]),
                ("heading-day-round", vec![n("day", "2"), n("round", "1")]),
                ("heading-night", vec![n("night", "1")]),
                ("heading-dm", vec![n("name", "Ann")]),
                ("heading-wolves", vec![]),
                ("heading-killers", vec![]),
                ("heading-police", vec![]),
                ("heading-judge", vec![]),
                ("heading-reveal", vec![]),
                ("heading-public", vec![]),
                ("refused", vec![n("name", "Ann"), n("message", "x")]),
            ];
            for (id, a) in cases {
                let s = try_text(lang, id, &a).unwrap_or_else(|e| panic!("{e}"));
                ok(&s);
            }
            for i in 1..=10 {
                ok(&try_text(lang, &format!("chat-{i}"), &[]).unwrap());
            }
            for r in Role::ALL {
                ok(&role_name(r, lang));
            }
            for p in [
                Phase::Setup,
                Phase::Day { day: 2, round: 0 },
                Phase::Day { day: 2, round: 1 },
                Phase::Night { night: 1 },
                Phase::Ended,
            ] {
                ok(&phase_name(p, lang));
            }
        }
        assert_eq!(
            text(Lang::En, "heading-day", &[("day", "2".into())]),
            "Day 2 thread"
        );
        assert_eq!(
            text(Lang::Zh, "heading-day", &[("day", "2".into())]),
            "第 2 天讨论帖"
        );
        assert_eq!(phase_name(Phase::Night { night: 3 }, Lang::En), "night 3");
    }

    /// Every variant, with a compile-time check that none is forgotten.
    fn all_errors() -> Vec<RuleError> {
        let t = at();
        let v = vec![
            RuleError::GameOver,
            RuleError::UnknownCharacter { name: "Zed".into() },
            RuleError::NotJudge,
            RuleError::NotACharacter,
            RuleError::ActorDead { actor: CharId(0) },
            RuleError::WrongPhase {
                phase: Phase::Night { night: 1 },
            },
            RuleError::DayClosed,
            RuleError::NightDeadlinePassed,
            RuleError::LeaderElectionOver {
                leader: Some(CharId(3)),
            },
            RuleError::LeaderElectionOver { leader: None },
            RuleError::NoAbility { actor: CharId(1) },
            RuleError::TargetDead { target: CharId(2) },
            RuleError::VoteChangeLimit { limit: 1 },
            RuleError::VoteLocked { closes: t },
            RuleError::ProxyTooLate { closes: t },
            RuleError::ProxyChangeTooLate { closes: t },
            RuleError::WitchSelfSave,
            RuleError::OnePotionPerNight,
            RuleError::AntidoteUsed,
            RuleError::PoisonUsed,
            RuleError::NoKillTarget,
            RuleError::WolvesNotDone,
            RuleError::AlreadyActed,
            RuleError::KillFixed,
            RuleError::KillReasonLength { len: 3, want: 2 },
            RuleError::NotLeader {
                leader: Some(CharId(3)),
            },
            RuleError::NotLeader { leader: None },
            RuleError::LeaderNotChosen,
            RuleError::NotSubmitted { target: CharId(4) },
            RuleError::TargetSelf,
            RuleError::TargetNotWolf { target: CharId(5) },
            RuleError::NoDecisionPending,
            RuleError::ShootFirst,
            RuleError::AlreadyRequested,
            RuleError::AlreadySpedUp,
            RuleError::DecisionMade,
            RuleError::DecisionLapsed,
            RuleError::SpeedupUnavailable,
            RuleError::LastWordsNotGranted,
            RuleError::LastWordsTooLate,
            RuleError::LastWordsGiven,
            RuleError::NotTied { target: CharId(6) },
            RuleError::NotAVoter,
            RuleError::ConcedeNotAllowed,
            RuleError::InvalidWinner {
                winner: Winner::Police,
            },
            RuleError::InvalidDuration { max_days: 366 },
            RuleError::Paused,
            RuleError::NotPaused,
            RuleError::FirstKillForbidden { target: CharId(7) },
            RuleError::TextTooLong {
                what: TextKind::Post,
                max: 10_000,
            },
            RuleError::TextTooLong {
                what: TextKind::Reason,
                max: 1_000,
            },
            RuleError::TextTooLong {
                what: TextKind::LastWords,
                max: 10_000,
            },
            RuleError::TextTooLong {
                what: TextKind::TreeHole,
                max: 10_000,
            },
            RuleError::TextTooLong {
                what: TextKind::Player,
                max: 64,
            },
            RuleError::ClockLimit { latest: t },
            RuleError::ProtectRepeated { target: CharId(8) },
            RuleError::IdiotCannotVote,
            RuleError::SelfDestructTarget,
            RuleError::DuelUsed,
            RuleError::DuelDayOne,
        ];
        let covered: BTreeSet<usize> = v
            .iter()
            .map(|e| match e {
                RuleError::GameOver => 0,
                RuleError::UnknownCharacter { .. } => 1,
                RuleError::NotJudge => 2,
                RuleError::NotACharacter => 3,
                RuleError::ActorDead { .. } => 4,
                RuleError::WrongPhase { .. } => 5,
                RuleError::NoAbility { .. } => 6,
                RuleError::TargetDead { .. } => 7,
                RuleError::VoteChangeLimit { .. } => 8,
                RuleError::VoteLocked { .. } => 9,
                RuleError::ProxyTooLate { .. } => 10,
                RuleError::ProxyChangeTooLate { .. } => 11,
                RuleError::WitchSelfSave => 12,
                RuleError::OnePotionPerNight => 13,
                RuleError::AntidoteUsed => 14,
                RuleError::PoisonUsed => 15,
                RuleError::NoKillTarget => 16,
                RuleError::WolvesNotDone => 17,
                RuleError::AlreadyActed => 18,
                RuleError::KillFixed => 19,
                RuleError::NotLeader { .. } => 20,
                RuleError::NotSubmitted { .. } => 21,
                RuleError::TargetSelf => 22,
                RuleError::TargetNotWolf { .. } => 23,
                RuleError::NoDecisionPending => 24,
                RuleError::ShootFirst => 25,
                RuleError::AlreadyRequested => 26,
                RuleError::SpeedupUnavailable => 27,
                RuleError::LastWordsNotGranted => 28,
                RuleError::LastWordsTooLate => 29,
                RuleError::LastWordsGiven => 30,
                RuleError::NotTied { .. } => 31,
                RuleError::NotAVoter => 32,
                RuleError::ConcedeNotAllowed => 33,
                RuleError::InvalidWinner { .. } => 34,
                RuleError::InvalidDuration { .. } => 35,
                RuleError::Paused => 36,
                RuleError::NotPaused => 37,
                RuleError::FirstKillForbidden { .. } => 38,
                RuleError::DayClosed => 39,
                RuleError::NightDeadlinePassed => 40,
                RuleError::LeaderElectionOver { .. } => 41,
                RuleError::AlreadySpedUp => 42,
                RuleError::DecisionMade => 43,
                RuleError::DecisionLapsed => 44,
                RuleError::LeaderNotChosen => 45,
                RuleError::TextTooLong { .. } => 46,
                RuleError::ClockLimit { .. } => 47,
                RuleError::ProtectRepeated { .. } => 48,
                RuleError::IdiotCannotVote => 49,
                RuleError::SelfDestructTarget => 50,
                RuleError::DuelUsed => 51,
                RuleError::DuelDayOne => 52,
                RuleError::KillReasonLength { .. } => 53,
            })
            .collect();
        assert_eq!(covered.len(), 54, "every RuleError variant is listed");
        v
    }

    #[test]
    fn every_error_has_a_message_in_both_languages() {
        let g = game("m32");
        for e in all_errors() {
            let id = format!("err-{}", e.code().replace('_', "-"));
            let zh = error_message(&e, &g, Lang::Zh);
            let en = error_message(&e, &g, Lang::En);
            for s in [&zh, &en] {
                ok(s);
                assert_ne!(s, &id);
                assert_ne!(s, &e.to_string(), "catalog text, not the Display fallback");
                assert!(!s.contains("CharId"), "names, not ids: {s}");
            }
            assert_ne!(zh, en, "{id}");
        }
        let e = RuleError::VoteLocked { closes: at() };
        assert_eq!(
            error_message(&e, &g, Lang::Zh),
            "投票在截止前 1 小时内不能再改票（截止时间 2026-12-02 20:00 UTC）。你当前的票仍然有效。"
        );
        assert!(error_message(&e, &g, Lang::En).starts_with(
            "Votes can't be changed within 1 hour of the close (2026-12-02 20:00 UTC)."
        ));
        let e = RuleError::TargetDead { target: CharId(2) };
        assert!(error_message(&e, &g, Lang::En).starts_with("Cat is out"));
    }

    fn all_events(g: &Game) -> Vec<EventKind> {
        let t = at();
        let c = CharId;
        let deed =
            |what: &str, by: Option<CharId>, target: Option<CharId>, text: Option<&str>| Deed {
                text: text.map(str::to_string),
                ..Deed::new(Phase::Night { night: 1 }, by, what, target)
            };
        let v = vec![
            EventKind::Created {
                ruleset: Box::new(g.ruleset.clone()),
                seed: engine::rng::Seed::U64(7),
                start: t,
                characters: NAMES.iter().map(|s| s.to_string()).collect(),
                forbidden_first_kill: None,
                players: None,
            },
            EventKind::SeedCommitted {
                commitment: "ab12".into(),
            },
            EventKind::RolesDealt {
                roles: g.chars.iter().map(|ch| ch.role).collect(),
                by_seed: true,
            },
            EventKind::RolesDealt {
                roles: vec![Role::Wolf],
                by_seed: false,
            },
            EventKind::RoleTold {
                character: c(0),
                role: Role::Wolf,
                team: vec![c(1), c(2)],
            },
            EventKind::RoleTold {
                character: c(0),
                role: Role::Wolf,
                team: vec![],
            },
            EventKind::DayOpened {
                day: 2,
                round: 0,
                closes: t,
                deaths: vec![c(3), c(4)],
                sheriff: Some(c(0)),
                alive: vec![c(0), c(1), c(2)],
                last_words: vec![(c(3), "I was village!".into())],
                candidates: vec![],
                voters: vec![],
            },
            EventKind::DayOpened {
                day: 1,
                round: 0,
                closes: t,
                deaths: vec![],
                sheriff: None,
                alive: vec![c(0), c(1)],
                last_words: vec![],
                candidates: vec![],
                voters: vec![],
            },
            EventKind::DayOpened {
                day: 2,
                round: 1,
                closes: t,
                deaths: vec![],
                sheriff: None,
                alive: vec![c(0), c(1), c(2)],
                last_words: vec![],
                candidates: vec![c(0), c(1)],
                voters: vec![c(2)],
            },
            EventKind::Posted {
                by: c(0),
                day: 1,
                text: "hello".into(),
            },
            EventKind::VoteCast {
                by: c(0),
                target: Some(c(4)),
                reason: "quiet".into(),
                change: false,
                proxy: false,
            },
            EventKind::VoteCast {
                by: c(0),
                target: Some(c(4)),
                reason: String::new(),
                change: true,
                proxy: true,
            },
            EventKind::VoteCast {
                by: c(0),
                target: None,
                reason: String::new(),
                change: false,
                proxy: false,
            },
            EventKind::VoteCast {
                by: c(0),
                target: None,
                reason: String::new(),
                change: true,
                proxy: false,
            },
            EventKind::VoteClosed {
                day: 2,
                round: 0,
                tally: vec![(c(1), 1000), (c(4), 2500)],
            },
            EventKind::VoteClosed {
                day: 2,
                round: 0,
                tally: vec![],
            },
            EventKind::SheriffElected {
                sheriff: Some(c(0)),
            },
            EventKind::SheriffElected { sheriff: None },
            EventKind::NobodyOut {
                reason: NoOut::NoVotes,
            },
            EventKind::NobodyOut { reason: NoOut::Tie },
            EventKind::Eliminated {
                character: c(1),
                cause: Cause::Vote,
                when: Phase::Day { day: 2, round: 0 },
            },
            EventKind::Eliminated {
                character: c(1),
                cause: Cause::NightKill,
                when: Phase::Night { night: 1 },
            },
            EventKind::Eliminated {
                character: c(1),
                cause: Cause::Poison,
                when: Phase::Night { night: 1 },
            },
            EventKind::Eliminated {
                character: c(1),
                cause: Cause::Shot,
                when: Phase::Night { night: 1 },
            },
            EventKind::Eliminated {
                character: c(1),
                cause: Cause::RedCard,
                when: Phase::Night { night: 1 },
            },
            EventKind::Eliminated {
                character: c(1),
                cause: Cause::Judge,
                when: Phase::Night { night: 1 },
            },
            EventKind::LastWordsGranted {
                character: c(1),
                due_day: 3,
            },
            EventKind::LastWordsGiven {
                character: c(1),
                text: "bye".into(),
            },
            EventKind::DecisionOpened {
                kind: DecisionKind::Shoot,
                character: c(1),
                until: t,
            },
            EventKind::DecisionOpened {
                kind: DecisionKind::Badge,
                character: c(1),
                until: t,
            },
            EventKind::DecisionOpened {
                kind: DecisionKind::Leader,
                character: c(1),
                until: t,
            },
            EventKind::Shot {
                hunter: c(1),
                target: c(2),
            },
            EventKind::DecisionLapsed {
                kind: DecisionKind::Shoot,
                character: c(1),
            },
            EventKind::DecisionLapsed {
                kind: DecisionKind::Badge,
                character: c(1),
            },
            EventKind::DecisionLapsed {
                kind: DecisionKind::Leader,
                character: c(1),
            },
            EventKind::ShotDeclined { hunter: c(1) },
            EventKind::BadgePassed {
                from: Some(c(1)),
                to: c(2),
                draw: None,
            },
            EventKind::BadgePassed {
                from: Some(c(1)),
                to: c(2),
                draw: Some(3),
            },
            EventKind::BadgePassed {
                from: None,
                to: c(2),
                draw: None,
            },
            EventKind::LeaderPassed {
                from: Some(c(1)),
                to: c(2),
                draw: None,
            },
            EventKind::LeaderPassed {
                from: Some(c(1)),
                to: c(2),
                draw: Some(2),
            },
            EventKind::NightOpened {
                night: 1,
                wolves_until: t,
                witch_until: t,
            },
            EventKind::LeaderVoted {
                by: c(0),
                target: c(1),
            },
            EventKind::LeaderElected {
                leader: c(1),
                draw: None,
            },
            EventKind::LeaderElected {
                leader: c(1),
                draw: Some(1),
            },
            EventKind::KillSubmitted {
                by: c(0),
                target: c(5),
                reason: "强势".into(),
            },
            EventKind::KillFixed {
                target: Some(c(5)),
                picked_by: Some(c(1)),
            },
            EventKind::KillFixed {
                target: Some(c(5)),
                picked_by: None,
            },
            EventKind::KillFixed {
                target: None,
                picked_by: None,
            },
            EventKind::WitchTold {
                witch: c(6),
                target: Some(c(5)),
            },
            EventKind::WitchTold {
                witch: c(6),
                target: None,
            },
            EventKind::WitchSaved {
                witch: c(6),
                target: c(5),
            },
            EventKind::WitchPoisoned {
                witch: c(6),
                target: c(5),
            },
            EventKind::WitchPassed { witch: c(6) },
            EventKind::SeerChecked {
                seer: c(7),
                target: c(0),
                village: false,
            },
            EventKind::SeerChecked {
                seer: c(7),
                target: c(8),
                village: true,
            },
            EventKind::CheckSubmitted {
                by: c(0),
                target: c(1),
            },
            EventKind::PoliceResult {
                target: c(1),
                role: Role::Killer,
            },
            EventKind::WolvesClosed,
            EventKind::NightEnded { night: 1 },
            EventKind::CardGiven {
                target: c(1),
                color: Color::Blue,
                reason: CardReason::Judge {
                    text: "rude".into(),
                },
            },
            EventKind::CardGiven {
                target: c(1),
                color: Color::Yellow,
                reason: CardReason::NoVote { day: 1 },
            },
            EventKind::CardGiven {
                target: c(1),
                color: Color::Yellow,
                reason: CardReason::FewPosts {
                    day: 1,
                    posts: 1,
                    min: 5,
                },
            },
            EventKind::CardGiven {
                target: c(1),
                color: Color::Yellow,
                reason: CardReason::LurkStreak {
                    day: 3,
                    days: 3,
                    min: 10,
                },
            },
            EventKind::CardGiven {
                target: c(1),
                color: Color::Yellow,
                reason: CardReason::LeaderVoteMissing,
            },
            EventKind::CardGiven {
                target: c(1),
                color: Color::Yellow,
                reason: CardReason::MissedAction {
                    what: MandatoryAction::PassBadge,
                },
            },
            EventKind::CardGiven {
                target: c(1),
                color: Color::Red,
                reason: CardReason::MissedAction {
                    what: MandatoryAction::PassLeader,
                },
            },
            EventKind::CardsConverted {
                target: c(1),
                from: Color::Blue,
                to: Color::Yellow,
                private: false,
            },
            EventKind::CardsConverted {
                target: c(1),
                from: Color::Yellow,
                to: Color::Red,
                private: true,
            },
            EventKind::SpeedupRequested {
                by: c(1),
                count: 3,
                needed: 7,
            },
            EventKind::SpedUp,
            EventKind::Substituted {
                character: c(1),
                player: "newbie".into(),
            },
            EventKind::Extended { seconds: 5400 },
            EventKind::Extended { seconds: -60 },
            EventKind::Paused,
            EventKind::Resumed { seconds: 3600 },
            EventKind::TreeHole {
                by: c(1),
                text: "Bob is a wolf".into(),
            },
            EventKind::Appealed {
                by: c(1),
                player: "42".into(),
                text: "the card was unfair".into(),
            },
            EventKind::AppealsListed {
                appeals: vec![engine::event::Appeal {
                    by: c(1),
                    player: "42".into(),
                    text: "the card was unfair".into(),
                    at: at(),
                }],
            },
            EventKind::Conceded { by: c(1) },
            EventKind::GameEnded {
                winner: Some(Winner::Village),
                reason: EndReason::Condition,
                condition: None,
            },
            EventKind::GameEnded {
                winner: Some(Winner::Village),
                reason: EndReason::Condition,
                condition: Some(WinCondition::WolvesOut),
            },
            EventKind::GameEnded {
                winner: Some(Winner::Draw),
                reason: EndReason::TieRounds,
                condition: None,
            },
            EventKind::GameEnded {
                winner: None,
                reason: EndReason::Judge,
                condition: None,
            },
            EventKind::GameEnded {
                winner: Some(Winner::Wolves),
                reason: EndReason::RedCard,
                condition: None,
            },
            EventKind::GameEnded {
                winner: Some(Winner::Killers),
                reason: EndReason::Concede,
                condition: None,
            },
            EventKind::Revealed {
                seed: engine::rng::Seed::U64(u64::MAX - 1),
                commitment: "cafe".into(),
                roles: g.chars.iter().map(|ch| ch.role).collect(),
                players: g.chars.iter().map(|ch| ch.player.clone()).collect(),
                deeds: vec![
                    deed("vote", Some(c(0)), Some(c(1)), Some("quiet")),
                    deed("abstain", Some(c(0)), None, Some("")),
                    deed("leader_vote", Some(c(0)), Some(c(1)), None),
                    deed("kill", Some(c(0)), Some(c(1)), Some("强势")),
                    deed("pick", Some(c(0)), Some(c(1)), None),
                    deed("kill_fixed", None, Some(c(1)), None),
                    deed("kill_fixed", None, None, None),
                    deed("save", Some(c(0)), Some(c(1)), None),
                    deed("poison", Some(c(0)), Some(c(1)), None),
                    deed("pass", Some(c(0)), None, None),
                    deed("check", Some(c(0)), Some(c(1)), None),
                    deed("shoot", Some(c(0)), Some(c(1)), None),
                    deed("pass_badge", Some(c(0)), Some(c(1)), None),
                    deed("pass_leader", Some(c(0)), Some(c(1)), None),
                    deed("something_new", None, None, None),
                    Deed {
                        at: Some(t),
                        changed_from: Some(engine::event::Earlier { target: None }),
                        proxy: true,
                        ..deed("vote", Some(c(0)), Some(c(1)), None)
                    },
                    deed("hold_fire", Some(c(0)), None, None),
                    deed("lapsed_shoot", Some(c(0)), None, None),
                    deed("lapsed_badge", Some(c(0)), None, None),
                    deed("lapsed_leader", Some(c(0)), None, None),
                    deed("badge_drawn", Some(c(0)), Some(c(1)), None),
                    deed("leader_drawn", None, Some(c(1)), None),
                    deed("leader_elected", None, Some(c(1)), None),
                    Deed {
                        card: Some(engine::event::CardNote {
                            color: Color::Yellow,
                            reason: Some(CardReason::LeaderVoteMissing),
                            from: None,
                            public: false,
                        }),
                        ..deed("card", None, Some(c(1)), None)
                    },
                    Deed {
                        card: Some(engine::event::CardNote {
                            color: Color::Yellow,
                            reason: None,
                            from: Some(Color::Blue),
                            public: true,
                        }),
                        ..deed("cards_converted", None, Some(c(1)), None)
                    },
                ],
                tree_holes: vec![(c(1), "note".into())],
            },
            EventKind::GuardProtected {
                guard: c(2),
                target: Some(c(3)),
            },
            EventKind::IdiotRevealed { idiot: c(3) },
            EventKind::SelfDestructed {
                wolf: c(0),
                target: Some(c(4)),
            },
            EventKind::Dueled {
                knight: c(5),
                target: c(0),
                wolf: true,
            },
            EventKind::DayCut { day: 2 },
        ];
        let covered: BTreeSet<usize> = v
            .iter()
            .map(|k| match k {
                EventKind::Created { .. } => 0,
                EventKind::SeedCommitted { .. } => 1,
                EventKind::RolesDealt { .. } => 2,
                EventKind::RoleTold { .. } => 3,
                EventKind::DayOpened { .. } => 4,
                EventKind::Posted { .. } => 5,
                EventKind::VoteCast { .. } => 6,
                EventKind::VoteClosed { .. } => 7,
                EventKind::SheriffElected { .. } => 8,
                EventKind::NobodyOut { .. } => 9,
                EventKind::Eliminated { .. } => 10,
                EventKind::LastWordsGranted { .. } => 11,
                EventKind::LastWordsGiven { .. } => 12,
                EventKind::DecisionOpened { .. } => 13,
                EventKind::Shot { .. } => 14,
                EventKind::DecisionLapsed { .. } => 15,
                EventKind::BadgePassed { .. } => 16,
                EventKind::LeaderPassed { .. } => 17,
                EventKind::NightOpened { .. } => 18,
                EventKind::LeaderVoted { .. } => 19,
                EventKind::LeaderElected { .. } => 20,
                EventKind::KillSubmitted { .. } => 21,
                EventKind::KillFixed { .. } => 22,
                EventKind::WitchTold { .. } => 23,
                EventKind::WitchSaved { .. } => 24,
                EventKind::WitchPoisoned { .. } => 25,
                EventKind::WitchPassed { .. } => 26,
                EventKind::SeerChecked { .. } => 27,
                EventKind::CheckSubmitted { .. } => 28,
                EventKind::PoliceResult { .. } => 29,
                EventKind::WolvesClosed => 30,
                EventKind::NightEnded { .. } => 31,
                EventKind::CardGiven { .. } => 32,
                EventKind::CardsConverted { .. } => 33,
                EventKind::SpeedupRequested { .. } => 34,
                EventKind::SpedUp => 35,
                EventKind::Substituted { .. } => 36,
                EventKind::Extended { .. } => 37,
                EventKind::TreeHole { .. } => 38,
                EventKind::Conceded { .. } => 39,
                EventKind::GameEnded { .. } => 40,
                EventKind::Revealed { .. } => 41,
                EventKind::Paused => 42,
                EventKind::Resumed { .. } => 43,
                EventKind::ShotDeclined { .. } => 44,
                EventKind::GuardProtected { .. } => 45,
                EventKind::IdiotRevealed { .. } => 46,
                EventKind::SelfDestructed { .. } => 47,
                EventKind::Dueled { .. } => 48,
                EventKind::DayCut { .. } => 49,
                EventKind::Appealed { .. } => 50,
                EventKind::AppealsListed { .. } => 51,
            })
            .collect();
        assert_eq!(covered.len(), 52, "every EventKind variant is listed");
        v
    }

    fn ev(kind: EventKind) -> Event {
        Event { at: at(), kind }
    }

    #[test]
    fn every_event_renders_in_both_languages() {
        for g in [game("m32"), game("mafia")] {
            for kind in all_events(&g) {
                let e = ev(kind);
                let zh = render(&e, &g, Lang::Zh);
                let en = render(&e, &g, Lang::En);
                for s in [
                    &zh,
                    &en,
                    &render_judge(&e, &g, Lang::Zh),
                    &render_judge(&e, &g, Lang::En),
                ] {
                    ok(s);
                    assert!(!s.contains("CharId"), "{s}");
                }
                assert_ne!(zh, en, "{:?}", e.kind);
            }
            for r in Role::ALL {
                for lang in [Lang::Zh, Lang::En] {
                    let e = ev(EventKind::RoleTold {
                        character: CharId(0),
                        role: r,
                        team: vec![CharId(1)],
                    });
                    ok(&render(&e, &g, lang));
                    ok(&audience_heading(e.audience(), &g, lang));
                }
            }
        }
    }

    #[test]
    fn public_texts_name_no_roles() {
        let g = game("m32");
        let mut public = 0;
        for kind in all_events(&g) {
            let e = ev(kind);
            // The night's opening names the roles that act (not who holds them); the end
            // names the winning camp; the reveal is after the end.
            // The idiot's reveal is the one role a game makes public (RULES.md §4).
            let generic = matches!(
                e.kind,
                EventKind::NightOpened { .. }
                    | EventKind::GameEnded { .. }
                    | EventKind::Revealed { .. }
                    | EventKind::IdiotRevealed { .. }
            );
            if e.audience() != Audience::Public || generic {
                continue;
            }
            public += 1;
            for lang in [Lang::Zh, Lang::En] {
                let s = render(&e, &g, lang).to_lowercase();
                for r in Role::ALL {
                    let name = role_name(r, lang).to_lowercase();
                    assert!(!s.contains(&name), "public text names role `{name}`: {s}");
                }
            }
        }
        assert!(public > 30);
    }

    #[test]
    fn day_opened_lists_deaths_in_order_without_roles() {
        let g = game("m32");
        let e = ev(EventKind::DayOpened {
            day: 2,
            round: 0,
            closes: at(),
            deaths: vec![CharId(4), CharId(3)],
            sheriff: Some(CharId(0)),
            alive: g.living(),
            last_words: vec![(CharId(4), "trust Ann".into())],
            candidates: vec![],
            voters: vec![],
        });
        for lang in [Lang::Zh, Lang::En] {
            let s = render(&e, &g, lang);
            let (eve, dan) = (s.find("Eve").unwrap(), s.find("Dan").unwrap());
            assert!(eve < dan, "deaths in order: {s}");
            assert!(
                s.contains("trust Ann") && s.contains("2026-12-02 20:00 UTC"),
                "{s}"
            );
            for r in Role::ALL {
                assert!(
                    !s.to_lowercase()
                        .contains(&role_name(r, lang).to_lowercase()),
                    "{s}"
                );
            }
        }
    }

    #[test]
    fn votes_and_deaths_read_right() {
        let g = game("m32");
        let vote = ev(EventKind::VoteCast {
            by: CharId(0),
            target: Some(CharId(4)),
            reason: "quiet".into(),
            change: false,
            proxy: false,
        });
        assert_eq!(render(&vote, &g, Lang::Zh), "Ann 投票给 Eve，理由：quiet");
        assert_eq!(
            render(&vote, &g, Lang::En),
            "Ann votes for Eve — reason: quiet"
        );
        let closed = ev(EventKind::VoteClosed {
            day: 2,
            round: 0,
            tally: vec![(CharId(0), 1000), (CharId(4), 1500)],
        });
        assert_eq!(
            render(&closed, &g, Lang::En),
            "The day 2 vote has closed. Votes: Eve 1.5 votes, Ann 1 vote"
        );
        assert_eq!(
            render(&closed, &g, Lang::Zh),
            "第 2 天投票结束。得票：Eve 1.5 票、Ann 1 票"
        );
        for cause in [Cause::NightKill, Cause::Poison] {
            let out = ev(EventKind::Eliminated {
                character: CharId(1),
                cause,
                when: Phase::Night { night: 1 },
            });
            assert_eq!(render(&out, &g, Lang::En), "Bob died during the night.");
            assert_eq!(render(&out, &g, Lang::Zh), "Bob 在夜里出局。");
        }
        let poisoned = ev(EventKind::Eliminated {
            character: CharId(1),
            cause: Cause::Poison,
            when: Phase::Night { night: 1 },
        });
        assert!(render_judge(&poisoned, &g, Lang::En).contains("poisoned"));
        let card = ev(EventKind::CardGiven {
            target: CharId(1),
            color: Color::Yellow,
            reason: CardReason::LeaderVoteMissing,
        });
        // A card that would name a wolf is never public: only its target reads it, as "you".
        assert_eq!(card.audience(), Audience::Character(CharId(1)));
        assert!(render(&card, &g, Lang::En).starts_with("You get a yellow card"));
        assert!(render_judge(&card, &g, Lang::En).contains("leader"));
    }

    #[test]
    fn reveal_has_seed_and_verification() {
        let g = game("m32");
        let e = ev(EventKind::Revealed {
            seed: engine::rng::Seed::U64(18_446_744_073_709_551_614),
            commitment: "cafe".into(),
            roles: g.chars.iter().map(|ch| ch.role).collect(),
            players: g.chars.iter().map(|ch| ch.player.clone()).collect(),
            deeds: vec![],
            tree_holes: vec![(CharId(1), "Ann is sus".into())],
        });
        for lang in [Lang::Zh, Lang::En] {
            let s = render(&e, &g, lang);
            assert!(s.contains("18446744073709551614"), "{s}");
            assert!(s.contains("cafe") && s.contains("Ann is sus"), "{s}");
            for ch in &g.chars {
                assert!(s.contains(&role_name(ch.role, lang)), "{s}");
            }
        }
    }

    /// A real game's 256-bit seed is revealed as its 64 hex digits, with how to check it: the
    /// SHA-256 of its 32 bytes (not of eight little-endian bytes).
    #[test]
    fn the_reveal_of_a_256_bit_seed_gives_its_hex_and_how_to_check_it() {
        let g = game("m32");
        let bytes: [u8; 32] = std::array::from_fn(|i| i as u8);
        let e = ev(EventKind::Revealed {
            seed: engine::rng::Seed::Bytes(bytes),
            commitment: "cafe".into(),
            roles: g.chars.iter().map(|ch| ch.role).collect(),
            players: g.chars.iter().map(|ch| ch.player.clone()).collect(),
            deeds: vec![],
            tree_holes: vec![],
        });
        let hex = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
        let en = render(&e, &g, Lang::En);
        assert!(en.contains(&format!("Random seed: {hex}")), "{en}");
        assert!(en.contains("sha256 of the seed's 32 bytes"), "{en}");
        assert!(!en.contains("little-endian"), "{en}");
        let zh = render(&e, &g, Lang::Zh);
        assert!(zh.contains(hex) && zh.contains("32 个字节"), "{zh}");
        assert!(!zh.contains("小端"), "{zh}");
    }

    /// The reveal's verification line is in the game's language: no English sentence in the
    /// Chinese one (only the command to paste, in backticks).
    #[test]
    fn the_chinese_reveal_explains_verification_in_chinese() {
        let g = game("m32");
        let e = ev(EventKind::Revealed {
            seed: engine::rng::Seed::U64(7),
            commitment: "cafe".into(),
            roles: g.chars.iter().map(|ch| ch.role).collect(),
            players: g.chars.iter().map(|ch| ch.player.clone()).collect(),
            deeds: vec![],
            tree_holes: vec![],
        });
        let zh = render(&e, &g, Lang::Zh);
        let verify = zh.lines().last().unwrap_or_default();
        let outside_code: String = verify.split('`').step_by(2).collect();
        assert!(
            outside_code.contains("SHA-256") && outside_code.contains("小端"),
            "{verify}"
        );
        for word in ["seed", "bytes", "must", "commitment", "little"] {
            assert!(
                !outside_code.contains(word),
                "English `{word}` in: {verify}"
            );
        }
        assert!(verify.contains("`wolfjudge verify game.json --commitment cafe`"));
        let en = render(&e, &g, Lang::En);
        assert!(
            en.contains("sha256 of the seed's 8 little-endian bytes"),
            "{en}"
        );
        // Not anonymous (names are the players): each name once, no "Ann（玩家 Ann）".
        assert!(zh.contains("\nAnn：") && !zh.contains("玩家 Ann"), "{zh}");
    }

    /// The end names the condition that held, per ruleset; an event recorded before the
    /// condition was kept still reads (generically).
    #[test]
    fn the_end_says_which_condition_held() {
        let end = |winner, condition| {
            ev(EventKind::GameEnded {
                winner: Some(winner),
                reason: EndReason::Condition,
                condition: Some(condition),
            })
        };
        let g = game("m32");
        let cases = [
            (Winner::Village, WinCondition::WolvesOut, "游戏结束：狼人全部出局，好人阵营获胜。", "Game over: all the wolves are out. Winner: the village."),
            (Winner::Wolves, WinCondition::WolvesHalf, "游戏结束：存活狼人达到存活人数的一半，狼人阵营获胜。", "Game over: the living wolves are half of the living characters. Winner: the wolves."),
            (Winner::Wolves, WinCondition::GodsOut, "游戏结束：神职（预言家、女巫、猎人）全部出局，狼人阵营获胜。", "Game over: the seer, the witch and the hunter are all out. Winner: the wolves."),
            (Winner::Wolves, WinCondition::VillagersOut, "游戏结束：村民全部出局，狼人阵营获胜。", "Game over: all the villagers are out. Winner: the wolves."),
        ];
        for (w, cond, zh, en) in cases {
            assert_eq!(render(&end(w, cond), &g, Lang::Zh), zh);
            assert_eq!(render(&end(w, cond), &g, Lang::En), en);
        }
        let m = game("mafia");
        assert_eq!(
            render(&end(Winner::Draw, WinCondition::CiviliansOut), &m, Lang::Zh),
            "游戏结束：平民全部出局，平局。"
        );
        assert_eq!(
            render(&end(Winner::Draw, WinCondition::CiviliansOut), &m, Lang::En),
            "Game over: all the civilians are out. The game is a draw."
        );
        assert_eq!(
            render(&end(Winner::Killers, WinCondition::PoliceOut), &m, Lang::Zh),
            "游戏结束：警察全部出局，杀手阵营获胜。"
        );
        // An old export: `condition` absent from the JSON.
        let mut json =
            serde_json::to_value(end(Winner::Wolves, WinCondition::GodsOut)).expect("serializes");
        assert_eq!(json["condition"], "gods_out");
        if let Some(o) = json.as_object_mut() {
            o.remove("condition");
        }
        let old: Event = serde_json::from_value(json).expect("an end without a condition reads");
        assert!(matches!(
            old.kind,
            EventKind::GameEnded {
                condition: None,
                ..
            }
        ));
        assert_eq!(
            render(&old, &g, Lang::Zh),
            "游戏结束：达成胜利条件，狼人阵营获胜。"
        );
    }

    /// A card only its target sees is said to "you", with the true reason (the missed
    /// duty), while the public and the judge keep the third person.
    #[test]
    fn a_private_card_speaks_to_its_target() {
        let g = game("m32");
        let e = ev(EventKind::CardGiven {
            target: CharId(1),
            color: Color::Yellow,
            reason: CardReason::LeaderVoteMissing,
        });
        assert!(matches!(e.audience(), Audience::Character(_)));
        assert_eq!(
            render(&e, &g, Lang::Zh),
            "你收到一张黄牌：第一夜没有投票选狼头。"
        );
        assert_eq!(
            render(&e, &g, Lang::En),
            "You get a yellow card: did not vote for a wolf leader on the first night."
        );
        assert!(render_judge(&e, &g, Lang::Zh).starts_with("Bob 收到一张黄牌"));
        let public = ev(EventKind::CardGiven {
            target: CharId(1),
            color: Color::Yellow,
            reason: CardReason::NoVote { day: 1 },
        });
        assert!(render(&public, &g, Lang::Zh).starts_with("Bob 收到一张黄牌"));
    }

    /// Mafia's kill texts never use werewolf slang (刀).
    #[test]
    fn mafia_kills_are_not_werewolf_slang() {
        let m = game("mafia");
        let kinds = vec![
            EventKind::KillSubmitted {
                by: CharId(0),
                target: CharId(5),
                reason: "碍事".into(),
            },
            EventKind::KillFixed {
                target: Some(CharId(5)),
                picked_by: None,
            },
            EventKind::KillFixed {
                target: None,
                picked_by: None,
            },
            EventKind::Revealed {
                seed: engine::rng::Seed::U64(7),
                commitment: "cafe".into(),
                roles: m.chars.iter().map(|ch| ch.role).collect(),
                players: m.chars.iter().map(|ch| ch.player.clone()).collect(),
                deeds: vec![
                    Deed::new(
                        Phase::Night { night: 1 },
                        Some(CharId(0)),
                        "kill",
                        Some(CharId(5)),
                    ),
                    Deed::new(
                        Phase::Night { night: 1 },
                        None,
                        "kill_fixed",
                        Some(CharId(5)),
                    ),
                ],
                tree_holes: vec![],
            },
        ];
        for kind in kinds {
            let e = ev(kind);
            for s in [render(&e, &m, Lang::Zh), render_judge(&e, &m, Lang::Zh)] {
                assert!(!s.contains('刀'), "{s}");
            }
        }
        for r in [Role::Killer, Role::Police] {
            let e = ev(EventKind::RoleTold {
                character: CharId(0),
                role: r,
                team: vec![],
            });
            assert!(!render(&e, &m, Lang::Zh).contains('刀'));
        }
    }
}
