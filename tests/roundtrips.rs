//! Database round trips per interaction (the one-door work): the service runs over a pool
//! whose connections pass through the counting proxy of `common/pgproxy.rs` (what counts as
//! a statement round trip, a prepare and a ping is said there).

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{DateTime, Duration, TimeZone, Utc};
use sqlx::PgPool;

use wolfjudge::engine::{Action, CharId, Color, Game, Phase, Role, RuleError};
use wolfjudge::i18n::Lang;
use wolfjudge::notify::prompt::Choice;
use wolfjudge::service::clock::VirtualClock;
use wolfjudge::service::{
    Account, At, Channel, GameId, Guild, Intent, Place, Refusal, ServerRole, Service, ServiceError,
};
use wolfjudge::store::resolve::Lookup;
use wolfjudge::store::{Session, Store};

use crate::common::pgproxy::{counted, measure, Cost};
use crate::common::seated;

fn noon() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap()
}

const GUILD: Guild = Guild::new(5_000);
const FIRST: u64 = 50_000;
/// The day post's channel.
const DAY: Channel = Channel::new(5_100);

/// A started m32 game of twelve (accounts `FIRST..`), played through `service`.
async fn started(service: &Service) -> GameId {
    seated::set_up(
        service,
        GUILD,
        Channel::new(5_001),
        ServerRole::new(5_002),
        Channel::new(5_003),
    )
    .await;
    let players: Vec<(Account, String)> = (0..12)
        .map(|i| (Account::new(FIRST + i), format!("P{i}")))
        .collect();
    seated::started(service, GUILD, Account::new(9), &players).await
}

/// Fires deadlines until `until` holds.
async fn fire_until(
    service: &Service,
    clock: &VirtualClock,
    game: GameId,
    until: impl Fn(&Game) -> bool,
) -> Game {
    for _ in 0..50 {
        let g = service.store().load(game).await.expect("the game");
        if until(&g) {
            return g;
        }
        let due = g.next_deadline().expect("a deadline");
        clock.set(due + Duration::seconds(1));
        wolfjudge::runtime::deadlines::fire_due(service.store(), Some(game), service.now(), "test")
            .await
            .expect("fires");
    }
    panic!("the game did not get there");
}

