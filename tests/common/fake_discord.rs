//! A fake Discord on 127.0.0.1 for the bot's end-to-end tests: the REST API under
//! `/api/v10/…` and the gateway websocket, enough of both for the real serenity client.
//! It records every REST call, keeps channels and messages (so a test can press a button on
//! a message the bot sent), refuses DMs to members who closed theirs (error 50007), honours
//! `enforce_nonce`, records the files of multipart uploads, and lets a test inject gateway
//! events: slash commands, autocomplete, button presses, menu choices and modal submits,
//! each answered through the interaction callback. Ids are snowflakes made from the real
//! time, as Discord's: they grow with time and say when they were made. A test can have a
//! request carried out and its answer lost ([`FakeDiscord::lose_answer`]: a 500 after the
//! fact) or its answer held back on its way ([`FakeDiscord::slow_answer`]: answers of
//! requests in flight together come back out of order), and the bot can look back through
//! a channel's messages and the server's active forum posts (`list_messages`,
//! `get_active_guild_threads`), as it does after such a loss.
//!
//! **Strict as Discord is** (`discord_spec.rs`, from Discord's OpenAPI spec in
//! `tests/discord-api/`). Every request is matched to an operation of the spec (method and
//! path template; path ids must be snowflakes; only declared query parameters) and its JSON
//! body, or the `payload_json` of a multipart body, is validated against the operation's
//! request schema. On top of the schema: content ≤ 2,000 characters (the spec says 4,000),
//! all embeds ≤ 6,000 characters, ≤ 5 action rows (messages without the components-v2 flag,
//! and modals), a select alone in its row; slash commands: Discord's name regex and lower
//! case (names and localized names), description 1–100, ≤ 8,000 characters a command (the
//! longest localization of each field counting), localization keys among the spec's
//! locales. The spec itself holds the other limits (embed title 256, description 4,096,
//! 25 fields, thread name 100, 5 buttons a row, 25 options and choices, `custom_id` 100,
//! modal title 45, …). Characters are Unicode code points. One deliberate relaxation:
//! snowflakes in requests may be JSON integers (Discord accepts and documents them).
//! A request that breaks a rule is answered as Discord answers (400 with code 50035 and the
//! errors nested by field, or 404 for no route), changes nothing, and is recorded: the
//! `World` of `discord_world.rs` fails its test at the end naming operation and field
//! ([`FakeDiscord::assert_no_violations`]). An operation of the spec the fake does not
//! implement fails the test too.
//!
//! **What it sends** carries the fields real Discord sends (checked against the spec's
//! response schemas in this file's tests): READY then GUILD_CREATE (roles, channels, forum
//! posts as threads, the bot's member), THREAD_CREATE for a new forum post, MESSAGE_CREATE
//! for every message the bot or a webhook posts (echoes: the bot sees its own), and
//! MESSAGE_UPDATE / MESSAGE_DELETE for its edits and deletions; interactions carry
//! `guild`, `channel`, `member` with permissions, `authorizing_integration_owners`, …
//!
//! **Discord's timing** (real time, as on Discord; the game's virtual clock plays no part).
//! Rate limits by bucket = (the operation's path template, its major parameters: channel,
//! guild, webhook and token), each a window counted from its first request, answered with
//! `X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket`: messages (create, and edit or
//! delete, per channel) 5 per 5 s; reactions 1 per 250 ms a channel; webhooks (relays and
//! follow-ups) 5 per 2 s a webhook; opening a DM 10 per s (Discord documents no figure);
//! registering commands 4 a minute; anything else 5 per 5 s. On top, the global limit:
//! 50 requests a second, interaction callbacks and follow-ups exempt (as Discord says).
//! Beyond a limit: `429` with `{"message", "retry_after" (seconds), "global"}`,
//! `Retry-After` (whole seconds), `X-RateLimit-Scope`, and `X-RateLimit-Global` when global.
//! A 429 fails the test only if the bot ignored what it had been told: a request sent to a
//! bucket after the fake answered "Remaining: 0" or a 429 for it, before the announced reset
//! (250 ms of grace for requests already on their way). serenity's own limiter learns a
//! bucket from its first answer, so a first burst may meet a 429 and wait as told: fine.
//! The bot runs serenity's real limiter: the limiter always sends to `https://discord.com`
//! (serenity's proxy mode turns it off), so the bot's HTTP client resolves `discord.com` to
//! the fake's TLS front ([`tls_front`], a test-only certificate in `tls/`) which decrypts
//! and pipes to this server ([`wolfjudge::discord::FakeDiscordAt`]).
//! Interactions: the callback is refused after 3 s from the INTERACTION_CREATE (404, 10062
//! "Unknown interaction"), a second callback with 400, 40060 ("Interaction has already been
//! acknowledged."), and follow-ups or edits through the token (`/webhooks/{app}/{token}…`)
//! after 15 minutes with 404, 10015; each refusal fails the test. With
//! `WOLFJUDGE_FAKE_STATS=<file>` each world appends its requests by operation and its
//! slowest interaction answer to that file ([`FakeDiscord::record_stats`]).
//!
//! **Mentions and roles.** A new message's mentions (`<@user>`, `<@!user>`, `<@&role>`,
//! `@everyone`, `@here`) are parsed and pinged as Discord pings them under the request's
//! `allowed_mentions` (none given: everything pings; given: only the `parse` types and the
//! listed `users`/`roles`; `parse` and a list of the same type together are refused): the
//! message keeps who it pinged ([`Msg::pinged_roles`], ...) and says so in `mentions`,
//! `mention_roles` and `mention_everyone`. Edits ping nobody, as on Discord. Members' roles
//! added and removed by the bot (`PUT`/`DELETE /guilds/{guild}/members/{user}/roles/{role}`,
//! or the whole list with `PATCH /guilds/{guild}/members/{user}`; only roles of the server,
//! each role changed within the bot's reach) are kept ([`FakeDiscord::member_roles`]), and
//! each change is told as `GUILD_MEMBER_UPDATE` with the Server Members intent.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::State as AxState;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::serve::ListenerExt;
use axum::{Json, Router};
use serde_json::{json, Value};
use tokio::sync::mpsc;

#[path = "discord_spec.rs"]
pub mod spec;
use spec::Violation;

pub const APP_ID: u64 = 900_000_000_000_000_001;
pub const BOT_ID: u64 = 900_000_000_000_000_001;
pub const GUILD: u64 = 800_000_000_000_000_001;
/// The bot's own role (Discord gives a bot one when it joins), above every other role
/// unless a test moves it ([`FakeDiscord::set_bot_role_position`]).
pub const BOT_ROLE: u64 = 900_000_000_000_000_002;
/// What the server's @everyone may do (sent in GUILD_CREATE and `list_guild_roles`):
/// view, send, embed, attach, read history, react, threads public and private, … but
/// none of the Manage permissions.
pub const EVERYONE_PERMISSIONS: u64 = 1_071_698_660_929;
/// What the bot's role adds by default: Manage Messages, Roles, Webhooks and Threads, so
/// that with @everyone's it has everything `/wolf-setup` checks.
pub const BOT_PERMISSIONS: u64 = (1 << 13) | (1 << 28) | (1 << 29) | (1 << 34);
/// Manage Threads, Manage Roles, Administrator.
const MANAGE_THREADS: u64 = 1 << 34;
const MANAGE_ROLES: u64 = 1 << 28;
const ADMINISTRATOR: u64 = 1 << 3;
/// A forum's channel flag: every post must carry one of its tags.
pub const REQUIRE_TAG: u64 = 1 << 4;

/// One REST request as the bot made it.
#[derive(Debug, Clone)]
pub struct Call {
    pub method: String,
    pub path: String,
    /// The spec's operation id (`create_message`, ...), or `METHOD path` for no operation.
    pub operation: String,
    pub body: Value,
    /// The files of a multipart request (attachments), in order.
    #[allow(dead_code)] // read by the test crates that upload
    pub files: Vec<Upload>,
}

/// An interaction's first callback ([`FakeDiscord::callback`]).
#[derive(Debug, Clone)]
pub struct Callback {
    /// What the bot answered; `None` when the fake refused the callback (late, unknown).
    pub body: Option<Value>,
    /// From the INTERACTION_CREATE to the callback's arrival.
    pub waited: Duration,
}

/// A file part of a multipart request.
#[derive(Debug, Clone)]
#[allow(dead_code)] // read by the test crates that upload
pub struct Upload {
    /// The form field, e.g. `files[0]`.
    pub field: String,
    pub filename: String,
    pub bytes: Vec<u8>,
}

/// A message as the fake holds it.
#[derive(Debug, Clone, Default)]
pub struct Msg {
    pub id: u64,
    pub channel: u64,
    pub content: String,
    pub components: Value,
    /// The order in which messages were created (edits keep it).
    pub order: usize,
    /// Sent through a webhook under this name (and avatar).
    pub username: Option<String>,
    pub avatar_url: Option<String>,
    /// How many times it was edited.
    pub edits: usize,
    /// A member's message: its author (otherwise the bot's or a webhook's).
    pub author: Option<u64>,
    /// The member author's display name.
    pub author_name: Option<String>,
    /// Sent through this webhook.
    pub webhook: Option<u64>,
    pub deleted: bool,
    /// Who its creation pinged (under its `allowed_mentions`).
    pub pinged_users: Vec<u64>,
    pub pinged_roles: Vec<u64>,
    pub pinged_everyone: bool,
}

/// Who a new message pings: the mentions in `content` that `allowed` (the request's
/// `allowed_mentions`, `Null` when absent) lets through, as Discord decides: without
/// `allowed_mentions` every mention pings; with it, a type pings wholesale when `parse`
/// names it (`users`, `roles`, `everyone`), else only the ids listed under it.
fn pings(content: &str, allowed: &Value) -> (Vec<u64>, Vec<u64>, bool) {
    let mut users = Vec::new();
    let mut roles = Vec::new();
    let mut rest = content;
    while let Some(at) = rest.find("<@") {
        rest = &rest[at + 2..];
        let (role, digits) = match rest.strip_prefix('&') {
            Some(r) => (true, r),
            None => (false, rest.strip_prefix('!').unwrap_or(rest)),
        };
        let end = digits.find('>').unwrap_or(0);
        if let Ok(id) = digits[..end].parse::<u64>() {
            let list = if role { &mut roles } else { &mut users };
            if !list.contains(&id) {
                list.push(id);
            }
        }
    }
    let everyone = content.contains("@everyone") || content.contains("@here");
    if allowed.is_null() {
        return (users, roles, everyone);
    }
    let parses = |kind: &str| {
        allowed["parse"]
            .as_array()
            .is_some_and(|p| p.iter().any(|k| k == kind))
    };
    let listed = |kind: &str, id: u64| {
        allowed[kind].as_array().is_some_and(|l| {
            l.iter()
                .any(|v| v.as_str().and_then(|s| s.parse().ok()).or(v.as_u64()) == Some(id))
        })
    };
    let users = users
        .into_iter()
        .filter(|u| parses("users") || listed("users", *u))
        .collect();
    let roles = roles
        .into_iter()
        .filter(|r| parses("roles") || listed("roles", *r))
        .collect();
    (users, roles, everyone && parses("everyone"))
}

/// What kind of channel an id is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    Text,
    Forum,
    /// A forum post (thread) and its forum.
    Post {
        forum: u64,
        name: String,
    },
    /// A DM with this user.
    Dm {
        user: u64,
    },
    /// A private thread (type 12) of a text channel: only its members (and moderators)
    /// see it. Its members are in `State::thread_members`.
    Private {
        parent: u64,
        name: String,
        invitable: bool,
    },
}

#[derive(Default)]
struct State {
    port: u16,
    next_id: u64,
    calls: Vec<Call>,
    channels: HashMap<u64, Kind>,
    messages: BTreeMap<u64, Msg>,
    order: usize,
    dms: HashMap<u64, u64>,
    closed_dms: HashSet<u64>,
    nonces: HashMap<(u64, String), u64>,
    gateway: Option<mpsc::UnboundedSender<String>>,
    connections: usize,
    seq: u64,
    commands: Vec<Value>,
    responses: HashMap<u64, Value>,
    /// What the bot said through an interaction's token (the deferred answer's edit, then
    /// follow-ups), by interaction, in order.
    follow_ups: HashMap<u64, Vec<Value>>,
    /// The channel each interaction came from (its follow-ups are messages there).
    interaction_channels: HashMap<u64, u64>,
    /// The message a component interaction (or the modal it opened) was made on: a
    /// callback of type 7 (UPDATE_MESSAGE) edits it.
    interaction_messages: HashMap<u64, u64>,
    webhooks: HashMap<u64, String>,
    names: HashMap<u64, String>,
    /// What Discord would have refused (or the fake could not answer), in order.
    violations: Vec<Violation>,
    /// The server's roles besides @everyone.
    roles: Vec<(u64, String)>,
    /// Messages to a channel containing a text are refused with a 400, as Discord refuses
    /// an invalid message.
    refused_texts: Vec<(u64, String)>,
    /// Rate-limit buckets by (path template, major parameters), and the global limit.
    buckets: HashMap<(String, String), Bucket>,
    global: Bucket,
    /// When each interaction was sent (real time) and the interaction of each token.
    interactions: HashMap<u64, Instant>,
    tokens: HashMap<String, u64>,
    /// How long each answered interaction waited for its callback.
    answer_times: Vec<Duration>,
    /// How long after its INTERACTION_CREATE each interaction's first callback came, on
    /// time or late (the bench's measure).
    callback_times: HashMap<u64, Duration>,
    /// Woken at every callback, taken or refused ([`FakeDiscord::callback`] waits on it).
    callbacks: Arc<tokio::sync::Notify>,
    /// Interactions whose callback was refused, and why.
    refused: HashMap<u64, String>,
    /// Requests to carry out and then answer with a 500, as if the answer were lost on its
    /// way back: (operation, a text of the request's path or body).
    lost_answers: Vec<(String, String)>,
    /// Requests carried out (and counted against their limits) at once but answered only
    /// after a delay, as an answer slow on its way back: (operation, a text of the request's
    /// path or body, the delay).
    slow_answers: Vec<(String, String, Duration)>,
    /// Forum posts' `thread_metadata` flags: (locked, archived); absent: neither.
    thread_flags: HashMap<u64, (bool, bool)>,
    /// Forum posts' slow mode (`rate_limit_per_user`, seconds), where the bot set one.
    slow_modes: HashMap<u64, u64>,
    /// When each member last posted in each channel: (channel, member) → when.
    last_posts: HashMap<(u64, u64), Instant>,
    /// Every change of a post's flags the bot made, in order: (post, locked, archived).
    thread_changes: Vec<(u64, bool, bool)>,
    /// The bot role's permissions (`None`: [`BOT_PERMISSIONS`]) and its position (`None`:
    /// above every other role).
    bot_permissions: Option<u64>,
    bot_role_position: Option<u64>,
    /// Channels' permission overwrites, as Discord sends them.
    overwrites: HashMap<u64, Vec<Value>>,
    /// The roles the bot gave members (besides the roles interactions carry).
    member_roles: HashMap<u64, std::collections::BTreeSet<u64>>,
    /// Every role change the bot made, in order: (method, user, role).
    role_changes: Vec<(String, u64, u64)>,
    /// The members of each private thread (its creator first), as Discord keeps them.
    thread_members: HashMap<u64, Vec<u64>>,
    /// The intents the bot's last IDENTIFY asked for.
    intents: u64,
    /// Members who left the server ([`FakeDiscord::leave`]).
    left: HashSet<u64>,
    /// Forums' settings on tags: whether a post must carry one (`REQUIRE_TAG`) and the
    /// forum's tags as (id, name); a forum absent has neither.
    forum_tags: HashMap<u64, (bool, Vec<(u64, String)>)>,
    /// The tags each forum post carries.
    applied_tags: HashMap<u64, Vec<u64>>,
    /// Channels deleted: Discord answers any later request about them 404 10003.
    deleted_channels: HashSet<u64>,
}

