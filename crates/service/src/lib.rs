//! The application service: what the bot's commands, buttons and menus do, over the store.
//! It knows accounts, servers and channels only as numbers ([`Account`], [`Guild`],
//! [`Channel`]) and nothing of Discord's types, so it is tested with plain calls; the
//! Discord adapter parses an interaction, calls one function here and renders the answer.
//!
//! The service holds the rules and the order of steps; every statement is the store's. The
//! bookkeeping around a game (server settings in [`store::guild`], sign-ups and the
//! start's deal in [`store::signup`], which account plays which seat, each day's
//! post in [`store::forum`]) is kept there beside the game's event log; the ids are
//! the store's ([`store::ids`]), re-exported here.

pub mod anon;
pub mod board;
pub mod camp;
mod charts;
pub mod clock;
mod forum;
pub mod guide;
mod page_cache;
pub mod pages;
pub mod penalties;
pub mod play;
mod post_pace;
mod records;
pub mod replay;
pub mod sanctions;
pub mod substitutes;
mod tally;
mod tournament;
pub mod uno;
pub mod uno_page;
pub mod view;

pub use board::GameOptions;
pub use forum::{Closing, DueDay, Elevator, Flag, ThreadPost};
pub use play::{At, Intent, Judging, Played, RuleRefusal};
pub use records::{CardRecord, MAX_RED_CARD_WINDOW};
pub use tournament::{ClubDay, Contest, DEFAULT_TOURNAMENT_RULESET};

pub use store::guild::{Moderation, Settings};
pub use store::ids::{Account, Channel, GameId, Guild, Message, ServerRole, SignupId, Webhook};
pub use store::signup::SignupRow;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Utc};

use clock::Clock;
use engine::rng::Seed;
use engine::{Action, CharId, Command, Game, Role, RuleError, Ruleset, Setup};
use i18n::{self, Lang};
use store::signup::{Change, Deal, FromSignup, Joined};
use store::{Store, StoreError};

/// What the user asked for that cannot be done as asked: a code and its arguments, each
/// variant worded once, at the edge, in the user's language ([`Refusal::message`]). Nothing
/// was changed, and nothing needs an operator's attention: what went wrong unexpectedly is a
/// [`Failure`].
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    #[error("this server has not been set up")]
    NotSetUp,
    #[error("only members with the judge role may do that")]
    NotJudge,
    /// A judge who holds a seat in the game (and the server does not allow playing judges).
    #[error("a judge who plays in this game may not judge it")]
    JudgePlays,
    /// A judge who plays (allowed by the server) asked for what would show the game's
    /// secrets before its end.
    #[error("a judge who plays may not see this game's secrets before its end")]
    JudgePlaysSecret,
    /// A button or menu naming a game (or sign-up) of another server than the one it was
    /// pressed in.
    #[error("that game belongs to another server")]
    ForeignGame,
    #[error("no game here")]
    NoGame,
    #[error("you are not playing in this game")]
    NotAPlayer,
    #[error("the sign-up is closed")]
    SignupClosed,
    #[error("already signed up")]
    AlreadyJoined,
    #[error("not signed up")]
    NotJoined,
    #[error("{players} players cannot play {ruleset}")]
    PlayerCount { ruleset: String, players: usize },
    #[error("unknown ruleset {0}")]
    UnknownRuleset(String),
    /// A `/wolf new` option that does not fit the ruleset (see [`Service::game_ruleset`]).
    #[error("option {option} = {value} does not fit the ruleset")]
    BadOption { option: String, value: String },
    /// A `/wolf new` player count the ruleset does not seat.
    #[error("{ruleset} does not seat {players} players (it seats {seats})")]
    PlayersOption {
        ruleset: String,
        players: usize,
        seats: String,
    },
    #[error("no living character is called {0}")]
    UnknownTarget(String),
    #[error("unknown time zone {0}")]
    UnknownTimeZone(String),
    #[error("the reason must not be empty")]
    EmptyReason,
    #[error("this game is not anonymous: post in the day's thread")]
    PostInThread,
    /// A relayed post beyond the ruleset's `post_pace`: not relayed; `told` when an
    /// earlier refusal already said when the next may be.
    #[error("more than {per_minute} posts a minute: the next may be made at {until}")]
    PostingTooFast {
        until: DateTime<Utc>,
        per_minute: u32,
        told: bool,
    },
    #[error("{player:?} already plays in this game")]
    AlreadyPlaying { player: Account },
    #[error("no tournament {0} in this server")]
    NoTournament(String),
    #[error("this server has no tournament")]
    NoTournaments,
    #[error("a tournament named {0} already exists")]
    TournamentExists(String),
    #[error("tournament {name} already has its {planned} games")]
    TournamentFull { name: String, planned: i32 },
    #[error("tournament {name} plays {ruleset}")]
    TournamentRuleset { name: String, ruleset: String },
    #[error("a tournament plans at least one game")]
    NoGamesPlanned,
    /// A volunteer already on the bench of substitutes.
    #[error("already on the bench")]
    OnBench,
    #[error("not on the bench")]
    NotOnBench,
    /// Someone else took the seat offered to the bench, or its player no longer holds it.
    #[error("the seat was taken")]
    SeatTaken,
    /// The judge offered a seat to an empty bench (nobody who could take it volunteered).
    #[error("nobody is on the bench")]
    EmptyBench,
    /// A member opted in to (or out of) sign-up pings on a server that has no such role.
    #[error("this server has no notify role")]
    NoNotifyRole,
    /// The chat platform refused a request (a missing permission, a deleted channel, a
    /// forum that requires tags): its adapter's typed reason, worded by the adapter.
    #[error("the chat platform refused: {0}")]
    Platform(Box<dyn PlatformRefusal>),
    /// The rules refused: the engine's typed reason with the state it refused against,
    /// worded at the edge by [`Refusal::message`].
    #[error("refused: {}", .0.error)]
    Rules(Box<RuleRefusal>),
    /// A refusal an earlier version recorded under the same interaction's key (a
    /// redelivered interaction), already worded in the game's language.
    #[error("{message}")]
    Answered { code: String, message: String },
    /// A duration the judge typed that is not one.
    #[error("{0:?} is not a duration")]
    BadDuration(String),
    /// A menu submitted with nothing picked.
    #[error("nothing was picked")]
    PickOne,
    /// `/wolf-setup`: the bot lacks what the server's setup needs of it (nothing saved).
    #[error("the bot lacks permissions: {0:?}")]
    MissingPermissions(Vec<Lack>),
    /// A member barred from signing up by the server's sanctions ([`sanctions`]).
    #[error("barred from signing up: {0:?}")]
    Barred(sanctions::Bar),
    /// A lift for a member whom nothing bars.
    #[error("the member is not barred")]
    NotBarred,
    /// No appeal waiting for an answer goes by this id.
    #[error("no open appeal {0}")]
    NoAppeal(String),
    /// A card to withdraw that is none of the appealing member's in that game.
    #[error("{0} is not one of the member's cards in that game")]
    NotACard(String),
}