/// A service on the fixed seed whose statements are counted, over a pool of eight
/// connections as the bot's (`store::connect`).
async fn counted_service(
    pool: &PgPool,
    clock: &VirtualClock,
) -> (Service, Arc<crate::common::pgproxy::Counter>) {
    let (counted_pool, counter) = counted(pool, 8).await;
    let service = Service::new(
        Store::new(counted_pool),
        Arc::new(clock.clone()),
        BTreeMap::new(),
        Some(20261201),
    );
    (service, counter)
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
    let (service, counter) = counted_service(&pool, &clock).await;
    let other = Service::new(
        Store::new(pool.clone()),
        Arc::new(clock.clone()),
        BTreeMap::new(),
        None,
    );
    let game = started(&service).await;
    service.day_posted(game, 1, DAY).await.expect("day post");
    let g = service.store().load(game).await.expect("the game");
    let account = |g: &Game, c: CharId| Account::new(g.ch(c).player.parse().expect("an account"));
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
    // (kind, accepted, cost) of each command.
    let mut seen: Vec<(&str, bool, Cost)> = Vec::new();
    macro_rules! count {
        ($what:expr, $call:expr) => {{
            let (r, cost) = measure(&counter, $call).await;
            report($what, r.is_ok(), &cost);
            seen.push(($what, r.is_ok(), cost));
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
        Err(e @ ServiceError::Refused(Refusal::Rules(refusal))) => {
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
        service.vote(here(Account::new(1)), &name(v[1]), "x", &key())
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
        user: Account::new(9),
    };
    let k = key();
    let j = count!(
        "/judge (checks and finds the game)",
        service.judging(At::Place(judge_at), &[ServerRole::new(5_002)], &k)
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
        .load(game)
        .await
        .expect("the game")
        .day()
        .cloned()
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
        matches!(g.phase(), Phase::Night { .. })
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
    let prey = g.living_with(|r| !r.is_wolfish())[0];
    count!(
        "kill menu (checked, opens the reason modal)",
        service.may_kill(dm(account(&g, wolves[0])), prey, Lang::En)
    )
    .expect("the modal's length");
    count!(
        "kill menu (not a wolf)",
        service.may_kill(dm(account(&g, prey)), wolves[0], Lang::En)
    )
    .expect_err("a villager may not kill");
    let over: Vec<String> = seen
        .iter()
        .filter(|(_, ok, c)| c.statements > if *ok { 2 } else { 1 })
        .map(|(what, ok, c)| {
            let said = if *ok { "accepted" } else { "refused" };
            format!("{what} ({said}: {})", c.statements)
        })
        .collect();
    assert!(over.is_empty(), "over the limit: {over:?}");
    // A connection given back moments ago is not pinged again before the next command's
    // statements (`store::pool_options`): what is left is sqlx's ping on giving one back,
    // never more pings than statements (it was one more: a ping before, one after).
    let pinged_before: Vec<_> = seen
        .iter()
        .filter(|(_, _, c)| c.pings > c.statements)
        .map(|(what, _, c)| (what, c.statements, c.pings))
        .collect();
    assert!(
        pinged_before.is_empty(),
        "pinged before their statements too: {pinged_before:?}"
    );
}

/// What a `/vote` in a day post reads of the sign-ups does not grow with the bot's history:
/// with 3,000 ended games signed up on the same server (and the statistics taken), the one
/// statement that finds the vote's game (`Store::resolve`) scans no sign-ups in turn and
/// reads a handful of rows (its own game's sign-up, old versions of that row included).
/// Before the lookup indexes and the guard on the server's fallback it read every sign-up
/// of every server (3,030 rows here); with the indexes but no guard, 42.
#[sqlx::test(migrations = "./migrations")]
async fn a_votes_lookup_reads_no_other_games_signups(pool: PgPool) {
    let service = Service::new(
        Store::new(pool.clone()),
        Arc::new(VirtualClock::new(noon())),
        BTreeMap::new(),
        Some(20261201),
    );
    let game = started(&service).await;
    service.day_posted(game, 1, DAY).await.expect("day post");
    sqlx::query(
        "WITH g AS (INSERT INTO games (key, ruleset, phase, ended)
                    SELECT 'old-' || i, 'm32', 'ended', TRUE FROM generate_series(1, 3000) i
                    RETURNING id)
         INSERT INTO signup_posts (guild_id, judge_user, ruleset, lang, thread_id, game_id)
         SELECT $1, 9, 'm32', 'zh', 900000 + id, id FROM g",
    )
    .bind(GUILD.get() as i64)
    .execute(&pool)
    .await
    .expect("the server's past games");
    sqlx::query("ANALYZE")
        .execute(&pool)
        .await
        .expect("analyze");

    // The backend's own table counters, before and after the statement on the same
    // connection (PostgreSQL 15 shows a backend's counts not yet flushed, earlier
    // transactions' too, so only the difference is this statement's).
    let mut conn = Session::from(pool.acquire().await.expect("a connection"));
    let read = async |conn: &mut sqlx::PgConnection| -> (i64, i64) {
        sqlx::query_as(
            "SELECT COALESCE(seq_scan, 0), COALESCE(seq_tup_read, 0) + COALESCE(idx_tup_fetch, 0)
             FROM pg_stat_xact_user_tables WHERE relname = 'signup_posts'",
        )
        .fetch_one(conn)
        .await
        .expect("the backend's counters")
    };
    let before = read(conn.raw()).await;
    let found = service
        .store()
        .resolve(
            &mut conn,
            Lookup {
                game: None,
                channel: Some(DAY),
                guild: Some(GUILD),
                user: Some(Account::new(FIRST)),
                key: Some("k1"),
            },
        )
        .await
        .expect("the vote's game is found");
    let after = read(conn.raw()).await;
    assert_eq!(found.game_id, game, "the day post's game");
    assert!(found.seat.is_some(), "the voter's seat");
    let (scans, rows) = (after.0 - before.0, after.1 - before.1);
    println!("sign-ups: {scans} sequential scans, {rows} rows read");
    assert_eq!(scans, 0, "no sign-up table scan for a vote in a day post");
    assert!(rows <= 5, "{rows} sign-up rows read for one vote");
}

/// UNO moves through the service as the Discord adapter calls it ("My hand", then a move
/// from what it offered), counted: a first press after the deal loads the game (one round
/// trip); then "My hand" costs none, an accepted play or draw one (its write), a move the
/// rules refuse none, a press by someone not at the table none; and a timeout fired by the
/// turn's deadline row is reported (the worker's look for due rows, then the write). Within the targets of a vote: at most two accepted,
/// one refused.
#[sqlx::test(migrations = "./migrations")]
async fn a_uno_move_costs_at_most_two_round_trips_and_a_refusal_one(pool: PgPool) {
    let clock = VirtualClock::new(noon());
    let (service, counter) = counted_service(&pool, &clock).await;
    seated::set_up(
        &service,
        GUILD,
        Channel::new(5_001),
        ServerRole::new(5_002),
        Channel::new(5_003),
    )
    .await;
    let chosen = BTreeMap::from([("rounds".to_string(), "1".to_string())]);
    let signup = service
        .open_uno_signup(GUILD, Account::new(9), chosen, Lang::Zh)
        .await
        .expect("a UNO sign-up");
    for i in 0..4 {
        service
            .join(signup.row.id, Account::new(FIRST + i), &format!("P{i}"))
            .await
            .expect("a join");
    }
    let game = service.start(signup.row.id).await.expect("the deal");
    let mut n = 0;
    let mut key = move || {
        n += 1;
        format!("u{n}")
    };
    let mut worst = BTreeMap::<&str, usize>::new();
    let mut note = |what: &'static str, ok: bool, c: &Cost| {
        report(what, ok, c);
        let w = worst.entry(what).or_default();
        *w = (*w).max(c.statements);
    };
    let turn_of = |s: &wolfjudge::store::uno_games::UnoState| s.seats[s.game.turn];
    let s = service.uno_game(game).await.expect("the game");
    let first = turn_of(&s);
    let (r, c) = measure(&counter, service.uno_hand(game, first, Lang::Zh)).await;
    note("UNO My hand", r.is_ok(), &c);
    for _ in 0..40 {
        let s = service.uno_game(game).await.expect("the game");
        if s.game.ended() {
            break;
        }
        let mover = turn_of(&s);
        let other = s.seats[(s.game.turn + 1) % 4];
        let (hand, c) = measure(&counter, service.uno_hand(game, mover, Lang::Zh)).await;
        note("UNO My hand", hand.is_ok(), &c);
        let hand = hand.expect("a hand");
        let code = hand.moves.first().expect("a move").0.clone();
        let (r, c) = measure(
            &counter,
            service.uno_move(game, other, &code, &key(), Lang::Zh),
        )
        .await;
        note("UNO move out of turn", r.is_ok(), &c);
        assert!(r.is_err(), "out of turn is refused");
        let (r, c) = measure(
            &counter,
            service.uno_move(game, Account::new(1), &code, &key(), Lang::Zh),
        )
        .await;
        note("UNO move by a non-player", r.is_ok(), &c);
        assert!(r.is_err());
        let what = if code == "d" { "UNO draw" } else { "UNO play" };
        let (r, c) = measure(
            &counter,
            service.uno_move(game, mover, &code, &key(), Lang::Zh),
        )
        .await;
        note(what, r.is_ok(), &c);
        r.expect("an offered move is taken");
    }
    let s = service.uno_game(game).await.expect("the game");
    if let Some(due) = s.game.deadline {
        clock.set(due + Duration::seconds(1));
        let (r, c) = measure(
            &counter,
            wolfjudge::runtime::deadlines::fire_due(
                service.store(),
                Some(game),
                service.now(),
                "t",
            ),
        )
        .await;
        note("UNO turn timeout (deadline row)", r.is_ok(), &c);
    }
    for (what, most) in worst.iter().filter(|(w, _)| !w.contains("timeout")) {
        let limit = if what.starts_with("UNO move") { 1 } else { 2 };
        assert!(*most <= limit, "{what}: {most} round trips");
    }
    assert!(worst["UNO My hand"] <= 1);
    assert!(worst.contains_key("UNO play"));
}
