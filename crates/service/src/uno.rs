//! UNO games (rules §5 *On Discord*): the sign-up (a sign-up of ruleset `uno`, with the
//! judge's options), the deal, "My hand" and the moves it offers. Platform-neutral:
//! players are accounts, moves are `notify::uno::Move` codes.
//!
//! A press costs at most one round trip when this process holds the game (the move's
//! write; "My hand" and a refused move none) and one more otherwise: see
//! [`store::uno_games`].

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use engine::rng::Seed;
use notify::uno::{hand_text, moves, Move};
use store::signup::{Deal, FromSignup, Joined};
use store::uno_games::{UnoOutcome, UnoState, RULESET};

use super::{GameOptions, Refusal, Service, ServiceError, Signup};
use crate::{Account, GameId, Guild, SignupId};
use i18n::Lang;

/// What "My hand" shows the presser: their hand and the moves open to them now, worded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    pub game: GameId,
    /// The hand and whose turn it is.
    pub text: String,
    /// `(code, label)` of each move they may make now ([`Move::code`]).
    pub moves: Vec<(String, String)>,
}

/// A move that was made: what it was, and the mover's hand after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moved {
    pub text: String,
    pub hand: Hand,
}

/// The UNO options a judge may choose with `/uno new`, by their names in
/// `config/rulesets/uno.toml`.
pub const OPTION_NAMES: [&str; 6] = [
    "turn_time",
    "target_score",
    "rounds",
    "uno_penalty",
    "last_card_rule",
    "strict_penalties",
];

/// A `/uno new` option as the ruleset file reads it.
fn toml_value(name: &str, value: &str) -> toml::Value {
    match name {
        "target_score" | "rounds" => value
            .parse::<i64>()
            .map_or_else(|_| toml::Value::String(value.into()), toml::Value::Integer),
        "last_card_rule" | "strict_penalties" => value
            .parse::<bool>()
            .map_or_else(|_| toml::Value::String(value.into()), toml::Value::Boolean),
        _ => toml::Value::String(value.into()),
    }
}

/// The options of a UNO game with the judge's choices `chosen` and the bot's configured
/// overrides.
///
/// # Errors
/// [`Refusal::BadOption`] naming the option that does not fit.
pub fn options(
    chosen: &BTreeMap<String, String>,
    configured: Option<&BTreeMap<String, toml::Value>>,
) -> Result<uno::Options, ServiceError> {
    let mut overrides = configured.cloned().unwrap_or_default();
    for (k, v) in chosen {
        overrides.insert(k.clone(), toml_value(k, v));
    }
    uno::Options::builtin(&overrides).map_err(|e| {
        ServiceError::Refused(Refusal::BadOption {
            option: e.field.clone(),
            value: chosen.get(&e.field).cloned().unwrap_or_default(),
        })
    })
}

impl Service {
    /// The options a UNO sign-up's game will play.
    fn uno_options(&self, s: &GameOptions) -> Result<uno::Options, ServiceError> {
        options(
            &s.uno.clone().unwrap_or_default(),
            self.overrides.get(RULESET),
        )
    }

    /// Opens a sign-up for a UNO game with the judge's `chosen` options (checked now);
    /// posted by the caller, then recorded with [`Service::signup_posted`].
    ///
    /// # Errors
    /// [`Refusal::BadOption`], [`Refusal::NotSetUp`]; database errors.
    pub async fn open_uno_signup(
        &self,
        guild: Guild,
        judge: Account,
        chosen: BTreeMap<String, String>,
        lang: Lang,
    ) -> Result<Signup, ServiceError> {
        self.open_uno_signup_for(guild, judge, chosen, lang, None)
            .await
    }

