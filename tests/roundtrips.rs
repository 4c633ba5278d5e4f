//! Database round trips per interaction (issue 15, item 2): the service runs over a pool
//! whose connections pass through a small TCP proxy that reads PostgreSQL's frontend
//! protocol and counts what the client sends. A simple `Query` or an extended-protocol
//! batch that executes, ended by `Sync`, is one statement round trip. Counted apart: a
//! batch that only prepares (sqlx prepares each statement once per connection, then reuses
//! it), and a `Sync` with nothing before it, sqlx's connection check (on taking a
//! connection from the pool, and again, in the background, on giving it back): pings.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use chrono::{DateTime, Duration, TimeZone, Utc};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions, PgSslMode};
use sqlx::PgPool;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use wolfjudge::engine::{Action, CharId, Color, Game, Phase, Role, RuleError};
use wolfjudge::i18n::Lang;
use wolfjudge::notify::prompt::Choice;
use wolfjudge::service::clock::VirtualClock;
use wolfjudge::service::{
    Account, At, Channel, GameId, Guild, Intent, Place, ServerRole, Service, ServiceError, Settings,
};
use wolfjudge::store::Store;

/// What the proxy has seen the client send.
#[derive(Debug, Default)]
struct Counter {
    statements: AtomicUsize,
    prepares: AtomicUsize,
    pings: AtomicUsize,
}

impl Counter {
    fn now(&self) -> (usize, usize, usize) {
        (
            self.statements.load(Ordering::SeqCst),
            self.prepares.load(Ordering::SeqCst),
            self.pings.load(Ordering::SeqCst),
        )
    }
}

/// Starts the proxy in front of `upstream`; returns its port and its counter.
async fn proxy(upstream: (String, u16)) -> (u16, Arc<Counter>) {
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
        let mut body = vec![0u8; (len as usize).saturating_sub(4)];
        if cr.read_exact(&mut body).await.is_err() {
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
        if sw.write_all(&head[..n]).await.is_err() || sw.write_all(&body).await.is_err() {
            return;
        }
    }
}

/// A pool on the test's database through a counting proxy, configured as the bot's.
async fn counted(pool: &PgPool) -> (PgPool, Arc<Counter>) {
    let opts: PgConnectOptions = (*pool.connect_options()).clone();
    let (port, counter) = proxy((opts.get_host().to_string(), opts.get_port())).await;
    let opts = opts
        .host("127.0.0.1")
        .port(port)
        .ssl_mode(PgSslMode::Disable);
    let counted = PgPoolOptions::new()
        .max_connections(8)
        .acquire_timeout(wolfjudge::store::ACQUIRE_TIMEOUT)
        .connect_with(opts)
        .await
        .expect("connect through the proxy");
    (counted, counter)
}

fn noon() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap()
}

const GUILD: Guild = Guild(5_000);
const FIRST: u64 = 50_000;
/// The day post's channel.
const DAY: Channel = Channel(5_100);

/// A started m32 game of twelve (accounts `FIRST..`), played through `service`.
async fn started(service: &Service) -> GameId {
    service
        .set_up(&Settings {
            guild: GUILD,
            forum: Channel(5_001),
            judge_role: ServerRole(5_002),
            log: Channel(5_003),
            lang: Lang::Zh,
            time_zone: None,
            playing_judge: false,
        })
        .await
        .expect("set up");
    let signup = service
        .open_signup(
            GUILD,
            Account(9),
            "m32",
            None,
            Lang::Zh,
            &Default::default(),
        )
        .await
        .expect("a sign-up");
    for i in 0..12 {
        service
            .join(signup.id, Account(FIRST + i), &format!("P{i}"))
            .await
            .expect("a join");
    }
    service.start(signup.id).await.expect("the start")
}