/// The Server Members intent (`GUILD_MEMBERS`, privileged): Discord sends
/// `GUILD_MEMBER_REMOVE` only to a connection that asked for it.
pub const GUILD_MEMBERS_INTENT: u64 = 1 << 1;

/// Discord's epoch (2015-01-01), in Unix milliseconds.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

impl State {
    /// The server's roles as (id, name, position, permissions): @everyone, the test's
    /// roles in the order added, and the bot's.
    fn all_roles(&self) -> Vec<(u64, String, u64, u64)> {
        let mut v = vec![(GUILD, "@everyone".to_string(), 0, EVERYONE_PERMISSIONS)];
        for (i, (id, name)) in self.roles.iter().enumerate() {
            v.push((*id, name.clone(), i as u64 + 1, 0));
        }
        let top = self
            .bot_role_position
            .unwrap_or(self.roles.len() as u64 + 1);
        v.push((
            BOT_ROLE,
            "wolfjudge".to_string(),
            top,
            self.bot_permissions.unwrap_or(BOT_PERMISSIONS),
        ));
        v
    }

    /// The bot's permissions server-wide (@everyone's and its role's).
    fn bot_permissions(&self) -> u64 {
        let p = EVERYONE_PERMISSIONS | self.bot_permissions.unwrap_or(BOT_PERMISSIONS);
        if p & ADMINISTRATOR != 0 {
            u64::MAX
        } else {
            p
        }
    }

    /// Whether the bot may give or take `role`: Manage Roles, and its role above it.
    #[allow(clippy::result_large_err)] // a test fake: the refusal is the response itself
    fn bot_may_manage(&self, role: u64) -> Result<(), Response> {
        let roles = self.all_roles();
        let Some(position) = roles.iter().find(|r| r.0 == role).map(|r| r.2) else {
            return Err(error(StatusCode::NOT_FOUND, 10011, "Unknown Role"));
        };
        let top = roles.iter().find(|r| r.0 == BOT_ROLE).map_or(0, |r| r.2);
        if self.bot_permissions() & MANAGE_ROLES == 0 || position >= top {
            return Err(error(StatusCode::FORBIDDEN, 50013, "Missing Permissions"));
        }
        Ok(())
    }

    /// A channel as Discord sends it now: a post's flags, a channel's overwrites.
    fn channel(&self, id: u64, kind: &Kind) -> Value {
        let mut c = channel_json(id, kind);
        if let Some(seconds) = self.slow_modes.get(&id) {
            c["rate_limit_per_user"] = json!(seconds);
        }
        if let Some((locked, archived)) = self.thread_flags.get(&id) {
            c["thread_metadata"]["locked"] = json!(locked);
            c["thread_metadata"]["archived"] = json!(archived);
        }
        if let Some(o) = self.overwrites.get(&id) {
            if c.get("permission_overwrites").is_some() {
                c["permission_overwrites"] = json!(o);
            }
        }
        self.tags_of(id, kind, &mut c);
        c
    }

    /// A forum's `flags` (`REQUIRE_TAG`, 1 << 4) and `available_tags`, a post's
    /// `applied_tags`, as the fake holds them.
    fn tags_of(&self, id: u64, kind: &Kind, c: &mut Value) {
        match kind {
            Kind::Forum => {
                if let Some((required, tags)) = self.forum_tags.get(&id) {
                    c["flags"] = json!(if *required { REQUIRE_TAG } else { 0 });
                    c["available_tags"] = json!(tags
                        .iter()
                        .map(|(tag, name)| json!({"id": tag.to_string(), "name": name,
                            "moderated": false, "emoji_id": null, "emoji_name": null}))
                        .collect::<Vec<_>>());
                }
            }
            Kind::Post { .. } => {
                let tags = self.applied_tags.get(&id).cloned().unwrap_or_default();
                c["applied_tags"] = json!(tags.iter().map(u64::to_string).collect::<Vec<_>>());
            }
            _ => {}
        }
    }

    /// Why Discord refuses a new post in `forum` carrying `body`'s `applied_tags`: a tag
    /// that is not one of the forum's (an invalid form body), or none where the forum
    /// requires one (40067). `None`: accepted, with these tags.
    #[allow(clippy::result_large_err)] // a test fake: the refusal is the response itself
    fn post_tags(
        &mut self,
        forum: u64,
        body: &Value,
        operation: &str,
    ) -> Result<Vec<u64>, Response> {
        let asked: Vec<u64> = body["applied_tags"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|t| t.as_str().and_then(|t| t.parse().ok()).or(t.as_u64()))
            .collect();
        let (required, tags) = self.forum_tags.get(&forum).cloned().unwrap_or_default();
        let unknown: Vec<Violation> = asked
            .iter()
            .enumerate()
            .filter(|(_, t)| !tags.iter().any(|(id, _)| id == *t))
            .map(|(i, t)| Violation {
                operation: operation.to_string(),
                field: vec!["applied_tags".into(), i.to_string()],
                code: "CHANNEL_INVALID_FORUM_TAG".into(),
                problem: format!("{t} is not one of the forum's tags"),
            })
            .collect();
        if !unknown.is_empty() {
            self.violations.extend(unknown.iter().cloned());
            return Err((
                StatusCode::BAD_REQUEST,
                Json(spec::invalid_form_body(&unknown)),
            )
                .into_response());
        }
        if required && asked.is_empty() {
            return Err(error(
                StatusCode::BAD_REQUEST,
                40067,
                "A tag is required to create a forum post in this channel",
            ));
        }
        Ok(asked)
    }

    /// Deletes channel `id` as Discord does: gone from the server with its messages,
    /// THREAD_DELETE (a thread) or CHANNEL_DELETE sent, every later request about it
    /// answered 404 10003. Returns the channel as it was.
    fn delete_channel(&mut self, id: u64) -> Option<Value> {
        let kind = self.channels.remove(&id)?;
        let before = self.channel(id, &kind);
        self.deleted_channels.insert(id);
        for m in self.messages.values_mut().filter(|m| m.channel == id) {
            m.deleted = true;
        }
        match &kind {
            Kind::Post { forum: parent, .. } | Kind::Private { parent, .. } => {
                let kind = if matches!(kind, Kind::Post { .. }) {
                    11
                } else {
                    12
                };
                send(
                    self,
                    "THREAD_DELETE",
                    json!({"id": id.to_string(), "guild_id": GUILD.to_string(),
                    "parent_id": parent.to_string(), "type": kind}),
                );
            }
            _ => send(self, "CHANNEL_DELETE", before.clone()),
        }
        Some(before)
    }

    /// Whether `id` is a post its bot locked (members without Manage Threads and webhooks
    /// may not write there).
    fn locked(&self, id: u64) -> bool {
        self.thread_flags
            .get(&id)
            .is_some_and(|(locked, _)| *locked)
    }

    /// Whether the bot may write in `id`: Discord lets a member with Manage Threads write
    /// in a locked post; a message in an archived post would unarchive it (a locked one
    /// only for a manager), which the bot never means to do, so this fake refuses it.
    fn bot_may_not_write(&self, id: u64) -> bool {
        let (locked, archived) = self.thread_flags.get(&id).copied().unwrap_or_default();
        archived || (locked && self.bot_permissions() & MANAGE_THREADS == 0)
    }

    /// A new id: a snowflake, as Discord makes them (the milliseconds since Discord's epoch
    /// in the bits above the 22nd), or one more than the last id when that is greater. So
    /// ids grow with time and say when they were made: the bot looks for its messages after
    /// a moment by the moment's snowflake.
    /// A new message the bot (or its webhook) creates in `channel`, from a request's
    /// message object `body` (`content`, `components`, `allowed_mentions`): numbered in
    /// creation order, with whom it pings as Discord decides.
    fn created(&mut self, id: u64, channel: u64, body: &Value) -> Msg {
        self.order += 1;
        let content = body["content"].as_str().unwrap_or_default().to_string();
        let (pinged_users, pinged_roles, pinged_everyone) =
            pings(&content, &body["allowed_mentions"]);
        Msg {
            id,
            channel,
            content,
            components: body.get("components").cloned().unwrap_or(json!([])),
            order: self.order,
            pinged_users,
            pinged_roles,
            pinged_everyone,
            ..Msg::default()
        }
    }

    fn id(&mut self) -> u64 {
        let ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        self.next_id = (self.next_id + 1).max(ms.saturating_sub(DISCORD_EPOCH_MS) << 22);
        self.next_id
    }
}

/// The fake server.
#[derive(Clone)]
pub struct FakeDiscord {
    pub addr: SocketAddr,
    /// Where it answers for `https://discord.com` (TLS, in front of `addr`).
    pub tls_addr: SocketAddr,
    state: Arc<Mutex<State>>,
}

/// A user object as Discord sends it (`UserResponse`).
fn user_json(id: u64, name: &str) -> Value {
    let mut u = json!({"id": id.to_string(), "username": name, "global_name": name, "avatar": null,
           "discriminator": "0", "public_flags": 0, "flags": 0, "primary_guild": null,
           "avatar_decoration_data": null, "collectibles": null, "banner": null, "accent_color": null});
    if id == BOT_ID {
        u["bot"] = json!(true);
    }
    u
}

/// The author of a webhook's message: a bot user with the webhook's id and the name the
/// message was sent under. Its `avatar` is an image hash (an `avatar_url` given with the
/// message is not one: Discord proxies it, and serenity refuses a URL there).
fn webhook_user(id: u64, name: &str) -> Value {
    json!({"id": id.to_string(), "username": name, "avatar": null, "discriminator": "0000",
           "public_flags": 0, "flags": 0, "bot": true, "global_name": null, "primary_guild": null})
}

/// A member object as Discord sends it (`GuildMemberResponse`), without `user` (as in
/// MESSAGE_CREATE) and without `permissions` (only interactions carry them).
fn member_json(name: &str, roles: &[u64]) -> Value {
    json!({"nick": name, "roles": roles.iter().map(|r| r.to_string()).collect::<Vec<_>>(),
           "joined_at": TS, "deaf": false, "mute": false, "flags": 0, "pending": false,
           "avatar": null, "banner": null, "communication_disabled_until": null,
           "premium_since": null, "collectibles": null, "avatar_decoration_data": null})
}

/// A member's roles changed: `GUILD_MEMBER_UPDATE` with their whole member, sent only to a
/// connection that asked for the Server Members intent (as Discord does).
fn member_updated(s: &mut State, user: u64) {
    if s.intents & GUILD_MEMBERS_INTENT == 0 {
        return;
    }
    let name = s.names.get(&user).cloned().unwrap_or(format!("user{user}"));
    let roles: Vec<u64> = s
        .member_roles
        .get(&user)
        .map(|r| r.iter().copied().collect())
        .unwrap_or_default();
    let mut d = member_json(&name, &roles);
    d["user"] = user_json(user, &name);
    d["guild_id"] = json!(GUILD.to_string());
    send(s, "GUILD_MEMBER_UPDATE", d);
}

/// Sends a gateway dispatch to the connected bot (if one is).
fn send(s: &mut State, t: &str, d: Value) {
    if t == "INTERACTION_CREATE" {
        // Discord's 3 seconds (and the token's 15 minutes) run from now, in real time.
        if let Some(id) = d["id"].as_str().and_then(|i| i.parse().ok()) {
            s.interactions.insert(id, Instant::now());
            if let Some(channel) = d["channel_id"].as_str().and_then(|c| c.parse().ok()) {
                s.interaction_channels.insert(id, channel);
            }
            if let Some(token) = d["token"].as_str() {
                s.tokens.insert(token.to_string(), id);
            }
        }
    }
    s.seq += 1;
    let frame = json!({"op": 0, "t": t, "s": s.seq, "d": d}).to_string();
    if let Some(tx) = &s.gateway {
        let _ = tx.send(frame);
    }
}

/// Discord's MESSAGE_CREATE / MESSAGE_UPDATE for a message the bot or a webhook wrote: the
/// bot sees its own messages too. Guild messages carry `guild_id`, and the bot's own a
/// `member`.
fn echo(s: &mut State, t: &str, m: &Msg) {
    let mut d = message_json(m);
    if !matches!(s.channels.get(&m.channel), Some(Kind::Dm { .. }) | None) {
        d["guild_id"] = json!(GUILD.to_string());
        if m.webhook.is_none() && m.author.is_none() {
            d["member"] = member_json("wolfjudge", &[]);
        }
    }
    send(s, t, d);
}

/// Discord's deadline for an interaction's callback, in real time.
const INTERACTION_DEADLINE: Duration = Duration::from_secs(3);
/// How long an interaction's token takes follow-ups and edits.
const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

const TS: &str = "2026-11-30T12:00:00.000000+00:00";