    /// [`Service::open_uno_signup`], the game to be the next game of UNO contest
    /// `tournament` when one is named: then it is one round (RULES.md §3), whatever
    /// `rounds` says.
    ///
    /// # Errors
    /// As [`Service::open_uno_signup`]; [`Refusal::NoTournament`],
    /// [`Refusal::TournamentRuleset`] (not a UNO contest),
    /// [`Refusal::TournamentFull`].
    pub async fn open_uno_signup_for(
        &self,
        guild: Guild,
        judge: Account,
        mut chosen: BTreeMap<String, String>,
        lang: Lang,
        tournament: Option<&str>,
    ) -> Result<Signup, ServiceError> {
        let tournament = match tournament.map(str::trim).filter(|t| !t.is_empty()) {
            Some(name) => {
                chosen.insert("rounds".into(), "1".into());
                Some(self.tournament_for_signup(guild, name, RULESET).await?)
            }
            None => None,
        };
        let options = GameOptions {
            uno: Some(chosen),
            ..GameOptions::default()
        };
        self.uno_options(&options)?;
        self.settings(guild).await?;
        let id = self
            .store
            .open_signup(guild, judge, RULESET, lang, tournament, options.to_json())
            .await?;
        self.signup(id).await
    }

    /// Deals the UNO game of sign-up `s`: the players seated in order of signing up, the
    /// seed drawn once and stored with the sign-up (as a werewolf start's: a retried or
    /// racing start finds the same deal and the same game), the draw for the dealer, the
    /// deal and the first turn. The game's thread is the sign-up's post.
    ///
    /// # Errors
    /// [`Refusal::PlayerCount`] outside 2–10 players; database errors.
    pub async fn start_uno(&self, s: &Signup) -> Result<GameId, ServiceError> {
        let opts = self.uno_options(&s.options)?;
        let key = format!("signup-{}", s.row.id.0);
        if let Some(t) = s.row.tournament {
            // Before the deal closes the sign-up, as a werewolf start (unless a retry).
            if self.store.game_id(&key).await?.is_none() {
                self.tournament_has_room(t).await?;
            }
        }
        let deal = self.uno_deal(s.row.id, &opts).await?;
        let setup = uno::Setup {
            players: deal.names.clone(),
            seed: deal.seed,
            options: opts,
            start: self.now(),
            dealer: None,
            deck: None,
        };
        let (_, events) = uno::start(&setup).map_err(|_| {
            ServiceError::Refused(Refusal::PlayerCount {
                ruleset: RULESET.into(),
                players: deal.names.len(),
            })
        })?;
        let from = FromSignup {
            signup: s.row.id,
            seating: &deal.seating,
        };
        let game = self
            .store
            .create_uno_game(&key, &events, s.row.lang, from)
            .await?;
        if let Some(t) = s.row.tournament {
            self.store.add_game(t, game).await?;
            self.sign_up_seated(t, s, &deal.seating).await?;
        }
        Ok(game)
    }

    /// The deal of UNO sign-up `id`: stored once, under the sign-up's lock.
    async fn uno_deal(&self, id: SignupId, opts: &uno::Options) -> Result<Deal, ServiceError> {
        let [lo, hi] = opts.players;
        let draw = |joined: Vec<Joined>| -> Result<Deal, ServiceError> {
            let n = joined.len();
            if n < lo.max(uno::options::MIN_PLAYERS) || n > hi.min(uno::options::MAX_PLAYERS) {
                return Err(ServiceError::Refused(Refusal::PlayerCount {
                    ruleset: RULESET.into(),
                    players: n,
                }));
            }
            let seed = match self.fixed_seed {
                Some(seed) => Seed::U64(seed),
                None => Seed::from_os(),
            };
            Ok(Deal {
                seed,
                names: super::unique_names(joined.iter().map(|(_, n, _)| n.as_str())),
                seating: joined.into_iter().map(|(a, _, _)| a).collect(),
            })
        };
        self.store
            .deal_once(id, draw)
            .await?
            .ok_or(ServiceError::Refused(Refusal::NoGame))
    }

    /// Whether `game` is a UNO game.
    ///
    /// # Errors
    /// Database errors.
    pub async fn is_uno(&self, game: GameId) -> Result<bool, ServiceError> {
        Ok(self.store.is_uno(game).await?)
    }

    /// A UNO game as it stands (its state, language and seats).
    ///
    /// # Errors
    /// [`Refusal::NoGame`]; database errors.
    pub async fn uno_game(&self, game: GameId) -> Result<UnoState, ServiceError> {
        self.store.uno(game).await.map_err(|e| match e {
            store::StoreError::NoGame(_) => ServiceError::Refused(Refusal::NoGame),
            e => e.into(),
        })
    }

