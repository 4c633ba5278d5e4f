//! Events as text: [`render`] for an event's audience, [`render_judge`] for the judge's log.
//! Each part of the game ([`Part`]) words its own events, in the file of that part:
//!
//! - `setup`: the game's creation, the seed's commitment, the deal, the role messages;
//! - `day`: the day's opening post, posts, votes and their close, the sheriff, speed-ups, the
//!   idiot's reveal;
//! - `night`: the night's opening, the wolves' leader and kill, the witch, the seer, the
//!   police, the night's end;
//! - `deaths`: eliminations, last words, the decisions a death opens (the hunter's shot, the
//!   badge's and the leadership's hand-over);
//! - `board`: the guard, a wolf's self-destruct, the knight's duel;
//! - `cards`: cards given and converted, and why;
//! - `judge`: substitutes, extensions and pauses, tree holes, appeals, concessions;
//! - `end`: the game's end and the reveal.

mod board;
mod cards;
mod day;
mod deaths;
mod end;
mod judge;
mod night;
mod setup;

use engine::event::Part;
use engine::{Event, Game};

use super::catalog::{MISSING_CLOSE, MISSING_OPEN};
use super::context::Ctx;
use super::Lang;

pub use cards::{reason_text as card_reason_text, record_reds};

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
    let kind = &event.kind;
    match kind.part() {
        Part::Setup => setup::render(&c, kind),
        Part::Day => day::render(&c, kind),
        Part::Night => night::render(&c, kind),
        Part::Death => deaths::render(&c, kind, judge),
        Part::Board => board::render(&c, kind),
        Part::Card => cards::render(&c, event, judge),
        Part::Judge => judge::render(&c, kind),
        Part::End => end::render(&c, kind),
    }
}

/// What a part's `render` says of an event [`render_view`] gives another part (it never
/// does): marked as a missing message is, so that it shows.
fn misrouted() -> String {
    format!("{MISSING_OPEN}event{MISSING_CLOSE}")
}
