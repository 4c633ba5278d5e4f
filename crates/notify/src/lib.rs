//! What each audience is told: the messages an event causes (channel, text, and how to show
//! them: a new post, menus, buttons), the reminders before a deadline, a refusal's wording,
//! and the judge's notice about a message that could not be delivered. Pure (no I/O, no
//! clock, no database): the store calls it inside the transaction that writes an event and
//! persists what it returns as outbox rows, so the rows are decided here and kept there.
//!
//! Text goes through the catalogs of [`i18n`]; [`prompt`] decides which choices a
//! player's DM offers. The layering is in `docs/architecture.md`.

pub mod camp;
pub mod prompt;
mod recipient;
pub mod tally;
pub mod uno;

use chrono::{DateTime, Utc};

use engine::{Audience, CharId, Event, EventKind, Game, Role, RuleError};
pub use i18n::{default_zone, Lang};
pub use prompt::{Delivery, Moderate};
pub use recipient::{Recipient, UnknownRecipient};

/// One message an event causes: where it goes, its text, and how to show it.
#[derive(Debug, Clone, PartialEq)]
pub struct Outgoing {
    pub channel: Recipient,
    pub body: String,
    pub meta: Option<Delivery>,
}

/// The longest text messages are joined up to ([`joins`]): one Discord message (2,000
/// characters) with room for a deadline's line below it.
pub const JOINED_MAX: usize = 1900;

/// Whether `next` may join the plain message `body` that comes right before it in its
/// channel within one change (a day's close: the yellow cards, the vote's result, the new
/// sheriff; a night's fall and a seat's prompt), so that the platform shows one message
/// instead of several: each is one request, and a channel takes 5 every 5 s. `next` must be
/// plain too, or a prompt (menus, buttons, a deadline) the text can stand above; nothing
/// that opens a post, redraws one in place, relays a post, is no message at all or carries
/// pictures. Together they must fit in one message ([`JOINED_MAX`]). Nothing is delayed:
/// both were written by the same change.
pub fn joins(body: &str, next: &Outgoing) -> bool {
    let prompt_only = |d: &Delivery| {
        d.new_post.is_none()
            && d.post.is_none()
            && d.moderate.is_none()
            && d.camp.is_none()
            && d.tally.is_none()
            && !d.charts
    };
    next.meta.as_ref().is_none_or(prompt_only)
        && body.chars().count() + 2 + next.body.chars().count() <= JOINED_MAX
}

/// `body` and the text that joins it ([`joins`]), a blank line between.
pub fn joined(body: &str, next: &str) -> String {
    format!("{body}\n\n{next}")
}

/// Whether `e` is a post relayed under its character's name ([`Recipient::Relay`]).
fn relayed(e: &Event, g: &Game) -> bool {
    matches!(e.kind, EventKind::Posted { .. }) && g.ruleset().options.anonymous
}