impl FakeDiscord {
    /// Starts the fake on a free port.
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind a port for the fake Discord");
        let addr = listener.local_addr().expect("local address");
        let state = Arc::new(Mutex::new(State {
            port: addr.port(),
            next_id: 1_000_000_000_000_000_000,
            ..State::default()
        }));
        let app = Router::new()
            .route("/ws", get(ws))
            .fallback(rest)
            .with_state(state.clone());
        // Each write goes out at once. With Nagle's algorithm on the fake's gateway socket, an
        // event written while the previous one is unacknowledged waits for the bot's delayed
        // ACK (40 ms on Linux: the bot writes nothing back on the gateway to carry an ACK),
        // which made about one interaction in five take 40-45 ms in the interaction bench
        // (`--concurrency 1`: p50 1 ms, p99 44.5 ms; with no-delay p99 1.3 ms). That delay is
        // the fake's own, not the bot's nor what Discord's limits set.
        let listener = listener.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        let tls_addr = tls_front(addr).await;
        FakeDiscord {
            addr,
            tls_addr,
            state,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Where the bot reaches it as `https://discord.com` (see [`tls_front`]).
    pub fn endpoint(&self) -> wolfjudge::discord::FakeDiscordAt {
        wolfjudge::discord::FakeDiscordAt {
            addr: self.tls_addr,
            cert_pem: CERT.as_bytes().to_vec(),
        }
    }

    /// Makes an interaction as old as `age` (a test of the deadlines without waiting them).
    pub fn age_interaction(&self, interaction: u64, age: Duration) {
        if let Some(t) = self.lock().interactions.get_mut(&interaction) {
            *t = Instant::now().checked_sub(age).unwrap_or(*t);
        }
    }

    /// The longest any interaction waited for its callback so far.
    pub fn slowest_answer(&self) -> Option<Duration> {
        self.lock().answer_times.iter().max().copied()
    }

    /// Appends this fake's REST requests by operation and its slowest interaction answer
    /// to the file named by `WOLFJUDGE_FAKE_STATS` (when set): one `operation count` line
    /// each, and `slowest_answer_ms N`. `tests/common/fake_stats.sh`-style sums are up to
    /// the reader (`awk '{s[$1]+=$2} END {for (k in s) print k, s[k]}'`).
    pub fn record_stats(&self) {
        let Ok(file) = std::env::var("WOLFJUDGE_FAKE_STATS") else {
            return;
        };
        let mut lines = String::new();
        let mut by_op: BTreeMap<String, usize> = BTreeMap::new();
        for c in self.calls() {
            *by_op.entry(c.operation).or_default() += 1;
        }
        for (op, n) in by_op {
            lines.push_str(&format!("{op} {n}\n"));
        }
        if let Some(t) = self.slowest_answer() {
            lines.push_str(&format!("slowest_answer_ms {}\n", t.as_millis()));
        }
        use std::io::Write;
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(file)
        {
            let _ = f.write_all(lines.as_bytes());
        }
    }

    /// A fresh snowflake.
    pub fn new_id(&self) -> u64 {
        self.lock().id()
    }

    /// Declares a channel of the server.
    pub fn add_channel(&self, kind: Kind) -> u64 {
        let mut s = self.lock();
        let id = s.id();
        s.channels.insert(id, kind);
        id
    }

    /// Declares a role of the server (sent in GUILD_CREATE).
    pub fn add_role(&self, id: u64, name: &str) {
        self.lock().roles.push((id, name.to_string()));
    }

    /// Sets what the bot's role may do (server-wide): a test of a missing permission.
    pub fn set_bot_permissions(&self, permissions: u64) {
        self.lock().bot_permissions = Some(permissions);
    }

    /// Moves the bot's role to `position` (the test's roles are 1, 2, … in the order added).
    pub fn set_bot_role_position(&self, position: u64) {
        self.lock().bot_role_position = Some(position);
    }

    /// Sets a channel's permission overwrites (Discord's objects: `id`, `type` 0 for a
    /// role or 1 for a member, `allow`, `deny` as strings).
    pub fn set_overwrites(&self, channel: u64, overwrites: Vec<Value>) {
        self.lock().overwrites.insert(channel, overwrites);
    }

    /// A channel's permission overwrite for a role or member: (allow, deny); `None` when
    /// the channel has none for it.
    pub fn overwrite(&self, channel: u64, target: u64) -> Option<(u64, u64)> {
        let s = self.lock();
        let o = s
            .overwrites
            .get(&channel)?
            .iter()
            .find(|o| o["id"] == json!(target.to_string()))?;
        let bits = |f: &str| o[f].as_str().and_then(|t| t.parse().ok()).unwrap_or(0u64);
        Some((bits("allow"), bits("deny")))
    }

    /// Sets forum `forum`'s tags (named `names`, in order) and whether every post must
    /// carry one (`REQUIRE_TAG`), as a moderator does in its settings; returns the tags' ids.
    pub fn set_forum_tags(&self, forum: u64, required: bool, names: &[&str]) -> Vec<u64> {
        let mut s = self.lock();
        let tags: Vec<(u64, String)> = names.iter().map(|n| (s.id(), n.to_string())).collect();
        let ids = tags.iter().map(|(id, _)| *id).collect();
        s.forum_tags.insert(forum, (required, tags));
        ids
    }

    /// The tags post `post` carries.
    pub fn applied_tags(&self, post: u64) -> Vec<u64> {
        self.lock()
            .applied_tags
            .get(&post)
            .cloned()
            .unwrap_or_default()
    }

    /// A moderator deletes thread `id` (a forum post): Discord sends THREAD_DELETE, and
    /// answers every later request about it 404 10003.
    pub fn delete_thread(&self, id: u64) {
        self.lock().delete_channel(id);
    }

    /// Thread `id` is deleted, but the gateway never tells the bot (a dropped event, or
    /// while it was away): only its requests about it meet 404 10003.
    pub fn delete_thread_unseen(&self, id: u64) {
        let mut s = self.lock();
        let gateway = s.gateway.take();
        s.delete_channel(id);
        s.gateway = gateway;
    }

    /// A post's (locked, archived) flags.
    pub fn thread_flags(&self, post: u64) -> (bool, bool) {
        self.lock()
            .thread_flags
            .get(&post)
            .copied()
            .unwrap_or((false, false))
    }

    /// Every change of a post's flags the bot made, in order: (post, locked, archived).
    pub fn thread_changes(&self) -> Vec<(u64, bool, bool)> {
        self.lock().thread_changes.clone()
    }

    /// The roles `user` holds: those the bot gave and has not taken back, and those given
    /// elsewhere ([`FakeDiscord::give_role_elsewhere`]).
    pub fn member_roles(&self, user: u64) -> Vec<u64> {
        self.lock()
            .member_roles
            .get(&user)
            .map(|r| r.iter().copied().collect())
            .unwrap_or_default()
    }

    /// Someone else (a moderator, another bot) gives `user` `role` on the server: kept with
    /// the member's roles, and told over the gateway as Discord tells it.
    pub fn give_role_elsewhere(&self, user: u64, role: u64) {
        let mut s = self.lock();
        s.member_roles.entry(user).or_default().insert(role);
        member_updated(&mut s, user);
    }

    /// Every role change the bot made, in order: (`PUT` or `DELETE`, user, role), and
    /// (`PATCH`, user, role) for each role a change of the member's whole list gave or took.
    pub fn role_changes(&self) -> Vec<(String, u64, u64)> {
        self.lock().role_changes.clone()
    }

    /// Names a member (their display name in interactions).
    pub fn name_user(&self, user: u64, name: &str) {
        self.lock().names.insert(user, name.to_string());
    }

    /// Refuses (400, Invalid Form Body) every new message to `channel` whose content
    /// contains `needle`.
    pub fn refuse(&self, channel: u64, needle: &str) {
        self.lock()
            .refused_texts
            .push((channel, needle.to_string()));
    }

    /// Makes DMs to `user` fail as Discord does when they closed theirs.
    /// The next request of `operation` (the spec's operation id) whose path or JSON body
    /// contains `needle` is carried out, but answered with a 500, as when the answer is lost
    /// after Discord acted: the bot cannot tell whether it reached Discord.
    pub fn lose_answer(&self, operation: &str, needle: &str) {
        self.lock()
            .lost_answers
            .push((operation.to_string(), needle.to_string()));
    }

    /// The next request of `operation` whose path or JSON body contains `needle` is carried
    /// out and counted at once, but its answer (with its rate-limit headers) reaches the bot
    /// only after `delay`: answers to requests in flight together then come back out of
    /// order.
    pub fn slow_answer(&self, operation: &str, needle: &str, delay: Duration) {
        self.lock()
            .slow_answers
            .push((operation.to_string(), needle.to_string(), delay));
    }

    /// A new bot process starts: it has read none of the rate-limit answers the fake gave the
    /// one before it, so a request into a bucket that one was told is empty is answered with
    /// Discord's 429 (the buckets keep counting) but is not the new process's fault.
    pub fn new_client(&self) {
        let mut s = self.lock();
        s.global.forget_answers();
        for b in s.buckets.values_mut() {
            b.forget_answers();
        }
    }

    pub fn close_dms(&self, user: u64) {
        self.lock().closed_dms.insert(user);
    }

    /// The intents the bot's last IDENTIFY asked for.
    pub fn intents(&self) -> u64 {
        self.lock().intents
    }

    /// `user` leaves the server, as Discord sees it: no longer a member (their roles gone;
    /// asking for them or changing their roles answers 10007 Unknown Member), sharing no
    /// server with the bot (a DM to them answers 50007), and `GUILD_MEMBER_REMOVE` sent
    /// over the gateway only if the bot identified with the Server Members intent.
    pub fn leave(&self, user: u64) {
        let mut s = self.lock();
        s.left.insert(user);
        s.member_roles.remove(&user);
        if s.intents & GUILD_MEMBERS_INTENT != 0 {
            let name = s.names.get(&user).cloned().unwrap_or(format!("user{user}"));
            let d = json!({"guild_id": GUILD.to_string(), "user": user_json(user, &name)});
            send(&mut s, "GUILD_MEMBER_REMOVE", d);
        }
    }

    pub fn calls(&self) -> Vec<Call> {
        self.lock().calls.clone()
    }

    pub fn messages(&self) -> Vec<Msg> {
        let mut v: Vec<Msg> = self.lock().messages.values().cloned().collect();
        v.sort_by_key(|m| m.order);
        v
    }

    pub fn channel_kind(&self, id: u64) -> Option<Kind> {
        self.lock().channels.get(&id).cloned()
    }

    /// The DM channel of a user, once the bot opened one.
    /// The members of a private thread, its creator first, in the order they joined.
    pub fn thread_members(&self, thread: u64) -> Vec<u64> {
        self.lock()
            .thread_members
            .get(&thread)
            .cloned()
            .unwrap_or_default()
    }

    /// Every private thread: (id, parent, name, invitable), oldest first.
    pub fn private_threads(&self) -> Vec<(u64, u64, String, bool)> {
        let mut out: Vec<(u64, u64, String, bool)> = self
            .lock()
            .channels
            .iter()
            .filter_map(|(id, k)| match k {
                Kind::Private {
                    parent,
                    name,
                    invitable,
                } => Some((*id, *parent, name.clone(), *invitable)),
                _ => None,
            })
            .collect();
        out.sort();
        out
    }

    pub fn dm_of(&self, user: u64) -> Option<u64> {
        self.lock().dms.get(&user).copied()
    }

    /// Messages in the DM of `user`.
    pub fn dms_to(&self, user: u64) -> Vec<Msg> {
        match self.dm_of(user) {
            Some(c) => self
                .messages()
                .into_iter()
                .filter(|m| m.channel == c)
                .collect(),
            None => Vec::new(),
        }
    }

    /// How many gateway connections the bot has made.
    pub fn connections(&self) -> usize {
        self.lock().connections
    }

    /// The registered commands (from `PUT /applications/{id}/commands`).
    pub fn commands(&self) -> Vec<Value> {
        self.lock().commands.clone()
    }

    /// Every request Discord would have refused so far (each was answered with Discord's
    /// error), and every operation the fake does not implement.
    pub fn violations(&self) -> Vec<Violation> {
        self.lock().violations.clone()
    }

    /// Panics, listing them, if any request so far broke Discord's rules.
    pub fn assert_no_violations(&self) {
        let v = self.violations();
        if !v.is_empty() {
            let list: Vec<String> = v.iter().map(|v| format!("  - {v}")).collect();
            panic!(
                "the bot made {} request(s) Discord would refuse:\n{}",
                v.len(),
                list.join("\n")
            );
        }
    }

    /// Waits until `f` holds, or panics after `secs` with `what`.
    pub async fn wait_for(&self, what: &str, secs: u64, mut f: impl FnMut(&FakeDiscord) -> bool) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        while !f(self) {
            if tokio::time::Instant::now() > deadline {
                panic!("timed out waiting for {what}");
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits until the bot has made a `method` request whose path contains `path`, or
    /// panics after `secs` with `what`.
    pub async fn wait_for_call(&self, what: &str, secs: u64, method: &str, path: &str) {
        self.wait_for(what, secs, |f| {
            f.calls()
                .iter()
                .any(|c| c.method == method && c.path.contains(path))
        })
        .await;
    }

    /// Sends a gateway dispatch to the connected bot.
    pub fn dispatch(&self, t: &str, d: Value) {
        send(&mut self.lock(), t, d);
    }

    fn name_of(&self, user: u64) -> String {
        self.lock()
            .names
            .get(&user)
            .cloned()
            .unwrap_or(format!("user{user}"))
    }

    /// A member as an interaction carries it: with `user` and `permissions`.
    fn member(&self, user: u64, roles: &[u64], permissions: u64) -> Value {
        let name = self.name_of(user);
        let mut m = member_json(&name, roles);
        m["user"] = user_json(user, &name);
        m["permissions"] = json!(permissions.to_string());
        m
    }

    /// Where an interaction happens: a server channel (with the member's roles and
    /// permissions) or a DM.
    fn base(
        &self,
        kind: u8,
        user: u64,
        channel: u64,
        roles: &[u64],
        perms: u64,
        locale: &str,
    ) -> (u64, Value) {
        let id = self.new_id();
        let in_dm = matches!(self.channel_kind(channel), Some(Kind::Dm { .. }));
        let name = self.name_of(user);
        let mut v = json!({
            "id": id.to_string(), "application_id": APP_ID.to_string(), "type": kind,
            "channel_id": channel.to_string(), "token": format!("tok{id}"), "version": 1,
            "locale": locale, "entitlements": [], "attachment_size_limit": 26214400,
            "app_permissions": "2248473465835073",
        });
        let kind = self.channel_kind(channel).unwrap_or(Kind::Text);
        v["channel"] = channel_json(channel, &kind);
        if in_dm {
            v["user"] = user_json(user, &name);
            v["context"] = json!(1);
            // Installed to a guild, used in the bot's DM: Discord says "0".
            v["authorizing_integration_owners"] = json!({"0": "0"});
        } else {
            v["guild_id"] = json!(GUILD.to_string());
            v["guild_locale"] = json!("zh-CN");
            v["guild"] = json!({"id": GUILD.to_string(), "locale": "zh-CN", "features": []});
            v["member"] = self.member(user, roles, perms);
            v["context"] = json!(0);
            v["authorizing_integration_owners"] = json!({"0": GUILD.to_string()});
            v["channel"]["permissions"] = json!(perms.to_string());
        }
        (id, v)
    }

    /// Uses a slash command: `path` is the command and subcommand names, `options` the
    /// (name, type, value) triples. Returns the interaction's id.
    #[allow(clippy::too_many_arguments)]
    pub fn slash(
        &self,
        user: u64,
        channel: u64,
        roles: &[u64],
        perms: u64,
        locale: &str,
        path: &[&str],
        options: &[(&str, u8, Value)],
        resolved: Value,
    ) -> u64 {
        let opts: Vec<Value> = options
            .iter()
            .map(|(n, t, v)| json!({"name": n, "type": t, "value": v}))
            .collect();
        let base = self.base(2, user, channel, roles, perms, locale);
        self.command_interaction(base, path, opts, resolved)
    }

    /// Types into an autocompleted option of a slash command (an interaction of type 4):
    /// `focused` is the option being typed and its partial text, `options` those already
    /// filled. Returns the interaction's id; its answer (type 8) carries the choices. Typed
    /// by a member without roles or permissions (Discord sends them, but suggestions do
    /// not depend on them).
    pub fn autocomplete(
        &self,
        user: u64,
        channel: u64,
        locale: &str,
        path: &[&str],
        options: &[(&str, u8, Value)],
        focused: (&str, u8, &str),
    ) -> u64 {
        let mut opts: Vec<Value> = options
            .iter()
            .map(|(n, t, v)| json!({"name": n, "type": t, "value": v}))
            .collect();
        // Discord sends the typed text as a string whatever the option's type.
        opts.push(
            json!({"name": focused.0, "type": focused.1, "value": focused.2, "focused": true}),
        );
        let base = self.base(4, user, channel, &[], 0, locale);
        self.command_interaction(base, path, opts, json!({}))
    }

    /// A command interaction (`base` from [`FakeDiscord::base`]) for `path` and `opts`.
    fn command_interaction(
        &self,
        base: (u64, Value),
        path: &[&str],
        opts: Vec<Value>,
        resolved: Value,
    ) -> u64 {
        // Looked up in place: a copy of every registered command per interaction would hold
        // the fake's lock long enough to show in the interaction bench's timings.
        let cmd_id = self
            .lock()
            .commands
            .iter()
            .find(|c| c["name"] == path[0])
            .and_then(|c| c["id"].as_str().map(String::from))
            .unwrap_or_else(|| panic!("command {} is registered", path[0]));
        let opts = if path.len() > 1 {
            vec![json!({"name": path[1], "type": 1, "options": opts})]
        } else {
            opts
        };
        let (id, mut v) = base;
        v["data"] = json!({"id": cmd_id, "name": path[0], "type": 1, "options": opts});
        if v["type"] == json!(2) {
            v["data"]["resolved"] = resolved;
        }
        if !v["guild_id"].is_null() {
            v["data"]["guild_id"] = json!(GUILD.to_string());
        }
        self.dispatch("INTERACTION_CREATE", v);
        id
    }

    /// A member sends the bot a direct message.
    pub fn post_dm(&self, user: u64, dm: u64, content: &str) -> u64 {
        let id = self.new_id();
        let m = Msg {
            id,
            channel: dm,
            content: content.to_string(),
            components: json!([]),
            author: Some(user),
            author_name: Some(self.name_of(user)),
            ..Msg::default()
        };
        self.dispatch("MESSAGE_CREATE", message_json(&m));
        id
    }

    /// A member edits their message (a MESSAGE_UPDATE).
    pub fn edit(&self, user: u64, channel: u64, message: u64, content: &str) {
        let name = self.name_of(user);
        // Discord sends the whole edited message.
        let mut m = self.message(message).unwrap_or(Msg {
            id: message,
            channel,
            components: json!([]),
            author: Some(user),
            ..Msg::default()
        });
        m.content = content.to_string();
        m.edits += 1;
        m.author_name = Some(name.clone());
        if let Some(held) = self.lock().messages.get_mut(&message) {
            *held = m.clone();
        }
        let mut d = message_json(&m);
        d["guild_id"] = json!(GUILD.to_string());
        d["member"] = member_json(&name, &[]);
        self.dispatch("MESSAGE_UPDATE", d);
    }

    /// A member deletes their message (a MESSAGE_DELETE).
    pub fn delete(&self, channel: u64, message: u64) {
        self.dispatch(
            "MESSAGE_DELETE",
            json!({"id": message.to_string(), "channel_id": channel.to_string(), "guild_id": GUILD.to_string()}),
        );
    }

    /// A channel's slow mode in seconds (`rate_limit_per_user`; 0: none).
    pub fn slow_mode(&self, channel: u64) -> u64 {
        self.lock().slow_modes.get(&channel).copied().unwrap_or(0)
    }

    /// A message of the bot's in `channel` from before (a prompt in a DM, a table in a
    /// post), held as if it had sent it: a component pressed on it, and a modal opened from
    /// that, are on a message Discord knows, so an UPDATE_MESSAGE answer edits it.
    pub fn sent_earlier(&self, channel: u64) -> Msg {
        let mut s = self.lock();
        let id = s.id();
        let m = s.created(id, channel, &json!({}));
        s.messages.insert(id, m.clone());
        m
    }

    /// A member's message, as the fake holds it (deleted or not).
    pub fn message(&self, id: u64) -> Option<Msg> {
        self.lock().messages.get(&id).cloned()
    }

    /// A member posts `content` in `channel` (a MESSAGE_CREATE the bot receives); the fake
    /// keeps it with `username` `member:<id>`.
    pub fn post(&self, user: u64, channel: u64, content: &str) -> u64 {
        self.post_as(user, channel, content, true)
    }

    /// A member posts `content` in `channel`, but the bot is not told: the gateway never
    /// delivers the MESSAGE_CREATE (as a dropped event would); only reading the channel
    /// back finds the message.
    pub fn post_unseen(&self, user: u64, channel: u64, content: &str) -> u64 {
        self.post_as(user, channel, content, false)
    }

    fn post_as(&self, user: u64, channel: u64, content: &str, seen: bool) -> u64 {
        let id = self.new_id();
        let name = self.name_of(user);
        let mut s = self.lock();
        if s.locked(channel) {
            // Discord's client lets no member without Manage Threads write in a locked
            // post: nothing is posted (0 is no message's id).
            return 0;
        }
        // Slow mode: Discord's client refuses a member's second message within the
        // channel's `rate_limit_per_user` and shows how long to wait; nothing is posted.
        let now = Instant::now();
        if let (Some(seconds), Some(last)) = (
            s.slow_modes.get(&channel),
            s.last_posts.get(&(channel, user)),
        ) {
            if now.duration_since(*last) < Duration::from_secs(*seconds) {
                return 0;
            }
        }
        s.last_posts.insert((channel, user), now);
        s.order += 1;
        let m = Msg {
            id,
            channel,
            content: content.to_string(),
            components: json!([]),
            order: s.order,
            username: Some(format!("member:{user}")),
            author: Some(user),
            author_name: Some(name.clone()),
            ..Msg::default()
        };
        s.messages.insert(id, m.clone());
        if seen {
            let mut d = message_json(&m);
            d["guild_id"] = json!(GUILD.to_string());
            d["member"] = member_json(&name, &[]);
            send(&mut s, "MESSAGE_CREATE", d);
        }
        id
    }

    /// Presses a button (`values` empty) or picks from a menu on message `message`.
    pub fn click(
        &self,
        user: u64,
        message: &Msg,
        custom_id: &str,
        values: &[&str],
        roles: &[u64],
    ) -> u64 {
        self.click_in("zh-CN", user, message, custom_id, values, roles)
    }

    /// As [`FakeDiscord::click`], from a client in `locale`.
    pub fn click_in(
        &self,
        locale: &str,
        user: u64,
        message: &Msg,
        custom_id: &str,
        values: &[&str],
        roles: &[u64],
    ) -> u64 {
        let (id, mut v) = self.base(3, user, message.channel, roles, 0, locale);
        v["message"] = message_json(message);
        self.lock().interaction_messages.insert(id, message.id);
        v["data"] = if values.is_empty() {
            json!({"custom_id": custom_id, "component_type": 2})
        } else {
            json!({"custom_id": custom_id, "component_type": 3, "values": values})
        };
        self.dispatch("INTERACTION_CREATE", v);
        id
    }

    /// Submits the modal the bot opened with `custom_id`, its text input `field` filled in
    /// with `value`. As Discord does, the submitted components mirror the modal's layout: a
    /// Label (type 18) comes back with its one `component`, an action row with `components`;
    /// every component gets the numeric `id` Discord assigns. Panics when the bot never
    /// opened such a modal or it has no such field (Discord cannot submit it either).
    pub fn submit_modal(
        &self,
        user: u64,
        channel: u64,
        custom_id: &str,
        field: &str,
        value: &str,
    ) -> u64 {
        self.submit_modal_in("zh-CN", user, channel, custom_id, field, value)
    }

    /// As [`FakeDiscord::submit_modal`], from a client in `locale`.
    pub fn submit_modal_in(
        &self,
        locale: &str,
        user: u64,
        channel: u64,
        custom_id: &str,
        field: &str,
        value: &str,
    ) -> u64 {
        let (modal, from) = {
            let s = self.lock();
            s.responses
                .iter()
                .filter(|(_, r)| {
                    r["type"] == json!(9) && r["data"]["custom_id"] == json!(custom_id)
                })
                .max_by_key(|(i, _)| **i)
                .map(|(i, r)| {
                    let message = s
                        .interaction_messages
                        .get(i)
                        .and_then(|m| s.messages.get(m))
                        .cloned();
                    (r["data"]["components"].clone(), message)
                })
                .unwrap_or_else(|| panic!("no modal {custom_id} was opened to submit"))
        };
        let mut next_id = 0;
        let mut number = || {
            next_id += 1;
            next_id
        };
        let mut found = false;
        let mut input = |c: &Value, id: u64| {
            found |= c["custom_id"] == json!(field);
            let value = if c["custom_id"] == json!(field) {
                value
            } else {
                ""
            };
            json!({"type": c["type"], "id": id, "custom_id": c["custom_id"], "value": value})
        };
        let components: Vec<Value> = modal
            .as_array()
            .into_iter()
            .flatten()
            .map(|top| match top["type"].as_u64() {
                Some(18) => {
                    let id = number();
                    json!({"type": 18, "id": id, "component": input(&top["component"], number())})
                }
                _ => {
                    let id = number();
                    let inner: Vec<Value> = top["components"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|c| input(c, number()))
                        .collect();
                    json!({"type": 1, "id": id, "components": inner})
                }
            })
            .collect();
        assert!(found, "modal {custom_id} has no text input {field}");
        let (id, mut v) = self.base(5, user, channel, &[], 0, locale);
        v["data"] = json!({"custom_id": custom_id, "components": components});
        // Opened from a component: Discord sends the message it was on.
        if let Some(m) = from {
            v["message"] = message_json(&m);
            self.lock().interaction_messages.insert(id, m.id);
        }
        self.dispatch("INTERACTION_CREATE", v);
        id
    }

    /// The bot's answer to an interaction (the callback body), waiting for it; fails at once
    /// if the fake refused the callback (late, or a second one).
    pub async fn response(&self, interaction: u64) -> Value {
        let mut out = Value::Null;
        self.wait_for("an interaction response", 20, |f| {
            let s = f.lock();
            if let Some(why) = s.refused.get(&interaction) {
                panic!("the bot's answer to interaction {interaction} was refused: {why}");
            }
            match s.responses.get(&interaction) {
                Some(v) => {
                    out = v.clone();
                    true
                }
                None => false,
            }
        })
        .await;
        out
    }

    /// The first callback to an interaction, waiting for it (20 s at most): its body (`None`
    /// when the fake refused it) and how long after the INTERACTION_CREATE it came. Woken by
    /// the callback itself, so a caller timing a closed loop loses no polling interval.
    pub async fn callback(&self, interaction: u64) -> Callback {
        let woken = self.lock().callbacks.clone();
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let notified = woken.notified();
            tokio::pin!(notified);
            // Registered before the look, so a callback between the two is not missed.
            notified.as_mut().enable();
            {
                let s = self.lock();
                if let Some(waited) = s.callback_times.get(&interaction) {
                    return Callback {
                        body: s.responses.get(&interaction).cloned(),
                        waited: *waited,
                    };
                }
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!("no callback to interaction {interaction} within 20 s");
            }
        }
    }

    /// The text of the bot's answer to an interaction: the callback's content, or, when the
    /// bot deferred (callback type 5), what it then said through the token (waiting for it).
    pub async fn answer(&self, interaction: u64) -> String {
        let v = self.response(interaction).await;
        if v["type"] != json!(5) {
            return v["data"]["content"]
                .as_str()
                .unwrap_or_default()
                .to_string();
        }
        self.follow_ups(interaction)
            .await
            .iter()
            .map(|b| b["content"].as_str().unwrap_or_default())
            .collect()
    }

    /// What the bot sent through an interaction's token after deferring it (the edit of the
    /// deferred answer, then follow-ups), in order, waiting for the first.
    pub async fn follow_ups(&self, interaction: u64) -> Vec<Value> {
        let mut out = Vec::new();
        self.wait_for("a deferred answer", 20, |f| {
            match f.lock().follow_ups.get(&interaction) {
                Some(parts) if !parts.is_empty() => {
                    out = parts.clone();
                    true
                }
                _ => false,
            }
        })
        .await;
        out
    }
}

/// The certificate (for `discord.com`, self-signed, valid until 2126) and key the TLS front
/// presents; test-only, generated with openssl for this fake.
const CERT: &str = include_str!("tls/discord.com.cert.pem");
const KEY: &str = include_str!("tls/discord.com.key.pem");

/// A TLS front for `discord.com`: serenity's rate limiter always sends to
/// `https://discord.com` (its proxy mode turns the limiter off), so the bot's HTTP client
/// resolves that name to this address and trusts [`CERT`]; each connection is decrypted
/// here and piped to the plain server at `plain`.
async fn tls_front(plain: SocketAddr) -> SocketAddr {
    use rustls::pki_types::pem::PemObject;
    use tokio_rustls::rustls;
    let certs = rustls::pki_types::CertificateDer::pem_slice_iter(CERT.as_bytes())
        .collect::<Result<Vec<_>, _>>()
        .expect("the fake's certificate parses");
    let key = rustls::pki_types::PrivateKeyDer::from_pem_slice(KEY.as_bytes())
        .expect("the fake's key parses");
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .expect("TLS versions")
    .with_no_client_auth()
    .with_single_cert(certs, key)
    .expect("the fake's certificate and key match");
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind a port for the fake Discord's TLS");
    let addr = listener.local_addr().expect("local address");
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            // No Nagle delay on either leg (see `FakeDiscord::start`).
            let _ = tcp.set_nodelay(true);
            tokio::spawn(async move {
                let Ok(mut tls) = acceptor.accept(tcp).await else {
                    return;
                };
                let Ok(mut inner) = tokio::net::TcpStream::connect(plain).await else {
                    return;
                };
                let _ = inner.set_nodelay(true);
                let _ = tokio::io::copy_bidirectional(&mut tls, &mut inner).await;
            });
        }
    });
    addr
}

