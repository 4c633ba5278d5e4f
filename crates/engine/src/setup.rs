//! Creating a game: the deal, the seed commitment, the roles told by DM, the first phase.
//!
//! `apply_setup` folds the setup's events into the state.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

use super::error::SetupError;
use super::event::EventKind;
use super::ids::CharId;
use super::role::Role;
use super::ruleset::{Kind, Ruleset};
use super::state::Character;
use super::{limits, rng, Event, Game, Tx};

/// What a new game needs.
#[derive(Debug, Clone)]
pub struct Setup {
    pub ruleset: Ruleset,
    pub seed: rng::Seed,
    pub start: DateTime<Utc>,
    pub characters: Vec<String>,
    /// A fixed deal (character name → role); `None` lets the seed deal.
    pub roles: Option<BTreeMap<String, Role>>,
    /// A tournament's house rule (docs/rules.md §2): the player account (`Character::player`;
    /// at the start each character's name is its player's account) whom the killers chose
    /// on the first night of the previous game, and who may not be chosen on this game's
    /// first night. `None`: no such rule (a game outside a tournament, or the first game).
    pub forbidden_first_kill: Option<String>,
    /// The player account behind each character, in seat order (a chat platform's account
    /// ids, so that players are known across games); `None`: each character's name is its
    /// player (scripts, the simulator).
    pub players: Option<Vec<String>>,
}

/// Creates a game: returns its opening events (fold them with `Game::replay`).
///
/// # Errors
/// [`SetupError`] when the ruleset cannot seat these characters or a fixed deal does not
/// match the ruleset's counts.
pub fn create(setup: &Setup) -> Result<Vec<super::Event>, SetupError> {
    let n = setup.characters.len();
    let rs = &setup.ruleset;
    let wanted = rs.counts_for(n).ok_or_else(|| SetupError::PlayerCount {
        ruleset: rs.name.clone(),
        players: n,
    })?;
    if !limits::start_in_range(setup.start) {
        return Err(SetupError::StartOutOfRange(setup.start));
    }
    let names = setup
        .characters
        .iter()
        .chain(setup.players.iter().flatten())
        .chain(&setup.forbidden_first_kill);
    if let Some(long) = names
        .into_iter()
        .find(|n| limits::too_long(n, limits::MAX_NAME_CHARS))
    {
        // The error shows the name's beginning only: the whole of it may be huge.
        return Err(SetupError::NameTooLong(long.chars().take(20).collect()));
    }
    for (i, name) in setup.characters.iter().enumerate() {
        if name == "judge" {
            return Err(SetupError::ReservedName(name.clone()));
        }
        if setup.characters[..i].contains(name) {
            return Err(SetupError::DuplicateName(name.clone()));
        }
    }
    if let Some(players) = &setup.players {
        if players.len() != n {
            return Err(SetupError::PlayerAccounts {
                characters: n,
                players: players.len(),
            });
        }
    }
    let (roles, by_seed) = match &setup.roles {
        Some(map) => {
            if let Some(name) = map.keys().find(|k| !setup.characters.contains(k)) {
                return Err(SetupError::UnknownCharacter(name.clone()));
            }
            let mut roles = Vec::with_capacity(n);
            for name in &setup.characters {
                roles.push(
                    *map.get(name)
                        .ok_or_else(|| SetupError::MissingRole(name.clone()))?,
                );
            }
            let mut got: BTreeMap<Role, usize> = BTreeMap::new();
            for r in &roles {
                *got.entry(*r).or_insert(0) += 1;
            }
            for role in Role::ALL {
                let (g, w) = (
                    got.get(&role).copied().unwrap_or(0),
                    wanted.get(&role).copied().unwrap_or(0),
                );
                if g != w {
                    return Err(SetupError::RoleCount {
                        role: role.key().to_string(),
                        got: g,
                        want: w,
                    });
                }
            }
            (roles, false)
        }
        None => {
            let mut roles: Vec<Role> = wanted
                .iter()
                .flat_map(|(r, k)| std::iter::repeat_n(*r, *k))
                .collect();
            setup.seed.shuffle(0, &mut roles);
            (roles, true)
        }
    };
    let mut tx = Tx {
        g: Game::default(),
        events: Vec::new(),
    };
    let at = setup.start;
    tx.emit(
        at,
        EventKind::Created {
            ruleset: Box::new(rs.clone()),
            seed: setup.seed,
            start: at,
            characters: setup.characters.clone(),
            forbidden_first_kill: setup.forbidden_first_kill.clone(),
            players: setup.players.clone(),
        },
    );
    tx.emit(
        at,
        EventKind::SeedCommitted {
            commitment: setup.seed.commitment(),
        },
    );
    tx.emit(
        at,
        EventKind::RolesDealt {
            roles: roles.clone(),
            by_seed,
        },
    );
    for (i, role) in roles.iter().enumerate() {
        let team: Vec<CharId> = (0..n)
            .filter(|j| *j != i && role.same_team(roles[*j]))
            .map(|j| CharId(j as u16))
            .collect();
        tx.emit(
            at,
            EventKind::RoleTold {
                character: CharId(i as u16),
                role: *role,
                team,
            },
        );
    }
    match rs.kind {
        Kind::Werewolf => tx.open_day(at),
        Kind::Mafia => tx.open_night(at),
    }
    Ok(tx.events)
}

/// Folds the setup's events into `g`: the characters, the seed and its commitment, the deal.
/// [`apply`](super::state::apply) gives it no other events.
pub(crate) fn apply_setup(g: &mut Game, e: &Event) {
    use EventKind as K;
    match &e.kind {
        K::Created {
            ruleset,
            seed,
            start,
            characters,
            forbidden_first_kill,
            players,
        } => {
            g.ruleset = (**ruleset).clone();
            g.forbidden_first_kill = forbidden_first_kill.clone();
            g.seed = *seed;
            g.start = *start;
            g.clock = *start;
            g.antidote = true;
            g.poison = true;
            g.chars = characters
                .iter()
                .enumerate()
                .map(|(i, n)| Character {
                    name: n.clone(),
                    player: players.as_ref().and_then(|p| p.get(i)).unwrap_or(n).clone(),
                    alive: true,
                    ..Character::default()
                })
                .collect();
        }
        K::SeedCommitted { commitment } => g.commitment = commitment.clone(),
        K::RolesDealt { roles, by_seed } => {
            for (c, r) in g.chars.iter_mut().zip(roles) {
                c.role = *r;
            }
            if *by_seed {
                g.draws += 1;
            }
        }
        K::RoleTold { .. } => {}
        _ => {}
    }
}