/// Fires deadlines until `until` holds.
async fn fire_until(
    service: &Service,
    clock: &VirtualClock,
    game: GameId,
    until: impl Fn(&Game) -> bool,
) -> Game {
    for _ in 0..50 {
        let g = service.store().load(game.0).await.expect("the game");
        if until(&g) {
            return g;
        }
        let due = g.next_deadline().expect("a deadline");
        clock.set(due + Duration::seconds(1));
        service
            .store()
            .fire_due(Some(game.0), service.now(), "test")
            .await
            .expect("fires");
    }
    panic!("the game did not get there");
}

/// What one interaction cost.
struct Cost {
    statements: usize,
    prepares: usize,
    pings: usize,
}

/// Counts one interaction (after the pool's background release pings have been sent).
async fn measure<T>(counter: &Counter, f: impl std::future::Future<Output = T>) -> (T, Cost) {
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    let (s0, r0, p0) = counter.now();
    let out = f.await;
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    let (s1, r1, p1) = counter.now();
    let cost = Cost {
        statements: s1 - s0,
        prepares: r1 - r0,
        pings: p1 - p0,
    };
    (out, cost)
}

/// One line of the report: a command kind, whether it was accepted, its counts.
fn report(what: &str, ok: bool, c: &Cost) {
    let said = if ok { "accepted" } else { "refused" };
    println!(
        "round trips: {what:<36} {said:<8} statements {}, prepares {}, pings {}",
        c.statements, c.prepares, c.pings
    );
}

