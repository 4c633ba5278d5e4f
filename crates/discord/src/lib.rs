//! The Discord adapter: slash commands (poise), buttons and menus, and the outbox's
//! messenger, over the [`Service`]. A command parses its options, calls the service, and
//! renders the answer; refusals become one ephemeral reply in the user's language.
//!
//! [`start`] runs the gateway client and a worker that fires due deadlines and delivers the
//! outbox. Both read all state from Postgres, so stopping and starting again (a restart)
//! loses nothing: a deadline that fell due meanwhile fires, a message not yet marked
//! delivered is sent again with the same nonce.
//!
//! A database outage stops nothing: the worker's loops try again with backoff and log one
//! line when they start failing and one when they recover ([`runtime::outage`]); a
//! command that is still waiting for the database after [`DEFER_AFTER`] has its interaction
//! deferred (Discord's 3 s), and its answer says truthfully what became of it
//! ([`failure_text`]): "may or may not have been recorded" unless it surely was not.
//!
//! Each interaction is handled in a tracing span naming it, its key, the place and the
//! game ([`spans`]), and each round of the worker's loops in one naming its loop; a failure
//! is logged once, inside them ([`service::Failure::log`]).

pub mod commands;
pub mod components;
pub mod config;
pub mod errors;
mod forum;
pub mod ids;
mod localize;
pub mod messenger;
pub mod moderation;
pub mod notes;
pub mod pace;
pub mod readback;
pub mod requests;
pub mod spans;
pub mod tags;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::all::{
    ClientBuilder, GatewayIntents, HttpBuilder, Interaction, Permissions, ShardManager,
};
use tokio::sync::Notify;
use tokio::task::JoinHandle;
use tracing::Instrument;

use i18n::Lang;
use messenger::DiscordMessenger;
use runtime::deadlines::Firings;
use runtime::dispatch::Messenger;
use runtime::outage::{self, Outage};
use service::{Failure, Place, ServerRole, Service, ServiceError};
use store::ErrorKind;

/// What every command and handler can reach.
pub struct Data {
    pub service: Service,
    /// Wakes the worker after a command, so its messages go out at once.
    pub wake: Arc<Notify>,
    /// Sign-ups whose post is being edited now, and whether they changed again meanwhile
    /// (see [`commands::wolf::refresh_signup`]).
    pub refreshing: std::sync::Mutex<std::collections::HashMap<i64, bool>>,
    /// Members' roles as the gateway tells them, shared with this process's messenger.
    pub members: moderation::MemberRoles,
}

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// How to start the bot.
#[derive(Debug, Clone)]
pub struct Options {
    /// The bot's token (redacted in `Debug`).
    pub token: config::Secret,
    /// Reach "discord.com" at this address instead (the tests' fake Discord). `None` in
    /// production. Either way serenity's rate limiter is on.
    pub proxy: Option<FakeDiscordAt>,
    /// How often the worker looks for due deadlines when nothing wakes it.
    pub poll: Duration,
    /// The worker's name in the deadlines it fires.
    pub worker: String,
    /// Run the gateway (slash commands, buttons, posts) for these shards; `None`: no
    /// gateway in this process (a worker only).
    pub gateway: Option<Shards>,
    /// Run the deadline and outbox worker in this process.
    pub run_worker: bool,
    /// Ask the gateway for the Server Members intent (privileged: switched on in the
    /// Developer Portal, else Discord refuses the connection), so that a player who leaves
    /// the server is reported at once; without it, when a DM or role change for them fails.
    pub members_intent: bool,
    /// How often a day's index may be redrawn while posts come in
    /// ([`messenger::INDEX_EVERY`] in production).
    pub index_every: Duration,
    /// How often a round's vote count may be redrawn while votes come in
    /// ([`messenger::COUNT_EVERY`] in production).
    pub count_every: Duration,
}

/// Where the tests' fake Discord answers for `https://discord.com`: its TLS address and the
/// certificate it presents. serenity's proxy mode would turn the rate limiter off (the limiter
/// always sends to discord.com), so the tests keep the URL and point the name and the trust
/// at the fake instead: the bot's real limiter then runs against the fake's limits.
#[derive(Debug, Clone)]
pub struct FakeDiscordAt {
    pub addr: std::net::SocketAddr,
    /// The PEM certificate for `discord.com` the fake serves.
    pub cert_pem: Vec<u8>,
}

