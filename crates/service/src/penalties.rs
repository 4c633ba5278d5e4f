//! A server's memory of penalties: a member's record across its games (`/record`), the
//! bars the server's policy puts on members ([`sanctions`](crate::sanctions)), a judge's
//! lifts and notes, and the answers to appeals after a game's end (`/judge appeals`).
//!
//! The record is read from the games' events (the store keeps them as rows); the judges'
//! own entries (notes, lifts, answers, cards withdrawn on appeal) are the store's
//! `record_notes`. Every judge's entry goes to the judge's log; an answer goes to the
//! member by DM, through the outbox.

use chrono::{DateTime, Utc};
use engine::{Color, EventKind};
use i18n::{text, Lang};
use store::ids::{Account, GameId, Guild, ServerRole};
use store::penalties::{Answer, AppealRow, NoteKind, Policy, RecordEvent, RecordNote};

use super::sanctions::{self, Bar, Cause, Mark, Standing};
use super::{mention, Refusal, Service, ServiceError};

/// The most a policy's numbers may be (games, days).
pub const MAX_POLICY: u32 = 3650;

/// A member's record in a server.
#[derive(Debug, Clone, PartialEq)]
pub struct MemberRecord {
    pub member: Account,
    pub events: Vec<RecordEvent>,
    pub notes: Vec<RecordNote>,
    /// The bar in force now, if any.
    pub bar: Option<Bar>,
}

/// An appeal waiting for its answer, with the member's cards in its game (those the
/// judge may withdraw).
#[derive(Debug, Clone, PartialEq)]
pub struct OpenAppeal {
    pub appeal: AppealRow,
    pub cards: Vec<RecordEvent>,
}

/// What answering an appeal did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answered {
    /// Whether the member is told by DM (they still hold the seat they complained from).
    pub told: bool,
    /// The card withdrawn, if any.
    pub withdrawn: Option<Color>,
}

/// The id a card or an appeal goes by: its game and its event (`12-345`).
pub fn event_id(game: GameId, seq: i64) -> String {
    format!("{}-{seq}", game.get())
}

fn parse_event_id(s: &str) -> Option<(GameId, i64)> {
    let (g, q) = s.trim().trim_start_matches('#').split_once('-')?;
    Some((GameId(g.parse().ok()?), q.parse().ok()?))
}

/// The card an event of the record gives (given, or made by a conversion).
pub fn card_of(e: &RecordEvent) -> Option<Color> {
    match &e.event.kind {
        EventKind::CardGiven { color, .. } => Some(*color),
        EventKind::CardsConverted { to, .. } => Some(*to),
        _ => None,
    }
}

fn withdrawn(notes: &[RecordNote], game: GameId, seq: i64) -> bool {
    notes
        .iter()
        .any(|n| n.kind == NoteKind::Withdrawn && n.event == Some((game, seq)))
}

/// What the sanctions read of a record: its cards, the member's games, the last lift.
pub fn standing(events: &[RecordEvent], notes: &[RecordNote], games: Vec<GameId>) -> Standing {
    let marks = events
        .iter()
        .filter_map(|e| {
            Some(Mark {
                game: e.game,
                seq: e.seq,
                at: e.event.at,
                color: card_of(e)?,
                games_after: u32::try_from(e.games_after).unwrap_or(u32::MAX),
                withdrawn: withdrawn(notes, e.game, e.seq),
            })
        })
        .collect();
    let lifted = notes
        .iter()
        .filter(|n| n.kind == NoteKind::Lift)
        .map(|n| n.at)
        .max();
    Standing {
        marks,
        games,
        lifted,
    }
}

impl Service {
    /// `member`'s record in `guild`, asked by `asker` (with `roles`): their own, or, for a
    /// judge, anyone's.
    ///
    /// # Errors
    /// [`Refusal::NotJudge`] for another member's record asked by a non-judge;
    /// [`Refusal::NotSetUp`]; database errors.
    pub async fn record(
        &self,
        guild: Guild,
        asker: Account,
        roles: &[ServerRole],
        member: Account,
    ) -> Result<MemberRecord, ServiceError> {
        if member == asker {
            self.settings(guild).await?;
        } else {
            self.check_judge(guild, roles).await?;
        }
        let events = self.store.record_events(guild, member).await?;
        let notes = self.store.record_notes(guild, member).await?;
        let policy = self.store.policy(guild).await?;
        let bar = if policy.any() {
            let games = self.store.member_games(guild, member).await?;
            sanctions::bar_for(&standing(&events, &notes, games), &policy, self.now())
        } else {
            None
        };
        Ok(MemberRecord {
            member,
            events,
            notes,
            bar,
        })
    }