async fn ws(ws: WebSocketUpgrade, AxState(state): AxState<Arc<Mutex<State>>>) -> Response {
    ws.on_upgrade(move |socket| gateway(socket, state))
}

/// One gateway connection: HELLO, then READY after IDENTIFY, ACKs for heartbeats, and
/// whatever the test dispatches.
async fn gateway(mut socket: WebSocket, state: Arc<Mutex<State>>) {
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 45000}}).to_string();
    if socket.send(WsMessage::Text(hello.into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(frame) => if socket.send(WsMessage::Text(frame.into())).await.is_err() { return },
                None => return,
            },
            incoming = socket.recv() => {
                let Some(Ok(msg)) = incoming else { return };
                let text = match msg {
                    WsMessage::Text(t) => t,
                    WsMessage::Close(_) => return,
                    _ => continue,
                };
                let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                match v["op"].as_u64() {
                    Some(1) => { let _ = socket.send(WsMessage::Text(json!({"op": 11}).to_string().into())).await; }
                    Some(2) => {
                        let (port, seq) = {
                            let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
                            s.gateway = Some(tx.clone());
                            s.connections += 1;
                            s.intents = v["d"]["intents"].as_u64().unwrap_or(0);
                            // A new session counts from 1.
                            s.seq = 1;
                            (s.port, s.seq)
                        };
                        let mut me = user_json(BOT_ID, "wolfjudge");
                        me["verified"] = json!(true);
                        me["mfa_enabled"] = json!(false);
                        me["email"] = Value::Null;
                        let ready = json!({"op": 0, "t": "READY", "s": seq, "d": {
                            "v": 10, "user": me, "user_settings": {}, "relationships": [],
                            "private_channels": [], "presences": [], "guild_join_requests": [],
                            "geo_ordered_rtc_regions": ["hongkong", "singapore"], "session_type": "normal",
                            "auth_session_id_hash": "fake", "_trace": ["[\"gateway-fake\",{}]"],
                            "guilds": [{"id": GUILD.to_string(), "unavailable": true}],
                            "session_id": "session", "resume_gateway_url": format!("ws://127.0.0.1:{port}/ws"),
                            "shard": [0, 1], "application": {"id": APP_ID.to_string(), "flags": 0}}});
                        if socket.send(WsMessage::Text(ready.to_string().into())).await.is_err() { return }
                        // Then, as Discord does, the guild the READY listed as unavailable.
                        let guild = {
                            let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
                            s.seq += 1;
                            json!({"op": 0, "t": "GUILD_CREATE", "s": s.seq, "d": guild_create(&s)})
                        };
                        if socket.send(WsMessage::Text(guild.to_string().into())).await.is_err() { return }
                    }
                    _ => {}
                }
            }
        }
    }
}

/// A message object as Discord sends it (`MessageResponse`), in REST answers and the
/// gateway.
fn message_json(m: &Msg) -> Value {
    let author = match (m.author, m.webhook) {
        (Some(user), _) => user_json(
            user,
            m.author_name.as_deref().unwrap_or(&format!("member{user}")),
        ),
        (None, Some(hook)) => webhook_user(hook, m.username.as_deref().unwrap_or("webhook")),
        (None, None) => user_json(BOT_ID, "wolfjudge"),
    };
    let edited = if m.edits > 0 { json!(TS) } else { Value::Null };
    let mentions: Vec<Value> = m
        .pinged_users
        .iter()
        .map(|u| user_json(*u, &format!("user{u}")))
        .collect();
    let mention_roles: Vec<String> = m.pinged_roles.iter().map(|r| r.to_string()).collect();
    let mut v = json!({"id": m.id.to_string(), "channel_id": m.channel.to_string(), "author": author,
           "content": m.content, "timestamp": TS, "edited_timestamp": edited, "tts": false,
           "mention_everyone": m.pinged_everyone, "mentions": mentions, "mention_roles": mention_roles, "attachments": [],
           "embeds": [], "pinned": false, "type": 0, "flags": 0, "components": m.components});
    if let Some(hook) = m.webhook {
        v["webhook_id"] = json!(hook.to_string());
    }
    v
}