/// A range of gateway shards: `first..=last` of `total` (Discord shards by guild).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl Shards {
    /// One process for every guild.
    pub const ALL: Shards = Shards {
        first: 0,
        last: 0,
        total: 1,
    };

    /// Parses `A-B/N` or `A/N`.
    ///
    /// # Errors
    /// A message saying the expected form.
    pub fn parse(s: &str) -> Result<Shards, String> {
        let bad = || format!("`{s}` is not a shard range: write FIRST-LAST/TOTAL, e.g. 0-3/8");
        let (range, total) = s.split_once('/').ok_or_else(bad)?;
        let total: u32 = total.trim().parse().map_err(|_| bad())?;
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (
                a.trim().parse().map_err(|_| bad())?,
                b.trim().parse().map_err(|_| bad())?,
            ),
            None => {
                let a: u32 = range.trim().parse().map_err(|_| bad())?;
                (a, a)
            }
        };
        if first > last || last >= total {
            return Err(bad());
        }
        Ok(Shards { first, last, total })
    }
}

/// A running bot.
pub struct Bot {
    shards: Option<Arc<ShardManager>>,
    tasks: Vec<JoinHandle<()>>,
}

impl Bot {
    /// Stops the gateway and the worker (as a process exit would: nothing is flushed).
    pub async fn stop(self) {
        if let Some(shards) = &self.shards {
            shards.shutdown_all().await;
        }
        // Dropping aborts the tasks.
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        for t in &self.tasks {
            t.abort();
        }
    }
}

/// The bot's REST client with serenity's rate limiter: to Discord, or with `proxy` to the
/// tests' fake Discord answering for `discord.com`.
///
/// # Errors
/// When the fake's certificate cannot be read or the HTTP client cannot be built.
pub fn http(token: &str, proxy: Option<&FakeDiscordAt>) -> Result<serenity::all::Http, Error> {
    let mut http = HttpBuilder::new(token);
    if let Some(fake) = proxy {
        let client = reqwest::Client::builder()
            .use_rustls_tls()
            .resolve("discord.com", fake.addr)
            .add_root_certificate(reqwest::Certificate::from_pem(&fake.cert_pem)?)
            .build()?;
        http = http.client(client);
    }
    Ok(http.build())
}

/// Connects to Discord, registers the commands, and starts the worker.
///
/// # Errors
/// When the client cannot be built.
pub async fn start(opts: Options, service: Service) -> Result<Bot, Error> {
    let http = http(opts.token.expose(), opts.proxy.as_ref())?;
    let wake = Arc::new(Notify::new());
    let members = moderation::MemberRoles::default();
    let mut tasks = Vec::new();
    let (shards, http) = match opts.gateway {
        Some(range) => {
            let intents = intents(opts.members_intent);
            let (shards, http, task) = gateway(
                http,
                range,
                intents,
                service.clone(),
                wake.clone(),
                members.clone(),
            )
            .await?;
            tasks.push(task);
            (Some(shards), http)
        }
        None => (None, Arc::new(http)),
    };
    if opts.run_worker {
        let messenger = DiscordMessenger::new(http.clone(), service.clone())
            .with_index_every(opts.index_every)
            .with_count_every(opts.count_every)
            .with_members(members.clone());
        // The worker reads each day post back before the day closes, with its own handle
        // on the service (the gateway's is built when it connects), on the outbox's pace.
        let data = Data {
            service: service.clone(),
            wake: wake.clone(),
            refreshing: Default::default(),
            members: members.clone(),
        };
        let reader = forum::reader(&http, &data, messenger.pace());
        tasks.push(tokio::spawn(fire_deadlines(
            service.clone(),
            opts.poll,
            opts.worker,
            Some(readback::ReadBacks::new(readback::READ_AT_ONCE, reader)),
        )));
        let indexes = Some(messenger.clone());
        tasks.push(tokio::spawn(deliver(
            service, messenger, indexes, wake, opts.poll,
        )));
    }
    Ok(Bot { shards, tasks })
}