    /// The bar on `member` in `guild` now, under its policy (`None` without one).
    ///
    /// # Errors
    /// Database errors.
    pub async fn bar(&self, guild: Guild, member: Account) -> Result<Option<Bar>, ServiceError> {
        let policy = self.store.policy(guild).await?;
        if !policy.any() {
            return Ok(None);
        }
        let events = self.store.record_events(guild, member).await?;
        let notes = self.store.record_notes(guild, member).await?;
        let games = self.store.member_games(guild, member).await?;
        Ok(sanctions::bar_for(
            &standing(&events, &notes, games),
            &policy,
            self.now(),
        ))
    }

    /// `guild`'s sanction policy.
    ///
    /// # Errors
    /// [`Refusal::NotSetUp`]; database errors.
    pub async fn policy(&self, guild: Guild) -> Result<Policy, ServiceError> {
        self.settings(guild).await?;
        Ok(self.store.policy(guild).await?)
    }

    /// Sets `guild`'s sanction policy (a judge's), each number at most [`MAX_POLICY`].
    ///
    /// # Errors
    /// [`Refusal::NotJudge`], [`Refusal::NotSetUp`]; database errors.
    pub async fn set_policy(
        &self,
        guild: Guild,
        roles: &[ServerRole],
        p: Policy,
    ) -> Result<Policy, ServiceError> {
        self.check_judge(guild, roles).await?;
        let cap = |n: u32| n.min(MAX_POLICY);
        let p = Policy {
            red_games: cap(p.red_games),
            red_days: cap(p.red_days),
            yellows: cap(p.yellows),
            yellow_window: cap(p.yellow_window),
            yellow_games: cap(p.yellow_games),
            expiry_days: cap(p.expiry_days),
        };
        self.store.set_policy(guild, &p).await?;
        Ok(p)
    }