/// The messages an event causes (given the state right after it), one per channel.
pub fn messages(e: &Event, g: &Game, lang: Lang) -> Vec<Outgoing> {
    let dms =
        |ids: Vec<CharId>| -> Vec<Recipient> { ids.into_iter().map(Recipient::Seat).collect() };
    let channels: Vec<Recipient> = match e.audience() {
        // docs/rules.md §1.1 and §1.3: with a leader, each wolf talks to the judge alone: a kill's
        // submission goes to the leader, who picks among them (the menu comes with it), a
        // leader vote to nobody but the voter (the interaction's answer); the election's
        // result and the pick go to every wolf.
        Audience::Wolves if g.ruleset().options.wolf_leader => match &e.kind {
            EventKind::KillSubmitted { .. } => dms(g.leader().into_iter().collect()),
            EventKind::LeaderVoted { .. } => Vec::new(),
            _ => dms(g.living_with(Role::is_wolfish)),
        },
        Audience::Public if relayed(e, g) => vec![Recipient::Relay],
        // The night's end is said by what follows it at once (the next day's post, or the
        // game's end): a message in the last day's post would only repeat it.
        Audience::Public if matches!(e.kind, EventKind::NightEnded { .. }) => Vec::new(),
        Audience::Public => vec![Recipient::Public],
        Audience::Character(c) => vec![Recipient::Seat(c)],
        Audience::Wolves => dms(g.living_with(Role::is_wolfish)),
        Audience::Police => dms(g.living_with(|r| r == Role::Police)),
        Audience::Judge => vec![Recipient::Judge],
        Audience::Internal => Vec::new(),
    };
    // The chooser's own copy of their choice is the interaction's answer: the prompt they
    // chose in is updated to show it ([`chooser`]). A copy that offers new choices (the
    // leader's menu to pick among the kills) is still sent.
    let chooser = chooser(e).map(Recipient::Seat);
    let private: Vec<(Recipient, String)> = prompt::private_copies(e, g, lang)
        .into_iter()
        .map(|(c, text)| (Recipient::Seat(c), text))
        .collect();
    let private_label = match e.kind {
        EventKind::NightOpened { .. } => "night_prompt",
        _ => "out_no_last_words",
    };
    // The camps' threads (their own channels, after the event's messages).
    let camps = camp::rows(e, g, lang);
    let count = tally::outgoing(e, g, lang).map(|c| labelled(c, "vote_count"));
    if channels.is_empty() && private.is_empty() {
        let mut out: Vec<_> = count.into_iter().collect();
        out.extend(camps);
        return out;
    }
    let text = match &e.kind {
        // A post is the player's own words: relayed as they are under the character's name
        // in an anonymous game; otherwise the player's own message in the thread is the
        // post, and nothing is repeated.
        EventKind::Posted { text, .. } if g.ruleset().options.anonymous => text.clone(),
        EventKind::Posted { .. } => return camps,
        _ if e.audience() == Audience::Judge => i18n::render_judge(e, g, lang),
        _ => i18n::render(e, g, lang),
    };
    let own = channels
        .into_iter()
        .map(|channel| (channel, text.clone(), None));
    let copies = private
        .into_iter()
        .map(|(channel, body)| (channel, body, Some(private_label)));
    let mut out: Vec<Outgoing> = own
        .chain(copies)
        .map(|(channel, body, label)| {
            let m = Outgoing {
                meta: prompt::delivery(e, g, channel, lang),
                body,
                channel,
            };
            match label {
                Some(l) => labelled(m, l),
                None => m,
            }
        })
        .filter(|m| {
            Some(m.channel) != chooser
                || m.meta
                    .as_ref()
                    .is_some_and(|d| !d.menus.is_empty() || !d.buttons.is_empty())
        })
        .collect();
    if let EventKind::Revealed { tree_holes, .. } = &e.kind {
        out.push(prompt::tree_hole_post(tree_holes, g, lang));
        // The red cards that go on the players' records, for the judge.
        if let Some(body) = i18n::record_reds(g, lang) {
            out.push(Outgoing {
                channel: Recipient::Judge,
                body,
                meta: None,
            });
        }
    }
    if let Some(count) = count {
        // At the close the final count comes first: the result follows it.
        match e.kind {
            EventKind::VoteClosed { .. } => out.insert(0, count),
            _ => out.push(count),
        }
    }
    out.extend(camps);
    out
}

/// `out` labelled `label` ([`Delivery::label`]), unless it has a label already.
pub fn labelled(mut out: Outgoing, label: &str) -> Outgoing {
    let d = out.meta.get_or_insert_with(Delivery::default);
    if d.label.is_none() {
        d.label = Some(label.to_string());
    }
    out
}