/// A refusal of the chat platform's, typed by the adapter that knows the platform's errors
/// (the service knows none): it says what happened and what to do in a user's language.
pub trait PlatformRefusal: std::error::Error + Send + Sync {
    /// What happened and what to do, in `lang` (one or two sentences, through the
    /// catalogs).
    fn text(&self, lang: Lang) -> String;
}

/// Something the bot lacks on a server for what its setup asks of it (`/wolf-setup`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lack {
    /// A permission, by its catalog key (`perm-<key>`: the name Discord shows), in a
    /// channel, or server-wide (`None`).
    Permission {
        key: &'static str,
        channel: Option<Channel>,
    },
    /// The bot's highest role is not above this role, so it may not give or take it.
    Below(ServerRole),
}

impl Lack {
    /// One line naming it and where, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Lack::Permission { key, channel } => {
                let name = i18n::text(lang, &format!("perm-{key}"), &[]);
                match channel {
                    Some(c) => i18n::text(
                        lang,
                        "lack-permission-in",
                        &[("permission", name), ("channel", format!("<#{}>", c.get()))],
                    ),
                    None => i18n::text(lang, "lack-permission", &[("permission", name)]),
                }
            }
            Lack::Below(role) => i18n::text(
                lang,
                "lack-role-order",
                &[("role", format!("<@&{}>", role.get()))],
            ),
        }
    }
}

impl Refusal {
    /// The stable code (the engine's code for rule refusals).
    pub fn code(&self) -> &str {
        match self {
            Refusal::NotSetUp => "not_set_up",
            Refusal::NotJudge => "not_judge",
            Refusal::JudgePlays => "judge_plays",
            Refusal::JudgePlaysSecret => "judge_plays_secret",
            Refusal::ForeignGame => "foreign_game",
            Refusal::NoGame => "no_game",
            Refusal::NotAPlayer => "not_a_player",
            Refusal::SignupClosed => "signup_closed",
            Refusal::AlreadyJoined => "already_joined",
            Refusal::NotJoined => "not_joined",
            Refusal::PlayerCount { .. } => "player_count",
            Refusal::UnknownRuleset(_) => "unknown_ruleset",
            Refusal::BadOption { .. } => "bad_option",
            Refusal::PlayersOption { .. } => "players_option",
            Refusal::UnknownTarget(_) => "unknown_target",
            Refusal::UnknownTimeZone(_) => "unknown_time_zone",
            Refusal::EmptyReason => "empty_reason",
            Refusal::PostInThread => "post_in_thread",
            Refusal::PostingTooFast { .. } => "posting_too_fast",
            Refusal::AlreadyPlaying { .. } => "already_playing",
            Refusal::NoTournament(_) => "no_tournament",
            Refusal::NoTournaments => "no_tournaments",
            Refusal::TournamentExists(_) => "tournament_exists",
            Refusal::TournamentFull { .. } => "tournament_full",
            Refusal::TournamentRuleset { .. } => "tournament_ruleset",
            Refusal::NoGamesPlanned => "no_games_planned",
            Refusal::OnBench => "on_bench",
            Refusal::NotOnBench => "not_on_bench",
            Refusal::SeatTaken => "seat_taken",
            Refusal::EmptyBench => "empty_bench",
            Refusal::NoNotifyRole => "no_notify_role",
            Refusal::Platform(_) => "platform",
            Refusal::Rules(r) => r.error.code(),
            Refusal::Answered { code, .. } => code,
            Refusal::BadDuration(_) => "invalid_duration",
            Refusal::PickOne => "pick_one",
            Refusal::MissingPermissions(_) => "missing_permissions",
            Refusal::Barred(_) => "barred",
            Refusal::NotBarred => "not_barred",
            Refusal::NoAppeal(_) => "no_appeal",
            Refusal::NotACard(_) => "not_a_card",
        }
    }

    /// What to tell the user: what was wrong and what to do. The one place refusals become
    /// text.
    pub fn message(&self, lang: Lang) -> String {
        let key = format!("svc-{}", self.code().replace('_', "-"));
        let args: Vec<(&str, String)> = match self {
            Refusal::PlayerCount { ruleset, players } => {
                vec![
                    ("ruleset", ruleset.clone()),
                    ("players", players.to_string()),
                ]
            }
            Refusal::UnknownRuleset(name)
            | Refusal::UnknownTarget(name)
            | Refusal::UnknownTimeZone(name)
            | Refusal::NoTournament(name)
            | Refusal::TournamentExists(name) => {
                vec![("name", name.clone())]
            }
            Refusal::BadOption { option, value } => {
                vec![("option", option.clone()), ("value", value.clone())]
            }
            Refusal::PlayersOption {
                ruleset,
                players,
                seats,
            } => vec![
                ("ruleset", ruleset.clone()),
                ("players", players.to_string()),
                ("seats", seats.clone()),
            ],
            Refusal::TournamentFull { name, planned } => {
                vec![("name", name.clone()), ("planned", planned.to_string())]
            }
            Refusal::TournamentRuleset { name, ruleset } => {
                vec![("name", name.clone()), ("ruleset", ruleset.clone())]
            }
            Refusal::AlreadyPlaying { player } => vec![("player", mention(*player))],
            Refusal::Barred(bar) => vec![
                ("cause", penalties::bar_cause(bar, lang)),
                ("end", penalties::bar_end(bar, lang)),
            ],
            Refusal::NoAppeal(id) | Refusal::NotACard(id) => vec![("id", id.clone())],
            Refusal::PostingTooFast {
                until, per_minute, ..
            } => vec![
                ("per_minute", per_minute.to_string()),
                ("until", format!("<t:{}:T>", until.timestamp())),
                ("in", format!("<t:{}:R>", until.timestamp())),
            ],
            Refusal::Platform(refusal) => vec![("why", refusal.text(lang))],
            Refusal::MissingPermissions(lacks) => {
                let lines: Vec<String> = lacks.iter().map(|l| l.text(lang)).collect();
                vec![("missing", lines.join("\n"))]
            }
            Refusal::Rules(r) => return i18n::error_message(&r.error, &r.game, lang),
            Refusal::Answered { message, .. } => return message.clone(),
            Refusal::BadDuration(text) => {
                return i18n::text(lang, "svc-bad-duration", &[("text", text.clone())])
            }
            _ => Vec::new(),
        };
        i18n::text(lang, &key, &args)
    }
}

