//! The reference: `pgbench -N` (TPC-B-like without the teller and branch updates, scale
//! 10) against the same server, in a scratch database of its own.

use serde::Serialize;
use tokio::process::Command;

use super::BenchError;
use crate::store;
use crate::store::bench::Scratch;

/// What pgbench measured.
#[derive(Debug, Clone, Serialize)]
pub struct Pgbench {
    pub clients: usize,
    pub seconds: u64,
    /// Transactions per second (without the initial connection time).
    pub tps: f64,
    /// Average transaction latency.
    pub latency_ms: f64,
}

/// The pgbench binary: on the PATH, else in PostgreSQL's own bin directory.
fn binary() -> std::path::PathBuf {
    let on_path = std::env::var_os("PATH").into_iter().flat_map(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join("pgbench"))
            .collect::<Vec<_>>()
    });
    let installed = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path().join("bin/pgbench")));
    on_path
        .chain(installed)
        .find(|p| p.is_file())
        .unwrap_or_else(|| "pgbench".into())
}

async fn pgbench(args: &[String]) -> Result<String, BenchError> {
    let out = Command::new(binary())
        .args(args)
        .output()
        .await
        .map_err(|e| BenchError::Pgbench(format!("cannot start pgbench: {e}")))?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.status.success() {
        return Err(BenchError::Pgbench(format!(
            "{}{}",
            text,
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    Ok(text)
}

/// The number after `label` on the first line that has it (`tps = 1234.5 (...)`).
fn figure(out: &str, label: &str) -> Option<f64> {
    out.lines()
        .find_map(|l| l.trim().strip_prefix(label))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
}

/// Runs `pgbench -N` with `clients` clients for `seconds` seconds.
///
/// # Errors
/// [`BenchError::Pgbench`] when pgbench is missing or fails; database errors.
pub async fn run(url: &str, clients: usize, seconds: u64) -> Result<Pgbench, BenchError> {
    let db = format!("wolfjudge_pgbench_{}", std::process::id());
    let scratch = Scratch::create(url, &db).await?;
    let target = store::url_for_database(url, &db);
    let clients = clients.max(1);
    let measured = async {
        pgbench(&[
            "-i".into(),
            "-q".into(),
            "-s".into(),
            "10".into(),
            target.clone(),
        ])
        .await?;
        let out = pgbench(&[
            "-N".into(),
            "-c".into(),
            clients.to_string(),
            "-j".into(),
            clients.min(2).to_string(),
            "-T".into(),
            seconds.to_string(),
            target.clone(),
        ])
        .await?;
        let tps = figure(&out, "tps = ");
        let latency = figure(&out, "latency average = ");
        match (tps, latency) {
            (Some(tps), Some(latency_ms)) => Ok(Pgbench {
                clients,
                seconds,
                tps,
                latency_ms,
            }),
            _ => Err(BenchError::Pgbench(format!("unreadable output:\n{out}"))),
        }
    }
    .await;
    scratch.drop_database().await?;
    measured
}

#[cfg(test)]
mod tests {
    use super::figure;

    #[test]
    fn pgbench_figures_are_read_from_its_summary() {
        let out = "number of transactions actually processed: 123\n\
                   latency average = 3.251 ms\n\
                   initial connection time = 12.0 ms\n\
                   tps = 4920.123456 (without initial connection time)\n";
        assert_eq!(figure(out, "tps = "), Some(4920.123456));
        assert_eq!(figure(out, "latency average = "), Some(3.251));
        assert_eq!(figure(out, "nothing = "), None);
    }
}
