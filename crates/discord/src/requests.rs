//! The Discord requests [`DiscordMessenger`](super::messenger::DiscordMessenger) makes for
//! one outbox message, planned without sending anything: each request's kind (a message, an
//! edit, a webhook post, a DM, a DM channel's opening, a thread's creation, a moderation
//! step), its route and the channel (or server, or webhook) whose rate-limit bucket it
//! counts against, with the limits Discord sets for it. The bench (`wolfjudge bench
//! --discord-limits`) delivers the outbox through this plan to count requests per game and
//! to time a burst of them under Discord's limits.
//!
//! The plan follows the messenger's paths one for one (see [`plan`]) on a first attempt
//! (no earlier attempt to look for: that adds reads). What the messenger learns from the
//! database or Discord (is the day's post open, the DM channel known, the vote count's
//! message made, the webhook made) is kept in [`Known`], which the plan updates as the
//! messenger's own state would change. Every game is taken to have a server of its own (its
//! forum, log channel, webhook, roles), as the bench's games do.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use serde::Serialize;

use super::messenger::{split, with_due, MAX_FILES};
use engine::CharId;
use notify::camp::CampAction;
use notify::prompt::{Delivery, Moderate};
use notify::Recipient;
use store::outbox::OutMessage;

/// What a request does, as the bench counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A message in a channel or thread (a day's post, the log, a camp's thread).
    Message,
    /// An edit of a message in place (the vote count).
    Edit,
    /// A post through the relay webhook (an anonymous game's character).
    Webhook,
    /// A message in a player's DM channel.
    Dm,
    /// Opening a DM channel (once per player and process).
    DmChannel,
    /// A new thread: a day's forum post (with its opening message), a camp's thread.
    Thread,
    /// A post's lock, a role given or taken, a thread member added or taken out.
    Moderation,
    /// Anything else (making the relay webhook).
    Other,
}

/// A request's route (Discord's path template): with the major parameter it selects the
/// rate-limit bucket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Route {
    /// `POST /channels/{channel_id}/messages`
    CreateMessage,
    /// `PATCH /channels/{channel_id}/messages/{message_id}`
    EditMessage,
    /// `POST /users/@me/channels`
    CreateDm,
    /// `POST /channels/{channel_id}/threads` (a forum post or a thread)
    CreateThread,
    /// `PATCH /channels/{channel_id}` (a post's lock and archive)
    EditChannel,
    /// `PUT`/`DELETE /channels/{channel_id}/thread-members/{user_id}`
    ThreadMember,
    /// `PUT`/`DELETE /guilds/{guild_id}/members/{user_id}/roles/{role_id}`
    MemberRole,
    /// `PATCH /guilds/{guild_id}/members/{user_id}` (a member's whole list of roles)
    Member,
    /// `POST /webhooks/{webhook_id}/{webhook_token}`
    ExecuteWebhook,
    /// `POST /channels/{channel_id}/webhooks`
    CreateWebhook,
}

/// Discord's global limit: requests per second per bot (interactions exempt; the outbox
/// makes none).
pub const GLOBAL_PER_SECOND: u32 = 50;

impl Route {
    /// The bucket's size: `(requests, per window)`, as Discord answers them and the fake
    /// Discord of the tests applies them: messages (create; edit or delete) 5 per 5 s a
    /// channel, webhooks 5 per 2 s a webhook, opening a DM 10 a second (Discord documents no
    /// figure), anything else 5 per 5 s.
    pub fn bucket(self) -> (u32, Duration) {
        let ms = Duration::from_millis;
        match self {
            Route::CreateMessage | Route::EditMessage => (5, ms(5000)),
            Route::ExecuteWebhook => (5, ms(2000)),
            Route::CreateDm => (10, ms(1000)),
            _ => (5, ms(5000)),
        }
    }
}

/// The channel, server or webhook a request's bucket is keyed by (Discord's major
/// parameter), by game: each game has a server of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case", tag = "of")]
pub enum Major {
    /// The day's forum post (a thread).
    Day { game: i64, day: u32 },
    /// The sign-up post: public messages before the first day.
    Signup { game: i64 },
    /// The judge's log channel.
    Log { game: i64 },
    /// A seat's DM channel.
    Dm { game: i64, seat: u16 },
    /// The game's forum channel (new posts, the webhook).
    Forum { game: i64 },
    /// The channel camp threads open in.
    CampParent { game: i64 },
    /// A camp's private thread.
    Camp { game: i64, camp: &'static str },
    /// The game's server (roles).
    Guild { game: i64 },
    /// The forum's relay webhook.
    Webhook { game: i64 },
    /// No major parameter (opening a DM channel).
    Bot,
}

/// One request the messenger makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Request {
    pub kind: Kind,
    pub route: Route,
    pub major: Major,
}