/// Runs only the deadline and outbox worker of [`start`], showing messages to `recorder`
/// instead of sending them to Discord (`wolfjudge run --no-gateway --deliver-to FILE`: the
/// bot's own worker loops, tested without Discord).
pub fn start_recording<M: Messenger + Send + 'static>(
    service: Service,
    recorder: M,
    poll: Duration,
    worker: String,
) -> Bot {
    let tasks = vec![
        tokio::spawn(fire_deadlines(service.clone(), poll, worker, None)),
        tokio::spawn(deliver(
            service,
            recorder,
            None,
            Arc::new(Notify::new()),
            poll,
        )),
    ];
    Bot {
        shards: None,
        tasks,
    }
}

/// Builds the gateway client (commands registered when it is ready) and starts it.
async fn gateway(
    http: serenity::all::Http,
    range: Shards,
    intents: GatewayIntents,
    service: Service,
    wake: Arc<Notify>,
    members: moderation::MemberRoles,
) -> Result<(Arc<ShardManager>, Arc<serenity::all::Http>, JoinHandle<()>), Error> {
    let mut commands = commands::all();
    localize::apply(&mut commands);
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            on_error: |err| Box::pin(on_error(err)),
            initialize_owners: false,
            ..Default::default()
        })
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                poise::builtins::register_globally(ctx, &framework.options().commands).await?;
                let data = Data {
                    service,
                    wake,
                    refreshing: Default::default(),
                    members,
                };
                let missed = Data {
                    service: data.service.clone(),
                    wake: data.wake.clone(),
                    refreshing: Default::default(),
                    members: data.members.clone(),
                };
                let http = ctx.http.clone();
                tokio::spawn(async move { forum::backfill(&http, &missed).await });
                Ok(data)
            })
        })
        .build();
    let mut client = ClientBuilder::new_with_http(http, intents)
        .framework(spans::Spanned(framework))
        .await?;
    let shards = client.shard_manager.clone();
    let http = client.http.clone();
    let task = tokio::spawn(async move {
        // serenity reads this `Range`'s end as inclusive ("initialize shards 4 through 7"
        // is `4..7` in its docs; `start_connection` takes "up to and including"), so
        // `first..last` starts shards first..=last, as `Shards` means.
        let started = client
            .start_shard_range(range.first..range.last, range.total)
            .await;
        if let Err(e) = started {
            tracing::error!(error = %e, "gateway client stopped");
        }
    });
    Ok((shards, http, task))
}

/// The gateway intents the bot asks for. MESSAGE_CONTENT (posts are read and counted) and
/// GUILD_MEMBERS (a player who leaves is reported at once) are privileged: each is switched
/// on in the Developer Portal (README), or Discord refuses the connection; GUILD_MEMBERS
/// may be left off (`members_intent = false`).
pub fn intents(members: bool) -> GatewayIntents {
    let intents = GatewayIntents::GUILDS
        | GatewayIntents::GUILD_MESSAGES
        | GatewayIntents::DIRECT_MESSAGES
        | GatewayIntents::MESSAGE_CONTENT;
    if members {
        intents | GatewayIntents::GUILD_MEMBERS
    } else {
        intents
    }
}

