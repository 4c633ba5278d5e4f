//! The `--database-url` flag shared by every subcommand that uses PostgreSQL, and the
//! command line's connection: a quick reachability check, then the store's pool.

use std::time::Duration;

use clap::Args;
use sqlx::postgres::{PgConnectOptions, PgPool};
use sqlx::{ConnectOptions, Connection};

use wolfjudge::store;

/// The `--database-url` flag, one definition flattened into every subcommand that can use
/// PostgreSQL, so that its meaning and help text are the same everywhere.
#[derive(Args, Clone, Default)]
pub struct Db {
    // The help text is built at run time so that it names the default URL from the one
    // place it is defined.
    #[arg(
        long = "database-url",
        value_name = "URL",
        num_args = 0..=1,
        default_missing_value = "",
        help = help()
    )]
    database_url: Option<String>,
}

/// The flag's help text.
fn help() -> String {
    format!(
        "The PostgreSQL database, as a URL. Given without a value (and, for the commands that \
         always need a database, when left out): $DATABASE_URL, or else {}.",
        store::DEFAULT_DATABASE_URL
    )
}

impl Db {
    /// Whether the flag was given (`script` and `simulate` use the database only then).
    pub fn given(&self) -> bool {
        self.database_url.is_some()
    }

    /// The URL: the flag's value, else `$DATABASE_URL`, else the local default.
    pub fn url(&self) -> String {
        match &self.database_url {
            Some(url) if !url.is_empty() => url.clone(),
            _ => std::env::var("DATABASE_URL")
                .ok()
                .filter(|u| !u.is_empty())
                .unwrap_or_else(|| store::DEFAULT_DATABASE_URL.to_string()),
        }
    }

    /// [`reachable`], then the store's pool (migrations applied).
    pub async fn connect(&self) -> anyhow::Result<PgPool> {
        let url = self.url();
        reachable(&url).await?;
        Ok(store::connect(&url).await?)
    }

    /// [`Db::connect`], as a [`store::Store`].
    pub async fn store(&self) -> anyhow::Result<store::Store> {
        Ok(store::Store::new(self.connect().await?))
    }
}

/// How long the command line waits for PostgreSQL to answer before saying it cannot.
const REACH_TIMEOUT: Duration = Duration::from_secs(3);

/// Checks that PostgreSQL at `url` can be reached, failing fast with a message that names
/// the host and port (or socket) and the cause, and never the password.
///
/// Why a separate check: the pool's wait for a connection ([`store::ACQUIRE_TIMEOUT`]) is how
/// long each database call of a running `run` or `worker` may wait before it fails and is
/// retried; a refusing server fails it at once, but a server that does not answer at all
/// only after the pool's own connect attempts. So every subcommand first opens one plain
/// connection here with a short connect timeout, then builds its pool; an unreachable or
/// refusing server is reported at once, by address and cause.
pub async fn reachable(url: &str) -> anyhow::Result<()> {
    let opts: PgConnectOptions = url
        .parse()
        .map_err(|e| anyhow::anyhow!("the database URL is not usable: {e}"))?;
    let at = match opts.get_socket() {
        Some(socket) => format!("{} (port {})", socket.display(), opts.get_port()),
        None => format!("{}:{}", opts.get_host(), opts.get_port()),
    };
    let cause = match tokio::time::timeout(REACH_TIMEOUT, opts.connect()).await {
        Ok(Ok(conn)) => {
            let _ = conn.close().await;
            return Ok(());
        }
        Ok(Err(e)) => connect_cause(&e),
        Err(_) => format!("no answer within {} s", REACH_TIMEOUT.as_secs()),
    };
    anyhow::bail!("cannot connect to PostgreSQL at {at}: {cause}")
}

/// Why a connection failed, in a few words (sqlx's own texts wrap the cause in jargon).
fn connect_cause(e: &sqlx::Error) -> String {
    match e {
        sqlx::Error::Io(io) if io.kind() == std::io::ErrorKind::ConnectionRefused => {
            "connection refused".to_string()
        }
        sqlx::Error::Io(io) => io.to_string(),
        sqlx::Error::Database(db) => db.message().to_string(),
        e => e.to_string(),
    }
}