/// What a service call came to when it did not do what was asked: either the user's
/// [`Refusal`] (worded for them, nothing for an operator) or an unexpected [`Failure`]
/// (logged with its context; the user is only told that it failed).
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error(transparent)]
    Refused(Refusal),
    #[error(transparent)]
    Failed(Box<Failure>),
}

/// Something that failed and that the user did not cause (the database did not answer, a
/// stored game that does not read back…): the error, with what was being done, the game
/// and the interaction's key when they are known. Its log line ([`Failure::log`]) names
/// all three; the adapter's span around the interaction adds the command and the place.
#[derive(Debug)]
pub struct Failure {
    /// What was being done, in a few words ("vote", "read the sign-up").
    pub doing: Option<&'static str>,
    pub game: Option<GameId>,
    /// The interaction's idempotency key.
    pub key: Option<String>,
    pub cause: Cause,
}

/// The error under a [`Failure`].
#[derive(Debug, thiserror::Error)]
pub enum Cause {
    #[error(transparent)]
    Store(StoreError),
    /// A tournament's bookkeeping that went wrong (not the user's refusals, which are
    /// [`Refusal`]s, nor the database's, which are [`Cause::Store`]).
    #[error(transparent)]
    Tournament(store::tournament::TournamentError),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} failed", self.doing.unwrap_or("a request"))?;
        if let Some(game) = self.game {
            write!(f, " in game {}", game.0)?;
        }
        if let Some(key) = &self.key {
            write!(f, " (key {key})")?;
        }
        write!(f, ": {}", self.cause)
    }
}

impl std::error::Error for Failure {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.cause)
    }
}

impl Failure {
    /// What kind of failure it is, as the store classifies its errors: whether the
    /// database did not answer (the request may have been recorded) or surely rolled back.
    pub fn kind(&self) -> store::ErrorKind {
        match &self.cause {
            Cause::Store(e) => e.kind(),
            Cause::Tournament(_) => store::ErrorKind::Other,
        }
    }

    /// Its one log line: a warning when the database did not answer (an outage is the
    /// operator's to see, not a bug), an error otherwise; with the game, the key, what was
    /// being done and the kind as fields, inside whatever span the caller runs in.
    pub fn log(&self) {
        let game = self.game.map(|g| g.0);
        let key = self.key.as_deref();
        let doing = self.doing;
        let kind = self.kind();
        let what = self.doing.unwrap_or("a request");
        if kind == store::ErrorKind::Unavailable {
            tracing::warn!(game, key, doing, ?kind, error = %self.cause, "{what} failed");
        } else {
            tracing::error!(game, key, doing, ?kind, error = %self.cause, "{what} failed");
        }
    }
}

impl From<Refusal> for ServiceError {
    fn from(r: Refusal) -> ServiceError {
        ServiceError::Refused(r)
    }
}

impl From<Cause> for ServiceError {
    /// A failure whose context (what was being done, the game, the key) is filled in on the
    /// way up ([`FailureContext`]).
    fn from(cause: Cause) -> ServiceError {
        ServiceError::Failed(Box::new(Failure {
            doing: None,
            game: None,
            key: None,
            cause,
        }))
    }
}

impl From<StoreError> for ServiceError {
    fn from(e: StoreError) -> ServiceError {
        Cause::Store(e).into()
    }
}

impl ServiceError {
    /// The stable code: the refusal's ([`Refusal::code`]), `internal` for a failure.
    pub fn code(&self) -> &str {
        match self {
            ServiceError::Refused(r) => r.code(),
            ServiceError::Failed(_) => "internal",
        }
    }

    /// What to tell the user: the refusal's text ([`Refusal::message`]), or that something
    /// went wrong (the failure is logged, [`Failure::log`]).
    pub fn message(&self, lang: Lang) -> String {
        match self {
            ServiceError::Refused(r) => r.message(lang),
            ServiceError::Failed(f) => {
                f.log();
                i18n::text(lang, "svc-internal", &[])
            }
        }
    }

    /// The refusal, when it is one.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            ServiceError::Refused(r) => Some(r),
            ServiceError::Failed(_) => None,
        }
    }

    /// The failure, when it is one.
    pub fn failure(&self) -> Option<&Failure> {
        match self {
            ServiceError::Refused(_) => None,
            ServiceError::Failed(f) => Some(f),
        }
    }

    /// A failure's context, filled in where it is still unknown (a refusal passes as it is).
    fn with(mut self, fill: impl FnOnce(&mut Failure)) -> ServiceError {
        if let ServiceError::Failed(f) = &mut self {
            fill(f);
        }
        self
    }

    /// A failure as one while doing `what` (kept if an inner call said it already).
    pub fn doing(self, what: &'static str) -> ServiceError {
        self.with(|f| {
            f.doing.get_or_insert(what);
        })
    }

    /// A failure as one in `game`.
    pub fn in_game(self, game: GameId) -> ServiceError {
        self.with(|f| {
            f.game.get_or_insert(game);
        })
    }

    /// A failure as one of the interaction under `key`.
    pub fn under_key(self, key: &str) -> ServiceError {
        self.with(|f| {
            if f.key.is_none() {
                f.key = Some(key.to_string());
            }
        })
    }
}