/// The character whose own choice in a DM prompt (a menu, a button, the kill's modal) `e`
/// records, as only that character's command makes it: a kill submitted, a leader vote, a
/// police check submitted, the witch's potion or pass, the seer's check (with its answer,
/// given at once), the guard's protection, the leader's pick, a leadership passed by its
/// holder; and last words given (by a command, which answers them). The answer to that
/// interaction shows it to them (the prompt updated with it), so
/// no DM of theirs repeats it ([`messages`]); the other wolves (or police) are still told.
pub fn chooser(e: &Event) -> Option<CharId> {
    match &e.kind {
        EventKind::KillSubmitted { by, .. }
        | EventKind::LeaderVoted { by, .. }
        | EventKind::CheckSubmitted { by, .. } => Some(*by),
        EventKind::WitchSaved { witch, .. }
        | EventKind::WitchPoisoned { witch, .. }
        | EventKind::WitchPassed { witch } => Some(*witch),
        EventKind::SeerChecked { seer, .. } => Some(*seer),
        EventKind::GuardProtected { guard, .. } => Some(*guard),
        EventKind::KillFixed {
            picked_by: Some(by),
            ..
        } => Some(*by),
        EventKind::LeaderPassed {
            from: Some(by),
            draw: None,
            ..
        } => Some(*by),
        // Given with `/lastwords`, whose own answer says they are recorded and when they
        // are published.
        EventKind::LastWordsGiven { character, .. } => Some(*character),
        _ => None,
    }
}

/// What the interaction that made a choice answers with, in the prompt it was made in: the
/// texts of `events` (one command's) that [`messages`] no longer DMs to `seat`, in order,
/// each worded as its DM was (given the state `g` after them).
pub fn confirmation(events: &[Event], seat: CharId, g: &Game, lang: Lang) -> Vec<String> {
    events
        .iter()
        .filter(|e| chooser(e) == Some(seat))
        .map(|e| i18n::render(e, g, lang))
        .collect()
}

/// The moderation actions an event causes (the forum-features work), as outbox rows: those to go
/// before the event's messages, and those after. A day's post is locked once its day is
/// over: when the night opens, after the day's result (members can no longer post; the
/// bot, with Manage Threads, still writes the night's messages there). Discord archives it
/// a week after its last message (the post's `auto_archive_duration`), so it stays in the
/// forum's list while the game goes on without a request a day; the last day's post is
/// locked and archived at the end, after the reveal. The
/// living role goes to every seat at the deal, the dead role replaces it when a death is
/// announced (a night's deaths with the next day's opening, never before), and both go at
/// the end. Roles are on their own channel ([`Recipient::Roles`]), apart from the messages, so that a dozen role
/// changes hold up no post. A substitute takes over the seat's role from the player who
/// left (their player in `prior`, the state before the change the event belongs to).
pub fn moderation(e: &Event, g: &Game, prior: &Game, lang: Lang) -> (Vec<Outgoing>, Vec<Outgoing>) {
    let row = |channel: Recipient, key: &str, args: &[(&str, String)], action: Moderate| Outgoing {
        channel,
        body: i18n::text(lang, key, args),
        meta: Some(Delivery {
            moderate: Some(action),
            label: Some(key.replace('-', "_")),
            ..Delivery::default()
        }),
    };
    let seats = |ids: &[CharId]| -> Vec<u16> { ids.iter().map(|c| c.0).collect() };
    let names = |ids: &[CharId]| -> String {
        ids.iter()
            .map(|c| g.ch(*c).name.clone())
            .collect::<Vec<_>>()
            .join(", ")
    };
    // In the day's post's lane, after the game's messages; the messenger also waits for
    // the posts relayed there before it ([`Recipient::Relay`]): a webhook may not write in a locked
    // post.
    let lock = |day: u32| {
        row(
            Recipient::Public,
            "moderate-lock-day",
            &[("day", day.to_string())],
            Moderate::LockDay { day },
        )
    };
    let dead = |ids: &[CharId]| {
        row(
            Recipient::Roles,
            "moderate-dead",
            &[("names", names(ids))],
            Moderate::Dead { seats: seats(ids) },
        )
    };
    let all: Vec<CharId> = g.ids().collect();
    let (mut before, mut after) = (Vec::new(), Vec::new());
    match &e.kind {
        EventKind::RolesDealt { .. } => after.push(row(
            Recipient::Roles,
            "moderate-living",
            &[("names", names(&all))],
            Moderate::Living { seats: seats(&all) },
        )),
        EventKind::DayOpened {
            round: 0, deaths, ..
        } if !deaths.is_empty() => after.push(dead(deaths)),
        EventKind::NightOpened { night, .. } => before.push(row(
            Recipient::Public,
            "moderate-lock-day",
            &[("day", night.to_string())],
            Moderate::Lock { day: *night },
        )),
        EventKind::Eliminated { character, .. } if e.audience() == Audience::Public => {
            after.push(dead(&[*character]));
        }
        EventKind::Substituted { character, .. } => {
            let old = prior.ch(*character).player.clone();
            after.push(row(
                Recipient::Roles,
                "moderate-replaced",
                &[("name", g.ch(*character).name.clone())],
                Moderate::Replaced {
                    seat: character.0,
                    old,
                    alive: g.is_alive(*character),
                },
            ));
        }
        EventKind::GameEnded { .. } => after.push(row(
            Recipient::Roles,
            "moderate-clear",
            &[("names", names(&all))],
            Moderate::Clear {
                seats: seats(&all),
                dead: all
                    .iter()
                    .filter(|c| !g.is_alive(**c))
                    .map(|c| c.0)
                    .collect(),
            },
        )),
        EventKind::Revealed { .. } => {
            if let Some(d) = g.day().filter(|d| d.day > 0) {
                after.push(lock(d.day));
            }
        }
        _ => {}
    }
    (before, after)
}