impl Request {
    fn new(kind: Kind, route: Route, major: Major) -> Request {
        Request { kind, route, major }
    }
}

/// What the server offers that changes the requests: the living and dead roles (role
/// changes at the deal, at each death, at the end) and a channel for camp threads; and
/// whether the bot knows members' roles from the gateway (the Server Members intent, on
/// by default: it is told each member's roles when it gives the living role), so that a
/// member's roles changing at one moment are one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Server {
    pub roles: bool,
    pub camp_channel: bool,
    pub members_known: bool,
}

impl Default for Server {
    /// A server with every option on, as the bot's defaults run it.
    fn default() -> Server {
        Server {
            roles: true,
            camp_channel: true,
            members_known: true,
        }
    }
}

/// What the messenger knows (from the database, its cache or Discord) that spares a
/// request, by game: the days whose post is open, the DM channels opened, the vote counts
/// made, the webhook, the camps' threads and the days' indexes posted.
#[derive(Debug, Clone, Default)]
pub struct Known {
    days: BTreeMap<i64, BTreeSet<u32>>,
    dms: BTreeSet<(i64, u16)>,
    tallies: BTreeSet<(i64, u32, u32)>,
    webhooks: BTreeSet<i64>,
    camps: BTreeSet<(i64, &'static str)>,
    elevators: BTreeSet<(i64, u32)>,
}

impl Known {
    /// The thread public messages of `game` go to now: the latest day's post, or the
    /// sign-up post (as [`service::Route::public_thread`]).
    fn public(&self, game: i64) -> Major {
        match self.days.get(&game).and_then(|d| d.last()) {
            Some(day) => Major::Day { game, day: *day },
            None => Major::Signup { game },
        }
    }