/// Says what a call that may fail was doing, for its [`Failure`]'s log line.
pub trait FailureContext<T> {
    /// See [`ServiceError::doing`].
    fn doing(self, what: &'static str) -> Result<T, ServiceError>;
    /// See [`ServiceError::in_game`].
    fn in_game(self, game: GameId) -> Result<T, ServiceError>;
    /// See [`ServiceError::under_key`].
    fn under_key(self, key: &str) -> Result<T, ServiceError>;
}

impl<T, E: Into<ServiceError>> FailureContext<T> for Result<T, E> {
    fn doing(self, what: &'static str) -> Result<T, ServiceError> {
        self.map_err(|e| e.into().doing(what))
    }
    fn in_game(self, game: GameId) -> Result<T, ServiceError> {
        self.map_err(|e| e.into().in_game(game))
    }
    fn under_key(self, key: &str) -> Result<T, ServiceError> {
        self.map_err(|e| e.into().under_key(key))
    }
}

/// Records the game an interaction is about in the span it runs in (the adapter's span
/// declares the field `game`; elsewhere this does nothing), so every line logged inside it
/// names the game.
pub fn record_game(game: GameId) {
    tracing::Span::current().record("game", game.0);
}

/// A mention of an account, as Discord shows it.
pub fn mention(a: Account) -> String {
    format!("<@{}>", a.get())
}

/// A sign-up and who has joined it.
#[derive(Debug, Clone, PartialEq)]
pub struct Signup {
    /// The sign-up as stored: its id, server, judge, ruleset, language, post, game and
    /// tournament.
    pub row: SignupRow,
    /// What the judge chose beyond the ruleset (`/wolf new`).
    pub options: GameOptions,
    /// The ruleset the game will play: the file, the bot's overrides, the judge's options
    /// (`None` if it no longer loads).
    pub rules: Option<Ruleset>,
    /// (account, name, DMs open), in order of joining: those who play, at most
    /// [`Signup::cap`].
    pub players: Vec<(Account, String, bool)>,
    /// Who joined after the sign-up was full, in order: the first moves up when a player
    /// leaves (they are the later rows of the same list, so nothing has to be moved).
    pub waiting: Vec<(Account, String, bool)>,
    /// Who of them had a red card lately (filled for the sign-up post:
    /// [`Service::card_record`]; empty otherwise).
    pub card_record: CardRecord,
    /// The bench of volunteer substitutes, (account, name) in order of volunteering: offered
    /// a seat when the judge replaces a player ([`Service::offer_seat`]).
    pub bench: Vec<(Account, String)>,
    /// The started game's web page (filled for the sign-up post: [`Service::page_url`];
    /// none otherwise).
    pub page: Option<String>,
}

impl Signup {
    /// The ruleset's smallest and largest player counts.
    fn bounds(ruleset: &str) -> Option<(usize, usize)> {
        if ruleset == store::uno_games::RULESET {
            return Some((::uno::options::MIN_PLAYERS, ::uno::options::MAX_PLAYERS));
        }
        let r = Ruleset::builtin(ruleset, &BTreeMap::new()).ok()?;
        let lo = r.deal.iter().map(|d| d.players[0]).min()?;
        let hi = r.deal.iter().map(|d| d.players[1]).max()?;
        Some((lo, hi))
    }

    /// The player counts the game seats, as `min–max` (the judge's count, if chosen).
    pub fn seats(&self) -> String {
        if let Some(n) = self.options.players {
            return n.to_string();
        }
        match Signup::bounds(&self.row.ruleset) {
            Some((lo, hi)) if lo == hi => lo.to_string(),
            Some((lo, hi)) => format!("{lo}–{hi}"),
            None => String::new(),
        }
    }

    /// The most players the ruleset seats: who joins after that waits (an m32 sign-up with
    /// a 13th member could otherwise never start).
    pub fn cap(ruleset: &str) -> Option<usize> {
        Signup::bounds(ruleset).map(|(_, hi)| hi)
    }

    /// Where `user` is on the waiting list (1 the first), if they are on it.
    pub fn waiting_place(&self, user: Account) -> Option<usize> {
        self.waiting
            .iter()
            .position(|(a, _, _)| *a == user)
            .map(|i| i + 1)
    }
}

/// Where a game's messages go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    pub game: GameId,
    pub guild: Guild,
    pub forum: Channel,
    pub log: Channel,
    /// The sign-up post: public messages before the first day go there.
    pub signup_thread: Option<Channel>,
    /// Day → forum post.
    pub days: BTreeMap<u32, Channel>,
    /// Seat → account.
    pub seats: BTreeMap<u16, Account>,
    pub lang: Lang,
}

impl Route {
    /// The post public messages go to now: the latest day's, or the sign-up post.
    pub fn public_thread(&self) -> Option<Channel> {
        self.days
            .values()
            .next_back()
            .copied()
            .or(self.signup_thread)
    }
}

/// Where a command was used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub guild: Option<Guild>,
    pub channel: Channel,
    pub user: Account,
}

/// Per-ruleset option overrides from the bot's configuration (e.g. shorter days).
pub type Overrides = BTreeMap<String, BTreeMap<String, toml::Value>>;

/// The service.
#[derive(Debug, Clone)]
pub struct Service {
    store: Store,
    pub clock: Arc<dyn Clock>,
    overrides: Overrides,
    /// A fixed seed for every game (tests, replays); `None` draws one from the OS.
    fixed_seed: Option<u64>,
    /// The pace of each player's relayed posts (shared by clones).
    post_pace: Arc<Mutex<post_pace::PostPace>>,
    /// The game pages' server, for the links the bot posts to them (none: no links).
    web: Option<Arc<pages::WebConfig>>,
    /// The games the pages showed lately (shared by clones).
    page_cache: Arc<page_cache::PageCache>,
}

impl Service {
    pub fn new(
        store: Store,
        clock: Arc<dyn Clock>,
        overrides: Overrides,
        fixed_seed: Option<u64>,
    ) -> Service {
        Service {
            store,
            clock,
            overrides,
            fixed_seed,
            post_pace: Arc::default(),
            web: None,
            page_cache: Arc::default(),
        }
    }