    /// A judge's note about `member` (`lift`: lifting the bar on them), with its reason,
    /// written to their record and to the judge's log.
    ///
    /// # Errors
    /// [`Refusal::NotJudge`], [`Refusal::NotSetUp`], [`Refusal::EmptyReason`];
    /// [`Refusal::NotBarred`] for a lift of a member without a bar; database errors.
    #[allow(clippy::too_many_arguments)]
    pub async fn judge_note(
        &self,
        guild: Guild,
        roles: &[ServerRole],
        judge: Account,
        member: Account,
        reason: &str,
        lift: bool,
        key: &str,
    ) -> Result<(), ServiceError> {
        let settings = self.check_judge(guild, roles).await?;
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(Refusal::EmptyReason.into());
        }
        if lift && self.bar(guild, member).await?.is_none() {
            return Err(Refusal::NotBarred.into());
        }
        let (kind, id) = if lift {
            (NoteKind::Lift, "log-bar-lifted")
        } else {
            (NoteKind::Note, "log-record-note")
        };
        let line = text(
            settings.lang,
            id,
            &[
                ("judge", mention(judge)),
                ("member", mention(member)),
                ("reason", reason.to_string()),
            ],
        );
        let log = self.store.log_game_for(guild, member).await?;
        self.store
            .add_record_note(
                guild,
                member,
                kind,
                judge,
                reason,
                self.now(),
                log.map(|g| (g, line.as_str())),
                key,
            )
            .await?;
        Ok(())
    }

    /// The appeals of `guild`'s ended games still waiting for an answer, with each member's
    /// cards in its game.
    ///
    /// # Errors
    /// [`Refusal::NotJudge`], [`Refusal::NotSetUp`]; database errors.
    pub async fn open_appeals(
        &self,
        guild: Guild,
        roles: &[ServerRole],
    ) -> Result<Vec<OpenAppeal>, ServiceError> {
        self.check_judge(guild, roles).await?;
        let mut out = Vec::new();
        for appeal in self.store.appeals(guild, false).await? {
            let cards = self
                .store
                .record_events(guild, appeal.player)
                .await?
                .into_iter()
                .filter(|e| e.game == appeal.game && card_of(e).is_some())
                .collect();
            out.push(OpenAppeal { appeal, cards });
        }
        Ok(out)
    }

    /// Answers appeal `id` (`12-345`, as the list shows it), withdrawing the member's card
    /// `withdraw` of the same game if given: written to their record, told to them by DM
    /// and to the judge's log. The game's result does not change.
    ///
    /// # Errors
    /// [`Refusal::NotJudge`], [`Refusal::NotSetUp`], [`Refusal::EmptyReason`];
    /// [`Refusal::NoAppeal`] when no appeal waits under `id`;
    /// [`Refusal::NotACard`] when `withdraw` is none of the member's cards in that
    /// game; database errors.
    #[allow(clippy::too_many_arguments)]
    pub async fn answer_appeal(
        &self,
        guild: Guild,
        roles: &[ServerRole],
        judge: Account,
        id: &str,
        answer: &str,
        withdraw: Option<&str>,
        key: &str,
    ) -> Result<Answered, ServiceError> {
        let settings = self.check_judge(guild, roles).await?;
        let answer = answer.trim();
        if answer.is_empty() {
            return Err(Refusal::EmptyReason.into());
        }
        let no_appeal = || ServiceError::Refused(Refusal::NoAppeal(id.trim().to_string()));
        let (game, seq) = parse_event_id(id).ok_or_else(no_appeal)?;
        let appeal = self
            .store
            .appeals(guild, false)
            .await?
            .into_iter()
            .find(|a| a.game == game && a.seq == seq)
            .ok_or_else(no_appeal)?;
        let card = match withdraw.map(str::trim).filter(|w| !w.is_empty()) {
            None => None,
            Some(w) => {
                let not_a_card = || ServiceError::Refused(Refusal::NotACard(w.to_string()));
                let (g, s) = parse_event_id(w).ok_or_else(not_a_card)?;
                let events = self.store.record_events(guild, appeal.player).await?;
                let e = events
                    .iter()
                    .find(|e| e.game == g && e.seq == s && g == appeal.game)
                    .ok_or_else(not_a_card)?;
                Some((s, card_of(e).ok_or_else(not_a_card)?))
            }
        };
        let lang = settings.lang;
        let appeal_id = event_id(appeal.game, appeal.seq);
        let color = |c: Color| text(lang, &format!("color-{}", c.key()), &[]);
        let mut dm = text(
            lang,
            "appeal-answer-dm",
            &[
                ("game", appeal.game.to_string()),
                ("appeal", appeal.text.clone()),
                ("answer", answer.to_string()),
            ],
        );
        let mut log = text(
            lang,
            "log-appeal-answered",
            &[
                ("judge", mention(judge)),
                ("member", mention(appeal.player)),
                ("id", appeal_id),
                ("answer", answer.to_string()),
            ],
        );
        if let Some((seq, c)) = card {
            dm.push('\n');
            dm.push_str(&text(
                lang,
                "appeal-answer-withdrawn",
                &[("color", color(c))],
            ));
            log.push('\n');
            log.push_str(&text(
                lang,
                "log-card-withdrawn",
                &[
                    ("member", mention(appeal.player)),
                    ("color", color(c)),
                    ("card", event_id(appeal.game, seq)),
                ],
            ));
        }
        let told = appeal.holder == Some(appeal.player);
        let written = self
            .store
            .answer_appeal(&Answer {
                guild,
                appeal: &appeal,
                judge,
                text: answer,
                withdraw: card.map(|(s, _)| s),
                at: self.now(),
                dm: told.then_some(dm.as_str()),
                log: &log,
                key,
            })
            .await?;
        if !written {
            return Err(no_appeal());
        }
        Ok(Answered {
            told,
            withdrawn: card.map(|(_, c)| c),
        })
    }
}

/// A Discord timestamp (shown in each reader's own time zone).
fn stamp(at: DateTime<Utc>, style: char) -> String {
    format!("<t:{}:{style}>", at.timestamp())
}

/// Why `bar` bars, in `lang`.
pub fn bar_cause(bar: &Bar, lang: Lang) -> String {
    match bar.cause {
        Cause::Red { game } => text(lang, "bar-cause-red", &[("game", game.to_string())]),
        Cause::Yellows { count, games } => text(
            lang,
            "bar-cause-yellows",
            &[("count", count.to_string()), ("games", games.to_string())],
        ),
    }
}