/// The bot's application (`PrivateApplicationResponse`), which serenity asks for at start.
fn application_json() -> Value {
    json!({"id": APP_ID.to_string(), "name": "wolfjudge", "icon": null, "description": "",
           "type": null, "verify_key": "0".repeat(64), "flags": 0, "flags_new": "0",
           "redirect_uris": [], "interactions_endpoint_url": null,
           "role_connections_verification_url": null, "owner": user_json(1, "owner"),
           "approximate_guild_count": 1, "approximate_user_install_count": 0,
           "approximate_user_authorization_count": 0, "explicit_content_filter": 0, "team": null,
           "eligible_oauth2_scopes": [], "bot_public": true, "bot_require_code_grant": false,
           "bot": user_json(BOT_ID, "wolfjudge"), "integration_types_config": {}})
}

/// A role object (`GuildRoleResponse`).
fn role_json(id: u64, name: &str, position: u64, permissions: u64) -> Value {
    json!({"id": id.to_string(), "name": name, "permissions": permissions.to_string(),
           "position": position, "color": 0,
           "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
           "hoist": false, "managed": false, "mentionable": false, "icon": null,
           "unicode_emoji": null, "flags": 0, "description": null})
}

/// The guild as GUILD_CREATE carries it: `GuildResponse`'s fields and the gateway's own
/// (`joined_at`, `members`, `channels`, `threads`, ...). Channels in it omit `guild_id`.
fn guild_json(s: &State) -> Value {
    // @everyone has the guild's id; VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY | ...
    let roles: Vec<Value> = s
        .all_roles()
        .iter()
        .map(|(id, name, position, perms)| role_json(*id, name, *position, *perms))
        .collect();
    json!({"id": GUILD.to_string(), "name": "wolfjudge test server", "icon": null, "description": null,
        "home_header": null, "splash": null, "discovery_splash": null, "features": [], "banner": null,
        "owner_id": "1", "application_id": null, "region": "deprecated", "afk_channel_id": null,
        "afk_timeout": 300, "system_channel_id": null, "system_channel_flags": 0, "widget_enabled": false,
        "widget_channel_id": null, "verification_level": 0, "roles": roles,
        "default_message_notifications": 1, "mfa_level": 0, "explicit_content_filter": 0,
        "max_presences": null, "max_members": 500000, "max_stage_video_channel_users": 50,
        "max_video_channel_users": 25, "vanity_url_code": null, "premium_tier": 0,
        "premium_subscription_count": 0, "preferred_locale": "zh-CN", "rules_channel_id": null,
        "safety_alerts_channel_id": null, "public_updates_channel_id": null,
        "premium_progress_bar_enabled": false, "nsfw": false, "nsfw_level": 0, "emojis": [],
        "stickers": [], "incidents_data": null})
}

fn guild_create(s: &State) -> Value {
    let mut g = guild_json(s);
    let mut channels = Vec::new();
    let mut threads = Vec::new();
    let mut ids: Vec<&u64> = s.channels.keys().collect();
    ids.sort();
    for id in ids {
        let kind = &s.channels[id];
        let mut c = s.channel(*id, kind);
        match kind {
            Kind::Dm { .. } => continue,
            Kind::Post { .. } | Kind::Private { .. } => threads.push(c),
            _ => {
                if let Some(o) = c.as_object_mut() {
                    o.remove("guild_id");
                }
                channels.push(c);
            }
        }
    }
    let mut me = member_json("wolfjudge", &[BOT_ROLE]);
    me["user"] = user_json(BOT_ID, "wolfjudge");
    g["joined_at"] = json!(TS);
    g["large"] = json!(false);
    g["unavailable"] = json!(false);
    g["member_count"] = json!(s.names.len() + 1);
    g["members"] = json!([me]);
    g["channels"] = json!(channels);
    g["threads"] = json!(threads);
    g["presences"] = json!([]);
    g["voice_states"] = json!([]);
    g["stage_instances"] = json!([]);
    g["guild_scheduled_events"] = json!([]);
    g["soundboard_sounds"] = json!([]);
    g["lazy"] = json!(true);
    g
}

/// Where `needle` occurs in `hay` from `from` on.
fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    hay.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|i| i + from)
}

/// A `name="…"` parameter of a part's headers.
fn param(head: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let start = head.find(&key)? + key.len();
    let len = head[start..].find('"')?;
    Some(head[start..start + len].to_string())
}

/// The parts of a multipart body as (headers, content), bytes kept as sent.
fn parts(body: &[u8], boundary: &str) -> Vec<(String, Vec<u8>)> {
    let delim = format!("--{boundary}").into_bytes();
    let mut out = Vec::new();
    let Some(mut at) = find(body, &delim, 0) else {
        return out;
    };
    loop {
        let start = at + delim.len();
        if body.get(start..start + 2) == Some(b"--") {
            return out;
        }
        let Some(next) = find(body, &delim, start) else {
            return out;
        };
        let part = &body[start..next];
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        let part = part.strip_suffix(b"\r\n").unwrap_or(part);
        if let Some(split) = find(part, b"\r\n\r\n", 0) {
            let head = String::from_utf8_lossy(&part[..split]).to_string();
            out.push((head, part[split + 4..].to_vec()));
        }
        at = next;
    }
}

/// The JSON of a request (plain, or the `payload_json` part of a multipart body), `None`
/// when it has none and an error when it is not JSON, and the files of a multipart body.
fn body_of(headers: &HeaderMap, body: &Bytes) -> (Result<Option<Value>, String>, Vec<Upload>) {
    let ct = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let Some(b) = ct.split("boundary=").nth(1) else {
        if body.is_empty() {
            return (Ok(None), Vec::new());
        }
        let parsed = serde_json::from_slice(body)
            .map(Some)
            .map_err(|e| format!("the body is not JSON: {e}"));
        return (parsed, Vec::new());
    };
    let mut json = Ok(None);
    let mut files = Vec::new();
    for (head, content) in parts(body, b.trim_matches('"')) {
        let field = param(&head, "name").unwrap_or_default();
        match param(&head, "filename") {
            Some(filename) => files.push(Upload {
                field,
                filename,
                bytes: content,
            }),
            None if field == "payload_json" => {
                json = serde_json::from_slice(&content)
                    .map(Some)
                    .map_err(|e| format!("payload_json is not JSON: {e}"));
            }
            None => {}
        }
    }
    (json, files)
}

fn error(status: StatusCode, code: u64, message: &str) -> Response {
    (status, Json(json!({"code": code, "message": message}))).into_response()
}

fn channel_json(id: u64, kind: &Kind) -> Value {
    match kind {
        Kind::Dm { user } => {
            json!({"id": id.to_string(), "type": 1, "flags": 0, "recipients": [user_json(*user, "member")], "last_message_id": null})
        }
        Kind::Post { forum, name } => {
            json!({"id": id.to_string(), "type": 11, "guild_id": GUILD.to_string(),
            "parent_id": forum.to_string(), "name": name, "last_message_id": id.to_string(), "flags": 0,
            "nsfw": false, "rate_limit_per_user": 0, "flags": 0, "owner_id": BOT_ID.to_string(),
            "thread_metadata": {"archived": false, "auto_archive_duration": 1440, "archive_timestamp": TS, "locked": false},
            "message_count": 0, "member_count": 1, "total_message_sent": 0, "applied_tags": []})
        }
        Kind::Private {
            parent,
            name,
            invitable,
        } => {
            json!({"id": id.to_string(), "type": 12, "guild_id": GUILD.to_string(),
            "parent_id": parent.to_string(), "name": name, "last_message_id": null, "flags": 0,
            "rate_limit_per_user": 0, "owner_id": BOT_ID.to_string(),
            "thread_metadata": {"archived": false, "auto_archive_duration": 10080, "archive_timestamp": TS,
                "locked": false, "invitable": invitable},
            "message_count": 0, "member_count": 1, "total_message_sent": 0})
        }
        Kind::Forum | Kind::Text => {
            let mut c = json!({"id": id.to_string(), "type": if *kind == Kind::Forum {15} else {0},
            "guild_id": GUILD.to_string(), "name": "channel", "position": 0, "permission_overwrites": [], "nsfw": false,
            "flags": 0, "parent_id": null, "last_message_id": null, "rate_limit_per_user": 0, "topic": null});
            if *kind == Kind::Forum {
                c["available_tags"] = json!([]);
                c["default_reaction_emoji"] = Value::Null;
                c["default_sort_order"] = Value::Null;
                c["default_forum_layout"] = json!(0);
                c["default_thread_rate_limit_per_user"] = json!(0);
                c["default_auto_archive_duration"] = json!(4320);
            }
            c
        }
    }
}

/// One rate-limit window: `limit` requests per `per`, counted from the window's first
/// request (as Discord's `X-RateLimit-Reset-After` counts), with what the fake told the bot.
#[derive(Debug, Clone)]
struct Bucket {
    limit: u32,
    per: Duration,
    start: Option<Instant>,
    used: u32,
    /// When the fake answered "Remaining: 0", and until when that holds.
    told_empty: Option<(Instant, Instant)>,
    /// A 429 answered (when, and until when): retrying before then ignores `retry_after`.
    retry_until: Option<(Instant, Instant)>,
}

impl Default for Bucket {
    /// The global limit: 50 requests a second.
    fn default() -> Bucket {
        Bucket::new(50, Duration::from_secs(1))
    }
}

/// How long after answering "Remaining: 0" or 429 a request to the bucket counts as the
/// bot's fault: a request already on its way (sent before the bot read that answer) does not.
const GRACE: Duration = Duration::from_millis(250);

/// Outcome of counting one request against a bucket.
enum Take {
    /// Allowed: (remaining, reset after).
    Ok(u32, Duration),
    /// Refused with 429: (retry after, whether the bot had been told to wait).
    Limited(Duration, bool),
}

impl Bucket {
    /// Forgets what the bucket's answers told the client (see [`FakeDiscord::new_client`]).
    fn forget_answers(&mut self) {
        self.told_empty = None;
        self.retry_until = None;
    }

    fn new(limit: u32, per: Duration) -> Bucket {
        Bucket {
            limit,
            per,
            start: None,
            used: 0,
            told_empty: None,
            retry_until: None,
        }
    }

    fn take(&mut self, now: Instant) -> Take {
        let start = match self.start {
            Some(start) if now < start + self.per => start,
            _ => {
                self.start = Some(now);
                self.used = 0;
                self.told_empty = None;
                self.retry_until = None;
                now
            }
        };
        let reset = start + self.per;
        if self.used >= self.limit {
            let ignored_retry = self
                .retry_until
                .is_some_and(|(told, until)| now >= told + GRACE && now < until);
            let ignored_remaining = self
                .told_empty
                .is_some_and(|(told, until)| now >= told + GRACE && now < until);
            if self.retry_until.is_none() {
                self.retry_until = Some((now, reset));
            }
            return Take::Limited(reset - now, ignored_retry || ignored_remaining);
        }
        self.used += 1;
        if self.used == self.limit {
            self.told_empty = Some((now, reset));
        }
        Take::Ok(self.limit - self.used, reset - now)
    }
}

/// The size of the bucket of an operation (by its path template), or `None` for the
/// interaction callback, which Discord neither buckets nor counts against the global limit.
fn bucket_size(template: &str) -> Option<(u32, Duration)> {
    let ms = Duration::from_millis;
    Some(match template {
        "/interactions/{interaction_id}/{interaction_token}/callback" => return None,
        // Discord: 5 messages per 5 s in a channel; edits and deletions alike.
        "/channels/{channel_id}/messages" | "/channels/{channel_id}/messages/{message_id}" => {
            (5, ms(5000))
        }
        // Reactions: one per 250 ms in a channel.
        t if t.contains("/reactions/") => (1, ms(250)),
        // Webhooks (relays and interaction follow-ups): 5 per 2 s a webhook.
        t if t.starts_with("/webhooks/") => (5, ms(2000)),
        // Opening a DM: no documented figure; 10 a second.
        "/users/@me/channels" => (10, ms(1000)),
        // Registering commands (bulk overwrite): a few a minute.
        "/applications/{application_id}/commands" => (4, ms(60_000)),
        _ => (5, ms(5000)),
    })
}

/// Whether the operation counts against the global 50/s: interactions (callback and
/// follow-ups through the interaction's token) do not.
fn global_exempt(template: &str, path: &str) -> bool {
    template.starts_with("/interactions/")
        || (template.starts_with("/webhooks/")
            && path.trim_matches('/').split('/').nth(1) == Some(&APP_ID.to_string()))
}

/// A request's major parameters (channel, guild, webhook and its token), which with the
/// route select its bucket.
fn major(template: &str, path: &str) -> String {
    template
        .trim_matches('/')
        .split('/')
        .zip(path.trim_matches('/').split('/'))
        .filter(|(t, _)| {
            [
                "{channel_id}",
                "{guild_id}",
                "{webhook_id}",
                "{webhook_token}",
            ]
            .contains(t)
        })
        .map(|(_, p)| p)
        .collect::<Vec<_>>()
        .join("/")
}

/// Discord's rate-limit headers for a bucket state.
fn limit_headers(template: &str, limit: u32, remaining: u32, reset_after: Duration) -> HeaderMap {
    let reset = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        + reset_after;
    let hash = {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        template.hash(&mut h);
        format!("{:016x}", h.finish())
    };
    let mut m = HeaderMap::new();
    let mut put = |k: &'static str, v: String| {
        if let Ok(v) = v.parse() {
            m.insert(k, v);
        }
    };
    put("x-ratelimit-limit", limit.to_string());
    put("x-ratelimit-remaining", remaining.to_string());
    put("x-ratelimit-reset", format!("{:.3}", reset.as_secs_f64()));
    put(
        "x-ratelimit-reset-after",
        format!("{:.3}", reset_after.as_secs_f64()),
    );
    put("x-ratelimit-bucket", hash);
    m
}

/// Discord's 429: the JSON body with `retry_after` in seconds, and `Retry-After` (whole
/// seconds, rounded up) with the bucket's headers.
fn too_many(retry: Duration, global: bool, mut headers: HeaderMap) -> Response {
    let secs = retry.as_secs_f64();
    let mut put = |k: &'static str, v: String| {
        if let Ok(v) = v.parse() {
            headers.insert(k, v);
        }
    };
    put("retry-after", (secs.ceil() as u64).max(1).to_string());
    put(
        "x-ratelimit-scope",
        if global { "global" } else { "user" }.into(),
    );
    if global {
        put("x-ratelimit-global", "true".into());
    }
    let body = json!({"message": "You are being rate limited.", "retry_after": (secs * 1000.0).ceil() / 1000.0, "global": global});
    (StatusCode::TOO_MANY_REQUESTS, headers, Json(body)).into_response()
}

/// Counts a request against the global limit and its bucket: `Err` is the 429 to answer
/// (recorded as a violation when the bot had been told to wait), `Ok` the headers to add.
fn rate_limit(
    s: &mut State,
    operation: &str,
    template: &str,
    path: &str,
) -> Result<HeaderMap, Box<Response>> {
    let now = Instant::now();
    let Some((limit, per)) = bucket_size(template) else {
        return Ok(HeaderMap::new());
    };
    if !global_exempt(template, path) {
        if let Take::Limited(retry, ignored) = s.global.take(now) {
            if ignored {
                s.violations.push(Violation {
                    operation: operation.to_string(),
                    field: Vec::new(),
                    code: "RATE_LIMITED".into(),
                    problem: "sent during a global rate limit's retry_after".into(),
                });
            }
            return Err(Box::new(too_many(retry, true, HeaderMap::new())));
        }
    }
    let key = (template.to_string(), major(template, path));
    let bucket = s
        .buckets
        .entry(key)
        .or_insert_with(|| Bucket::new(limit, per));
    match bucket.take(now) {
        Take::Ok(remaining, reset) => Ok(limit_headers(template, limit, remaining, reset)),
        Take::Limited(retry, ignored) => {
            if ignored {
                s.violations.push(Violation {
                    operation: operation.to_string(),
                    field: Vec::new(),
                    code: "RATE_LIMITED".into(),
                    problem: format!(
                        "sent to an exhausted bucket ({limit} per {per:?}) before the reset the fake had announced"
                    ),
                });
            }
            let headers = limit_headers(template, limit, 0, retry);
            Err(Box::new(too_many(retry, false, headers)))
        }
    }
}

