//! A fake Discord on 127.0.0.1 for the bot's end-to-end tests: the REST API under
//! `/api/v10/…` and the gateway websocket, enough of both for the real serenity client.
//! It records every REST call, keeps channels and messages (so a test can press a button on
//! a message the bot sent), refuses DMs to members who closed theirs (error 50007), honours
//! `enforce_nonce`, records the files of multipart uploads, and lets a test inject gateway events: slash commands, button presses,
//! menu choices and modal submits, each answered through the interaction callback.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::State as AxState;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};
use tokio::sync::mpsc;

pub const APP_ID: u64 = 900_000_000_000_000_001;
pub const BOT_ID: u64 = 900_000_000_000_000_001;
pub const GUILD: u64 = 800_000_000_000_000_001;

/// One REST request as the bot made it.
#[derive(Debug, Clone)]
pub struct Call {
    pub method: String,
    pub path: String,
    pub body: Value,
    /// The files of a multipart request (attachments), in order.
    #[allow(dead_code)] // read by the test crates that upload
    pub files: Vec<Upload>,
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
    pub deleted: bool,
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
    webhooks: HashMap<u64, String>,
    names: HashMap<u64, String>,
    /// Messages to a channel containing a text are refused with a 400, as Discord refuses
    /// an invalid message.
    refused: Vec<(u64, String)>,
}

impl State {
    fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }
}

/// The fake server.
#[derive(Clone)]
pub struct FakeDiscord {
    pub addr: SocketAddr,
    state: Arc<Mutex<State>>,
}

