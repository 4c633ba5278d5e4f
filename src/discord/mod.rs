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
}

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// How to start the bot.
#[derive(Debug, Clone)]
pub struct Options {
    pub token: String,
    /// Send every request through this base URL with the rate limiter off (the tests' fake
    /// Discord). `None` in production: Discord itself, rate limiter on.
    pub proxy: Option<String>,
    /// How often the worker looks for due deadlines when nothing wakes it.
    pub poll: Duration,
    /// The worker's name in the deadlines it fires.
    pub worker: String,
}

/// A running bot.
pub struct Bot {
    shards: Arc<ShardManager>,
    tasks: Vec<JoinHandle<()>>,
}

impl Bot {
    /// Stops the gateway and the worker (as a process exit would: nothing is flushed).
    pub async fn stop(self) {
        self.shards.shutdown_all().await;
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
    if let Some(proxy) = &opts.proxy {
        // serenity ignores the proxy while its rate limiter is on.
        http = http.proxy(proxy.as_str()).ratelimiter_disabled(true);
    }
    let http = http.build();
    let wake = Arc::new(Notify::new());
    let mut commands = commands::all();
    localize::apply(&mut commands);
    let data_service = service.clone();
    let data_wake = wake.clone();
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
                Ok(Data {
                    service: data_service,
                    wake: data_wake,
                })
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
    let messenger = DiscordMessenger {
        http: client.http.clone(),
        service: service.clone(),
    };
    let gateway = tokio::spawn(async move {
        if let Err(e) = client.start().await {
            tracing::error!(error = %e, "gateway client stopped");
        }
    });
    let worker = tokio::spawn(work(service, messenger, wake, opts.poll, opts.worker));
    Ok(Bot {
        shards,
        tasks: vec![gateway, worker],
    })
}

/// Fires due deadlines and delivers the outbox, forever.
async fn work(
    service: Service,
    messenger: DiscordMessenger,
    wake: Arc<Notify>,
    poll: Duration,
    name: String,
) {
    loop {
        if let Err(e) = service.store.fire_due(None, service.now(), &name).await {
            tracing::warn!(error = %e, "firing deadlines failed; retrying");
        }
        if let Err(e) = service.store.dispatch(None, &messenger).await {
            tracing::warn!(error = %e, "delivering messages failed; retrying");
        }
        let _ = tokio::time::timeout(poll, wake.notified()).await;
    }
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    if let serenity::FullEvent::Message { new_message: m } = event {
        if m.author.bot {
            return Ok(());
        }
        let data = framework.user_data().await;
        let place = Place {
            guild: m.guild_id.map(|g| Guild(g.get())),
            channel: Channel(m.channel_id.get()),
            user: Account(m.author.id.get()),
        };
        // Refusals (a non-player, a dead character) are for the judge's eyes (issue: forum
        // life); the post itself stays.
        match data
            .service
            .post(&place, &m.content, &format!("m{}", m.id))
            .await
        {
            Ok(true) => data.wake.notify_one(),
            Ok(false) => {}
            Err(e) => tracing::debug!(code = e.code(), "post not counted"),
        }
        return Ok(());
    }
    if let serenity::FullEvent::InteractionCreate { interaction } = event {
        let ctx = framework.serenity_context;
        let data = framework.user_data().await;
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

/// An ephemeral reply.
///
/// # Errors
/// When Discord does not take it.
pub async fn reply(ctx: Context<'_>, text: &str) -> Result<(), Error> {
    ctx.send(
        poise::CreateReply::default()
            .content(text)
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await?;
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