/// Fires due deadlines, forever. Its own task, so that a thousand games changing phase at
/// once do not hold up the delivery of messages (nor the other way round). Between rounds
/// it sleeps until the next deadline, or `poll` at most (a command may add an earlier one).
///
/// With `reads`, each day post whose close is due is read back first, so that posts the
/// gateway missed (or that met a database error) count at the close; only that close waits
/// for its post, the other deadlines fire meanwhile, and a read-back that ends wakes the
/// worker ([`readback`]). An anonymous day's close does not wait: its post is read after. A
/// round that fails (the database is down) is tried again with backoff; the task logs one
/// line when it starts failing and one when it recovers.
async fn fire_deadlines(
    service: Service,
    poll: Duration,
    name: String,
    mut reads: Option<readback::ReadBacks>,
) {
    let mut outage = Outage::new("deadlines");
    let mut reading = Outage::new("day-post read-back (database)");
    // The firings in flight go on from one round into the next.
    let mut firings = Firings::new(service.store(), &name);
    loop {
        let pause = async {
            let round = match &mut reads {
                Some(reads) => readback::round(&service, reads, &mut firings, poll).await,
                // Without a read-back (a gateway-less process), the worker reads the clock
                // at each look at the table.
                None => {
                    let clock = || service.now();
                    outage::fire_round(&mut firings, &clock, poll, &[])
                        .await
                        .map_err(ServiceError::from)
                }
            };
            match round {
                Ok(pause) => {
                    outage.recovered();
                    pause
                }
                Err(e) => outage.failed(&e),
            }
        }
        .instrument(outage::round_span("deadlines"))
        .await;
        let ended = match &mut reads {
            Some(reads) if !outage.is_down() => {
                tokio::select! {
                    ended = reads.next_done() => Some(ended),
                    () = tokio::time::sleep(pause) => None,
                }
            }
            _ => {
                tokio::time::sleep(pause).await;
                None
            }
        };
        // A read-back that met a database error: its close is read again by a later round,
        // after a pause (a few times at most, [`readback::MAX_READ_FAILURES`]).
        let pause = match ended {
            Some(Err(e)) => {
                let _round = outage::round_span("day-post read-back").entered();
                Some(reading.failed(&e))
            }
            Some(Ok(())) => {
                reading.recovered();
                None
            }
            None => None,
        };
        if let Some(pause) = pause {
            tokio::time::sleep(pause).await;
        }
    }
}

/// Delivers the outbox and (on Discord) redraws the day indexes, forever; woken early by a
/// command that wrote messages. Either failing (the database is down) is tried again with
/// backoff and logged once per outage.
async fn deliver<M: Messenger + Send + 'static>(
    service: Service,
    messenger: M,
    indexes: Option<DiscordMessenger>,
    wake: Arc<Notify>,
    poll: Duration,
) {
    let mut sending = Outage::new("outbox");
    let mut drawing = Outage::new("day indexes");
    loop {
        let mut backoff = None;
        async {
            match runtime::dispatch::dispatch(service.store(), None, &messenger).await {
                Ok(_) => sending.recovered(),
                Err(e) => backoff = Some(sending.failed(&e)),
            }
        }
        .instrument(outage::round_span("outbox"))
        .await;
        if let Some(m) = &indexes {
            async {
                m.redraw_counts().await;
                match m.refresh_elevators().await {
                    Ok(()) => drawing.recovered(),
                    Err(e) => backoff = backoff.max(Some(drawing.failed(&e))),
                }
            }
            .instrument(outage::round_span("day indexes"))
            .await;
        }
        match backoff {
            Some(pause) => tokio::time::sleep(pause).await,
            None => {
                let _ = tokio::time::timeout(poll, wake.notified()).await;
            }
        }
    }
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let data = framework.user_data().await;
    let ctx = framework.serenity_context;
    match event {
        serenity::FullEvent::Message { new_message: m } if !m.author.bot => {
            forum::on_message(&ctx.http, data, m).await;
        }
        serenity::FullEvent::MessageUpdate { event: m, .. } => {
            let author_is_bot = m.author.as_ref().is_some_and(|a| a.bot);
            // Discord also sends updates when it adds link previews: only real edits count.
            if !author_is_bot && m.edited_timestamp.is_some() {
                forum::on_changed(
                    &ctx.http,
                    data,
                    ids::channel(m.channel_id),
                    m.id.get(),
                    false,
                )
                .await;
            }
        }
        serenity::FullEvent::Ready { .. } => data.members.clear(),
        serenity::FullEvent::GuildMemberAddition { new_member: m } => {
            data.members.set(m.guild_id, m.user.id, m.roles.clone());
        }
        serenity::FullEvent::GuildMemberUpdate { event: m, .. } => {
            data.members.set(m.guild_id, m.user.id, m.roles.clone());
        }
        serenity::FullEvent::GuildMemberRemoval { guild_id, user, .. } => {
            data.members.forget(*guild_id, user.id);
            let (guild, who) = (ids::guild(*guild_id), ids::account(user.id));
            match notes::member_left(&data.service, guild, who).await {
                Ok(0) => {}
                Ok(_) => data.wake.notify_one(),
                Err(e) => tracing::error!(error = %e, "could not tell the judge a player left"),
            }
        }
        serenity::FullEvent::MessageDelete {
            channel_id,
            deleted_message_id,
            ..
        } => {
            let (channel, message) = (ids::channel(*channel_id), deleted_message_id.get());
            forum::on_changed(&ctx.http, data, channel, message, true).await;
        }
        serenity::FullEvent::ThreadDelete { thread, .. } => {
            forum::on_thread_deleted(&ctx.http, data, ids::channel(thread.id)).await;
        }
        _ => {}
    }
    if let serenity::FullEvent::InteractionCreate { interaction } = event {
        match interaction {
            Interaction::Component(c) => components::on_component(ctx, data, c).await?,
            Interaction::Modal(m) => components::on_modal(ctx, data, m).await?,
            _ => {}
        }
    }
    Ok(())
}

