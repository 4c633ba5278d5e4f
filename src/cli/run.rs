//! `wolfjudge run`: the Discord bot (gateway, slash commands, and the deadline and outbox
//! worker) until Ctrl-C. Its failures to start exit 2; once running, a database outage
//! stops nothing (the worker and the gateway try again, see [`wolfjudge::runtime::outage`]).

use std::path::PathBuf;

use wolfjudge::discord;
use wolfjudge::runtime::outage;
use wolfjudge::runtime::retention::prune_round;

use super::db::Db;
use super::out::exit;

#[derive(clap::Args)]
pub struct Args {
    /// The configuration file.
    #[arg(long, default_value = "config/wolfjudge.toml")]
    config: PathBuf,
    #[command(flatten)]
    db: Db,
    /// The gateway shards this process serves, FIRST-LAST/TOTAL (Discord shards by
    /// server); default all, in one shard.
    #[arg(long, default_value = "0/1")]
    shards: String,
    /// No gateway here: only fire deadlines and deliver messages.
    #[arg(long, conflicts_with = "no_worker")]
    no_gateway: bool,
    /// No deadline/outbox worker here (run it in other processes).
    #[arg(long)]
    no_worker: bool,
    /// Tests only: with --no-gateway, show messages by appending them to this JSON-lines
    /// file instead of sending them to Discord (no token needed).
    #[arg(long, requires = "no_gateway", hide = true)]
    deliver_to: Option<PathBuf>,
}

pub async fn run(a: Args) -> anyhow::Result<()> {
    let fail = |e: &dyn std::fmt::Display| exit(2, e.to_string());
    let shards = discord::Shards::parse(&a.shards).map_err(|e| fail(&e))?;
    let token = match a.deliver_to {
        Some(_) => discord::config::Secret::default(),
        None => discord::config::token().map_err(|e| fail(&e))?,
    };
    let cfg = discord::config::Config::load(&a.config).map_err(|e| fail(&e))?;
    let pool = a.db.connect().await.map_err(|e| fail(&e))?;
    let service = super::live_service(&cfg, pool);
    // The retention pass runs beside the worker that delivers (not in a gateway-only
    // process), on the real clock, and outlives a database outage like the other tasks.
    let retention = (!a.no_worker).then(|| {
        let (store, r) = (service.store().clone(), cfg.retention);
        tokio::spawn(async move {
            outage::forever("retention", None, || {
                prune_round(
                    &store,
                    chrono::Utc::now(),
                    r.keep_delivered.dur(),
                    r.every.dur().to_std().unwrap_or_default(),
                )
            })
            .await;
        })
    });
    // The game pages beside the bot, on the same database, when enabled.
    let pages = match cfg.web.enabled {
        true => {
            let (addr, task) = wolfjudge::web::serve(service.clone(), &cfg.web.bind)
                .await
                .map_err(|e| fail(&e))?;
            tracing::info!(%addr, "the game pages are served");
            Some(task)
        }
        false => None,
    };
    let stop_retention = || {
        if let Some(t) = &retention {
            t.abort();
        }
        if let Some(t) = &pages {
            t.abort();
        }
    };
    if let Some(file) = a.deliver_to {
        let recorder = wolfjudge::recorder::Recorder::with_file(file).map_err(|e| fail(&e))?;
        let worker = discord::start_recording(
            service,
            recorder,
            cfg.worker.poll(),
            cfg.worker.name.clone(),
        );
        tracing::info!("wolfjudge is running (worker only, delivering to a file); Ctrl-C stops it");
        tokio::signal::ctrl_c().await.map_err(|e| fail(&e))?;
        stop_retention();
        worker.stop().await;
        return Ok(());
    }
    let opts = discord::Options {
        token,
        proxy: None,
        poll: cfg.worker.poll(),
        worker: cfg.worker.name.clone(),
        gateway: (!a.no_gateway).then_some(shards),
        run_worker: !a.no_worker,
        members_intent: cfg.gateway.members_intent,
        index_every: discord::messenger::INDEX_EVERY,
        count_every: discord::messenger::COUNT_EVERY,
    };
    let bot = discord::start(opts, service).await.map_err(|e| fail(&e))?;
    tracing::info!("wolfjudge is running; Ctrl-C stops it");
    tokio::signal::ctrl_c().await.map_err(|e| fail(&e))?;
    stop_retention();
    bot.stop().await;
    Ok(())
}