    /// The service linking to the game pages served as `web` says (when they are enabled
    /// and have a public address).
    pub fn with_web(mut self, web: pages::WebConfig) -> Service {
        self.web = Some(Arc::new(web));
        self
    }

    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// The store under the service, for what is not a user's intent: the workers that fire
    /// deadlines and deliver the outbox, and the messenger's own bookkeeping (the Discord
    /// adapter), and tests that look at stored rows. Commands go through the service's
    /// methods.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Sets the forum for games, the judge role and the judge's log channel.
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_up(&self, s: &Settings) -> Result<(), ServiceError> {
        Ok(self.store.save_settings(s).await?)
    }

    /// Sets up a server with its channel moderation (`/wolf-setup`): both replace earlier.
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_up_moderated(&self, s: &Settings, m: &Moderation) -> Result<(), ServiceError> {
        self.store.save_settings(s).await?;
        Ok(self.store.save_moderation(s.guild, m).await?)
    }

    /// A server's channel moderation (all unset when none was chosen).
    ///
    /// # Errors
    /// Database errors.
    pub async fn moderation(&self, guild: Guild) -> Result<Moderation, ServiceError> {
        Ok(self.store.moderation(guild).await?)
    }

    /// The server's settings.
    ///
    /// # Errors
    /// [`Refusal::NotSetUp`]; database errors.
    pub async fn settings(&self, guild: Guild) -> Result<Settings, ServiceError> {
        self.store
            .settings(guild)
            .await
            .doing("read the server's settings")?
            .ok_or(ServiceError::Refused(Refusal::NotSetUp))
    }

    /// Checks that a member with `roles` may judge in `guild`.
    ///
    /// # Errors
    /// [`Refusal::NotJudge`], [`Refusal::NotSetUp`]; database errors.
    pub async fn check_judge(
        &self,
        guild: Guild,
        roles: &[ServerRole],
    ) -> Result<Settings, ServiceError> {
        let s = self.settings(guild).await?;
        if roles.contains(&s.judge_role) {
            Ok(s)
        } else {
            Err(ServiceError::Refused(Refusal::NotJudge))
        }
    }

    /// Checks that a judge may judge `game` (whose state is `g`): one who holds a seat in it
    /// is refused while it runs, unless the server allows playing judges. Returns whether
    /// the judge plays in it (and so must not be shown its secrets).
    ///
    /// # Errors
    /// [`Refusal::JudgePlays`]; database errors.
    pub async fn check_judge_of(
        &self,
        settings: &Settings,
        game: GameId,
        g: &Game,
        judge: Account,
    ) -> Result<bool, ServiceError> {
        if g.ended() {
            // Everything is revealed at the end: nothing left to keep from a player.
            return Ok(false);
        }
        let plays = match self.seat_of(game, judge).await {
            Ok(_) => true,
            Err(ServiceError::Refused(Refusal::NotAPlayer)) => false,
            Err(e) => return Err(e),
        };
        if plays && !settings.playing_judge {
            return Err(Refusal::JudgePlays.into());
        }
        Ok(plays)
    }

    /// Checks that `game` is a game of the server a button or menu was pressed in (`None`:
    /// a DM, where the game is checked by the presser's seat instead).
    ///
    /// # Errors
    /// [`Refusal::ForeignGame`]; [`Refusal::NoGame`] when there is no such game;
    /// database errors.
    pub async fn check_game_in(
        &self,
        game: GameId,
        guild: Option<Guild>,
    ) -> Result<(), ServiceError> {
        let Some(guild) = guild else {
            return Ok(());
        };
        if self.route(game).await?.guild == guild {
            Ok(())
        } else {
            Err(ServiceError::Refused(Refusal::ForeignGame))
        }
    }

    /// Opens a sign-up for a game of `ruleset` (posted by the caller, then recorded with
    /// [`Service::signup_posted`]); with `tournament`, the game becomes that tournament's
    /// next game when it starts.
    ///
    /// # Errors
    /// [`Refusal::UnknownRuleset`], [`Refusal::NotSetUp`];
    /// [`Refusal::NoTournament`], [`Refusal::TournamentRuleset`],
    /// [`Refusal::TournamentFull`]; database errors.
    pub async fn open_signup(
        &self,
        guild: Guild,
        judge: Account,
        ruleset: &str,
        tournament: Option<&str>,
        lang: Lang,
        options: &GameOptions,
    ) -> Result<Signup, ServiceError> {
        self.game_ruleset(ruleset, options)?;
        self.settings(guild).await?;
        let tournament = match tournament.map(str::trim).filter(|t| !t.is_empty()) {
            Some(name) => Some(self.tournament_for_signup(guild, name, ruleset).await?),
            None => None,
        };
        let id = self
            .store
            .open_signup(guild, judge, ruleset, lang, tournament, options.to_json())
            .await?;
        self.signup(id).await
    }

    fn ruleset(&self, name: &str) -> Result<Ruleset, ServiceError> {
        let none = BTreeMap::new();
        let overrides = self.overrides.get(name).unwrap_or(&none);
        Ruleset::builtin(name, overrides)
            .map_err(|_| ServiceError::Refused(Refusal::UnknownRuleset(name.into())))
    }

    /// Records where the sign-up message was posted.
    ///
    /// # Errors
    /// Database errors.
    pub async fn signup_posted(
        &self,
        id: SignupId,
        thread: Channel,
        message: Message,
    ) -> Result<(), ServiceError> {
        Ok(self.store.signup_posted(id, thread, message).await?)
    }

    /// A sign-up with its players.
    ///
    /// # Errors
    /// [`Refusal::NoGame`] when there is none; database errors.
    pub async fn signup(&self, id: SignupId) -> Result<Signup, ServiceError> {
        let (row, options) = self.store.signup(id).await?.ok_or(Refusal::NoGame)?;
        let options = GameOptions::from_json(options);
        let rules = self.game_ruleset(&row.ruleset, &options).ok();
        let (players, waiting) =
            seated(self.store.signup_players(id).await?, &row.ruleset, &options);
        let bench = self.store.bench(id).await?;
        Ok(Signup {
            row,
            options,
            rules,
            players,
            waiting,
            card_record: CardRecord::default(),
            bench,
            page: None,
        })
    }