/// Every kind of command a player or judge uses, through the service as the Discord adapter
/// calls it (one call each), counted; a vote is at most two statements when accepted and
/// one when refused, and so is every player's command. A second service on the same
/// database (another bot process) acts in between, so the first one's cached state is
/// stale and is brought current within the same statement.
#[sqlx::test(migrations = "./migrations")]
async fn a_vote_costs_two_round_trips_and_a_refusal_one(pool: PgPool) {
    let clock = VirtualClock::new(noon());
    let (counted_pool, counter) = counted(&pool).await;
    let service = Service::new(
        Store::new(counted_pool),
        Arc::new(clock.clone()),
        BTreeMap::new(),
        Some(20261201),
    );
    let other = Service::new(
        Store::new(pool.clone()),
        Arc::new(clock.clone()),
        BTreeMap::new(),
        None,
    );
    let game = started(&service).await;
    service.day_posted(game, 1, DAY).await.expect("day post");
    let g = service.store().load(game.0).await.expect("the game");
    let account = |g: &Game, c: CharId| Account(g.ch(c).player.parse().expect("an account"));
    let here = |a: Account| Place {
        guild: Some(GUILD),
        channel: DAY,
        user: a,
    };
    let dm = |a: Account| At::Game {
        game,
        guild: None,
        user: a,
    };
    let mut n = 0;
    let mut key = move || {
        n += 1;
        format!("k{n}")
    };
    // (kind, accepted, statements) of each command.
    let mut seen: Vec<(&str, bool, usize)> = Vec::new();
    macro_rules! count {
        ($what:expr, $call:expr) => {{
            let (r, cost) = measure(&counter, $call).await;
            report($what, r.is_ok(), &cost);
            seen.push(($what, r.is_ok(), cost.statements));
            r
        }};
    }

    // Day 1 (the game opens with it).
    let v: Vec<CharId> = g.living();
    let name = |c: CharId| g.ch(c).name.clone();
    count!(
        "/vote",
        service.vote(here(account(&g, v[0])), &name(v[1]), "x", &key())
    )
    .expect("a vote");
    // Another process takes a vote: this one's cached state is one command behind.
    other
        .vote(here(account(&g, v[4])), &name(v[1]), "y", "other-1")
        .await
        .expect("a vote through the other service");
    count!(
        "/vote (cached state stale)",
        service.vote(here(account(&g, v[0])), &name(v[2]), "x", &key())
    )
    .expect("a changed vote");
    let r = count!(
        "/vote (changed twice: refused)",
        service.vote(here(account(&g, v[0])), &name(v[3]), "x", &key())
    );
    match &r {
        Err(e @ ServiceError::Refused(refusal)) => {
            assert!(
                matches!(refusal.error, RuleError::VoteChangeLimit { .. }),
                "{e:?}"
            );
            assert_eq!(e.code(), "vote_change_limit");
        }
        other => panic!("a second change is refused by the rules: {other:?}"),
    }
    count!(
        "/vote (unknown name)",
        service.vote(here(account(&g, v[0])), "nobody", "x", &key())
    )
    .expect_err("no such character");
    count!(
        "/vote as a non-player",
        service.vote(here(Account(1)), &name(v[1]), "x", &key())
    )
    .expect_err("not a player");

    let plain: [(&str, Intent); 7] = [
        ("/abstain", Intent::Abstain),
        ("/speedup", Intent::Speedup),
        ("/speedup again", Intent::Speedup),
        ("/treehole", Intent::TreeHole { text: "t".into() }),
        ("/lastwords", Intent::LastWords { text: "t".into() }),
        ("/concede", Intent::Concede),
        ("/duel", Intent::Duel { target: name(v[1]) }),
    ];
    for (what, intent) in plain {
        let _ = count!(
            what,
            service.play(At::Place(here(account(&g, v[3]))), intent, &key())
        );
    }
    let _ = count!(
        "/proxy",
        service.play(
            At::Place(here(account(&g, v[5]))),
            Intent::Proxy { target: name(v[6]) },
            &key()
        )
    );
    let _ = count!("/status (look)", service.look(here(account(&g, v[5]))));
    let villager_now = g.living_with(|r| !r.is_wolfish())[0];
    let _ = count!(
        "/self-destruct (not a wolf)",
        service.play(
            At::Place(here(account(&g, villager_now))),
            Intent::SelfDestruct { target: None },
            &key()
        )
    );
    // The judge: the role is checked (the server's settings), the game found, the card
    // written, each one statement.
    let judge_at = Place {
        guild: Some(GUILD),
        channel: DAY,
        user: Account(9),
    };
    let k = key();
    let j = count!(
        "/judge (checks and finds the game)",
        service.judging(At::Place(judge_at), &[ServerRole(5_002)], &k)
    )
    .expect("a judge");
    count!(
        "/judge card (after the check)",
        service.judge_on(
            &j,
            Action::Card {
                target: v[7],
                color: Color::Blue,
                reason: "r".into()
            },
            &k
        )
    )
    .expect("a card");

    // The votes all counted, the other process's included.
    let day = service
        .store()
        .load(game.0)
        .await
        .expect("the game")
        .day
        .expect("the day");
    let target = |c: CharId| day.ballots.get(&c).and_then(|b| b.target);
    assert_eq!(
        target(v[0]),
        Some(v[2]),
        "the changed vote: {:?}",
        day.ballots
    );
    assert_eq!(
        target(v[4]),
        Some(v[1]),
        "the other process's: {:?}",
        day.ballots
    );

    // Night 1: the wolves' menus in their DMs.
    let g = fire_until(&service, &clock, game, |g| {
        matches!(g.phase, Phase::Night { .. })
    })
    .await;
    let wolves = g.living_with(Role::is_wolfish);
    let leader = Intent::Choice {
        choice: Choice::Leader,
        target: Some(wolves[1]),
        reason: String::new(),
    };
    count!(
        "night menu (leader vote)",
        service.play(dm(account(&g, wolves[0])), leader.clone(), &key())
    )
    .expect("a leader vote");
    let again = count!(
        "night menu pressed again",
        service.play(dm(account(&g, wolves[0])), leader, &key())
    );
    let again = again.expect_err("a second leader vote is refused");
    assert!(again.recorded_text(Lang::En).is_some(), "{again:?}");
    count!(
        "kill menu (opens the reason modal)",
        service.kill_reason_chars(dm(account(&g, wolves[0])))
    )
    .expect("the modal's length");
    let over: Vec<String> = seen
        .iter()
        .filter(|(_, ok, s)| if *ok { *s > 2 } else { *s > 1 })
        .map(|(what, ok, s)| format!("{what} ({}: {s})", if *ok { "accepted" } else { "refused" }))
        .collect();
    assert!(over.is_empty(), "over the limit: {over:?}");
}