/// When `bar` ends, in `lang`: a time (a Discord timestamp), a number of games, or both.
pub fn bar_end(bar: &Bar, lang: Lang) -> String {
    match (bar.until, bar.games_left) {
        (Some(t), Some(n)) => text(
            lang,
            "bar-end-both",
            &[("until", stamp(t, 'f')), ("games", n.to_string())],
        ),
        (Some(t), None) => text(lang, "bar-end-time", &[("until", stamp(t, 'f'))]),
        (None, n) => text(
            lang,
            "bar-end-games",
            &[("games", n.unwrap_or(0).to_string())],
        ),
    }
}

/// The line of one event of a record (`None`: an event the record does not show).
fn event_line(r: &MemberRecord, e: &RecordEvent, lang: Lang) -> Option<String> {
    let when = match e.day {
        Some(day) if day > 0 => text(
            lang,
            "record-when-day",
            &[("game", e.game.to_string()), ("day", day.to_string())],
        ),
        _ => text(lang, "record-when-start", &[("game", e.game.to_string())]),
    };
    let date = stamp(e.event.at, 'd');
    let color = |c: Color| text(lang, &format!("color-{}", c.key()), &[]);
    let answer = |seq: i64| {
        r.notes
            .iter()
            .find(|n| n.kind == NoteKind::Answer && n.event == Some((e.game, seq)))
    };
    let mut line = match &e.event.kind {
        EventKind::CardGiven {
            color: c, reason, ..
        } => {
            let by = match reason {
                engine::card::CardReason::Judge { .. } => mention(e.judge),
                _ => text(lang, "record-by-rule", &[]),
            };
            text(
                lang,
                "record-card",
                &[
                    ("when", when),
                    ("date", date),
                    ("color", color(*c)),
                    ("reason", i18n::card_reason_text(reason, lang, true)),
                    ("by", by),
                    ("id", event_id(e.game, e.seq)),
                ],
            )
        }
        EventKind::CardsConverted { from, to, .. } => text(
            lang,
            "record-converted",
            &[
                ("when", when),
                ("date", date),
                ("from", color(*from)),
                ("to", color(*to)),
                ("id", event_id(e.game, e.seq)),
            ],
        ),
        EventKind::Eliminated { cause, .. } => {
            let id = match cause {
                engine::Cause::RedCard => "record-sent-off",
                _ => "record-removed",
            };
            text(
                lang,
                id,
                &[("when", when), ("date", date), ("judge", mention(e.judge))],
            )
        }
        EventKind::Substituted { player, .. } => {
            let id = if *player == r.member.to_string() {
                "record-sub-in"
            } else {
                "record-sub-out"
            };
            text(lang, id, &[("when", when), ("date", date)])
        }
        EventKind::Appealed { text: t, .. } => {
            let mut s = text(
                lang,
                "record-appeal",
                &[("when", when), ("date", date), ("text", t.clone())],
            );
            if let Some(n) = answer(e.seq) {
                s.push_str(&text(
                    lang,
                    "record-appeal-answer",
                    &[("judge", mention(n.judge)), ("answer", n.text.clone())],
                ));
            }
            s
        }
        _ => return None,
    };
    if e.converted {
        line.push_str(&text(lang, "record-flag-converted", &[]));
    }
    if e.lost_camp {
        line.push_str(&text(lang, "record-flag-lost-camp", &[]));
    }
    if withdrawn(&r.notes, e.game, e.seq) {
        line.push_str(&text(lang, "record-flag-withdrawn", &[]));
    }
    Some(line)
}

/// The line of a judge's note or lift (answers and withdrawals show with their events).
fn note_line(n: &RecordNote, lang: Lang) -> Option<String> {
    let id = match n.kind {
        NoteKind::Note => "record-note",
        NoteKind::Lift => "record-lift",
        NoteKind::Answer | NoteKind::Withdrawn => return None,
    };
    Some(text(
        lang,
        id,
        &[
            ("date", stamp(n.at, 'd')),
            ("judge", mention(n.judge)),
            ("reason", n.text.clone()),
        ],
    ))
}

/// How long a record's text may be (Discord's 2,000 characters, with room to spare).
const RECORD_CHARS: usize = 1900;