async fn rest(
    AxState(state): AxState<Arc<Mutex<State>>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (answer, slow) = rest_now(&state, &method, &uri, &headers, &body);
    if let Some(delay) = slow {
        tokio::time::sleep(delay).await;
    }
    answer
}

/// Carries out and answers a REST request under the state's lock; with the delay its answer
/// is held back by ([`FakeDiscord::slow_answer`]), which [`rest`] waits out unlocked.
fn rest_now(
    state: &Mutex<State>,
    method: &Method,
    uri: &Uri,
    headers: &HeaderMap,
    body: &Bytes,
) -> (Response, Option<Duration>) {
    let path = uri.path().trim_start_matches("/api/v10").to_string();
    let (parsed, files) = body_of(headers, body);
    let checked = match &parsed {
        Ok(b) => spec::check_request(method.as_str(), &path, uri.query(), b.as_ref()),
        Err(e) => Err(vec![Violation {
            operation: spec::route(method.as_str(), &path)
                .map(|op| op.id.clone())
                .unwrap_or(format!("{method} {path}")),
            field: Vec::new(),
            code: "BASE_TYPE_BAD_TYPE".into(),
            problem: e.clone(),
        }]),
    };
    let json_body = parsed.ok().flatten().unwrap_or(Value::Null);
    let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
    let operation = match &checked {
        Ok(op) => op.id.clone(),
        Err(v) => v.first().map(|v| v.operation.clone()).unwrap_or_default(),
    };
    s.calls.push(Call {
        method: method.to_string(),
        path: path.clone(),
        operation: operation.clone(),
        body: json_body.clone(),
        files,
    });
    // Rate limits first: a limited request is answered 429 whatever its body.
    let mut limit_headers = HeaderMap::new();
    if let Some(op) = spec::route(method.as_str(), &path) {
        match rate_limit(&mut s, &operation, &op.template, &path) {
            Ok(h) => limit_headers = h,
            Err(refused) => return (*refused, None),
        }
    }
    // What Discord refuses never reaches the fake's state: it answers with Discord's error,
    // and the test fails at its end (the violation is recorded).
    if let Err(violations) = checked {
        let unknown = spec::route(method.as_str(), &path).is_none();
        // Printed as well, so that a test failing for another reason first still shows it.
        for v in &violations {
            eprintln!("fake Discord refused: {v}");
        }
        s.violations.extend(violations.iter().cloned());
        let answer = if unknown {
            error(StatusCode::NOT_FOUND, 0, "404: Not Found")
        } else {
            (
                StatusCode::BAD_REQUEST,
                Json(spec::invalid_form_body(&violations)),
            )
                .into_response()
        };
        return (answer, None);
    }
    let text = format!("{path} {json_body}");
    let meant = |op: &String, needle: &String| *op == operation && text.contains(needle.as_str());
    let lose = take_first(&mut s.lost_answers, |(op, needle)| meant(op, needle));
    let slow = take_first(&mut s.slow_answers, |(op, needle, _)| meant(op, needle))
        .map(|(_, _, delay)| delay);
    let mut answer = serve(s, method, &path, uri, json_body, operation);
    if lose.is_some() {
        answer = error(
            StatusCode::INTERNAL_SERVER_ERROR,
            0,
            "500: Internal Server Error",
        );
    }
    answer.headers_mut().extend(limit_headers);
    (answer, slow)
}

/// Takes the first of `list` that `hit` picks out of it (a test's lost or slow answer,
/// meant for one request only).
fn take_first<T>(list: &mut Vec<T>, hit: impl Fn(&T) -> bool) -> Option<T> {
    let i = list.iter().position(hit)?;
    Some(list.remove(i))
}

