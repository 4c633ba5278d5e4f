//! One service call per interaction: a player's (or a judge's) intent is resolved and run
//! in one call, over one connection: one statement finds the game (of the channel, or the
//! one a button names), the caller's seat and the key's earlier result, with the game's
//! state brought current through this process's cache ([`store::Store::resolve`]);
//! the engine then decides; a refusal is returned typed ([`RuleRefusal`]) and nothing is
//! written, an accepted action is written in one more statement. The adapter words a
//! refusal once, with [`Refusal::message`].

use std::sync::Arc;

use super::{
    Account, FailureContext, GameId, Guild, Place, Refusal, Service, ServiceError, Settings,
};
use engine::{Action, CharId, Command, Game, RuleError};
use i18n::Lang;
use notify::prompt::{Choice, ReasonAsk};
use store::resolve::{Acted, Lookup, Resolved};
use store::Outcome;

/// The rules refused: the engine's reason, the state it refused against (its wording names
/// characters and times) and the seat that asked.
#[derive(Debug, Clone)]
pub struct RuleRefusal {
    pub error: RuleError,
    pub game: Arc<Game>,
    pub seat: Option<CharId>,
}

/// Where an interaction points.
#[derive(Debug, Clone, Copy)]
pub enum At {
    /// A slash command: the game of its channel (see [`Service::game_at`]).
    Place(Place),
    /// A button, menu or modal naming its game, pressed in a server (checked to be the
    /// game's) or in a DM (`guild` `None`).
    Game {
        game: GameId,
        guild: Option<Guild>,
        user: Account,
    },
    /// A command the service runs on a game as its own (a judge's ruling): nobody's seat is
    /// asked for.
    Own(GameId),
}

impl At {
    /// A failure while `doing` something for an interaction pointing here: with the game a
    /// button names and the interaction's key.
    fn context(&self, e: ServiceError, doing: &'static str, key: Option<&str>) -> ServiceError {
        let e = e.doing(doing);
        let e = match *self {
            At::Game { game, .. } | At::Own(game) => e.in_game(game),
            At::Place(_) => e,
        };
        match key {
            Some(key) => e.under_key(key),
            None => e,
        }
    }

    fn lookup<'a>(&self, key: Option<&'a str>) -> Lookup<'a> {
        match *self {
            At::Place(p) => Lookup {
                game: None,
                channel: Some(p.channel),
                guild: p.guild,
                user: Some(p.user),
                key,
            },
            At::Game { game, guild, user } => Lookup {
                game: Some(game),
                channel: None,
                guild,
                user: Some(user),
                key,
            },
            At::Own(game) => Lookup {
                game: Some(game),
                channel: None,
                guild: None,
                user: None,
                key,
            },
        }
    }
}

/// What a player asks for, with targets as typed (names) or picked (seats).
#[derive(Debug, Clone)]
pub enum Intent {
    Vote {
        target: String,
        reason: String,
    },
    Abstain,
    Proxy {
        target: String,
    },
    Speedup,
    LastWords {
        text: String,
    },
    TreeHole {
        text: String,
    },
    /// A complaint to the judge, listed in the judge's log when the game ends.
    Appeal {
        text: String,
    },
    Concede,
    SelfDestruct {
        target: Option<String>,
    },
    Duel {
        target: String,
    },
    /// A choice in a DM prompt (a kill with the reason its modal asked for).
    Choice {
        choice: Choice,
        target: Option<CharId>,
        reason: String,
    },
    /// An action made already (a day post).
    Action(Action),
}

impl Intent {
    /// The engine's action, the names resolved against `g`.
    ///
    /// # Errors
    /// [`Refusal::UnknownTarget`], [`Refusal::EmptyReason`],
    /// [`Refusal::PickOne`].
    fn action(self, g: &Game) -> Result<Action, ServiceError> {
        let target = |name: &str| Service::target(g, name);
        Ok(match self {
            Intent::Vote { target: t, reason } => Action::Vote {
                target: target(&t)?,
                reason: nonempty(&reason)?,
            },
            Intent::Abstain => Action::Abstain,
            Intent::Proxy { target: t } => Action::Proxy {
                target: target(&t)?,
            },
            Intent::Speedup => Action::Speedup,
            Intent::LastWords { text } => Action::LastWords { text },
            Intent::TreeHole { text } => Action::TreeHole { text },
            Intent::Appeal { text } => Action::Appeal {
                text: nonempty(&text)?,
            },
            Intent::Concede => Action::Concede,
            Intent::SelfDestruct { target: t } => Action::SelfDestruct {
                target: t.as_deref().map(target).transpose()?,
            },
            Intent::Duel { target: t } => Action::Duel {
                target: target(&t)?,
            },
            Intent::Choice {
                choice,
                target,
                reason,
            } => {
                let action = choice
                    .action(target, reason.trim())
                    .ok_or(Refusal::PickOne)?;
                if choice == Choice::Kill && reason.trim().is_empty() {
                    return Err(Refusal::EmptyReason.into());
                }
                action
            }
            Intent::Action(a) => a,
        })
    }
}