async fn on_error(err: poise::FrameworkError<'_, Data, Error>) {
    if let poise::FrameworkError::Command { error, ctx, .. } = &err {
        tracing::error!(command = %ctx.command().name, error = %error, "command failed");
        let lang = user_lang(*ctx);
        let _ = reply(*ctx, &i18n::text(lang, "svc-internal", &[])).await;
        return;
    }
    if let Err(e) = poise::builtins::on_error(err).await {
        tracing::error!(error = %e, "error while handling an error");
    }
}

/// The language of the person using a command: their Discord client's, else Chinese.
pub fn user_lang(ctx: Context<'_>) -> Lang {
    locale_lang(ctx.locale())
}

/// A Discord locale as one of our languages: `zh-TW` Traditional Chinese, `zh-CN` (and any
/// other Chinese) Simplified, anything else English.
pub fn locale_lang(locale: Option<&str>) -> Lang {
    match locale {
        Some("zh-TW") => Lang::ZhTw,
        Some(l) if l.starts_with("zh") => Lang::Zh,
        Some(_) => Lang::En,
        None => Lang::Zh,
    }
}

/// Where a command was used.
pub fn place(ctx: Context<'_>) -> Place {
    Place {
        guild: ctx.guild_id().map(ids::guild),
        channel: ids::channel(ctx.channel_id()),
        user: ids::account(ctx.author().id),
    }
}

/// The caller's display name in the server (their account name outside one).
pub async fn display_name(ctx: Context<'_>) -> String {
    ctx.author_member()
        .await
        .map(|m| m.display_name().to_string())
        .unwrap_or_else(|| ctx.author().name.clone())
}

/// The caller's roles in the server (from the interaction itself: no request needed).
pub async fn roles(ctx: Context<'_>) -> Vec<ServerRole> {
    ctx.author_member()
        .await
        .map(|m| m.roles.iter().map(|r| ids::role(*r)).collect())
        .unwrap_or_default()
}

/// The caller's permissions in the channel, as the interaction states them.
pub fn permissions(ctx: Context<'_>) -> Permissions {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .unwrap_or_else(Permissions::empty),
        poise::Context::Prefix(_) => Permissions::empty(),
    }
}

/// An ephemeral reply; a text longer than Discord's limit (a status at night with sixteen
/// long names) goes as several messages in order: the answer, then follow-ups (poise sends
/// every reply after the first as a follow-up).
///
/// # Errors
/// When Discord does not take it.
pub async fn reply(ctx: Context<'_>, text: &str) -> Result<(), Error> {
    for part in messenger::split(text) {
        ctx.send(
            poise::CreateReply::default()
                .content(part)
                .ephemeral(true)
                .allowed_mentions(messenger::no_pings()),
        )
        .await?;
    }
    Ok(())
}

/// Replies with what a service call came to: `ok` on success, else the refusal
/// ([`failure_text`]).
///
/// # Errors
/// When Discord does not take the reply.
pub async fn answer<T>(
    ctx: Context<'_>,
    result: Result<T, ServiceError>,
    ok: impl FnOnce(T) -> String,
) -> Result<(), Error> {
    let text = match result {
        Ok(v) => {
            ctx.data().wake.notify_one();
            ok(v)
        }
        Err(e) => failure_text(&e, user_lang(ctx)),
    };
    reply(ctx, &text).await
}