    /// The open sign-up a command in `place` is about: the one whose post it was used in,
    /// else the server's latest open one.
    ///
    /// # Errors
    /// [`Refusal::NoGame`] when there is none; database errors.
    pub async fn signup_at(&self, place: &Place) -> Result<Signup, ServiceError> {
        let id = self
            .store
            .open_signup_at(place.channel, place.guild)
            .await?;
        self.signup(id.ok_or(Refusal::NoGame)?).await
    }

    /// The sign-up `/wolf start` in `place` is about: the one whose post it was used in,
    /// started or not (so a start repeated there answers with the game it started), else the
    /// server's latest sign-up whose game has not ended, started or not (so a repeated start
    /// elsewhere finds the game just started rather than dealing an older sign-up).
    ///
    /// # Errors
    /// [`Refusal::NoGame`] when there is none; database errors.
    pub async fn signup_to_start(&self, place: &Place) -> Result<Signup, ServiceError> {
        let id = self
            .store
            .signup_to_start(place.channel, place.guild)
            .await?;
        self.signup(id.ok_or(Refusal::NoGame)?).await
    }

    /// Signs `user` up under `name`.
    ///
    /// # Errors
    /// [`Refusal::SignupClosed`], [`Refusal::AlreadyJoined`]; database errors.
    pub async fn join(
        &self,
        id: SignupId,
        user: Account,
        name: &str,
    ) -> Result<Signup, ServiceError> {
        let guild = changed(
            self.store
                .join_signup(id, user, name, self.now())
                .await
                .doing("sign up")?,
            ServiceError::Refused(Refusal::AlreadyJoined),
        )?;
        self.remember_name(guild, user, name).await?;
        self.signup(id).await
    }

    /// Signs `user` up under `name` at their own request (Join): refused while the
    /// server's sanctions bar them ([`Service::bar`]); a judge's `/judge sign` is not.
    ///
    /// # Errors
    /// [`Refusal::Barred`]; as [`Service::join`].
    pub async fn join_self(
        &self,
        id: SignupId,
        user: Account,
        name: &str,
    ) -> Result<Signup, ServiceError> {
        let (row, _) = self
            .store
            .signup(id)
            .await
            .doing("read the sign-up")?
            .ok_or(Refusal::NoGame)?;
        if let Some(bar) = self.bar(row.guild, user).await? {
            return Err(ServiceError::Refused(Refusal::Barred(bar)));
        }
        self.join(id, user, name).await
    }

    /// Takes `user` off the sign-up.
    ///
    /// # Errors
    /// [`Refusal::SignupClosed`], [`Refusal::NotJoined`]; database errors.
    pub async fn leave(&self, id: SignupId, user: Account) -> Result<Signup, ServiceError> {
        changed(
            self.store
                .leave_signup(id, user)
                .await
                .doing("leave the sign-up")?,
            ServiceError::Refused(Refusal::NotJoined),
        )?;
        self.signup(id).await
    }

    /// Records whether a DM to a signed-up member went through.
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_dm_ok(
        &self,
        id: SignupId,
        user: Account,
        ok: bool,
    ) -> Result<(), ServiceError> {
        Ok(self.store.set_dm_ok(id, user, ok).await?)
    }

    /// Starts the game of a sign-up: seats the players in order of joining, deals by the
    /// seed, and records who plays which seat. Each character's player is the member's
    /// account id (so players are known across games); a sign-up for a tournament starts
    /// the tournament's next game, with its cross-game rule, and signs the players up for
    /// the tournament.
    ///
    /// Starting is atomic: the first start draws the seed and the seating once and stores
    /// them with the sign-up, under the sign-up row's lock ([`Service::deal`],
    /// [`Store::deal_once`]); the game (created under the sign-up's key) and the seats are
    /// both built from that stored deal. So a start retried after a failure, or a second
    /// start racing the first, finds the same deal and returns the same game: the seats
    /// always match the engine's players, and nobody is dealt twice. A start of a sign-up
    /// whose game exists goes through every step again, since each finds what the first
    /// did and changes nothing (the stored deal, the game under its key with its seats, its
    /// place in the tournament, the players' tournament sign-ups, the judge's notices by
    /// their nonces): a first start that stopped after the game was created (a crash, a
    /// lost connection) is finished by the next.
    ///
    /// # Errors
    /// [`Refusal::PlayerCount`] when the ruleset cannot seat this many;
    /// [`Refusal::TournamentFull`] when the tournament has all its games; database
    /// errors.
    pub async fn start(&self, id: SignupId) -> Result<GameId, ServiceError> {
        let s = self.signup(id).await?;
        if s.row.ruleset == store::uno_games::RULESET {
            return self.start_uno(&s).await;
        }
        let mut ruleset = self.game_ruleset(&s.row.ruleset, &s.options)?;
        // The game prints times in its server's time zone.
        ruleset.options.time_zone = self.settings(s.row.guild).await?.zone();
        // The camps' private threads, as the server has them now (kept with the game).
        let no_channel = self.decide_camp_threads(s.row.guild, &mut ruleset).await?;
        let key = format!("signup-{}", id.0);
        if let Some(t) = s.row.tournament {
            // Checked before the deal closes the sign-up, so a full tournament leaves it open
            // (unless this sign-up's game is already one of the tournament's: a retry).
            if self.store.game_id(&key).await?.is_none() {
                self.tournament_has_room(t).await?;
            }
        }
        let deal = self.deal(&s, &ruleset).await?;
        let setup = Setup {
            ruleset,
            seed: deal.seed,
            start: self.now(),
            characters: deal.names.clone(),
            roles: None,
            forbidden_first_kill: None,
            players: Some(deal.seating.iter().map(|a| a.get().to_string()).collect()),
        };
        let game = match s.row.tournament {
            Some(t) => {
                self.start_in_tournament(t, &s, &deal.seating, &key, &setup)
                    .await?
            }
            None => {
                let from = FromSignup {
                    signup: id,
                    seating: &deal.seating,
                };
                self.store
                    .create_game_from(&key, &setup, s.row.lang, Some(from))
                    .await?
            }
        };
        let game = GameId(game);
        self.camps_without_channel(game, &no_channel).await?;
        Ok(game)
    }