/// A member's record as text: the title, the bar in force, then the entries (the
/// newest that fit, oldest first).
pub fn render_record(r: &MemberRecord, lang: Lang) -> String {
    let mut head = vec![text(lang, "record-title", &[("member", mention(r.member))])];
    if let Some(bar) = &r.bar {
        head.push(text(
            lang,
            "record-barred",
            &[("cause", bar_cause(bar, lang)), ("end", bar_end(bar, lang))],
        ));
    }
    // Events and notes by time.
    let mut dated: Vec<(DateTime<Utc>, String)> = r
        .events
        .iter()
        .filter_map(|e| Some((e.event.at, event_line(r, e, lang)?)))
        .chain(
            r.notes
                .iter()
                .filter_map(|n| Some((n.at, note_line(n, lang)?))),
        )
        .collect();
    dated.sort_by_key(|(at, _)| *at);
    if dated.is_empty() {
        head.push(text(lang, "record-empty", &[]));
        return head.join("\n");
    }
    let mut used: usize = head.iter().map(|l| l.chars().count() + 1).sum();
    let mut shown = Vec::new();
    for (_, line) in dated.iter().rev() {
        let n = line.chars().count() + 1;
        if used + n + 40 > RECORD_CHARS {
            break;
        }
        used += n;
        shown.push(line.clone());
    }
    let left = dated.len() - shown.len();
    if left > 0 {
        head.push(text(lang, "record-more", &[("count", left.to_string())]));
    }
    shown.reverse();
    head.extend(shown);
    head.join("\n")
}

/// The open appeals as text, for the judge.
pub fn render_appeals(list: &[OpenAppeal], lang: Lang) -> String {
    if list.is_empty() {
        return text(lang, "appeals-none", &[]);
    }
    let mut lines = vec![text(
        lang,
        "appeals-title",
        &[("count", list.len().to_string())],
    )];
    for a in list {
        let cards: Vec<String> = a
            .cards
            .iter()
            .filter_map(|e| {
                let c = card_of(e)?;
                Some(text(
                    lang,
                    "appeals-card",
                    &[
                        ("color", text(lang, &format!("color-{}", c.key()), &[])),
                        ("id", event_id(e.game, e.seq)),
                    ],
                ))
            })
            .collect();
        let cards = if cards.is_empty() {
            text(lang, "appeals-no-cards", &[])
        } else {
            cards.join(&text(lang, "board-list-sep", &[]))
        };
        let line = text(
            lang,
            "appeals-line",
            &[
                ("id", event_id(a.appeal.game, a.appeal.seq)),
                ("member", mention(a.appeal.player)),
                ("date", stamp(a.appeal.at, 'd')),
                ("text", a.appeal.text.clone()),
                ("cards", cards),
            ],
        );
        let total: usize = lines.iter().map(|l| l.chars().count() + 1).sum();
        if total + line.chars().count() > RECORD_CHARS {
            lines.push(text(lang, "record-more", &[("count", "…".to_string())]));
            break;
        }
        lines.push(line);
    }
    lines.push(text(lang, "appeals-how", &[]));
    lines.join("\n")
}

/// The policy as text (what `/wolf-policy` answers).
pub fn render_policy(p: &Policy, lang: Lang) -> String {
    let mut lines = vec![text(lang, "policy-title", &[])];
    let n = |v: u32| v.to_string();
    let red = match (p.red_games, p.red_days) {
        (0, 0) => "policy-red-off",
        (_, 0) => "policy-red-games",
        (0, _) => "policy-red-days",
        _ => "policy-red-both",
    };
    lines.push(text(
        lang,
        red,
        &[("games", n(p.red_games)), ("days", n(p.red_days))],
    ));
    if p.yellows > 0 && p.yellow_window > 0 && p.yellow_games > 0 {
        lines.push(text(
            lang,
            "policy-yellow",
            &[
                ("count", n(p.yellows)),
                ("window", n(p.yellow_window)),
                ("games", n(p.yellow_games)),
            ],
        ));
    } else {
        lines.push(text(lang, "policy-yellow-off", &[]));
    }
    lines.push(if p.expiry_days > 0 {
        text(lang, "policy-expiry", &[("days", n(p.expiry_days))])
    } else {
        text(lang, "policy-expiry-off", &[])
    });
    lines.join("\n")
}
