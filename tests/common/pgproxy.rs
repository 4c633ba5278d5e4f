//! A TCP proxy in front of PostgreSQL that counts the statement round trips a client makes,
//! shared by the round-trip test (`tests/roundtrips.rs`) and the interaction bench
//! (`benches/interactions.rs`, which includes this file by `#[path]`).
//!
//! It reads PostgreSQL's frontend protocol as the client sends it. A simple `Query` or an
//! extended-protocol batch that executes, ended by `Sync`, is one statement round trip.
//! Counted apart: a batch that only prepares (sqlx prepares each statement once per
//! connection, then reuses it), and a `Sync` with nothing before it, sqlx's connection check
//! (on taking a connection from the pool, and again, in the background, on giving it back):
//! pings. The counter is global to the proxy: count one interaction at a time.
#![allow(dead_code)] // each including crate uses part of it

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgSslMode};
use sqlx::PgPool;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// What the proxy has seen the client send.
#[derive(Debug, Default)]
pub struct Counter {
    statements: AtomicUsize,
    prepares: AtomicUsize,
    pings: AtomicUsize,
}

impl Counter {
    /// (statements, prepares, pings) so far.
    pub fn now(&self) -> (usize, usize, usize) {
        (
            self.statements.load(Ordering::SeqCst),
            self.prepares.load(Ordering::SeqCst),
            self.pings.load(Ordering::SeqCst),
        )
    }
}

/// Starts the proxy in front of `upstream`; returns its port and its counter.
pub async fn proxy(upstream: (String, u16)) -> (u16, Arc<Counter>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("address").port();
    let counter = Arc::new(Counter::default());
    let c = counter.clone();
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let server = TcpStream::connect((upstream.0.as_str(), upstream.1))
                .await
                .expect("the database answers");
            tokio::spawn(relay(client, server, c.clone()));
        }
    });
    (port, counter)
}

/// Relays one connection, counting the client's messages.
async fn relay(client: TcpStream, server: TcpStream, counter: Arc<Counter>) {
    // The bench times interactions through this hop: no Nagle delay on a message the
    // relay passes on in pieces.
    let _ = client.set_nodelay(true);
    let _ = server.set_nodelay(true);
    let (mut cr, mut cw) = client.into_split();
    let (mut sr, mut sw) = server.into_split();
    tokio::spawn(async move {
        let _ = tokio::io::copy(&mut sr, &mut cw).await;
    });
    // The startup message has no type byte; every later one has.
    let mut started = false;
    let (mut work, mut executes) = (false, false);
    loop {
        let mut head = [0u8; 5];
        let n = if started { 5 } else { 4 };
        if cr.read_exact(&mut head[..n]).await.is_err() {
            return;
        }
        let (kind, len) = if started {
            (
                head[0],
                u32::from_be_bytes([head[1], head[2], head[3], head[4]]),
            )
        } else {
            (0, u32::from_be_bytes([head[0], head[1], head[2], head[3]]))
        };
        let mut message = head[..n].to_vec();
        message.resize(n + (len as usize).saturating_sub(4), 0);
        if cr.read_exact(&mut message[n..]).await.is_err() {
            return;
        }
        if started {
            match kind {
                b'Q' => {
                    counter.statements.fetch_add(1, Ordering::SeqCst);
                }
                b'S' => {
                    let which = match (executes, work) {
                        (true, _) => &counter.statements,
                        (false, true) => &counter.prepares,
                        (false, false) => &counter.pings,
                    };
                    which.fetch_add(1, Ordering::SeqCst);
                    (work, executes) = (false, false);
                }
                b'E' => executes = true,
                b'P' | b'B' | b'D' => work = true,
                _ => {}
            }
        }
        started = true;
        if sw.write_all(&message).await.is_err() {
            return;
        }
    }
}

/// A pool of `connections` on `pool`'s database through a counting proxy, configured as
/// the bot's.
pub async fn counted(pool: &PgPool, connections: u32) -> (PgPool, Arc<Counter>) {
    let opts: PgConnectOptions = (*pool.connect_options()).clone();
    let (port, counter) = proxy((opts.get_host().to_string(), opts.get_port())).await;
    let opts = opts
        .host("127.0.0.1")
        .port(port)
        .ssl_mode(PgSslMode::Disable);
    let counted = wolfjudge::store::pool_options(connections)
        .connect_with(opts)
        .await
        .expect("connect through the proxy");
    (counted, counter)
}

/// What one interaction cost.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cost {
    pub statements: usize,
    pub prepares: usize,
    pub pings: usize,
}

/// Counts one interaction (after the pool's background release pings have been sent).
pub async fn measure<T>(counter: &Counter, f: impl Future<Output = T>) -> (T, Cost) {
    tokio::time::sleep(Duration::from_millis(50)).await;
    let (s0, r0, p0) = counter.now();
    let out = f.await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (s1, r1, p1) = counter.now();
    let cost = Cost {
        statements: s1 - s0,
        prepares: r1 - r0,
        pings: p1 - p0,
    };
    (out, cost)
}