fn user_json(id: u64, name: &str) -> Value {
    json!({"id": id.to_string(), "username": name, "global_name": name, "avatar": null,
           "discriminator": "0", "bot": id == BOT_ID})
}

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
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        FakeDiscord { addr, state }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The base URL to give serenity as its proxy.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
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

    /// Names a member (their display name in interactions).
    pub fn name_user(&self, user: u64, name: &str) {
        self.lock().names.insert(user, name.to_string());
    }

    /// Refuses (400, Invalid Form Body) every new message to `channel` whose content
    /// contains `needle`.
    pub fn refuse(&self, channel: u64, needle: &str) {
        self.lock().refused.push((channel, needle.to_string()));
    }

    /// Makes DMs to `user` fail as Discord does when they closed theirs.
    pub fn close_dms(&self, user: u64) {
        self.lock().closed_dms.insert(user);
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

    /// Sends a gateway dispatch to the connected bot.
    pub fn dispatch(&self, t: &str, d: Value) {
        let mut s = self.lock();
        s.seq += 1;
        let frame = json!({"op": 0, "t": t, "s": s.seq, "d": d}).to_string();
        if let Some(tx) = &s.gateway {
            let _ = tx.send(frame);
        }
    }

    fn name_of(&self, user: u64) -> String {
        self.lock()
            .names
            .get(&user)
            .cloned()
            .unwrap_or(format!("user{user}"))
    }

    fn member(&self, user: u64, roles: &[u64], permissions: u64) -> Value {
        let name = self.name_of(user);
        json!({"user": user_json(user, &name), "nick": name, "roles": roles.iter().map(|r| r.to_string()).collect::<Vec<_>>(),
               "joined_at": TS, "deaf": false, "mute": false, "flags": 0, "pending": false,
               "permissions": permissions.to_string()})
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
            "app_permissions": "2248473465835073", "authorizing_integration_owners": {},
        });
        if in_dm {
            v["user"] = user_json(user, &name);
            v["context"] = json!(1);
            v["channel"] = json!({"id": channel.to_string(), "type": 1});
        } else {
            v["guild_id"] = json!(GUILD.to_string());
            v["guild_locale"] = json!("zh-CN");
            v["member"] = self.member(user, roles, perms);
            v["context"] = json!(0);
            let kind = match self.channel_kind(channel) {
                Some(Kind::Post { .. }) => 11,
                Some(Kind::Forum) => 15,
                _ => 0,
            };
            v["channel"] = json!({"id": channel.to_string(), "type": kind, "name": "c", "permissions": perms.to_string()});
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
        let cmd_id = self
            .commands()
            .iter()
            .find(|c| c["name"] == path[0])
            .and_then(|c| c["id"].as_str().map(String::from))
            .unwrap_or_else(|| panic!("command {} is registered", path[0]));
        let opts: Vec<Value> = options
            .iter()
            .map(|(n, t, v)| json!({"name": n, "type": t, "value": v}))
            .collect();
        let opts = if path.len() > 1 {
            vec![json!({"name": path[1], "type": 1, "options": opts})]
        } else {
            opts
        };
        let (id, mut v) = self.base(2, user, channel, roles, perms, locale);
        v["data"] = json!({"id": cmd_id, "name": path[0], "type": 1, "options": opts, "resolved": resolved});
        if !v["guild_id"].is_null() {
            v["data"]["guild_id"] = json!(GUILD.to_string());
        }
        self.dispatch("INTERACTION_CREATE", v);
        id
    }

    /// A member sends the bot a direct message.
    pub fn post_dm(&self, user: u64, dm: u64, content: &str) -> u64 {
        let id = self.new_id();
        let name = self.name_of(user);
        self.dispatch(
            "MESSAGE_CREATE",
            json!({"id": id.to_string(), "channel_id": dm.to_string(),
                   "author": user_json(user, &name), "content": content,
                   "timestamp": TS, "edited_timestamp": null, "tts": false, "mention_everyone": false,
                   "mentions": [], "mention_roles": [], "attachments": [], "embeds": [], "pinned": false,
                   "type": 0}),
        );
        id
    }

    /// A member edits their message (a MESSAGE_UPDATE).
    pub fn edit(&self, user: u64, channel: u64, message: u64, content: &str) {
        let name = self.name_of(user);
        self.dispatch(
            "MESSAGE_UPDATE",
            json!({"id": message.to_string(), "channel_id": channel.to_string(), "guild_id": GUILD.to_string(),
                   "author": user_json(user, &name), "content": content, "edited_timestamp": TS}),
        );
    }

    /// A member deletes their message (a MESSAGE_DELETE).
    pub fn delete(&self, channel: u64, message: u64) {
        self.dispatch(
            "MESSAGE_DELETE",
            json!({"id": message.to_string(), "channel_id": channel.to_string(), "guild_id": GUILD.to_string()}),
        );
    }

    /// A member's message, as the fake holds it (deleted or not).
    pub fn message(&self, id: u64) -> Option<Msg> {
        self.lock().messages.get(&id).cloned()
    }

    /// A member posts `content` in `channel` (a MESSAGE_CREATE the bot receives); the fake
    /// keeps it with `username` `member:<id>`.
    pub fn post(&self, user: u64, channel: u64, content: &str) -> u64 {
        let id = self.new_id();
        {
            let mut s = self.lock();
            s.order += 1;
            let order = s.order;
            s.messages.insert(
                id,
                Msg {
                    id,
                    channel,
                    content: content.to_string(),
                    components: json!([]),
                    order,
                    username: Some(format!("member:{user}")),
                    author: Some(user),
                    ..Msg::default()
                },
            );
        }
        let name = self
            .lock()
            .names
            .get(&user)
            .cloned()
            .unwrap_or(format!("user{user}"));
        let mut member = self.member(user, &[], 0);
        if let Some(m) = member.as_object_mut() {
            m.remove("user");
        }
        self.dispatch(
            "MESSAGE_CREATE",
            json!({"id": id.to_string(), "channel_id": channel.to_string(), "guild_id": GUILD.to_string(),
                   "author": user_json(user, &name), "member": member, "content": content,
                   "timestamp": TS, "edited_timestamp": null, "tts": false, "mention_everyone": false,
                   "mentions": [], "mention_roles": [], "attachments": [], "embeds": [], "pinned": false,
                   "type": 0}),
        );
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
        let (id, mut v) = self.base(3, user, message.channel, roles, 0, "zh-CN");
        v["message"] = message_json(message);
        v["data"] = if values.is_empty() {
            json!({"custom_id": custom_id, "component_type": 2})
        } else {
            json!({"custom_id": custom_id, "component_type": 3, "values": values})
        };
        self.dispatch("INTERACTION_CREATE", v);
        id
    }

    /// Submits a modal with one text field.
    pub fn submit_modal(
        &self,
        user: u64,
        channel: u64,
        custom_id: &str,
        field: &str,
        value: &str,
    ) -> u64 {
        let (id, mut v) = self.base(5, user, channel, &[], 0, "zh-CN");
        v["data"] = json!({"custom_id": custom_id, "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": field, "value": value}]}]});
        self.dispatch("INTERACTION_CREATE", v);
        id
    }

    /// The bot's answer to an interaction (the callback body), waiting for it.
    pub async fn response(&self, interaction: u64) -> Value {
        let mut out = Value::Null;
        self.wait_for("an interaction response", 20, |f| {
            match f.lock().responses.get(&interaction) {
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

    /// The text of the bot's answer to an interaction.
    pub async fn answer(&self, interaction: u64) -> String {
        let v = self.response(interaction).await;
        v["data"]["content"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }
}

async fn ws(ws: WebSocketUpgrade, AxState(state): AxState<Arc<Mutex<State>>>) -> Response {
    ws.on_upgrade(move |socket| gateway(socket, state))
}

/// One gateway connection: HELLO, then READY after IDENTIFY, ACKs for heartbeats, and
/// whatever the test dispatches.
async fn gateway(mut socket: WebSocket, state: Arc<Mutex<State>>) {
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 45000}}).to_string();
    if socket.send(WsMessage::Text(hello)).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(frame) => if socket.send(WsMessage::Text(frame)).await.is_err() { return },
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
                    Some(1) => { let _ = socket.send(WsMessage::Text(json!({"op": 11}).to_string())).await; }
                    Some(2) => {
                        let (port, seq) = {
                            let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
                            s.gateway = Some(tx.clone());
                            s.connections += 1;
                            // A new session counts from 1.
                            s.seq = 1;
                            (s.port, s.seq)
                        };
                        let ready = json!({"op": 0, "t": "READY", "s": seq, "d": {
                            "v": 10, "user": user_json(BOT_ID, "wolfjudge"),
                            "guilds": [{"id": GUILD.to_string(), "unavailable": true}],
                            "session_id": "session", "resume_gateway_url": format!("ws://127.0.0.1:{port}/ws"),
                            "shard": [0, 1], "application": {"id": APP_ID.to_string(), "flags": 0}}});
                        if socket.send(WsMessage::Text(ready.to_string())).await.is_err() { return }
                    }
                    _ => {}
                }
            }
        }
    }
}