/// Answers a request Discord accepts (checked and within its limits).
fn serve(
    mut s: std::sync::MutexGuard<'_, State>,
    method: &Method,
    path: &str,
    uri: &Uri,
    json_body: Value,
    operation: String,
) -> Response {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let port = s.port;
    // A deleted channel: whatever is asked about it, Discord knows it no more.
    if let ["channels", channel, ..] = parts.as_slice() {
        if channel
            .parse()
            .is_ok_and(|c: u64| s.deleted_channels.contains(&c))
        {
            return error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
        }
    }
    match (method.as_str(), parts.as_slice()) {
        ("GET", ["gateway"]) => Json(json!({"url": format!("ws://127.0.0.1:{port}/ws")})).into_response(),
        ("GET", ["gateway", "bot"]) => Json(json!({"url": format!("ws://127.0.0.1:{port}/ws"), "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})).into_response(),
        ("GET", ["users", "@me"]) => Json(user_json(BOT_ID, "wolfjudge")).into_response(),
        ("GET", ["oauth2", "applications", "@me"]) => Json(application_json()).into_response(),
        ("PUT", ["applications", _, "commands"]) => {
            let mut cmds = json_body.as_array().cloned().unwrap_or_default();
            for c in &mut cmds {
                let id = s.id();
                c["id"] = json!(id.to_string());
                c["application_id"] = json!(APP_ID.to_string());
                c["version"] = json!(id.to_string());
                if c.get("type").is_none() {
                    c["type"] = json!(1);
                }
                // Discord answers with every field, the permissions as a string.
                c["default_member_permissions"] = match &c["default_member_permissions"] {
                    Value::Number(n) => json!(n.to_string()),
                    Value::String(p) => json!(p),
                    _ => Value::Null,
                };
                if c["description"].is_null() {
                    c["description"] = json!("");
                }
                c["nsfw"] = json!(c["nsfw"].as_bool().unwrap_or(false));
            }
            s.commands = cmds.clone();
            Json(Value::Array(cmds)).into_response()
        }
        ("POST", ["users", "@me", "channels"]) => {
            let user: u64 = json_body["recipient_id"]
                .as_str()
                .and_then(|u| u.parse().ok())
                .or_else(|| json_body["recipient_id"].as_u64())
                .unwrap_or(0);
            let id = match s.dms.get(&user) {
                Some(id) => *id,
                None => {
                    let id = s.id();
                    s.dms.insert(user, id);
                    s.channels.insert(id, Kind::Dm { user });
                    id
                }
            };
            Json(channel_json(id, &Kind::Dm { user })).into_response()
        }
        ("POST", ["channels", channel, "messages"]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            if let Some(Kind::Dm { user }) = s.channels.get(&channel) {
                // Closed DMs, or no server in common any more: Discord says the same.
                if s.closed_dms.contains(user) || s.left.contains(user) {
                    return error(StatusCode::FORBIDDEN, 50007, "Cannot send messages to this user");
                }
            }
            if !s.channels.contains_key(&channel) {
                return error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            }
            if s.bot_may_not_write(channel) {
                return wrote_in_locked(&mut s, operation, channel);
            }
            let content = json_body["content"].as_str().unwrap_or_default();
            if s.refused_texts
                .iter()
                .any(|(c, r)| *c == channel && content.contains(r.as_str()))
            {
                return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
            }
            let nonce = json_body["nonce"].as_str().map(String::from);
            if json_body["enforce_nonce"] == json!(true) {
                if let Some(n) = &nonce {
                    if let Some(existing) = s.nonces.get(&(channel, n.clone())) {
                        let m = s.messages.get(existing).cloned();
                        drop(s);
                        if let Some(m) = m {
                            return Json(message_json(&m)).into_response();
                        }
                        return error(StatusCode::INTERNAL_SERVER_ERROR, 0, "lost message");
                    }
                }
            }
            let id = s.id();
            let m = s.created(id, channel, &json_body);
            if let Some(n) = nonce {
                s.nonces.insert((channel, n), id);
            }
            s.messages.insert(id, m.clone());
            echo(&mut s, "MESSAGE_CREATE", &m);
            drop(s);
            Json(message_json(&m)).into_response()
        }
        ("PATCH", ["channels", channel, "messages", message]) => {
            let message: u64 = message.parse().unwrap_or(0);
            let _channel: u64 = channel.parse().unwrap_or(0);
            let Some(m) = s.messages.get_mut(&message) else {
                return error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
            };
            if let Some(c) = json_body["content"].as_str() {
                m.content = c.to_string();
            }
            m.edits += 1;
            if let Some(c) = json_body.get("components") {
                m.components = c.clone();
            }
            let m = m.clone();
            echo(&mut s, "MESSAGE_UPDATE", &m);
            drop(s);
            Json(message_json(&m)).into_response()
        }
        // A thread without a message in a text channel: private (type 12) as the bot asks;
        // Discord answers 201 with the thread, its creator its first member.
        ("POST", ["channels", parent, "threads"])
            if s.channels.get(&parent.parse::<u64>().unwrap_or(0)) == Some(&Kind::Text) =>
        {
            let parent: u64 = parent.parse().unwrap_or(0);
            if json_body["type"] != json!(12) {
                s.violations.push(Violation {
                    operation,
                    field: vec!["type".into()],
                    code: "FAKE_NOT_IMPLEMENTED".into(),
                    problem: "the fake opens only private threads (type 12) in text channels".into(),
                });
                return error(StatusCode::NOT_FOUND, 0, "not implemented by the fake Discord");
            }
            let id = s.id();
            let kind = Kind::Private {
                parent,
                name: json_body["name"].as_str().unwrap_or_default().to_string(),
                // Discord's default: members may invite others.
                invitable: json_body["invitable"].as_bool().unwrap_or(true),
            };
            s.channels.insert(id, kind.clone());
            s.thread_members.insert(id, vec![BOT_ID]);
            let mut thread = channel_json(id, &kind);
            thread["newly_created"] = json!(true);
            send(&mut s, "THREAD_CREATE", thread.clone());
            (StatusCode::CREATED, Json(thread)).into_response()
        }
        // A member joins a thread (adding one twice changes nothing); the user must be one
        // the server knows.
        ("PUT", ["channels", thread, "thread-members", user]) => {
            let (thread, user): (u64, u64) = (thread.parse().unwrap_or(0), user.parse().unwrap_or(0));
            if !matches!(s.channels.get(&thread), Some(Kind::Private { .. })) {
                return error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            }
            if !s.names.contains_key(&user) {
                return error(StatusCode::NOT_FOUND, 10013, "Unknown User");
            }
            let members = s.thread_members.entry(thread).or_default();
            if !members.contains(&user) {
                members.push(user);
            }
            StatusCode::NO_CONTENT.into_response()
        }
        ("DELETE", ["channels", thread, "thread-members", user]) => {
            let (thread, user): (u64, u64) = (thread.parse().unwrap_or(0), user.parse().unwrap_or(0));
            if !matches!(s.channels.get(&thread), Some(Kind::Private { .. })) {
                return error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            }
            let members = s.thread_members.entry(thread).or_default();
            match members.iter().position(|m| *m == user) {
                Some(i) => {
                    members.remove(i);
                    StatusCode::NO_CONTENT.into_response()
                }
                None => error(StatusCode::NOT_FOUND, 10007, "Unknown Member"),
            }
        }
        ("POST", ["channels", forum, "threads"]) => {
            let forum: u64 = forum.parse().unwrap_or(0);
            if s.channels.get(&forum) != Some(&Kind::Forum) {
                return error(StatusCode::BAD_REQUEST, 50024, "Cannot execute action on this channel type");
            }
            let tags = match s.post_tags(forum, &json_body, &operation) {
                Ok(tags) => tags,
                Err(refused) => return refused,
            };
            let id = s.id();
            let name = json_body["name"].as_str().unwrap_or_default().to_string();
            let kind = Kind::Post { forum, name };
            s.channels.insert(id, kind.clone());
            if let Some(seconds) = json_body["rate_limit_per_user"].as_u64().filter(|r| *r > 0) {
                s.slow_modes.insert(id, seconds);
            }
            s.applied_tags.insert(id, tags);
            // A forum post's opening message has the post's id.
            let m = s.created(id, id, &json_body["message"]);
            s.messages.insert(id, m.clone());
            let mut thread = s.channel(id, &kind);
            thread["newly_created"] = json!(true);
            send(&mut s, "THREAD_CREATE", thread.clone());
            echo(&mut s, "MESSAGE_CREATE", &m);
            Json(thread).into_response()
        }
        ("POST", ["interactions", id, _token, "callback"]) => {
            let id: u64 = id.parse().unwrap_or(0);
            let refuse = |s: &mut State, status: StatusCode, code: u64, message: &str| {
                eprintln!("fake Discord refused the callback of interaction {id}: {message}");
                s.refused.insert(id, message.to_string());
                s.violations.push(Violation {
                    operation: operation.clone(),
                    field: Vec::new(),
                    code: code.to_string(),
                    problem: message.to_string(),
                });
                error(status, code, message)
            };
            let Some(sent) = s.interactions.get(&id).copied() else {
                return refuse(&mut s, StatusCode::NOT_FOUND, 10062, "Unknown interaction");
            };
            if s.responses.contains_key(&id) {
                return refuse(&mut s, StatusCode::BAD_REQUEST, 40060, "Interaction has already been acknowledged.");
            }
            let waited = sent.elapsed();
            s.callback_times.entry(id).or_insert(waited);
            s.callbacks.notify_waiters();
            if waited > INTERACTION_DEADLINE {
                let why = format!("Unknown interaction (answered after {waited:?}, Discord allows 3 s)");
                let refused = refuse(&mut s, StatusCode::NOT_FOUND, 10062, "Unknown interaction");
                s.refused.insert(id, why);
                return refused;
            }
            s.answer_times.push(waited);
            // UPDATE_MESSAGE: the message the component was on is edited, as a PATCH would.
            if json_body["type"] == json!(7) {
                let Some(message) = s.interaction_messages.get(&id).copied() else {
                    return refuse(&mut s, StatusCode::BAD_REQUEST, 50035, "UPDATE_MESSAGE without a message");
                };
                if let Some(m) = s.messages.get_mut(&message) {
                    if let Some(c) = json_body["data"]["content"].as_str() {
                        m.content = c.to_string();
                    }
                    if let Some(c) = json_body["data"].get("components") {
                        m.components = c.clone();
                    }
                    m.edits += 1;
                    let m = m.clone();
                    echo(&mut s, "MESSAGE_UPDATE", &m);
                }
            }
            s.responses.insert(id, json_body);
            StatusCode::NO_CONTENT.into_response()
        }
        ("POST", ["channels", channel, "webhooks"]) => {
            let id = s.id();
            let token = format!("hooktoken{id}");
            s.webhooks.insert(id, token.clone());
            Json(json!({"id": id.to_string(), "type": 1, "channel_id": channel, "guild_id": GUILD.to_string(),
                        "name": json_body["name"], "avatar": null, "token": token, "application_id": APP_ID.to_string(),
                        "url": format!("https://discord.com/api/webhooks/{id}/{token}")})).into_response()
        }
        ("POST", ["webhooks", hook, token]) if hook.parse::<u64>().ok().and_then(|h| s.webhooks.get(&h)).is_some_and(|t| t == token) => {
            // A relayed post: under the webhook's given name, in the thread asked for.
            let thread: u64 = uri
                .query()
                .unwrap_or("")
                .split('&')
                .find_map(|kv| kv.strip_prefix("thread_id="))
                .and_then(|t| t.parse().ok())
                .unwrap_or(0);
            if !s.channels.contains_key(&thread) {
                return error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            }
            if s.bot_may_not_write(thread) {
                return wrote_in_locked(&mut s, operation, thread);
            }
            let id = s.id();
            let m = Msg {
                // A relay carries no components.
                components: json!([]),
                username: json_body["username"].as_str().map(String::from),
                avatar_url: json_body["avatar_url"].as_str().map(String::from),
                webhook: hook.parse().ok(),
                ..s.created(id, thread, &json_body)
            };
            s.messages.insert(id, m.clone());
            echo(&mut s, "MESSAGE_CREATE", &m);
            drop(s);
            Json(message_json(&m)).into_response()
        }
        // Follow-ups and edits through an interaction's token: 15 minutes from the interaction.
        ("GET" | "PATCH" | "POST" | "DELETE", ["webhooks", app, token, ..])
            if *app == APP_ID.to_string()
                && s.tokens.get(*token).and_then(|i| s.interactions.get(i)).is_none_or(|t| t.elapsed() > TOKEN_LIFETIME) =>
        {
            s.violations.push(Violation {
                operation,
                field: Vec::new(),
                code: "10015".into(),
                problem: "Unknown Webhook (no interaction of this token in the last 15 minutes)".into(),
            });
            error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook")
        }
        ("GET" | "PATCH" | "POST", ["webhooks", ..]) => {
            let interaction = parts.get(2).and_then(|token| s.tokens.get(*token)).copied();
            if let (Some(interaction), "PATCH" | "POST") = (interaction, method.as_str()) {
                s.follow_ups.entry(interaction).or_default().push(json_body.clone());
            }
            let channel = interaction
                .and_then(|i| s.interaction_channels.get(&i))
                .copied()
                .unwrap_or(1);
            let id = s.id();
            let m = Msg { id, channel, content: json_body["content"].as_str().unwrap_or_default().to_string(), components: json!([]), ..Msg::default() };
            drop(s);
            Json(message_json(&m)).into_response()
        }
        ("GET", ["channels", channel, "messages"]) => {
            // A page of the channel's messages, newest first, as Discord returns them:
            // `limit` of them (default 50, 1–100), the newest before `before`, or the
            // oldest after `after`, else the newest. Ids grow with time, as snowflakes do.
            let channel: u64 = channel.parse().unwrap_or(0);
            let query = |key: &str| -> Option<u64> {
                uri.query()?
                    .split('&')
                    .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))?
                    .parse()
                    .ok()
            };
            let limit = query("limit").unwrap_or(50).clamp(1, 100) as usize;
            let (before, after) = (query("before"), query("after"));
            let mut list: Vec<Msg> = s
                .messages
                .values()
                .filter(|m| m.channel == channel && !m.deleted)
                .filter(|m| before.is_none_or(|b| m.id < b) && after.is_none_or(|a| m.id > a))
                .cloned()
                .collect();
            list.sort_by_key(|m| m.id);
            let page: Vec<Msg> = if after.is_some() {
                list.into_iter().take(limit).rev().collect()
            } else {
                list.into_iter().rev().take(limit).collect()
            };
            Json(Value::Array(page.iter().map(message_json).collect())).into_response()
        }
        ("GET", ["guilds", _guild, "threads", "active"]) => {
            // Every forum post and private thread not archived, oldest first.
            let mut posts: Vec<(u64, Kind)> = s
                .channels
                .iter()
                .filter(|(id, k)| {
                    matches!(k, Kind::Post { .. } | Kind::Private { .. })
                        && !s.thread_flags.get(id).is_some_and(|(_, archived)| *archived)
                })
                .map(|(id, k)| (*id, k.clone()))
                .collect();
            posts.sort_by_key(|(id, _)| *id);
            let threads: Vec<Value> = posts.iter().map(|(id, k)| s.channel(*id, k)).collect();
            Json(json!({"threads": threads, "members": [], "has_more": false})).into_response()
        }
        ("DELETE", ["channels", channel, "messages", message]) => {
            let message: u64 = message.parse().unwrap_or(0);
            match s.messages.get_mut(&message) {
                Some(m) => {
                    m.deleted = true;
                    send(&mut s, "MESSAGE_DELETE", json!({"id": message.to_string(),
                        "channel_id": channel, "guild_id": GUILD.to_string()}));
                    StatusCode::NO_CONTENT.into_response()
                }
                None => error(StatusCode::NOT_FOUND, 10008, "Unknown Message"),
            }
        }
        ("PUT", ["channels", _, "messages", _, "reactions", ..]) => StatusCode::NO_CONTENT.into_response(),
        ("PATCH", ["channels", channel]) => {
            // A thread's settings (a forum post locked and archived): Manage Threads, as
            // Discord asks of anyone but the post's owner, and of everyone to lock one.
            let channel: u64 = channel.parse().unwrap_or(0);
            let Some(kind) = s.channels.get(&channel).cloned() else {
                return error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            };
            if !matches!(kind, Kind::Post { .. }) {
                s.violations.push(Violation {
                    operation,
                    field: Vec::new(),
                    code: "FAKE_NOT_IMPLEMENTED".into(),
                    problem: "the fake changes only forum posts' settings".into(),
                });
                return error(StatusCode::NOT_FOUND, 0, "not implemented by the fake Discord");
            }
            if s.bot_permissions() & MANAGE_THREADS == 0 {
                return error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
            }
            let (mut locked, mut archived) = s.thread_flags.get(&channel).copied().unwrap_or_default();
            if let Some(l) = json_body["locked"].as_bool() {
                locked = l;
            }
            if let Some(a) = json_body["archived"].as_bool() {
                archived = a;
            }
            s.thread_flags.insert(channel, (locked, archived));
            s.thread_changes.push((channel, locked, archived));
            let thread = s.channel(channel, &kind);
            send(&mut s, "THREAD_UPDATE", thread.clone());
            Json(thread).into_response()
        }
        ("PUT", ["channels", channel, "permissions", target]) => {
            // A permission overwrite set (Edit Channel Permissions): Discord asks for Manage
            // Roles, and lets the bot allow or deny only permissions it has itself; 204.
            let (channel, target): (u64, u64) = (channel.parse().unwrap_or(0), target.parse().unwrap_or(0));
            if !s.channels.contains_key(&channel) {
                return error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            }
            let bits = |f: &str| -> u64 {
                match &json_body[f] {
                    Value::String(t) => t.parse().unwrap_or(0),
                    v => v.as_u64().unwrap_or(0),
                }
            };
            let (allow, deny) = (bits("allow"), bits("deny"));
            let mine = s.bot_permissions();
            if mine & MANAGE_ROLES == 0 || (allow | deny) & !mine != 0 {
                return error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
            }
            let kind = json_body["type"].as_u64().unwrap_or(0);
            let o = s.overwrites.entry(channel).or_default();
            o.retain(|o| o["id"] != json!(target.to_string()));
            o.push(json!({"id": target.to_string(), "type": kind,
                "allow": allow.to_string(), "deny": deny.to_string()}));
            StatusCode::NO_CONTENT.into_response()
        }
        ("DELETE", ["channels", channel]) => {
            // Deleting a thread: its owner, or Manage Threads; Discord answers with the
            // channel as it was.
            let channel: u64 = channel.parse().unwrap_or(0);
            let Some(kind) = s.channels.get(&channel).cloned() else {
                return error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            };
            let owned = matches!(kind, Kind::Post { .. } | Kind::Private { .. });
            if !owned && s.bot_permissions() & MANAGE_THREADS == 0 {
                return error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
            }
            match s.delete_channel(channel) {
                Some(before) => Json(before).into_response(),
                None => error(StatusCode::NOT_FOUND, 10003, "Unknown Channel"),
            }
        }
        ("GET", ["channels", channel]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            match s.channels.get(&channel).cloned() {
                Some(kind) => Json(s.channel(channel, &kind)).into_response(),
                None => error(StatusCode::NOT_FOUND, 10003, "Unknown Channel"),
            }
        }
        ("GET", ["guilds", _guild, "roles"]) => {
            let roles: Vec<Value> = s
                .all_roles()
                .iter()
                .map(|(id, name, position, perms)| role_json(*id, name, *position, *perms))
                .collect();
            Json(Value::Array(roles)).into_response()
        }
        ("GET", ["guilds", _guild, "members", user]) => {
            let user: u64 = user.parse().unwrap_or(0);
            if user != BOT_ID && (!s.names.contains_key(&user) || s.left.contains(&user)) {
                return error(StatusCode::NOT_FOUND, 10007, "Unknown Member");
            }
            let name = s.names.get(&user).cloned().unwrap_or("wolfjudge".into());
            let mut roles: Vec<u64> = s.member_roles.get(&user).map(|r| r.iter().copied().collect()).unwrap_or_default();
            if user == BOT_ID {
                roles.push(BOT_ROLE);
            }
            let mut m = member_json(&name, &roles);
            m["user"] = user_json(user, &name);
            Json(m).into_response()
        }
        ("PUT" | "DELETE", ["guilds", _guild, "members", user, "roles", role]) => {
            // Giving or taking a role: Discord answers 204 (also when nothing changes), and
            // asks for Manage Roles and the bot's highest role above the role.
            let (user, role): (u64, u64) = (user.parse().unwrap_or(0), role.parse().unwrap_or(0));
            if let Err(refused) = s.bot_may_manage(role) {
                return refused;
            }
            if !s.names.contains_key(&user) || s.left.contains(&user) {
                return error(StatusCode::NOT_FOUND, 10007, "Unknown Member");
            }
            let held = s.member_roles.entry(user).or_default();
            if method == "PUT" {
                held.insert(role);
            } else {
                held.remove(&role);
            }
            s.role_changes.push((method.to_string(), user, role));
            member_updated(&mut s, user);
            StatusCode::NO_CONTENT.into_response()
        }
        ("PATCH", ["guilds", _guild, "members", user]) => {
            // Modify Guild Member: the fake carries out `roles` (the member's whole list)
            // only; the spec's other fields are refused as not implemented.
            let user: u64 = user.parse().unwrap_or(0);
            let fields = json_body.as_object().map(|o| o.keys().cloned().collect::<Vec<_>>());
            if let Some(other) = fields.unwrap_or_default().into_iter().find(|k| k != "roles") {
                s.violations.push(Violation {
                    operation,
                    field: vec![other],
                    code: "FAKE_NOT_IMPLEMENTED".into(),
                    problem: "the fake Discord changes only a member's roles".into(),
                });
                return error(StatusCode::NOT_FOUND, 0, "not implemented by the fake Discord");
            }
            if !s.names.contains_key(&user) || s.left.contains(&user) {
                return error(StatusCode::NOT_FOUND, 10007, "Unknown Member");
            }
            let held = s.member_roles.get(&user).cloned().unwrap_or_default();
            // `roles` absent or null: the roles stay. Null items are allowed by the spec
            // and name no role.
            let want: std::collections::BTreeSet<u64> = match json_body["roles"].as_array() {
                None => held.clone(),
                Some(list) => list
                    .iter()
                    .filter_map(|r| match r {
                        Value::String(t) => Some(t.parse().unwrap_or(0)),
                        Value::Number(n) => Some(n.as_u64().unwrap_or(0)),
                        _ => None,
                    })
                    .collect(),
            };
            // Every role listed must be one of the server's (not @everyone, which every
            // member has without being given it); each role given or taken asks what giving
            // or taking it alone asks (Manage Roles, the bot's role above it). A role kept
            // needs neither.
            let known: Vec<u64> = s.all_roles().iter().map(|r| r.0).collect();
            if want.iter().any(|r| *r == GUILD || !known.contains(r)) {
                return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
            }
            for r in want.symmetric_difference(&held) {
                if let Err(refused) = s.bot_may_manage(*r) {
                    return refused;
                }
            }
            for r in want.difference(&held) {
                s.role_changes.push(("PATCH".into(), user, *r));
            }
            for r in held.difference(&want) {
                s.role_changes.push(("PATCH".into(), user, *r));
            }
            let changed = want != held;
            s.member_roles.insert(user, want.clone());
            if changed {
                member_updated(&mut s, user);
            }
            let name = s.names.get(&user).cloned().unwrap_or_default();
            let roles: Vec<u64> = want.into_iter().collect();
            let mut m = member_json(&name, &roles);
            m["user"] = user_json(user, &name);
            Json(m).into_response()
        }
        _ => {
            // A real operation the fake cannot answer: the test would be judging a made-up
            // answer, so it fails too.
            s.violations.push(Violation {
                operation,
                field: Vec::new(),
                code: "FAKE_NOT_IMPLEMENTED".into(),
                problem: "the fake Discord does not implement this operation".into(),
            });
            error(StatusCode::NOT_FOUND, 0, "not implemented by the fake Discord")
        }
    }
}

/// The bot wrote in a post it had locked: Discord refuses members without Manage Threads
/// (and webhooks), and lets a manager's message unarchive it, which the bot never means to
/// do; so the fake refuses it (Discord's "Thread is locked") and the test fails.
fn wrote_in_locked(s: &mut State, operation: String, channel: u64) -> Response {
    s.violations.push(Violation {
        operation,
        field: Vec::new(),
        code: "50083".into(),
        problem: format!("a message to post {channel}, which the bot had locked"),
    });
    error(
        StatusCode::BAD_REQUEST,
        50083,
        "Operation cannot be performed on an archived thread",
    )
}

/// The fake's own strictness and the shape of what it sends.
#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// One HTTP/1.1 request to the fake: (status, JSON answer).
    async fn raw(
        fake: &FakeDiscord,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        let (status, _, json) = raw_with_headers(fake, method, path, body).await;
        (status, json)
    }

    #[tokio::test]
    async fn a_refused_request_is_answered_as_discord_does_and_fails_the_test() {
        let fake = FakeDiscord::start().await;
        let channel = fake.add_channel(Kind::Text);
        let path = format!("/channels/{channel}/messages");
        let content = |n: usize| Some(json!({"content": "x".repeat(n)}));
        let (status, _) = raw(&fake, "POST", &path, content(2000)).await;
        assert_eq!(status, 200);
        fake.assert_no_violations();
        let (status, answer) = raw(&fake, "POST", &path, content(2001)).await;
        assert_eq!(status, 400);
        assert_eq!(answer["code"], json!(50035), "{answer}");
        assert_eq!(
            answer["errors"]["content"]["_errors"][0]["code"],
            json!("BASE_TYPE_MAX_LENGTH")
        );
        // Refused: nothing was posted.
        assert_eq!(fake.messages().len(), 1);
        let v = fake.violations();
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].operation, "create_message");
        assert_eq!(v[0].field, vec!["content".to_string()]);
        let failed = std::panic::catch_unwind(|| fake.assert_no_violations());
        let message = failed
            .err()
            .and_then(|e| e.downcast_ref::<String>().cloned())
            .expect("the test fails");
        assert!(message.contains("create_message: `content`"), "{message}");
    }

    #[tokio::test]
    async fn an_unknown_route_and_an_unimplemented_one_fail_the_test() {
        let fake = FakeDiscord::start().await;
        let (status, _) = raw(&fake, "GET", "/channels/1/nothing", None).await;
        assert_eq!(status, 404);
        let (status, _) = raw(&fake, "GET", "/guilds/1/bans", None).await;
        assert_eq!(status, 404);
        let v: Vec<String> = fake.violations().iter().map(|v| v.to_string()).collect();
        assert_eq!(v.len(), 2, "{v:?}");
        assert!(v[0].starts_with("GET /channels/1/nothing"), "{v:?}");
        assert!(v[1].contains("does not implement"), "{v:?}");
    }

    /// One request with its answer's headers: (status, lower-case headers, JSON answer).
    async fn raw_with_headers(
        fake: &FakeDiscord,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> (u16, HashMap<String, String>, Value) {
        let mut conn = tokio::net::TcpStream::connect(fake.addr)
            .await
            .expect("connect to the fake");
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let req = format!(
            "{method} /api/v10{path} HTTP/1.1\r\nHost: fake\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        conn.write_all(req.as_bytes()).await.expect("send");
        let mut out = Vec::new();
        conn.read_to_end(&mut out).await.expect("read");
        let text = String::from_utf8_lossy(&out).to_string();
        let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let headers = head
            .lines()
            .skip(1)
            .filter_map(|l| l.split_once(": "))
            .map(|(k, v)| (k.to_ascii_lowercase(), v.to_string()))
            .collect();
        (
            status,
            headers,
            serde_json::from_str(rest).unwrap_or(Value::Null),
        )
    }

    #[tokio::test]
    async fn five_messages_per_five_seconds_a_channel_then_429_and_ignoring_it_fails() {
        let fake = FakeDiscord::start().await;
        let channel = fake.add_channel(Kind::Text);
        let other = fake.add_channel(Kind::Text);
        let path = format!("/channels/{channel}/messages");
        let body = || Some(json!({"content": "hi"}));
        for left in (0..5).rev() {
            let (status, h, _) = raw_with_headers(&fake, "POST", &path, body()).await;
            assert_eq!(status, 200);
            assert_eq!(h["x-ratelimit-limit"], "5");
            assert_eq!(h["x-ratelimit-remaining"], left.to_string());
            let after: f64 = h["x-ratelimit-reset-after"].parse().expect("a number");
            assert!(after > 4.0 && after <= 5.0, "{after}");
            assert!(h.contains_key("x-ratelimit-reset") && h.contains_key("x-ratelimit-bucket"));
        }
        // The sixth at once: refused, but the bot could not have read "Remaining: 0" yet.
        let (status, h, answer) = raw_with_headers(&fake, "POST", &path, body()).await;
        assert_eq!(status, 429);
        assert_eq!(answer["message"], json!("You are being rate limited."));
        assert_eq!(answer["global"], json!(false));
        let retry = answer["retry_after"]
            .as_f64()
            .expect("retry_after in seconds");
        assert!(retry > 4.0 && retry <= 5.0, "{retry}");
        assert_eq!(h["retry-after"], "5");
        assert_eq!(fake.messages().len(), 5, "a refused message is not posted");
        fake.assert_no_violations();
        // Another channel has its own bucket.
        let (status, _, _) = raw_with_headers(
            &fake,
            "POST",
            &format!("/channels/{other}/messages"),
            body(),
        )
        .await;
        assert_eq!(status, 200);
        // Sending again after being told to wait fails the test.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let (status, _, _) = raw_with_headers(&fake, "POST", &path, body()).await;
        assert_eq!(status, 429);
        let v = fake.violations();
        assert_eq!(v.len(), 1, "{v:?}");
        assert_eq!(v[0].code, "RATE_LIMITED");
        assert_eq!(v[0].operation, "create_message");
    }

    #[tokio::test]
    async fn more_than_fifty_requests_a_second_meet_the_global_limit() {
        let fake = FakeDiscord::start().await;
        // All at once: one after the other, a loaded machine can take more than the second
        // the limit counts over.
        let paths: Vec<String> = (0..51)
            .map(|_| format!("/channels/{}/messages", fake.add_channel(Kind::Text)))
            .collect();
        let answers = futures::future::join_all(
            paths
                .iter()
                .map(|path| raw_with_headers(&fake, "POST", path, Some(json!({"content": "hi"})))),
        )
        .await;
        let statuses: Vec<u16> = answers.iter().map(|(status, _, _)| *status).collect();
        assert_eq!(
            statuses.iter().filter(|s| **s == 200).count(),
            50,
            "{statuses:?}"
        );
        let (_, h, answer) = answers
            .iter()
            .find(|(status, _, _)| *status == 429)
            .expect("the 51st request meets the global limit");
        assert_eq!(answer["global"], json!(true));
        assert_eq!(h["x-ratelimit-global"], "true");
        assert_eq!(h["x-ratelimit-scope"], "global");
        // Interaction callbacks are not bound to the global limit.
        let id = fake.click(7, &Msg::default(), "x", &[], &[]);
        let (status, _, _) = raw_with_headers(
            &fake,
            "POST",
            &format!("/interactions/{id}/tok{id}/callback"),
            Some(json!({"type": 6})),
        )
        .await;
        assert_eq!(status, 204);
    }

    #[tokio::test]
    async fn a_late_or_second_callback_and_a_stale_token_are_refused_and_fail_the_test() {
        let fake = FakeDiscord::start().await;
        let callback = |id: u64| format!("/interactions/{id}/tok{id}/callback");
        let pong = || Some(json!({"type": 4, "data": {"content": "ok"}}));
        let on_time = fake.click(7, &Msg::default(), "x", &[], &[]);
        let (status, _, _) = raw_with_headers(&fake, "POST", &callback(on_time), pong()).await;
        assert_eq!(status, 204);
        fake.assert_no_violations();
        let first = fake.callback(on_time).await;
        assert_eq!(first.body, pong(), "the callback's body");
        assert!(first.waited < Duration::from_secs(3), "{:?}", first.waited);
        // A follow-up through the token within 15 minutes is fine.
        let follow_up = format!("/webhooks/{APP_ID}/tok{on_time}");
        let (status, _, _) =
            raw_with_headers(&fake, "POST", &follow_up, Some(json!({"content": "more"}))).await;
        assert_eq!(status, 200);
        fake.assert_no_violations();
        // Twice.
        let (status, _, answer) = raw_with_headers(&fake, "POST", &callback(on_time), pong()).await;
        assert_eq!(status, 400);
        assert_eq!(answer["code"], json!(40060));
        assert_eq!(
            answer["message"],
            json!("Interaction has already been acknowledged.")
        );
        // After 3 seconds.
        let late = fake.click(7, &Msg::default(), "x", &[], &[]);
        fake.age_interaction(late, Duration::from_millis(3100));
        let (status, _, answer) = raw_with_headers(&fake, "POST", &callback(late), pong()).await;
        assert_eq!(status, 404);
        assert_eq!(answer["code"], json!(10062));
        assert_eq!(answer["message"], json!("Unknown interaction"));
        // The bench still learns when the late answer came.
        let refused = fake.callback(late).await;
        assert_eq!(refused.body, None);
        assert!(
            refused.waited >= Duration::from_millis(3100),
            "{:?}",
            refused.waited
        );
        // A follow-up after 15 minutes.
        fake.age_interaction(on_time, Duration::from_secs(15 * 60 + 1));
        let (status, _, answer) =
            raw_with_headers(&fake, "POST", &follow_up, Some(json!({"content": "late"}))).await;
        assert_eq!(status, 404);
        assert_eq!(answer["code"], json!(10015));
        let codes: Vec<String> = fake.violations().into_iter().map(|v| v.code).collect();
        assert_eq!(codes, ["40060", "10062", "10015"]);
        assert!(std::panic::catch_unwind(|| fake.assert_no_violations()).is_err());
    }

    fn valid(schema: &str, v: &Value) {
        let errors = spec::response_errors(schema, v);
        assert!(errors.is_empty(), "{v}\n{errors:#?}");
    }

    #[test]
    fn what_the_fake_sends_fits_discords_response_schemas() {
        let mut s = State {
            next_id: 10,
            ..State::default()
        };
        s.roles.push((5, "法官".into()));
        s.channels.insert(2, Kind::Forum);
        s.channels.insert(3, Kind::Text);
        s.channels.insert(
            4,
            Kind::Post {
                forum: 2,
                name: "第1天".into(),
            },
        );
        s.channels.insert(6, Kind::Dm { user: 7 });
        s.channels.insert(
            9,
            Kind::Private {
                parent: 3,
                name: "Game 1 · wolves".into(),
                invitable: false,
            },
        );
        valid("ThreadResponse", &channel_json(9, &s.channels[&9]));
        valid("UserResponse", &user_json(7, "Amber"));
        valid("UserResponse", &user_json(BOT_ID, "wolfjudge"));
        valid("UserResponse", &webhook_user(8, "Amber"));
        let mut member = member_json("Amber", &[5]);
        member["user"] = user_json(7, "Amber");
        valid("GuildMemberResponse", &member);
        valid("GuildChannelResponse", &channel_json(2, &Kind::Forum));
        valid("GuildChannelResponse", &channel_json(3, &Kind::Text));
        valid("ThreadResponse", &channel_json(4, &s.channels[&4]));
        valid("PrivateChannelResponse", &channel_json(6, &s.channels[&6]));
        valid("GuildResponse", &guild_json(&s));
        valid("PrivateApplicationResponse", &application_json());
        let guild = guild_create(&s);
        for r in guild["roles"].as_array().into_iter().flatten() {
            valid("GuildRoleResponse", r);
        }
        assert_eq!(guild["channels"].as_array().map(Vec::len), Some(2));
        assert_eq!(guild["threads"].as_array().map(Vec::len), Some(2));
        let bot = Msg {
            id: 11,
            channel: 3,
            content: "hi".into(),
            components: json!([]),
            ..Msg::default()
        };
        let hook = Msg {
            webhook: Some(8),
            username: Some("Amber".into()),
            ..bot.clone()
        };
        let member = Msg {
            author: Some(7),
            author_name: Some("Amber".into()),
            edits: 1,
            ..bot.clone()
        };
        for m in [&bot, &hook, &member] {
            valid("MessageResponse", &message_json(m));
        }
        assert_eq!(message_json(&hook)["webhook_id"], json!("8"));
        assert_eq!(message_json(&hook)["author"]["bot"], json!(true));
        assert_eq!(message_json(&member)["edited_timestamp"], json!(TS));
    }

    /// A forum that requires tags refuses a post without one as Discord does (400 40067),
    /// and a tag that is not the forum's as an invalid form body (recorded: the bot never
    /// means to send it); the forum and its posts show their tags. A deleted thread is gone:
    /// any later request about it answers 404 10003.
    #[tokio::test]
    async fn tags_are_required_and_checked_and_a_deleted_thread_is_unknown() {
        let fake = FakeDiscord::start().await;
        let forum = fake.add_channel(Kind::Forum);
        let tags = fake.set_forum_tags(forum, true, &["狼人杀"]);
        let path = format!("/channels/{forum}/threads");
        let post = |tags: Value| json!({"name": "第1天", "message": {"content": "x"}, "applied_tags": tags});
        let (status, refused) = raw(&fake, "POST", &path, Some(post(json!([])))).await;
        assert_eq!(status, 400);
        assert_eq!(
            refused,
            json!({"code": 40067, "message": "A tag is required to create a forum post in this channel"})
        );
        assert!(
            fake.violations().is_empty(),
            "Discord's own answer, not a violation"
        );
        let (status, refused) = raw(&fake, "POST", &path, Some(post(json!(["42"])))).await;
        assert_eq!((status, refused["code"].clone()), (400, json!(50035)));
        assert!(
            refused["errors"]["applied_tags"]["0"]["_errors"].is_array(),
            "{refused}"
        );
        assert_eq!(fake.violations().len(), 1);
        fake.lock().violations.clear();
        let (_, channel) = raw(&fake, "GET", &format!("/channels/{forum}"), None).await;
        assert_eq!(channel["flags"], json!(REQUIRE_TAG));
        assert_eq!(channel["available_tags"][0]["name"], json!("狼人杀"));
        let (status, thread) = raw(
            &fake,
            "POST",
            &path,
            Some(post(json!([tags[0].to_string()]))),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(thread["applied_tags"], json!([tags[0].to_string()]));
        let id: u64 = thread["id"]
            .as_str()
            .and_then(|t| t.parse().ok())
            .unwrap_or(0);
        fake.delete_thread(id);
        for (method, at, body) in [
            ("GET", format!("/channels/{id}"), None),
            (
                "POST",
                format!("/channels/{id}/messages"),
                Some(json!({"content": "x"})),
            ),
            (
                "PATCH",
                format!("/channels/{id}/messages/{id}"),
                Some(json!({"content": "y"})),
            ),
        ] {
            let (status, gone) = raw(&fake, method, &at, body).await;
            assert_eq!(status, 404, "{method} {at}");
            assert_eq!(gone, json!({"code": 10003, "message": "Unknown Channel"}));
        }
    }

    #[tokio::test]
    async fn rest_answers_fit_discords_response_schemas() {
        let fake = FakeDiscord::start().await;
        let forum = fake.add_channel(Kind::Forum);
        let (_, cmds) = raw(
            &fake,
            "PUT",
            &format!("/applications/{APP_ID}/commands"),
            Some(json!([
            {"name": "wolf", "description": "Werewolf", "type": 1}])),
        )
        .await;
        valid("ApplicationCommandResponse", &cmds[0]);
        let (_, dm) = raw(
            &fake,
            "POST",
            "/users/@me/channels",
            Some(json!({"recipient_id": "7"})),
        )
        .await;
        valid("PrivateChannelResponse", &dm);
        let (_, thread) = raw(
            &fake,
            "POST",
            &format!("/channels/{forum}/threads"),
            Some(json!({"name": "第1天", "message": {"content": "index"}})),
        )
        .await;
        valid("ThreadResponse", &thread);
        let (_, hook) = raw(
            &fake,
            "POST",
            &format!("/channels/{forum}/webhooks"),
            Some(json!({"name": "relay"})),
        )
        .await;
        valid("GuildIncomingWebhookResponse", &hook);
        let (_, msg) = raw(
            &fake,
            "POST",
            &format!(
                "/webhooks/{}/{}?wait=true&thread_id={}",
                hook["id"].as_str().unwrap_or_default(),
                hook["token"].as_str().unwrap_or_default(),
                thread["id"].as_str().unwrap_or_default()
            ),
            Some(json!({"content": "relayed", "username": "Amber"})),
        )
        .await;
        valid("MessageResponse", &msg);
        let (_, active) = raw(
            &fake,
            "GET",
            &format!("/guilds/{GUILD}/threads/active"),
            None,
        )
        .await;
        valid("ThreadsResponse", &active);
        assert_eq!(active["threads"][0]["id"], thread["id"]);
        // Moderation: a post locked and archived, the roles, the bot's member, a channel.
        let post = thread["id"].as_str().unwrap_or_default();
        let (status, locked) = raw(
            &fake,
            "PATCH",
            &format!("/channels/{post}"),
            Some(json!({"locked": true, "archived": true})),
        )
        .await;
        assert_eq!(status, 200);
        valid("ThreadResponse", &locked);
        assert_eq!(locked["thread_metadata"]["locked"], json!(true));
        let (_, active) = raw(
            &fake,
            "GET",
            &format!("/guilds/{GUILD}/threads/active"),
            None,
        )
        .await;
        assert_eq!(
            active["threads"],
            json!([]),
            "an archived post is not active"
        );
        let (_, roles) = raw(&fake, "GET", &format!("/guilds/{GUILD}/roles"), None).await;
        for r in roles.as_array().into_iter().flatten() {
            valid("GuildRoleResponse", r);
        }
        let (_, me) = raw(
            &fake,
            "GET",
            &format!("/guilds/{GUILD}/members/{BOT_ID}"),
            None,
        )
        .await;
        valid("GuildMemberResponse", &me);
        assert_eq!(me["roles"], json!([BOT_ROLE.to_string()]));
        let (_, channel) = raw(&fake, "GET", &format!("/channels/{forum}"), None).await;
        valid("GuildChannelResponse", &channel);
        fake.add_role(5, "存活");
        let member = fake.new_id();
        fake.name_user(member, "Amber");
        let path = format!("/guilds/{GUILD}/members/{member}/roles/5");
        let (status, _) = raw(&fake, "PUT", &path, None).await;
        assert_eq!(status, 204);
        assert_eq!(fake.member_roles(member), vec![5]);
        let (status, _) = raw(&fake, "DELETE", &path, None).await;
        assert_eq!(status, 204);
        assert!(fake.member_roles(member).is_empty());
        fake.assert_no_violations();
        // A role above the bot's, or none, is refused as Discord refuses it.
        fake.set_bot_role_position(1);
        let (status, answer) = raw(&fake, "PUT", &path, None).await;
        assert_eq!((status, answer["code"].clone()), (403, json!(50013)));
        let unknown = format!("/guilds/{GUILD}/members/{member}/roles/6");
        let (status, answer) = raw(&fake, "PUT", &unknown, None).await;
        assert_eq!((status, answer["code"].clone()), (404, json!(10011)));
    }
}