    /// "My hand": `user`'s hand in UNO game `game` and the moves open to them now, in
    /// `lang`. Refused for anyone not at the table, saying whose turn it is.
    ///
    /// # Errors
    /// [`Refusal::Answered`] (`not_a_player`); [`Refusal::NoGame`]; database
    /// errors.
    pub async fn uno_hand(
        &self,
        game: GameId,
        user: Account,
        lang: Lang,
    ) -> Result<Hand, ServiceError> {
        let s = self.uno_game(game).await?;
        let seat = seat_of(&s, user, lang)?;
        Ok(hand(game, &s, seat, lang))
    }

    /// A move by `user` in UNO game `game` (a code "My hand" offered), under the
    /// idempotency `key`. Anything the rules refuse changes nothing and is answered in
    /// `lang`, saying whose turn it is when it is not theirs.
    ///
    /// # Errors
    /// [`Refusal::Answered`] with the refusal's code; [`Refusal::NoGame`];
    /// database errors.
    pub async fn uno_move(
        &self,
        game: GameId,
        user: Account,
        code: &str,
        key: &str,
        lang: Lang,
    ) -> Result<Moved, ServiceError> {
        let s = self.uno_game(game).await?;
        let seat = seat_of(&s, user, lang)?;
        let mv = Move::parse(code).ok_or_else(|| {
            ServiceError::Refused(Refusal::Answered {
                code: "stale_move".into(),
                message: i18n::text(lang, "uno-err-stale-move", &[]),
            })
        })?;
        let label = mv.label(&s.game, lang);
        let now = self.now();
        match self
            .store
            .uno_move(game, key, &mv.command(seat), now)
            .await?
        {
            UnoOutcome::Accepted(after) => Ok(Moved {
                text: i18n::text(lang, "uno-ok-moved", &[("move", label)]),
                hand: hand(game, &after, seat, lang),
            }),
            UnoOutcome::Refused(r, _) => Err(ServiceError::Refused(Refusal::Answered {
                code: r.code().into(),
                message: i18n::uno::refusal(&r, lang),
            })),
        }
    }

    /// UNO game `game` as a UNO script (docs/script-format.md *UNO scripts*) that replays
    /// to its report: the start, each accepted move at its time, the waits between.
    ///
    /// # Errors
    /// [`Refusal::NoGame`] for a game that is not a UNO game; database errors.
    pub async fn export_uno(&self, game: GameId) -> Result<serde_json::Value, ServiceError> {
        let events = self.store.uno_events(game).await?;
        let moves = self.store.uno_moves(game).await?;
        let last = self.store.uno_last_at(game).await?;
        uno::script::export(&events, &moves, last).ok_or(ServiceError::Refused(Refusal::NoGame))
    }

    /// When the turn of UNO game `game` runs out, if a turn is running.
    ///
    /// # Errors
    /// As [`Service::uno_game`].
    pub async fn uno_deadline(&self, game: GameId) -> Result<Option<DateTime<Utc>>, ServiceError> {
        Ok(self.uno_game(game).await?.game.deadline)
    }
}

/// The seat `user` plays, or the refusal that says whose turn it is.
fn seat_of(s: &UnoState, user: Account, lang: Lang) -> Result<usize, ServiceError> {
    s.seat_of(user).ok_or_else(|| {
        ServiceError::Refused(Refusal::Answered {
            code: "not_a_player".into(),
            message: i18n::text(
                lang,
                "uno-err-not-a-player",
                &[("turn", s.game.name(s.game.turn).to_string())],
            ),
        })
    })
}

/// What "My hand" shows `seat`.
fn hand(game: GameId, s: &UnoState, seat: usize, lang: Lang) -> Hand {
    Hand {
        game,
        text: hand_text(&s.game, seat, lang),
        moves: moves(&s.game, seat)
            .into_iter()
            .map(|m| (m.code(), m.label(&s.game, lang)))
            .collect(),
    }
}