fn nonempty(reason: &str) -> Result<String, ServiceError> {
    match reason.trim() {
        "" => Err(ServiceError::Refused(Refusal::EmptyReason)),
        r => Ok(r.to_string()),
    }
}

/// An accepted action: the game, the seat that acted (none for the judge), the state
/// after it, the events it wrote (none when it was recorded before: a second press) and the
/// game's language.
#[derive(Debug, Clone)]
pub struct Played {
    pub game: GameId,
    pub seat: Option<CharId>,
    pub state: Arc<Game>,
    pub events: Vec<engine::Event>,
    pub lang: Lang,
}

/// A judge's command about the game of a place, checked: the judge role, and that the
/// judge does not play in it (or the server allows it).
#[derive(Debug, Clone)]
pub struct Judging {
    pub settings: Settings,
    pub game: GameId,
    /// The game's state when it was resolved.
    pub state: Arc<Game>,
    /// The game's language (its log speaks it).
    pub lang: Lang,
    /// Whether the judge plays in the running game (allowed by the server): then no secrets.
    pub plays: bool,
    resolved: Resolved,
}

impl Judging {
    /// Whether the judge may judge the game: not while playing in it, unless the server
    /// allows playing judges (who then see no secrets: [`Judging::plays`]).
    ///
    /// # Errors
    /// [`Refusal::JudgePlays`].
    pub fn allowed(&self) -> Result<(), ServiceError> {
        if self.plays && !self.settings.playing_judge {
            Err(ServiceError::Refused(Refusal::JudgePlays))
        } else {
            Ok(())
        }
    }
}

impl Service {
    /// Runs a player's `intent` where it was used, under the interaction's `key`: one call
    /// (see the module's header), two statements when accepted, one when refused.
    ///
    /// # Errors
    /// [`Refusal::NoGame`], [`Refusal::ForeignGame`],
    /// [`Refusal::NotAPlayer`], the intent's own ([`Intent`]);
    /// [`Refusal::Rules`] with the rules' reason; database errors.
    pub async fn play(&self, at: At, intent: Intent, key: &str) -> Result<Played, ServiceError> {
        let mut conn = self.session(at, Some(key)).await?;
        let r = self.resolved(&mut conn, at, Some(key)).await?;
        let action = intent.action(&r.state)?;
        let seat = r.seat.map(CharId).ok_or(Refusal::NotAPlayer)?;
        self.run(&mut conn, &r, Command::by(seat, action), key, Some(seat))
            .await
    }

    /// The game a command in `place` is about, its current state and the caller's seat
    /// (`None`: not playing): one statement.
    ///
    /// # Errors
    /// [`Refusal::NoGame`]; database errors.
    pub async fn look(
        &self,
        place: Place,
    ) -> Result<(GameId, Arc<Game>, Option<CharId>), ServiceError> {
        let mut conn = self.session(At::Place(place), None).await?;
        let r = self.resolved(&mut conn, At::Place(place), None).await?;
        Ok((GameId(r.game_id.get()), r.state, r.seat.map(CharId)))
    }

    /// `/vote target reason` in `place`.
    ///
    /// # Errors
    /// As [`Service::play`].
    pub async fn vote(
        &self,
        place: Place,
        target: &str,
        reason: &str,
        key: &str,
    ) -> Result<Played, ServiceError> {
        let intent = Intent::Vote {
            target: target.to_string(),
            reason: reason.to_string(),
        };
        self.play(At::Place(place), intent, key).await
    }

    /// Checks a kill's first step, its `target` picked before the reason is asked: the press
    /// checked as [`Service::play`] checks it (the game, the server, the seat) and the kill
    /// by the engine as its submission will be ([`engine::may_kill`]), so whoever may not
    /// kill is refused here, with the words the submission would get, and never asked why.
    /// What the modal asking for the reason says and takes, in `lang`: one statement,
    /// nothing written.
    ///
    /// # Errors
    /// [`Refusal::NoGame`], [`Refusal::ForeignGame`],
    /// [`Refusal::NotAPlayer`]; [`Refusal::Rules`] with the rules' reason;
    /// database errors.
    pub async fn may_kill(
        &self,
        at: At,
        target: CharId,
        lang: Lang,
    ) -> Result<ReasonAsk, ServiceError> {
        let mut conn = self.session(at, None).await?;
        let r = self.resolved(&mut conn, at, None).await?;
        let seat = r.seat.map(CharId).ok_or(Refusal::NotAPlayer)?;
        match engine::may_kill(&r.state, seat, target, self.now()) {
            Ok(()) => Ok(ReasonAsk::of(&r.state, lang)),
            Err(error) => Err(Refusal::Rules(Box::new(RuleRefusal {
                error,
                game: r.state,
                seat: Some(seat),
            }))
            .into()),
        }
    }