/// How long a command may work before its interaction is deferred. Discord drops an
/// interaction not answered within 3 s; a deferral ("thinking…") buys 15 minutes, and the
/// answer then comes as a follow-up. Commands normally answer in milliseconds, in one
/// response, so they defer only when something (a database that does not answer, Discord's
/// rate limits) holds them up this long: that leaves more than a second for the deferral
/// itself to reach Discord, while a database call fails after
/// [`store::ACQUIRE_TIMEOUT`] at the latest.
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// Runs a command's `work` (everything before its answer), deferring the interaction
/// (privately) if it is not done within [`DEFER_AFTER`]; the answer sent afterwards
/// ([`reply`], [`answer`]) then replaces the deferral.
///
/// # Errors
/// When Discord does not take the deferral.
pub async fn patient<T>(ctx: Context<'_>, work: impl Future<Output = T>) -> Result<T, Error> {
    patient_as(ctx, true, work).await
}

/// [`patient`], with a deferral that is public unless `ephemeral` (for a command whose
/// answer everyone sees).
///
/// # Errors
/// As [`patient`].
pub async fn patient_as<T>(
    ctx: Context<'_>,
    ephemeral: bool,
    work: impl Future<Output = T>,
) -> Result<T, Error> {
    let mut work = std::pin::pin!(work);
    if let Ok(done) = tokio::time::timeout(DEFER_AFTER, &mut work).await {
        return Ok(done);
    }
    if ephemeral {
        ctx.defer_ephemeral().await?;
    } else {
        ctx.defer().await?;
    }
    Ok(work.await)
}

/// What became of a command that failed on the database, as far as the bot can know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DbFailure {
    /// The database did not answer (no connection within the pool's timeout, a connection
    /// lost, the server shutting down): a write may have committed just before, or an
    /// earlier step of the command may have; the user must check.
    Unanswered,
    /// The database answered with an error, or the command kept losing races: its
    /// transaction was rolled back and nothing was written.
    RolledBack,
}

/// How a service error came about on the database, if it did: by the kind the store gave
/// its failure ([`store::ErrorKind`]).
pub fn db_failure(e: &ServiceError) -> Option<DbFailure> {
    db_failure_of(e.failure()?.kind())
}

/// What a failure of this kind became, as far as the bot can know.
fn db_failure_of(kind: ErrorKind) -> Option<DbFailure> {
    match kind {
        ErrorKind::Unavailable => Some(DbFailure::Unanswered),
        ErrorKind::Conflict | ErrorKind::Refused => Some(DbFailure::RolledBack),
        ErrorKind::Other => None,
    }
}

/// The text a failed command answers with, in `lang`: a refusal as the service words it
/// ([`service::Refusal::message`]); for a failure (logged once here, [`Failure::log`], in
/// the interaction's span), what the user can know of it ([`failure_said`]).
pub fn failure_text(e: &ServiceError, lang: Lang) -> String {
    match e {
        ServiceError::Refused(r) => r.message(lang),
        ServiceError::Failed(f) => {
            f.log();
            failure_said(f, lang)
        }
    }
}

/// What a user is told of a failure, in `lang`: for a database that did not answer, that
/// the command may or may not have been recorded (check with `/status`), never that
/// nothing changed; "nothing was changed" only for a transaction surely rolled back;
/// otherwise that something went wrong.
pub fn failure_said(f: &Failure, lang: Lang) -> String {
    let key = match db_failure_of(f.kind()) {
        Some(DbFailure::Unanswered) => "svc-db-unanswered",
        Some(DbFailure::RolledBack) => "svc-rolled-back",
        None => "svc-internal",
    };
    i18n::text(lang, key, &[])
}

#[cfg(test)]
mod tests {
    use super::{db_failure, failure_text, locale_lang, DbFailure, Shards};
    use i18n::{text, Lang};
    use service::ServiceError;
    use store::StoreError;

