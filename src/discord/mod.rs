//! The Discord adapter: slash commands (poise), buttons and menus, and the outbox's
//! messenger, over the [`Service`]. A command parses its options, calls the service, and
//! renders the answer; refusals become one ephemeral reply in the user's language.
//!
//! [`start`] runs the gateway client and a worker that fires due deadlines and delivers the
//! outbox. Both read all state from Postgres, so stopping and starting again (a restart)
//! loses nothing: a deadline that fell due meanwhile fires, a message not yet marked
//! delivered is sent again with the same nonce.

pub mod commands;
pub mod components;
pub mod config;
mod forum;
mod localize;
pub mod messenger;

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::all::{
    ClientBuilder, GatewayIntents, HttpBuilder, Interaction, Permissions, ShardManager,
};
use tokio::sync::Notify;
use tokio::task::JoinHandle;

use crate::i18n::Lang;
use crate::service::{Account, Channel, Guild, Place, ServerRole, Service, ServiceError};
use messenger::DiscordMessenger;

/// What every command and handler can reach.
pub struct Data {
    pub service: Service,
    /// Wakes the worker after a command, so its messages go out at once.
    pub wake: Arc<Notify>,
    /// Sign-ups whose post is being edited now, and whether they changed again meanwhile
    /// (see [`commands::wolf::refresh_signup`]).
    pub refreshing: std::sync::Mutex<std::collections::HashMap<i64, bool>>,
}

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// How to start the bot.
#[derive(Debug, Clone)]
pub struct Options {
    pub token: String,
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

/// Connects to Discord, registers the commands, and starts the worker.
///
/// # Errors
/// When the client cannot be built.
pub async fn start(opts: Options, service: Service) -> Result<Bot, Error> {
    let mut http = HttpBuilder::new(&opts.token);
    if let Some(fake) = &opts.proxy {
        let client = reqwest::Client::builder()
            .use_rustls_tls()
            .resolve("discord.com", fake.addr)
            .add_root_certificate(reqwest::Certificate::from_pem(&fake.cert_pem)?)
            .build()?;
        http = http.client(client);
    }
    let http = http.build();
    let wake = Arc::new(Notify::new());
    let mut tasks = Vec::new();
    let (shards, http) = match opts.gateway {
        Some(range) => {
            let (shards, http, task) = gateway(http, range, service.clone(), wake.clone()).await?;
            tasks.push(task);
            (Some(shards), http)
        }
        None => (None, Arc::new(http)),
    };
    if opts.run_worker {
        let messenger = DiscordMessenger {
            http,
            service: service.clone(),
        };
        tasks.push(tokio::spawn(fire_deadlines(
            service.clone(),
            opts.poll,
            opts.worker,
        )));
        tasks.push(tokio::spawn(deliver(service, messenger, wake, opts.poll)));
    }
    Ok(Bot { shards, tasks })
}

/// Builds the gateway client (commands registered when it is ready) and starts it.
async fn gateway(
    http: serenity::all::Http,
    range: Shards,
    service: Service,
    wake: Arc<Notify>,
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
                };
                let missed = Data {
                    service: data.service.clone(),
                    wake: data.wake.clone(),
                    refreshing: Default::default(),
                };
                let http = ctx.http.clone();
                tokio::spawn(async move { forum::backfill(&http, &missed).await });
                Ok(data)
            })
        })
        .build();
    // MESSAGE_CONTENT is privileged: enable it in the Developer Portal (README).
    let intents = GatewayIntents::GUILDS
        | GatewayIntents::GUILD_MESSAGES
        | GatewayIntents::DIRECT_MESSAGES
        | GatewayIntents::MESSAGE_CONTENT;
    let mut client = ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await?;
    let shards = client.shard_manager.clone();
    let http = client.http.clone();
    let task = tokio::spawn(async move {
        let started = client
            .start_shard_range(range.first..range.last, range.total)
            .await;
        if let Err(e) = started {
            tracing::error!(error = %e, "gateway client stopped");
        }
    });
    Ok((shards, http, task))
}

/// Fires due deadlines, forever. Its own task, so that a thousand games changing phase at
/// once do not hold up the delivery of messages (nor the other way round). Between rounds
/// it sleeps until the next deadline, or `poll` at most (a command may add an earlier one).
async fn fire_deadlines(service: Service, poll: Duration, name: String) {
    loop {
        let now = service.now();
        let pause = match service.store.fire_due(None, now, &name).await {
            Ok(_) => match service.store.next_due(None).await {
                Ok(Some(at)) => (at - now).to_std().unwrap_or(Duration::ZERO).min(poll),
                Ok(None) => poll,
                Err(e) => {
                    tracing::warn!(error = %e, "reading the next deadline failed; retrying");
                    poll
                }
            },
            Err(e) => {
                tracing::warn!(error = %e, "firing deadlines failed; retrying");
                poll
            }
        };
        tokio::time::sleep(pause).await;
    }
}

/// Delivers the outbox and redraws the day indexes, forever; woken early by a command that
/// wrote messages.
async fn deliver(service: Service, messenger: DiscordMessenger, wake: Arc<Notify>, poll: Duration) {
    loop {
        if let Err(e) = service.store.dispatch(None, &messenger).await {
            tracing::warn!(error = %e, "delivering messages failed; retrying");
        }
        if let Err(e) = messenger.refresh_elevators().await {
            tracing::warn!(error = %e, "redrawing day indexes failed; retrying");
        }
        let _ = tokio::time::timeout(poll, wake.notified()).await;
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
                forum::on_changed(data, m.channel_id.get(), m.id.get(), false).await;
            }
        }
        serenity::FullEvent::MessageDelete {
            channel_id,
            deleted_message_id,
            ..
        } => forum::on_changed(data, channel_id.get(), deleted_message_id.get(), true).await,
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
        let _ = reply(*ctx, &crate::i18n::text(lang, "svc-internal", &[])).await;
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

/// A Discord locale as one of our languages.
pub fn locale_lang(locale: Option<&str>) -> Lang {
    match locale {
        Some(l) if l.starts_with("zh") => Lang::Zh,
        Some(_) => Lang::En,
        None => Lang::Zh,
    }
}

/// Where a command was used.
pub fn place(ctx: Context<'_>) -> Place {
    Place {
        guild: ctx.guild_id().map(|g| Guild(g.get())),
        channel: Channel(ctx.channel_id().get()),
        user: Account(ctx.author().id.get()),
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
        .map(|m| m.roles.iter().map(|r| ServerRole(r.get())).collect())
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

/// Replies with what a service call came to: `ok` on success, else the refusal.
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
        Err(e) => e.message(user_lang(ctx)),
    };
    reply(ctx, &text).await
}

#[cfg(test)]
mod tests {
    use super::Shards;

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
