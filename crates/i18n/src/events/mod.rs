//! Events as text: [`render`] for an event's audience, [`render_judge`] for the judge's log.
//! Each part of the game words its own events, in the file of that part:
//!
//! - `setup`: the game's creation, the seed's commitment, the deal, the role messages;
//! - `day`: the day's opening post, posts, votes and their close, the sheriff, speed-ups, the
//!   day's abilities (the idiot, a wolf's self-destruct, the knight's duel);
//! - `night`: the night's opening, the wolves' leader and kill, the witch, the seer, the
//!   police, the guard, the night's end;
//! - `deaths`: eliminations, last words, the decisions a death opens (the hunter's shot, the
//!   badge's and the leadership's hand-over);
//! - `cards`: cards given and converted, and why;
//! - `judge`: substitutes, extensions and pauses, tree holes, appeals, concessions;
//! - `end`: the game's end and the reveal.

mod cards;
mod day;
mod deaths;
mod end;
mod judge;
mod night;
mod setup;

use engine::{Event, EventKind, Game};

use super::catalog::{MISSING_CLOSE, MISSING_OPEN};
use super::context::Ctx;
use super::Lang;

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
    use EventKind as K;
    match &event.kind {
        K::Created { .. } | K::SeedCommitted { .. } | K::RolesDealt { .. } | K::RoleTold { .. } => {
            setup::render(&c, &event.kind)
        }
        K::DayOpened { .. }
        | K::Posted { .. }
        | K::VoteCast { .. }
        | K::VoteClosed { .. }
        | K::SheriffElected { .. }
        | K::NobodyOut { .. }
        | K::SpeedupRequested { .. }
        | K::SpedUp
        | K::DayCut { .. }
        | K::IdiotRevealed { .. }
        | K::SelfDestructed { .. }
        | K::Dueled { .. } => day::render(&c, &event.kind),
        K::NightOpened { .. }
        | K::LeaderVoted { .. }
        | K::LeaderElected { .. }
        | K::KillSubmitted { .. }
        | K::KillFixed { .. }
        | K::WitchTold { .. }
        | K::WitchSaved { .. }
        | K::WitchPoisoned { .. }
        | K::WitchPassed { .. }
        | K::SeerChecked { .. }
        | K::CheckSubmitted { .. }
        | K::PoliceResult { .. }
        | K::WolvesClosed
        | K::GuardProtected { .. }
        | K::NightEnded { .. } => night::render(&c, &event.kind),
        K::Eliminated { .. }
        | K::LastWordsGranted { .. }
        | K::LastWordsGiven { .. }
        | K::DecisionOpened { .. }
        | K::Shot { .. }
        | K::DecisionLapsed { .. }
        | K::ShotDeclined { .. }
        | K::BadgePassed { .. }
        | K::LeaderPassed { .. } => deaths::render(&c, &event.kind, judge),
        K::CardGiven { .. } | K::CardsConverted { .. } => cards::render(&c, event, judge),
        K::Substituted { .. }
        | K::Extended { .. }
        | K::Paused
        | K::Resumed { .. }
        | K::TreeHole { .. }
        | K::Appealed { .. }
        | K::AppealsListed { .. }
        | K::Conceded { .. } => judge::render(&c, &event.kind),
        K::GameEnded { .. } | K::Revealed { .. } => end::render(&c, &event.kind),
    }
}

/// What a part's `render` says of an event [`render_view`] gives another part (it never
/// does): marked as a missing message is, so that it shows.
fn misrouted() -> String {
    format!("{MISSING_OPEN}event{MISSING_CLOSE}")
}