/// How a refused command is worded to its player: the refusal `e` against the state `g` it
/// was made on.
pub fn refusal(e: &RuleError, g: &Game, lang: Lang) -> String {
    i18n::error_message(e, g, lang)
}

/// The text of a reminder (catalog message `text_id`, e.g. `reminder-vote`) that the
/// current phase of `g` closes at `closes`, in the game's time zone.
pub fn reminder(g: &Game, text_id: &str, closes: DateTime<Utc>, lang: Lang) -> String {
    i18n::text(
        lang,
        text_id,
        &[
            ("phase", i18n::phase_name(g.phase(), lang)),
            ("closes", i18n::time(closes, g.ruleset().options.time_zone)),
        ],
    )
}

/// The warning before the open day's close (warnings before penalties): one message in
/// the day's post naming each character the close would card automatically as things
/// stand (`risks`, none: no message), with its posts today, the posts needed and whether
/// its vote is missing, and the close time, in the game's time zone and (`due`) in the
/// reader's. All of it is public already (the day's index counts the posts, the vote count
/// shows who has not voted): a DM to each would only repeat it, one request each. The
/// day's last warning opens with the vote's `reminder`.
pub fn card_warnings(
    g: &Game,
    risks: &[engine::AtRisk],
    closes: DateTime<Utc>,
    reminder: Option<String>,
    lang: Lang,
) -> Option<Outgoing> {
    if risks.is_empty() {
        return None;
    }
    let mut lines = at_risk_lines(g, risks, closes, lang);
    if let Some(r) = reminder {
        lines.insert(0, format!("{r}\n"));
    }
    Some(Outgoing {
        channel: Recipient::Public,
        body: lines.join("\n"),
        meta: Some(Delivery {
            due: Some(closes),
            label: Some("card_warning".into()),
            ..Delivery::default()
        }),
    })
}

/// The characters at risk of an automatic card at the close `closes` (`risks`), one line
/// each under a heading: the warning's text and the judge's status say them alike.
pub fn at_risk_lines(
    g: &Game,
    risks: &[engine::AtRisk],
    closes: DateTime<Utc>,
    lang: Lang,
) -> Vec<String> {
    let mut lines = vec![i18n::text(
        lang,
        "view-at-risk-heading",
        &[("closes", i18n::time(closes, g.ruleset().options.time_zone))],
    )];
    for r in risks {
        let vote = if r.no_vote {
            i18n::text(lang, "view-at-risk-no-vote", &[])
        } else {
            String::new()
        };
        lines.push(i18n::text(
            lang,
            "view-at-risk-line",
            &[
                ("name", g.ch(r.character).name.clone()),
                ("posts", r.posts.to_string()),
                ("need", r.need.to_string()),
                ("vote", vote),
            ],
        ));
    }
    lines
}