    /// Checks a judge's command (the judge role, from `roles`) and finds its game (the
    /// place's, or the button's, checked to be of the server), with the result recorded
    /// under `key`: two statements. Whether the judge may judge it is [`Judging::allowed`]
    /// (a refused judge's use is logged too, so it needs the game).
    ///
    /// # Errors
    /// [`Refusal::NotSetUp`], [`Refusal::NotJudge`], [`Refusal::NoGame`],
    /// [`Refusal::ForeignGame`]; database errors.
    pub async fn judging(
        &self,
        at: At,
        roles: &[super::ServerRole],
        key: &str,
    ) -> Result<Judging, ServiceError> {
        let guild = match at {
            At::Place(p) => p.guild,
            At::Game { guild, .. } => guild,
            At::Own(_) => None,
        };
        let settings = self
            .check_judge(guild.ok_or(Refusal::NotSetUp)?, roles)
            .await?;
        let mut conn = self.session(at, Some(key)).await?;
        let r = self.resolved(&mut conn, at, Some(key)).await?;
        let plays = r.seat.is_some() && !r.state.ended();
        Ok(Judging {
            settings,
            game: GameId(r.game_id.get()),
            state: r.state.clone(),
            lang: r.lang,
            plays,
            resolved: r,
        })
    }

    /// Runs a judge's `action` on the game [`Service::judging`] found, under the key it was
    /// checked with: one statement when nothing else changed the game meanwhile.
    ///
    /// # Errors
    /// [`Refusal::Rules`]; database errors.
    pub async fn judge_on(
        &self,
        j: &Judging,
        action: Action,
        key: &str,
    ) -> Result<Played, ServiceError> {
        let mut conn = self.session(At::Own(j.game), Some(key)).await?;
        self.run(&mut conn, &j.resolved, Command::judge(action), key, None)
            .await
    }

    /// Runs a command made already (the judge's) on the game `at` names, under `key`.
    pub(super) async fn command(
        &self,
        at: At,
        cmd: Command,
        key: &str,
    ) -> Result<Played, ServiceError> {
        let mut conn = self.session(at, Some(key)).await?;
        let r = self.resolved(&mut conn, at, Some(key)).await?;
        self.run(&mut conn, &r, cmd, key, None).await
    }

    /// A connection for an interaction's statements; the game a button names is recorded
    /// in the interaction's span at once ([`super::record_game`]).
    async fn session(&self, at: At, key: Option<&str>) -> Result<store::Session, ServiceError> {
        if let At::Game { game, .. } | At::Own(game) = at {
            super::record_game(game);
        }
        match self.store.connection().await {
            Ok(conn) => Ok(conn),
            Err(e) => Err(at.context(e.into(), "reach the database", key)),
        }
    }

    /// Resolves where an interaction points ([`store::Store::resolve`]), checking a
    /// pressed game against the server it was pressed in.
    async fn resolved(
        &self,
        conn: &mut store::Session,
        at: At,
        key: Option<&str>,
    ) -> Result<Resolved, ServiceError> {
        let r = match self.store.resolve(conn, at.lookup(key)).await {
            Err(store::StoreError::NoGame(_) | store::StoreError::NoGameFound(_)) => {
                return Err(ServiceError::Refused(Refusal::NoGame))
            }
            Err(e) => return Err(at.context(e.into(), "find the game", key)),
            Ok(r) => r,
        };
        super::record_game(GameId(r.game_id.get()));
        if let At::Game { guild: Some(g), .. } = at {
            if r.guild != Some(g) {
                return Err(Refusal::ForeignGame.into());
            }
        }
        Ok(r)
    }

    /// Runs `cmd` on the resolved game; a refusal comes back typed.
    async fn run(
        &self,
        conn: &mut store::Session,
        r: &Resolved,
        cmd: Command,
        key: &str,
        seat: Option<CharId>,
    ) -> Result<Played, ServiceError> {
        let played = |state, events| Played {
            game: GameId(r.game_id.get()),
            seat,
            state,
            events,
            lang: r.lang,
        };
        let acted = self
            .store
            .act_on(conn, r, key, &cmd, self.now())
            .await
            .doing("run the command")
            .in_game(GameId(r.game_id.get()))
            .under_key(key)?;
        match acted {
            Acted::Accepted(state, events) => Ok(played(state, events)),
            Acted::Recorded(Outcome::Accepted { .. }, state) => Ok(played(state, Vec::new())),
            Acted::Refused(error, game) => {
                Err(Refusal::Rules(Box::new(RuleRefusal { error, game, seat })).into())
            }
            Acted::Recorded(Outcome::Refused { code, message }, _) => {
                Err(ServiceError::Refused(Refusal::Answered { code, message }))
            }
        }
    }
}

impl ServiceError {
    /// For a second press of something done already: what was recorded the first time.
    pub fn recorded_text(&self, lang: Lang) -> Option<String> {
        match self {
            ServiceError::Refused(Refusal::Rules(r)) if super::is_repeat(self) => {
                Service::recorded(&r.game, r.seat?, lang)
            }
            _ => None,
        }
    }
}