    /// A member's Discord language picks the language of their private answers.
    #[test]
    fn a_members_locale_picks_their_language() {
        assert_eq!(locale_lang(Some("zh-TW")), Lang::ZhTw);
        assert_eq!(locale_lang(Some("zh-CN")), Lang::Zh);
        assert_eq!(locale_lang(Some("en-GB")), Lang::En);
        assert_eq!(locale_lang(Some("ja")), Lang::En);
        assert_eq!(locale_lang(None), Lang::Zh);
    }

    /// A command whose database did not answer may have committed (or an earlier step of it
    /// may have): its answer must not say that nothing changed. Only a rollback may. (The
    /// store's own test checks which of its errors are which kind; sqlx is only a
    /// dev-dependency here, to make them.)
    #[test]
    fn a_database_that_did_not_answer_is_never_called_a_rollback() {
        let unanswered = [
            ServiceError::from(StoreError::Db(sqlx::Error::PoolTimedOut)),
            ServiceError::from(StoreError::Db(sqlx::Error::PoolClosed)),
            ServiceError::from(StoreError::Db(sqlx::Error::Io(std::io::Error::new(
                std::io::ErrorKind::ConnectionReset,
                "reset",
            )))),
        ];
        for e in &unanswered {
            assert_eq!(db_failure(e), Some(DbFailure::Unanswered), "{e}");
            for lang in Lang::ALL {
                let said = failure_text(e, lang);
                assert_eq!(said, text(lang, "svc-db-unanswered", &[]));
                assert!(
                    !said.contains(&text(lang, "svc-rolled-back", &[])),
                    "{said}"
                );
                let status = format!("/{}", text(lang, "cmd-status", &[]));
                assert!(said.contains(&status), "{said}");
            }
        }
        let rolled_back = text(Lang::En, "svc-rolled-back", &[]);
        let lost_races = ServiceError::from(StoreError::Contention(64));
        assert_eq!(db_failure(&lost_races), Some(DbFailure::RolledBack));
        assert_eq!(failure_text(&lost_races, Lang::En), rolled_back);
        // Anything else is an internal error; it claims neither.
        let decode = ServiceError::from(StoreError::Task("stopped".into()));
        assert_eq!(db_failure(&decode), None);
        assert!(!failure_text(&decode, Lang::En).contains(&rolled_back));
        assert_eq!(
            failure_text(&decode, Lang::En),
            text(Lang::En, "svc-internal", &[])
        );
        // A refusal is the user's, worded by the service, and never a database failure.
        let refused = ServiceError::from(service::Refusal::NotJudge);
        assert_eq!(db_failure(&refused), None);
        assert_eq!(
            failure_text(&refused, Lang::En),
            text(Lang::En, "svc-not-judge", &[])
        );
    }

    /// The bot's options and its REST client, as a log line or a panic would print them
    /// (`{:?}`, `{:#?}`), do not show the token.
    #[test]
    fn the_token_is_absent_from_the_bots_options_in_debug() {
        let token = "MTIz.secret-token.xyz";
        let opts = super::Options {
            token: super::config::Secret::from(token),
            proxy: None,
            poll: std::time::Duration::from_secs(1),
            worker: "w1".into(),
            gateway: Some(Shards::ALL),
            run_worker: true,
            members_intent: true,
            index_every: super::messenger::INDEX_EVERY,
            count_every: super::messenger::COUNT_EVERY,
        };
        let shown = format!("{opts:?}\n{opts:#?}");
        assert!(!shown.contains("secret-token"), "{shown}");
        assert!(shown.contains("[redacted]"), "{shown}");
        let http = super::http(token, None).expect("a REST client");
        let shown = format!("{http:?}\n{http:#?}");
        assert!(!shown.contains("secret-token"), "{shown}");
    }

    #[test]
    fn shard_ranges_parse_and_bad_ones_say_the_form() {
        assert_eq!(
            Shards::parse("0-3/8"),
            Ok(Shards {
                first: 0,
                last: 3,
                total: 8
            })
        );
        assert_eq!(Shards::parse("0/1"), Ok(Shards::ALL));
        for bad in ["3-1/8", "0-8/8", "x/2", "1-2"] {
            let e = Shards::parse(bad).expect_err(bad);
            assert!(e.contains("FIRST-LAST/TOTAL"), "{e}");
        }
    }
}