    /// The deal of sign-up `s`: the one stored by an earlier start, or a new one drawn now
    /// and stored. The sign-up row is locked (`FOR UPDATE`) while this reads and writes, so
    /// of two starts at once the second waits and then reads the first one's deal; joins and
    /// leaves wait for the lock too ([`Store::join_signup`]) and are refused once a deal is
    /// stored, so the players cannot change between the deal and the game.
    ///
    /// # Errors
    /// [`Refusal::PlayerCount`]; database errors.
    async fn deal(&self, s: &Signup, ruleset: &Ruleset) -> Result<Deal, ServiceError> {
        let draw = |joined: Vec<Joined>| -> Result<Deal, ServiceError> {
            let (players, _) = seated(joined, &s.row.ruleset, &s.options);
            // The judge's player count (`players` option) is exact; the sign-up takes no more.
            let counted = s.options.players.is_none_or(|n| n == players.len());
            if !counted || ruleset.deal_for(players.len()).is_none() {
                return Err(ServiceError::Refused(Refusal::PlayerCount {
                    ruleset: s.row.ruleset.clone(),
                    players: players.len(),
                }));
            }
            // A real game's seed is 256 bits from the OS; a configured fixed seed (tests,
            // replays) is a script's 64-bit seed.
            let seed = match self.fixed_seed {
                Some(seed) => Seed::U64(seed),
                None => Seed::from_os(),
            };
            // Anonymous games play under drawn character names (马甲), never members' names,
            // and seat the members in an order drawn from the seed: the public lists
            // characters in seat order, which must not be the (public) order of signing up.
            let seated: Vec<Joined> = if ruleset.options.anonymous {
                anon::seating(seed, players.len())
                    .into_iter()
                    .filter_map(|i| players.get(i).cloned())
                    .collect()
            } else {
                players.clone()
            };
            let names = if ruleset.options.anonymous {
                anon::names(seed, players.len(), s.row.lang).ok_or_else(|| {
                    ServiceError::Refused(Refusal::PlayerCount {
                        ruleset: s.row.ruleset.clone(),
                        players: players.len(),
                    })
                })?
            } else {
                unique_names(seated.iter().map(|(_, n, _)| n.as_str()))
            };
            Ok(Deal {
                seed,
                seating: seated.into_iter().map(|(a, _, _)| a).collect(),
                names,
            })
        };
        self.store
            .deal_once(s.row.id, draw)
            .await?
            .ok_or(ServiceError::Refused(Refusal::NoGame))
    }

    /// The game a command used in `place` is about: the game of the day post or sign-up
    /// post it was used in; in a DM, the caller's running game; else the server's running
    /// game.
    ///
    /// # Errors
    /// [`Refusal::NoGame`]; database errors.
    pub async fn game_at(&self, place: &Place) -> Result<GameId, ServiceError> {
        let found = self
            .store
            .game_in_channel(place.channel)
            .await
            .doing("find the game")?;
        let game = match (found, place.guild) {
            (Some(g), _) => Ok(Some(g)),
            (None, None) => self.store.running_game_of(place.user).await,
            (None, Some(guild)) => self.store.running_game_in(guild).await,
        }
        .doing("find the game")?
        .ok_or(Refusal::NoGame)?;
        record_game(game);
        Ok(game)
    }

    /// Where a game's messages go.
    ///
    /// # Errors
    /// [`Refusal::NoGame`]; database errors.
    pub async fn route(&self, game: GameId) -> Result<Route, ServiceError> {
        let row = self.store.route_row(game).await?.ok_or(Refusal::NoGame)?;
        let days = self
            .store
            .day_threads(game)
            .await?
            .into_iter()
            .map(|(d, t)| (d as u32, t))
            .collect();
        let seats = self
            .store
            .seat_accounts(game)
            .await?
            .into_iter()
            .map(|(s, u)| (s as u16, u))
            .collect();
        Ok(Route {
            game,
            guild: row.guild,
            forum: row.forum,
            log: row.log,
            signup_thread: row.thread,
            days,
            seats,
            lang: Lang::parse(&row.lang).unwrap_or_default(),
        })
    }

    /// Records the forum post of a day.
    ///
    /// # Errors
    /// Database errors.
    pub async fn day_posted(
        &self,
        game: GameId,
        day: u32,
        thread: Channel,
    ) -> Result<(), ServiceError> {
        let day = i32::try_from(day).unwrap_or(i32::MAX);
        Ok(self.store.day_posted(game, day, thread).await?)
    }

    /// The game's state and language.
    ///
    /// # Errors
    /// Database errors.
    pub async fn game(&self, game: GameId) -> Result<(Game, Lang), ServiceError> {
        let (g, lang) = self.store.load_cached(game).await?;
        Ok((Arc::unwrap_or_clone(g), lang))
    }

    /// The seat `user` plays in `game`.
    ///
    /// # Errors
    /// [`Refusal::NotAPlayer`]; database errors.
    pub async fn seat_of(&self, game: GameId, user: Account) -> Result<CharId, ServiceError> {
        let seat = self
            .store
            .seat_of(game, user)
            .await?
            .ok_or(Refusal::NotAPlayer)?;
        Ok(CharId(seat as u16))
    }

    /// Resolves a character name typed or picked by a user.
    ///
    /// # Errors
    /// [`Refusal::UnknownTarget`].
    pub fn target(g: &Game, name: &str) -> Result<CharId, ServiceError> {
        let name = name.trim();
        g.find(name)
            .or_else(|| {
                name.strip_prefix('#')
                    .and_then(|n| n.parse::<u16>().ok())
                    .map(CharId)
                    .filter(|c| c.idx() < g.chars().len())
            })
            .ok_or_else(|| ServiceError::Refused(Refusal::UnknownTarget(name.to_string())))
    }