/// Why a message was set aside, for the judge's notice about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetAside {
    /// The platform refused it for good.
    Refused,
    /// Every one of `attempts` sends failed.
    Undeliverable { attempts: i32 },
}

/// The judge's one-line notice that the message `body` to `channel` was set aside, when
/// its messenger gave no note of its own (a messenger that knows its platform's errors says
/// what happened and who the reader is: see `discord::notes`). A refused message may have
/// been refused for its length: only its start is quoted.
pub fn set_aside(lang: Lang, channel: Recipient, body: &str, why: SetAside) -> String {
    let to = channel_words(lang, channel);
    match why {
        SetAside::Refused => refused_note(
            lang,
            &to,
            &i18n::text(lang, "outbox-why-refused", &[]),
            body,
        ),
        SetAside::Undeliverable { attempts } => undeliverable_note(
            lang,
            &to,
            &i18n::text(lang, "outbox-why-failed", &[]),
            attempts,
            body,
        ),
    }
}

/// The judge's note that a message to `to` (worded: a character and its player, the game's
/// post) was refused for good because `why` (worded: what happened and what to do).
pub fn refused_note(lang: Lang, to: &str, why: &str, body: &str) -> String {
    i18n::text(
        lang,
        "outbox-refused",
        &[
            ("to", to.to_string()),
            ("why", why.to_string()),
            ("start", excerpt(body, 80)),
        ],
    )
}

/// The judge's note that a message to `to` failed `attempts` times, the last because
/// `why`, with its whole text to pass on by hand.
pub fn undeliverable_note(lang: Lang, to: &str, why: &str, attempts: i32, body: &str) -> String {
    i18n::text(
        lang,
        "outbox-undeliverable",
        &[
            ("to", to.to_string()),
            ("why", why.to_string()),
            ("attempts", attempts.to_string()),
            ("body", body.to_string()),
        ],
    )
}

/// An outbox channel in words, when nothing better is known: the game's post, or a seat's
/// private messages by its number.
pub fn channel_words(lang: Lang, channel: Recipient) -> String {
    match channel.seat() {
        Some(seat) => i18n::text(lang, "outbox-to-seat", &[("seat", format!("#{}", seat.0))]),
        None => i18n::text(lang, "outbox-to-public", &[]),
    }
}

/// The start of a message the judge's note quotes, on one line.
pub fn quoted(body: &str) -> String {
    excerpt(body, 80)
}

/// The first `max` characters of a text on one line, with `…` when there was more: enough
/// for the judge to recognise a message in a one-line notice.
fn excerpt(text: &str, max: usize) -> String {
    let flat: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let mut out: String = flat.chars().take(max).collect();
    if flat.chars().count() > max {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(body: &str) -> Outgoing {
        Outgoing {
            channel: Recipient::Public,
            body: body.into(),
            meta: None,
        }
    }

    /// Text joins text or a prompt below it, within one message's length; never a new post,
    /// a redrawn count or a relayed post, which the platform shows in their own way.
    #[test]
    fn plain_text_joins_what_can_share_its_message() {
        assert!(joins("a", &plain("b")));
        let prompt = Outgoing {
            meta: Some(Delivery {
                due: Some(chrono::DateTime::UNIX_EPOCH),
                ..Delivery::default()
            }),
            ..plain("choose")
        };
        assert!(joins("night falls", &prompt));
        let count = Outgoing {
            meta: Some(Delivery {
                tally: Some(prompt::TallyRef {
                    day: 1,
                    round: 0,
                    opens: false,
                }),
                ..Delivery::default()
            }),
            ..plain("count")
        };
        assert!(!joins("a", &count));
        let long = "字".repeat(JOINED_MAX - 3);
        assert!(joins(&long, &plain("b")), "exactly the limit");
        assert!(!joins(&long, &plain("bc")), "one character over");
        assert_eq!(joined("a", "b"), "a\n\nb");
    }
}