    /// The rounds whose vote count `game` has shown: the reveal draws a picture for each.
    fn rounds(&self, game: i64) -> usize {
        self.tallies
            .range((game, 0, 0)..=(game, u32::MAX, u32::MAX))
            .count()
    }
}

/// The requests the messenger makes to show `msg` on a first attempt, in order, given what
/// it knows (updated as the messenger's own knowledge would be). Each arm names the
/// messenger's function it follows.
pub fn plan(msg: &OutMessage, known: &mut Known, server: Server) -> Vec<Request> {
    let game = msg.game_id.get();
    let meta: Delivery = msg.meta.clone().unwrap_or_default();
    let mut out = Vec::new();
    // `tally`: the round's count is edited in place once its message exists.
    if let Some(t) = meta.tally {
        let major = Major::Day { game, day: t.day };
        if known.tallies.insert((game, t.day, t.round)) {
            out.push(Request::new(Kind::Message, Route::CreateMessage, major));
        } else {
            out.push(Request::new(Kind::Edit, Route::EditMessage, major));
        }
        return out;
    }
    // `moderation::carry_out`: a lock, or the role changes: a member known gets one request
    // for all of theirs (a `PATCH` of the whole list when two change), else one a role.
    if let Some(action) = &meta.moderate {
        let role = |n: usize, out: &mut Vec<Request>| {
            if server.roles {
                let r = Request::new(Kind::Moderation, Route::MemberRole, Major::Guild { game });
                out.extend(std::iter::repeat_n(r, n));
            }
        };
        let member = |n: usize, out: &mut Vec<Request>| {
            if server.roles {
                let r = Request::new(Kind::Moderation, Route::Member, Major::Guild { game });
                out.extend(std::iter::repeat_n(r, n));
            }
        };
        match action {
            Moderate::LockDay { day } | Moderate::Lock { day } => {
                if known.days.get(&game).is_some_and(|d| d.contains(day)) {
                    let major = Major::Day { game, day: *day };
                    out.push(Request::new(Kind::Moderation, Route::EditChannel, major));
                }
            }
            Moderate::Living { seats } => role(seats.len(), &mut out),
            // The living role taken, the dead role given.
            Moderate::Dead { seats } if server.members_known => member(seats.len(), &mut out),
            Moderate::Dead { seats } => role(2 * seats.len(), &mut out),
            Moderate::Replaced { .. } => role(2, &mut out),
            // Each member holds one of the two roles taken.
            Moderate::Clear { seats, .. } if server.members_known => role(seats.len(), &mut out),
            Moderate::Clear { seats, dead } => role(seats.len() + dead.len(), &mut out),
        }
        return out;
    }
    // `deliver`: the text with its deadline, cut at `MAX_LEN`, then the reveal's pictures
    // in messages of `MAX_FILES` (one per vote round shown, and the timeline).
    let mut parts = split(&with_due(&msg.body, &meta)).len();
    if meta.charts {
        parts += (known.rounds(game) + 1).div_ceil(MAX_FILES);
    }
    // `relay`: the webhook made once, then one post per part of the words.
    if meta.post.as_ref().is_some_and(|p| p.relay_as.is_some()) {
        if known.webhooks.insert(game) {
            out.push(Request::new(
                Kind::Other,
                Route::CreateWebhook,
                Major::Forum { game },
            ));
        }
        let r = Request::new(
            Kind::Webhook,
            Route::ExecuteWebhook,
            Major::Webhook { game },
        );
        out.extend(std::iter::repeat_n(r, split(&msg.body).len()));
        return out;
    }
    // `camp`: the thread opened once with its members, or a member added or taken out;
    // then the text in the thread.
    if let Some(action) = &meta.camp {
        let thread = |camp: &notify::camp::Camp| Major::Camp {
            game,
            camp: camp.key(),
        };
        let member = |major| Request::new(Kind::Moderation, Route::ThreadMember, major);
        let major = match action {
            CampAction::Open { camp, seats } => {
                let major = thread(camp);
                if server.camp_channel && known.camps.insert((game, camp.key())) {
                    out.push(Request::new(
                        Kind::Thread,
                        Route::CreateThread,
                        Major::CampParent { game },
                    ));
                    // The judge, then the members.
                    out.extend(std::iter::repeat_n(member(major), seats.len() + 1));
                }
                major
            }
            // A substitute's predecessor would be taken out first: the bench has none.
            CampAction::Add { camp, .. } | CampAction::Remove { camp, .. } => {
                out.push(member(thread(camp)));
                thread(camp)
            }
        };
        let r = Request::new(Kind::Message, Route::CreateMessage, major);
        out.extend(std::iter::repeat_n(r, parts));
        return out;
    }
    match (msg.channel, &meta.new_post) {
        (Recipient::Judge, _) => {
            let r = Request::new(Kind::Message, Route::CreateMessage, Major::Log { game });
            out.extend(std::iter::repeat_n(r, parts));
        }
        // `new_post`: the post with the first part as its opening message, the day's
        // index (one page: nobody has posted yet), then the other parts.
        (Recipient::Public, Some(post)) => {
            let day = post.day;
            let major = Major::Day { game, day };
            if known.days.entry(game).or_default().insert(day) {
                out.push(Request::new(
                    Kind::Thread,
                    Route::CreateThread,
                    Major::Forum { game },
                ));
            }
            if day > 0 && known.elevators.insert((game, day)) {
                out.push(Request::new(Kind::Message, Route::CreateMessage, major));
            }
            let r = Request::new(Kind::Message, Route::CreateMessage, major);
            out.extend(std::iter::repeat_n(r, parts.saturating_sub(1)));
        }
        (Recipient::Public, None) => {
            let r = Request::new(Kind::Message, Route::CreateMessage, known.public(game));
            out.extend(std::iter::repeat_n(r, parts));
        }
        // `dm_channel`, then the parts in it.
        (Recipient::Seat(CharId(seat)), _) => {
            if known.dms.insert((game, seat)) {
                out.push(Request::new(Kind::DmChannel, Route::CreateDm, Major::Bot));
            }
            let r = Request::new(Kind::Dm, Route::CreateMessage, Major::Dm { game, seat });
            out.extend(std::iter::repeat_n(r, parts));
        }
        // The messenger fails on these without the meta handled above: nothing is sent.
        (Recipient::Relay | Recipient::Roles | Recipient::Camp(_), _) => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify::prompt::{NewPost, TallyRef};

    fn msg(channel: Recipient, body: &str, meta: Option<Delivery>) -> OutMessage {
        OutMessage {
            id: 1,
            game_id: service::GameId(7),
            channel,
            body: body.into(),
            nonce: "n".into(),
            meta,
        }
    }

    fn kinds(r: &[Request]) -> Vec<Kind> {
        r.iter().map(|r| r.kind).collect()
    }

    /// A text of 4,500 characters is three messages (Discord's 2,000 a message), each in
    /// the same thread and bucket.
    #[test]
    fn a_long_message_is_as_many_messages_as_its_parts() {
        let mut known = Known::default();
        let long = "字".repeat(4500);
        let r = plan(
            &msg(Recipient::Judge, &long, None),
            &mut known,
            Server::default(),
        );
        assert_eq!(kinds(&r), vec![Kind::Message; 3]);
        assert!(r.iter().all(|r| r.major == Major::Log { game: 7 }));
        let short = plan(
            &msg(Recipient::Judge, "x", None),
            &mut known,
            Server::default(),
        );
        assert_eq!(short.len(), 1);
    }

    /// The first DM to a seat opens its DM channel; the next ones do not.
    #[test]
    fn a_dm_to_a_new_player_opens_the_dm_channel_once() {
        let mut known = Known::default();
        let first = plan(
            &msg(Recipient::Seat(CharId(3)), "hi", None),
            &mut known,
            Server::default(),
        );
        assert_eq!(kinds(&first), vec![Kind::DmChannel, Kind::Dm]);
        assert_eq!(first[0].route, Route::CreateDm);
        let again = plan(
            &msg(Recipient::Seat(CharId(3)), "again", None),
            &mut known,
            Server::default(),
        );
        assert_eq!(kinds(&again), vec![Kind::Dm]);
        let other = plan(
            &msg(Recipient::Seat(CharId(4)), "hi", None),
            &mut known,
            Server::default(),
        );
        assert_eq!(kinds(&other), vec![Kind::DmChannel, Kind::Dm]);
    }

    /// A day's new post is a thread with its opening message, then the day's index; later
    /// public messages go to that post; the vote count is made once, then edited.
    #[test]
    fn a_day_post_opens_once_and_the_vote_count_is_edited_in_place() {
        let mut known = Known::default();
        let before = plan(
            &msg(Recipient::Public, "signup", None),
            &mut known,
            Server::default(),
        );
        assert_eq!(before[0].major, Major::Signup { game: 7 });
        let post = Delivery {
            new_post: Some(NewPost {
                day: 1,
                title: "第1天".into(),
                slow_mode: 0,
            }),
            ..Delivery::default()
        };
        let open = plan(
            &msg(Recipient::Public, "day 1", Some(post)),
            &mut known,
            Server::default(),
        );
        assert_eq!(kinds(&open), vec![Kind::Thread, Kind::Message]);
        let next = plan(
            &msg(Recipient::Public, "vote", None),
            &mut known,
            Server::default(),
        );
        assert_eq!(next[0].major, Major::Day { game: 7, day: 1 });
        let tally = Delivery {
            tally: Some(TallyRef {
                day: 1,
                round: 0,
                opens: true,
            }),
            ..Delivery::default()
        };
        let made = plan(
            &msg(Recipient::Public, "count", Some(tally.clone())),
            &mut known,
            Server::default(),
        );
        assert_eq!(kinds(&made), vec![Kind::Message]);
        let edited = plan(
            &msg(Recipient::Public, "count", Some(tally)),
            &mut known,
            Server::default(),
        );
        assert_eq!(kinds(&edited), vec![Kind::Edit]);
        assert_eq!(edited[0].route, Route::EditMessage);
    }

    /// A death costs one request a member whose roles the bot knows (the whole list in one
    /// `PATCH`), two otherwise (a role taken, a role given), none without the roles; a
    /// day's lock is one request once its post is open.
    #[test]
    fn moderation_costs_a_request_per_role_change() {
        let mut known = Known::default();
        let dead = Delivery {
            moderate: Some(Moderate::Dead { seats: vec![1, 2] }),
            ..Delivery::default()
        };
        let with = plan(
            &msg(Recipient::Public, "", Some(dead.clone())),
            &mut known,
            Server::default(),
        );
        assert_eq!(with.len(), 2);
        assert!(with.iter().all(|r| r.route == Route::Member));
        let unknown = Server {
            members_known: false,
            ..Server::default()
        };
        let each = plan(
            &msg(Recipient::Public, "", Some(dead.clone())),
            &mut known,
            unknown,
        );
        assert_eq!(each.len(), 4);
        assert!(each.iter().all(|r| r.route == Route::MemberRole));
        let bare = Server {
            roles: false,
            camp_channel: false,
            members_known: false,
        };
        assert!(plan(&msg(Recipient::Public, "", Some(dead)), &mut known, bare).is_empty());
        let lock = Delivery {
            moderate: Some(Moderate::Lock { day: 1 }),
            ..Delivery::default()
        };
        assert!(plan(
            &msg(Recipient::Public, "", Some(lock.clone())),
            &mut known,
            bare
        )
        .is_empty());
        known.days.entry(7).or_default().insert(1);
        assert_eq!(
            plan(&msg(Recipient::Public, "", Some(lock)), &mut known, bare).len(),
            1
        );
    }
}