    /// Runs a player's action under the idempotency `key` (the interaction's id, so a
    /// retried delivery of one click acts once).
    ///
    /// # Errors
    /// [`Refusal::NotAPlayer`]; [`Refusal::Rules`] with the rules' reason;
    /// database errors.
    pub async fn act(
        &self,
        game: GameId,
        user: Account,
        action: Action,
        key: &str,
        _lang: Lang,
    ) -> Result<CharId, ServiceError> {
        let at = At::Game {
            game,
            guild: None,
            user,
        };
        let played = self.play(at, Intent::Action(action), key).await?;
        played
            .seat
            .ok_or(ServiceError::Refused(Refusal::NotAPlayer))
    }

    /// Runs a judge's action.
    ///
    /// # Errors
    /// [`Refusal::Rules`]; database errors.
    pub async fn judge(
        &self,
        game: GameId,
        action: Action,
        key: &str,
        _lang: Lang,
    ) -> Result<(), ServiceError> {
        self.execute(game, Command::judge(action), key).await
    }

    /// The game as a game script plus its report, replayable with `wolfjudge script` (see
    /// [`replay::export`]).
    ///
    /// # Errors
    /// [`StoreError::Unexportable`]; database errors.
    pub async fn export(&self, game: GameId) -> Result<script::export::Export, ServiceError> {
        Ok(replay::export(&self.store, game).await?)
    }

    /// Runs a command on `game` under `key`: one statement to find the game current, one to
    /// write an accepted command; a refusal comes back typed ([`Refusal::Rules`]).
    async fn execute(&self, game: GameId, cmd: Command, key: &str) -> Result<(), ServiceError> {
        self.command(At::Own(game), cmd, key).await.map(|_| ())
    }

    /// A new member takes a character over: the engine records it, then the seat moves.
    ///
    /// # Errors
    /// [`Refusal::AlreadyPlaying`], [`Refusal::Rules`]; database errors.
    pub async fn substitute(
        &self,
        game: GameId,
        target: CharId,
        player: Account,
        key: &str,
        lang: Lang,
    ) -> Result<(), ServiceError> {
        if self.seat_of(game, player).await.is_ok() {
            return Err(ServiceError::Refused(Refusal::AlreadyPlaying { player }));
        }
        self.judge(
            game,
            Action::Substitute {
                target,
                player: player.get().to_string(),
            },
            key,
            lang,
        )
        .await?;
        self.store.move_seat(game, target, player).await?;
        Ok(())
    }

    /// Writes a line to the game's judge log (through the outbox, so it is not lost).
    ///
    /// # Errors
    /// Database errors.
    pub async fn log(&self, game: GameId, text: &str, key: &str) -> Result<(), ServiceError> {
        Ok(self.store.notify_judge(game, text, key, None).await?)
    }

    /// What `seat` already did tonight or in its open decision, for a second press.
    pub fn recorded(g: &Game, seat: CharId, lang: Lang) -> Option<String> {
        let name = |c: CharId| g.ch(c).name.clone();
        let n = g.night()?;
        let line = |id: &str, target: Option<CharId>| {
            i18n::text(lang, id, &[("name", target.map(name).unwrap_or_default())])
        };
        if let (Some(Some(t)), Some(true)) = (n.kill, n.kill.map(|_| g.leader() == Some(seat))) {
            return Some(line("recorded-pick", Some(t)));
        }
        if let Some((t, _)) = n.leader_votes.get(&seat) {
            return Some(line("recorded-leader", Some(*t)));
        }
        if let Some(s) = n.kills.get(&seat) {
            return Some(line("recorded-kill", Some(s.target)));
        }
        if let Some(s) = n.checks.get(&seat) {
            return Some(line("recorded-check", Some(s.target)));
        }
        if g.ch(seat).role == Role::Witch && n.witch_done {
            return Some(match (n.saved, n.poisoned) {
                (Some(t), _) => line("recorded-save", Some(t)),
                (_, Some(t)) => line("recorded-poison", Some(t)),
                _ => line("recorded-pass", None),
            });
        }
        None
    }
}

/// The members of a sign-up who play (at most the judge's `players` option, else the
/// ruleset's largest count) and those waiting, each in order of joining.
fn seated(
    mut joined: Vec<Joined>,
    ruleset: &str,
    options: &GameOptions,
) -> (Vec<Joined>, Vec<Joined>) {
    let cap = options.players.or_else(|| Signup::cap(ruleset));
    let waiting = match cap {
        Some(cap) if joined.len() > cap => joined.split_off(cap),
        _ => Vec::new(),
    };
    (joined, waiting)
}

/// The server of a join or a leave that was done; `unchanged` when the member already was
/// (or was not) on the sign-up.
///
/// # Errors
/// [`Refusal::NoGame`], [`Refusal::SignupClosed`], `unchanged`.
fn changed(change: Change, unchanged: ServiceError) -> Result<Guild, ServiceError> {
    match change {
        Change::Done(guild) => Ok(guild),
        Change::NoSignup => Err(ServiceError::Refused(Refusal::NoGame)),
        Change::Closed => Err(ServiceError::Refused(Refusal::SignupClosed)),
        Change::Unchanged => Err(unchanged),
    }
}

/// Character names from members' names: unique, never the reserved `judge`.
fn unique_names<'a>(names: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for n in names {
        let base = match n.trim() {
            "" | "judge" => "player".to_string(),
            t => t.chars().take(32).collect(),
        };
        let mut name = base.clone();
        let mut k = 2;
        while out.contains(&name) {
            name = format!("{base} {k}");
            k += 1;
        }
        out.push(name);
    }
    out
}

/// Whether a refusal is the rules' "you already did that".
pub fn is_repeat(e: &ServiceError) -> bool {
    let code = match e {
        ServiceError::Refused(Refusal::Rules(r)) => r.error.code(),
        ServiceError::Refused(Refusal::Answered { code, .. }) => code,
        _ => return false,
    };
    code == RuleError::AlreadyActed.code() || code == RuleError::KillFixed.code()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn member_names_become_unique_character_names() {
        let names = unique_names(["Ann", "Ann", "judge", "", "Ann"].into_iter());
        assert_eq!(names, ["Ann", "Ann 2", "player", "player 2", "Ann 3"]);
    }
}