fn message_json(m: &Msg) -> Value {
    let author = match m.author {
        Some(user) => user_json(user, &format!("member{user}")),
        None => user_json(BOT_ID, "wolfjudge"),
    };
    json!({"id": m.id.to_string(), "channel_id": m.channel.to_string(), "author": author,
           "content": m.content, "timestamp": TS, "edited_timestamp": null, "tts": false,
           "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [],
           "embeds": [], "pinned": false, "type": 0, "components": m.components})
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

/// The JSON of a request (plain, or the `payload_json` part of a multipart body) and the
/// files of a multipart body.
fn body_of(headers: &HeaderMap, body: &Bytes) -> (Value, Vec<Upload>) {
    let ct = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let Some(b) = ct.split("boundary=").nth(1) else {
        return (
            serde_json::from_slice(body).unwrap_or(Value::Null),
            Vec::new(),
        );
    };
    let mut json = Value::Null;
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
                json = serde_json::from_slice(&content).unwrap_or(Value::Null);
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
            json!({"id": id.to_string(), "type": 1, "recipients": [user_json(*user, "member")], "last_message_id": null})
        }
        Kind::Post { forum, name } => {
            json!({"id": id.to_string(), "type": 11, "guild_id": GUILD.to_string(),
            "parent_id": forum.to_string(), "name": name, "position": 0, "permission_overwrites": [],
            "nsfw": false, "rate_limit_per_user": 0, "flags": 0, "owner_id": BOT_ID.to_string(),
            "thread_metadata": {"archived": false, "auto_archive_duration": 1440, "archive_timestamp": TS, "locked": false},
            "message_count": 0, "member_count": 1, "total_message_sent": 0, "applied_tags": []})
        }
        Kind::Forum | Kind::Text => {
            json!({"id": id.to_string(), "type": if *kind == Kind::Forum {15} else {0},
            "guild_id": GUILD.to_string(), "name": "channel", "position": 0, "permission_overwrites": [], "nsfw": false})
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
    let path = uri.path().trim_start_matches("/api/v10").to_string();
    let (json_body, files) = body_of(&headers, &body);
    let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
    s.calls.push(Call {
        method: method.to_string(),
        path: path.clone(),
        body: json_body.clone(),
        files,
    });
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let port = s.port;
    match (method.as_str(), parts.as_slice()) {
        ("GET", ["gateway"]) => Json(json!({"url": format!("ws://127.0.0.1:{port}/ws")})).into_response(),
        ("GET", ["gateway", "bot"]) => Json(json!({"url": format!("ws://127.0.0.1:{port}/ws"), "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})).into_response(),
        ("GET", ["users", "@me"]) => Json(user_json(BOT_ID, "wolfjudge")).into_response(),
        ("PUT", ["applications", _, "commands"]) => {
            let mut cmds = json_body.as_array().cloned().unwrap_or_default();
            for c in &mut cmds {
                let id = s.id();
                c["id"] = json!(id.to_string());
                c["application_id"] = json!(APP_ID.to_string());
                c["version"] = json!("1");
                if c.get("type").is_none() {
                    c["type"] = json!(1);
                }
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
                if s.closed_dms.contains(user) {
                    return error(StatusCode::FORBIDDEN, 50007, "Cannot send messages to this user");
                }
            }
            if !s.channels.contains_key(&channel) {
                return error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            }
            let content = json_body["content"].as_str().unwrap_or_default();
            if s.refused
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
            s.order += 1;
            let m = Msg {
                id,
                channel,
                content: json_body["content"].as_str().unwrap_or_default().to_string(),
                components: json_body.get("components").cloned().unwrap_or(json!([])),
                order: s.order,
                ..Msg::default()
            };
            if let Some(n) = nonce {
                s.nonces.insert((channel, n), id);
            }
            s.messages.insert(id, m.clone());
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
            drop(s);
            Json(message_json(&m)).into_response()
        }
        ("POST", ["channels", forum, "threads"]) => {
            let forum: u64 = forum.parse().unwrap_or(0);
            if s.channels.get(&forum) != Some(&Kind::Forum) {
                return error(StatusCode::BAD_REQUEST, 50024, "Cannot execute action on this channel type");
            }
            let id = s.id();
            let name = json_body["name"].as_str().unwrap_or_default().to_string();
            let kind = Kind::Post { forum, name };
            s.channels.insert(id, kind.clone());
            s.order += 1;
            // A forum post's opening message has the post's id.
            let m = Msg {
                id,
                channel: id,
                content: json_body["message"]["content"].as_str().unwrap_or_default().to_string(),
                components: json_body["message"].get("components").cloned().unwrap_or(json!([])),
                order: s.order,
                ..Msg::default()
            };
            s.messages.insert(id, m);
            Json(channel_json(id, &kind)).into_response()
        }
        ("POST", ["interactions", id, _token, "callback"]) => {
            let id: u64 = id.parse().unwrap_or(0);
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
        ("POST", ["webhooks", hook, token]) if !hook.is_empty() && hook.parse::<u64>().ok().and_then(|h| s.webhooks.get(&h)).is_some_and(|t| t == token) => {
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
            let id = s.id();
            s.order += 1;
            let m = Msg {
                id,
                channel: thread,
                content: json_body["content"].as_str().unwrap_or_default().to_string(),
                components: json!([]),
                order: s.order,
                username: json_body["username"].as_str().map(String::from),
                avatar_url: json_body["avatar_url"].as_str().map(String::from),
                ..Msg::default()
            };
            s.messages.insert(id, m.clone());
            drop(s);
            Json(message_json(&m)).into_response()
        }
        ("GET" | "PATCH" | "POST", ["webhooks", ..]) => {
            let id = s.id();
            let m = Msg { id, content: json_body["content"].as_str().unwrap_or_default().to_string(), components: json!([]), ..Msg::default() };
            drop(s);
            Json(message_json(&m)).into_response()
        }
        ("GET", ["channels", channel, "messages"]) => {
            // The channel's messages, newest first (as Discord returns them).
            let channel: u64 = channel.parse().unwrap_or(0);
            let mut list: Vec<Msg> = s
                .messages
                .values()
                .filter(|m| m.channel == channel && !m.deleted)
                .cloned()
                .collect();
            list.sort_by_key(|m| std::cmp::Reverse(m.order));
            list.truncate(100);
            Json(Value::Array(list.iter().map(message_json).collect())).into_response()
        }
        ("DELETE", ["channels", _channel, "messages", message]) => {
            let message: u64 = message.parse().unwrap_or(0);
            match s.messages.get_mut(&message) {
                Some(m) => {
                    m.deleted = true;
                    StatusCode::NO_CONTENT.into_response()
                }
                None => error(StatusCode::NOT_FOUND, 10008, "Unknown Message"),
            }
        }
        ("PUT", ["channels", _, "messages", _, "reactions", ..]) => StatusCode::NO_CONTENT.into_response(),
        _ => error(StatusCode::NOT_FOUND, 0, "not implemented by the fake Discord"),
    }
}
