//! Sign-up management beyond joining and leaving: the server's "notify me" role, the bench
//! of volunteer substitutes, and the seat the judge offers to the bench when a player has to
//! go (the first volunteer to accept takes the character over, its role and cards with it).

use super::{Account, GameId, Guild, Refusal, ServerRole, Service, ServiceError, Signup, SignupId};
use engine::{CharId, Role};
use i18n::Lang;
use store::substitutes::Claim;

/// A seat offered to the bench: who to ask, and what to tell them.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer {
    pub id: i64,
    pub game: GameId,
    pub seat: CharId,
    /// The character's (public) name.
    pub name: String,
    /// The game's language.
    pub lang: Lang,
    /// The volunteers asked, in order of volunteering (none of them plays in the game).
    pub bench: Vec<Account>,
}

/// A seat a volunteer took over.
#[derive(Debug, Clone, PartialEq)]
pub struct Seated {
    pub game: GameId,
    /// The sign-up the game came from (its post shows the bench).
    pub signup: Option<SignupId>,
    pub seat: CharId,
    pub name: String,
    pub role: Role,
}

impl Service {
    /// The role a new sign-up post of `guild` pings, if the server set one.
    ///
    /// # Errors
    /// Database errors.
    pub async fn notify_role(&self, guild: Guild) -> Result<Option<ServerRole>, ServiceError> {
        Ok(self.store.notify_role(guild).await?)
    }

    /// Sets (or clears) the role a new sign-up post of `guild` pings.
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_notify_role(
        &self,
        guild: Guild,
        role: Option<ServerRole>,
    ) -> Result<(), ServiceError> {
        Ok(self.store.set_notify_role(guild, role).await?)
    }

    /// The role a member opts in to (or out of) to be pinged by new sign-ups.
    ///
    /// # Errors
    /// [`Refusal::NotSetUp`]; [`Refusal::NoNotifyRole`]; database errors.
    pub async fn notify_role_to_toggle(&self, guild: Guild) -> Result<ServerRole, ServiceError> {
        self.settings(guild).await?;
        self.notify_role(guild)
            .await?
            .ok_or(ServiceError::Refused(Refusal::NoNotifyRole))
    }

    /// Puts `user` on the bench of sign-up `id` (and of the game it becomes) under `name`.
    ///
    /// # Errors
    /// [`Refusal::AlreadyPlaying`] for who holds a seat in its game;
    /// [`Refusal::AlreadyJoined`] for who plays in it when it starts (the waiting list
    /// may volunteer); [`Refusal::Barred`] for whom the server's sanctions bar from
    /// signing up; [`Refusal::OnBench`]; database errors.
    pub async fn volunteer(
        &self,
        id: SignupId,
        user: Account,
        name: &str,
    ) -> Result<Signup, ServiceError> {
        let s = self.signup(id).await?;
        match s.row.game {
            Some(game) => {
                if self.seat_of(game, user).await.is_ok() {
                    return Err(ServiceError::Refused(Refusal::AlreadyPlaying {
                        player: user,
                    }));
                }
            }
            None => {
                if s.players.iter().any(|(a, _, _)| *a == user) {
                    return Err(Refusal::AlreadyJoined.into());
                }
            }
        }
        if let Some(bar) = self.bar(s.row.guild, user).await? {
            return Err(ServiceError::Refused(Refusal::Barred(bar)));
        }
        if !self.store.volunteer(id, user, name, self.now()).await? {
            return Err(Refusal::OnBench.into());
        }
        self.remember_name(s.row.guild, user, name).await?;
        self.signup(id).await
    }

    /// Takes `user` off the bench of sign-up `id`.
    ///
    /// # Errors
    /// [`Refusal::NotOnBench`]; database errors.
    pub async fn leave_bench(&self, id: SignupId, user: Account) -> Result<Signup, ServiceError> {
        if !self.store.leave_bench(id, user).await? {
            return Err(Refusal::NotOnBench.into());
        }
        self.signup(id).await
    }

    /// Offers the seat of living character `seat` of `game` to the game's bench (the judge
    /// replaces its player): the offer, and the volunteers to ask. The player keeps the
    /// seat until a volunteer accepts ([`Service::take_seat`]).
    ///
    /// # Errors
    /// [`Refusal::UnknownTarget`] for a dead character; [`Refusal::EmptyBench`]
    /// when nobody who could take it volunteered (no offer is made); database errors.
    pub async fn offer_seat(&self, game: GameId, seat: CharId) -> Result<Offer, ServiceError> {
        let (g, _) = self.game(game).await?;
        let character = g
            .chars()
            .get(seat.idx())
            .ok_or_else(|| ServiceError::Refused(Refusal::UnknownTarget(format!("#{}", seat.0))))?;
        if !character.alive || g.ended() {
            return Err(ServiceError::Refused(Refusal::UnknownTarget(
                character.name.clone(),
            )));
        }
        let route = self.route(game).await?;
        let from = *route.seats.get(&seat.0).ok_or(Refusal::NotAPlayer)?;
        let signup = self
            .store
            .signup_of_game(game)
            .await?
            .ok_or(Refusal::EmptyBench)?;
        let bench: Vec<Account> = self
            .store
            .bench(signup)
            .await?
            .into_iter()
            .map(|(a, _)| a)
            .filter(|a| !route.seats.values().any(|held| held == a))
            .collect();
        if bench.is_empty() {
            return Err(Refusal::EmptyBench.into());
        }
        let id = self.store.offer_seat(game, seat, from).await?;
        Ok(Offer {
            id,
            game,
            seat,
            name: character.name.clone(),
            lang: route.lang,
            bench,
        })
    }

    /// `user` accepts offer `offer`: the first volunteer to accept takes the character over
    /// (the engine records the substitution; role, cards and posts stay the character's) and
    /// leaves the bench. A second press of the same volunteer answers the same.
    ///
    /// # Errors
    /// [`Refusal::SeatTaken`] when someone else took it (or the judge gave the seat
    /// to someone else meanwhile); [`Refusal::NotOnBench`]; [`Refusal::NoGame`]
    /// for no such offer; the rules' refusal (the claim is given back); database errors.
    pub async fn take_seat(
        &self,
        offer: i64,
        user: Account,
        lang: Lang,
    ) -> Result<Seated, ServiceError> {
        let (game, seat, first) = match self.store.take_offer(offer, user).await? {
            Claim::Claimed { game, seat } => (game, seat, true),
            Claim::Already { game, seat } => (game, seat, false),
            Claim::Gone => return Err(ServiceError::Refused(Refusal::SeatTaken)),
            Claim::NotOnBench => return Err(ServiceError::Refused(Refusal::NotOnBench)),
            Claim::NoOffer => return Err(ServiceError::Refused(Refusal::NoGame)),
        };
        let held = self.seat_of(game, user).await.ok();
        if held != Some(seat) {
            // One key per offer and volunteer: a retried press (or a press after a failure
            // between the engine and the seat's move) records the substitution once.
            let key = format!("bench-{offer}-{}", user.get());
            if let Err(e) = self.substitute(game, seat, user, &key, lang).await {
                if first {
                    self.store.release_offer(offer, user).await?;
                }
                return Err(e);
            }
        }
        let signup = self.store.signup_of_game(game).await?;
        if let Some(signup) = signup {
            self.store.leave_bench(signup, user).await?;
        }
        let (g, _) = self.game(game).await?;
        let c = g.ch(seat);
        Ok(Seated {
            game,
            signup,
            seat,
            name: c.name.clone(),
            role: c.role,
        })
    }
}
