//! Starting and secrecy guarantees (the reliability work):
//!
//! - `/wolf start` deals once: two starts at once, or a start retried after a failure,
//!   build one game whose seats are the engine's players (service and fake Discord).
//! - Buttons cannot reach another server's game or sign-up; a judge who holds a seat in a
//!   game cannot judge it (unless the server allows it, and then sees no secrets).
//! - A card conversion that used a card only its holder saw is told only to that holder,
//!   and a red card it makes by day sends off at nightfall, as one more night death
//!   (docs/decisions.md, "Who sees what").

use crate::common::catalog::{msg, says, says_with, zh};
use crate::common::discord_world::{World, ADMIN, JUDGE_ROLE};

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};
use serde_json::json;
use sqlx::PgPool;

use wolfjudge::engine::event::Cause;
use wolfjudge::engine::rng::Seed;
use wolfjudge::engine::ruleset::Span;
use wolfjudge::engine::{
    Action, Audience, CharId, Color, Command, Event, EventKind, Game, Phase, Role, Ruleset, Setup,
};
use wolfjudge::i18n::{role_name, Lang};
use wolfjudge::notify;
use wolfjudge::script::Table;
use wolfjudge::service::clock::VirtualClock;
use wolfjudge::service::{
    Account, Channel, GameId, Guild, Refusal, ServerRole, Service, ServiceError, Settings, SignupId,
};
use wolfjudge::store::Store;

// ---------------------------------------------------------------------------------------
// An atomic start
// ---------------------------------------------------------------------------------------

fn noon() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap()
}

/// A service whose every start draws its seed from the OS (as the bot does), so that two
/// deals of one sign-up would differ.
fn service(pool: PgPool) -> Service {
    Service::new(
        Store::new(pool),
        Arc::new(VirtualClock::new(noon())),
        BTreeMap::new(),
        None,
    )
}

fn settings(guild: Guild) -> Settings {
    Settings {
        guild,
        forum: Channel::new(guild.get() + 1),
        judge_role: ServerRole::new(guild.get() + 2),
        log: Channel::new(guild.get() + 3),
        lang: Lang::Zh,
        time_zone: None,
        playing_judge: false,
    }
}

/// An `m32` sign-up in `guild` with twelve members (accounts `first`, `first + 1`, …).
async fn full_signup(s: &Service, guild: Guild, first: u64) -> SignupId {
    full_signup_in(s, guild, first, None).await
}

/// A full sign-up, for a game of the server's tournament called `tournament` if given.
async fn full_signup_in(
    s: &Service,
    guild: Guild,
    first: u64,
    tournament: Option<&str>,
) -> SignupId {
    let signup = s
        .open_signup(
            guild,
            Account::new(9),
            "m32",
            tournament,
            Lang::Zh,
            &Default::default(),
        )
        .await
        .expect("the sign-up opens");
    for i in 0..12 {
        s.join(signup.row.id, Account::new(first + i), &format!("P{i}"))
            .await
            .expect("a member joins");
    }
    signup.row.id
}

/// Makes every insert into `table` fail, as a crash or a lost connection would at that
/// step of a start, until [`allow_inserts`].
async fn fail_inserts(pool: &PgPool, table: &str) {
    sqlx::raw_sql(&format!(
        "CREATE OR REPLACE FUNCTION fail_once() RETURNS trigger LANGUAGE plpgsql AS
           $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$;
         CREATE TRIGGER fail_once BEFORE INSERT ON {table}
           FOR EACH ROW EXECUTE FUNCTION fail_once();"
    ))
    .execute(pool)
    .await
    .expect("the failure is injected");
}

/// Removes the failure [`fail_inserts`] injected into `table`.
async fn allow_inserts(pool: &PgPool, table: &str) {
    sqlx::raw_sql(&format!("DROP TRIGGER fail_once ON {table}"))
        .execute(pool)
        .await
        .expect("the failure is removed");
}

/// The seats table (who gets the DMs and acts) against the engine's players (the reveal,
/// the scores): the account in each seat, from each side.
async fn seats_and_players(s: &Service, game: GameId) -> (Vec<u64>, Vec<u64>) {
    let route = s.route(game).await.expect("the game's route");
    let g = s.store().load(game).await.expect("the game loads");
    let seats = (0..g.chars().len() as u16)
        .map(|c| route.seats.get(&c).map_or(0, |a| a.get()))
        .collect();
    let players = g
        .chars()
        .iter()
        .map(|c| c.player.parse().unwrap_or(0))
        .collect();
    (seats, players)
}

#[sqlx::test(migrations = "./migrations")]
async fn forty_sign_ups_each_started_twice_at_once_are_dealt_once(pool: PgPool) {
    let s = service(pool.clone());
    let guild = Guild::new(1_000);
    s.set_up(&settings(guild)).await.expect("set up");
    let mut signups = Vec::new();
    for k in 0..40u64 {
        signups.push(full_signup(&s, guild, 10_000 + 100 * k).await);
    }
    // A busy database: each write to a sign-up takes 20 ms more, which widens the moment
    // between reading a sign-up and storing its deal (where a second start could slip in).
    sqlx::raw_sql(
        "CREATE FUNCTION slow() RETURNS trigger LANGUAGE plpgsql AS
           $$ BEGIN PERFORM pg_sleep(0.02); RETURN NEW; END $$;
         CREATE TRIGGER slow BEFORE UPDATE ON signup_posts
           FOR EACH ROW EXECUTE FUNCTION slow();",
    )
    .execute(&pool)
    .await
    .expect("slow writes");
    // The second start of each pair comes 0 to 3.75 ms after the first, so that across the
    // forty pairs it meets the first at every step of its way.
    let tasks: Vec<_> = signups
        .iter()
        .enumerate()
        .map(|(k, id)| {
            let (a, b, id) = (s.clone(), s.clone(), *id);
            let lag = std::time::Duration::from_micros(250 * (k as u64 % 16));
            tokio::spawn(async move {
                tokio::join!(a.start(id), async move {
                    tokio::time::sleep(lag).await;
                    b.start(id).await
                })
            })
        })
        .collect();
    let mut wrong = Vec::new();
    for (k, t) in tasks.into_iter().enumerate() {
        let (a, b) = t.await.expect("the starts run");
        let (a, b) = (a.expect("the first start"), b.expect("the second start"));
        assert_eq!(a, b, "sign-up {k}: both starts answer with the same game");
        let (seats, players) = seats_and_players(&s, a).await;
        // The deal kept with the sign-up (what any later start builds from) is the game's:
        // the second start did not draw one of its own.
        // A real game's seed: 256 bits from the OS, kept in `seed256` (the one-door work).
        let (seed, seed256, seating): (Option<i64>, Vec<u8>, Vec<i64>) =
            sqlx::query_as("SELECT seed, seed256, seating FROM signup_posts WHERE game_id = $1")
                .bind(a.0)
                .fetch_one(&pool)
                .await
                .expect("the stored deal");
        let g = s.store().load(a).await.expect("the game");
        let seating: Vec<u64> = seating.into_iter().map(|u| u as u64).collect();
        let stored = <[u8; 32]>::try_from(seed256).map(Seed::Bytes);
        if seats != players || seed.is_some() || stored != Ok(g.seed()) || seating != players {
            wrong.push(k);
        }
    }
    assert!(
        wrong.is_empty(),
        "seats or the stored deal differ from the engine's players in {} of 40 games: {wrong:?}",
        wrong.len()
    );
    let games: i64 = sqlx::query_scalar("SELECT count(*) FROM games")
        .fetch_one(&pool)
        .await
        .expect("count");
    assert_eq!(games, 40, "one game per sign-up");
}

#[sqlx::test(migrations = "./migrations")]
async fn a_start_retried_after_a_failure_builds_the_same_game(pool: PgPool) {
    let s = service(pool.clone());
    let guild = Guild::new(2_000);
    s.set_up(&settings(guild)).await.expect("set up");
    let id = full_signup(&s, guild, 20_000).await;
    // The first start fails after the deal, while the game is being written, as a crash or
    // a lost connection would: writing the seats is refused once.
    fail_inserts(&pool, "seats").await;
    let failed = s.start(id).await;
    assert!(failed.is_err(), "the injected failure: {failed:?}");
    // The game, its seats and its first messages are written together: none of them.
    let created = s
        .store()
        .game_id(&format!("signup-{}", id.0))
        .await
        .expect("look the game up");
    assert_eq!(created, None, "a game without its seats");
    let messages: i64 = sqlx::query_scalar("SELECT count(*) FROM outbox")
        .fetch_one(&pool)
        .await
        .expect("count");
    assert_eq!(messages, 0, "messages of a start that failed");
    // The deal is made: nobody joins or leaves between it and the game.
    let dealt: Vec<i64> = sqlx::query_scalar("SELECT seating FROM signup_posts WHERE id = $1")
        .bind(id.0)
        .fetch_one(&pool)
        .await
        .expect("the stored deal");
    let late = s.join(id, Account::new(29_999), "Late").await;
    assert!(
        matches!(late, Err(ServiceError::Refused(Refusal::SignupClosed))),
        "a join after the deal: {late:?}"
    );
    let left = s.leave(id, Account::new(20_000)).await;
    assert!(
        matches!(left, Err(ServiceError::Refused(Refusal::SignupClosed))),
        "a leave after the deal: {left:?}"
    );
    allow_inserts(&pool, "seats").await;

    let game = s.start(id).await.expect("the retried start");
    let (seats, players) = seats_and_players(&s, game).await;
    assert_eq!(seats, players, "every seat is the engine's player");
    let dealt: Vec<u64> = dealt.into_iter().map(|a| a as u64).collect();
    assert_eq!(seats, dealt, "the retry plays the first start's deal");
    let again = s.start(id).await.expect("a third start");
    assert_eq!(
        again, game,
        "a start of a started sign-up answers with its game"
    );
    assert_eq!(seats_and_players(&s, game).await, (seats, players));
}

/// A started game's first messages (the role DMs, the day's post) can be taken by a
/// dispatcher the moment they commit, and each needs the game's route: its server (through
/// the sign-up) and, for a DM, the seat's account. They commit with both, never before
/// (seen before: a dispatcher under load found "no game here" and the game's first
/// messages waited out a backoff). Checked at each commit that writes a message, by a
/// deferred trigger; a tournament's game too.
#[sqlx::test(migrations = "./migrations")]
async fn a_started_games_messages_commit_with_its_route(pool: PgPool) {
    sqlx::raw_sql(
        "CREATE FUNCTION routed() RETURNS trigger LANGUAGE plpgsql AS
           $$ BEGIN
                IF NOT EXISTS (SELECT 1 FROM signup_posts WHERE game_id = NEW.game_id)
                   OR NOT EXISTS (SELECT 1 FROM seats WHERE game_id = NEW.game_id) THEN
                  RAISE EXCEPTION 'game % has a message and no route', NEW.game_id;
                END IF;
                RETURN NULL;
              END $$;
         CREATE CONSTRAINT TRIGGER routed AFTER INSERT ON outbox
           DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION routed();",
    )
    .execute(&pool)
    .await
    .expect("the check is installed");
    let s = service(pool.clone());
    let guild = Guild::new(3_000);
    s.set_up(&settings(guild)).await.expect("set up");
    let id = full_signup(&s, guild, 30_000).await;
    let game = s.start(id).await.expect("the start commits with its route");
    let (seats, players) = seats_and_players(&s, game).await;
    assert_eq!(seats, players, "every seat is the engine's player");
    let messages: i64 = sqlx::query_scalar("SELECT count(*) FROM outbox WHERE game_id = $1")
        .bind(game.0)
        .fetch_one(&pool)
        .await
        .expect("count");
    assert!(messages >= 12, "the role DMs at least: {messages}");

    s.create_tournament(guild, Account::new(9), "Judge", "spring", 2, "m32")
        .await
        .expect("a tournament");
    let signup = full_signup_in(&s, guild, 40_000, Some("spring")).await;
    let game = s
        .start(signup)
        .await
        .expect("the tournament's game commits with its route");
    let (seats, players) = seats_and_players(&s, game).await;
    assert_eq!(seats, players, "every seat is the engine's player");
}

/// A tournament's start that stops after its game was created (here: adding the game to
/// the tournament fails once, as a crash or a lost connection would) is finished by the
/// next start: the same game, now the tournament's first, and every player who plays it
/// signed up for the tournament.
#[sqlx::test(migrations = "./migrations")]
async fn a_tournament_start_that_stopped_after_its_game_is_finished_by_the_next(pool: PgPool) {
    let s = service(pool.clone());
    let guild = Guild::new(4_000);
    s.set_up(&settings(guild)).await.expect("set up");
    let t = s
        .create_tournament(guild, Account::new(9), "Judge", "autumn", 2, "m32")
        .await
        .expect("a tournament");
    let signup = full_signup_in(&s, guild, 50_000, Some("autumn")).await;
    fail_inserts(&pool, "tournament_games").await;
    let failed = s.start(signup).await;
    assert!(failed.is_err(), "the injected failure: {failed:?}");
    let created = s
        .store()
        .game_id(&format!("signup-{}", signup.0))
        .await
        .expect("look the game up")
        .expect("the game was created before the failure");
    allow_inserts(&pool, "tournament_games").await;

    let game = s.start(signup).await.expect("the next start");
    assert_eq!(
        game.0, created,
        "the next start finds the game created first"
    );
    assert_eq!(
        s.store().tournament_of_game(game).await.expect("read"),
        Some((t.id, 1)),
        "the game is the tournament's first"
    );
    let signed: Vec<String> =
        sqlx::query_scalar("SELECT player FROM signups WHERE tournament_id = $1 ORDER BY player")
            .bind(t.id)
            .fetch_all(&pool)
            .await
            .expect("the tournament's sign-ups");
    let players: Vec<String> = (0..12u64).map(|i| (50_000 + i).to_string()).collect();
    assert_eq!(signed, players, "every player signed up for the tournament");
    let (seats, players) = seats_and_players(&s, game).await;
    assert_eq!(seats, players, "every seat is the engine's player");
}

#[sqlx::test(migrations = "./migrations")]
async fn a_repeated_wolf_start_answers_with_the_same_game(pool: PgPool) {
    let w = World::new(pool).await;
    assert!(says(&w.set_up().await, "ok-setup"));
    let post = w.open_signup().await;
    w.join_all(&post).await;
    // Two starts at once (a double click, two judges), then one more (a retry).
    let judge = [JUDGE_ROLE];
    let start = || {
        w.fake.slash(
            w.judge,
            post.channel,
            &judge,
            ADMIN,
            "zh-CN",
            &["wolf", "start"],
            &[],
            json!({}),
        )
    };
    let (first, second) = (start(), start());
    let first = w.fake.answer(first).await;
    let second = w.fake.answer(second).await;
    assert!(says(&first, "ok-started"), "{first}");
    assert_eq!(first, second, "both starts answer alike");
    let third = w.judge_says(post.channel, &["wolf", "start"], &[]).await;
    assert_eq!(
        first, third,
        "a repeated start answers with the game started"
    );
    w.settle().await;
    let games: i64 = sqlx::query_scalar("SELECT count(*) FROM games")
        .fetch_one(w.service.store().pool())
        .await
        .expect("count");
    assert_eq!(games, 1);
    let game = GameId(w.game_id().await);
    let (seats, players) = seats_and_players(&w.service, game).await;
    assert_eq!(seats, players);
    // Each player got one role DM, not two.
    for p in &w.players {
        let roles = w
            .fake
            .dms_to(*p)
            .iter()
            .filter(|m| says(&m.content, "ev-role-told"))
            .count();
        assert!(roles <= 1, "{p} was dealt {roles} times");
    }
}

// ---------------------------------------------------------------------------------------
// Authorization
// ---------------------------------------------------------------------------------------

/// A started game of another server, created in `pool` before the bot runs; its messages
/// are marked sent (that server's channels are not in the fake).
async fn foreign_game(pool: &PgPool) -> (GameId, SignupId, SignupId) {
    let s = service(pool.clone());
    let guild = Guild::new(900_000_000_000_000_001);
    s.set_up(&settings(guild)).await.expect("set up");
    let id = full_signup(&s, guild, 900_000).await;
    let game = s.start(id).await.expect("the other server's game starts");
    let open = s
        .open_signup(
            guild,
            Account::new(9),
            "m32",
            None,
            Lang::Zh,
            &Default::default(),
        )
        .await
        .expect("an open sign-up there");
    sqlx::query("UPDATE outbox SET delivered_at = now() WHERE game_id = $1")
        .bind(game.0)
        .execute(pool)
        .await
        .expect("mark its messages sent");
    (game, id, open.row.id)
}

#[sqlx::test(migrations = "./migrations")]
async fn buttons_naming_another_servers_game_are_refused(pool: PgPool) {
    let (other, _, other_signup) = foreign_game(&pool).await;
    let w = World::new(pool).await;
    let (post, _) = w.started().await;
    let store = w.service.store();
    let events_before = store.events(other).await.expect("events").len();
    let outbox_before: i64 = sqlx::query_scalar("SELECT count(*) FROM outbox WHERE game_id = $1")
        .bind(other.0)
        .fetch_one(store.pool())
        .await
        .expect("count");

    // The judge of this server presses a card button carrying the other server's game.
    let card = format!("wj:{}:card:0:yellow", other.0);
    let i = w.fake.click(w.judge, &post, &card, &[], &[JUDGE_ROLE]);
    let r = w.fake.response(i).await;
    let a = r["data"]["content"].as_str().unwrap_or_default();
    assert_eq!(a, zh("svc-foreign-game", &[]), "a foreign card button");
    assert_eq!(r["data"]["flags"], json!(64), "the refusal is ephemeral");
    // A night menu of that game, pressed here.
    let kill = format!("wj:{}:kill", other.0);
    let i = w.fake.click(w.players[0], &post, &kill, &["1"], &[]);
    let a = w.fake.answer(i).await;
    assert_eq!(a, zh("svc-foreign-game", &[]), "a foreign menu");
    // Its sign-up's Join button.
    let join = format!("wj:signup:{}:join", other_signup.0);
    let i = w.fake.click(w.players[0], &post, &join, &[], &[]);
    let a = w.fake.answer(i).await;
    assert_eq!(a, zh("svc-foreign-game", &[]), "a foreign sign-up");

    assert_eq!(
        store.events(other).await.expect("events").len(),
        events_before,
        "the other server's game is unchanged"
    );
    let outbox_after: i64 = sqlx::query_scalar("SELECT count(*) FROM outbox WHERE game_id = $1")
        .bind(other.0)
        .fetch_one(store.pool())
        .await
        .expect("count");
    assert_eq!(
        outbox_after, outbox_before,
        "nothing was logged or sent for it"
    );
    let joined = w
        .service
        .signup(other_signup)
        .await
        .expect("the sign-up")
        .players;
    assert!(
        joined.is_empty(),
        "nobody joined the other server's sign-up"
    );
}

#[sqlx::test(migrations = "./migrations")]
async fn a_judge_who_plays_may_not_judge_the_game(pool: PgPool) {
    let w = World::new(pool).await;
    w.started().await;
    let game = GameId(w.game_id().await);
    let route = w.service.route(game).await.expect("route");
    let seated = route.seats[&0].get();
    let thread = w.day_post();
    let g = w.game().await;
    // (The game's name, 狼人杀 in commands, is not the role 狼人.)
    let roles_named = |a: &str| {
        let a = a.replace(&zh("cmd-wolf", &[]), "");
        Role::ALL
            .into_iter()
            .filter(|r| a.contains(&role_name(*r, Lang::Zh)))
            .count()
    };

    // A player who also has the judge role.
    let (a, r) = w
        .slash(seated, thread, true, &["judge", "status"], &[], json!({}))
        .await;
    assert_eq!(a, zh("svc-judge-plays", &[]), "a seated judge's status");
    assert_eq!(roles_named(&a), 0, "{a}");
    assert_eq!(r["data"]["flags"], json!(64), "the refusal is ephemeral");
    let before = w.event_count().await;
    let name = g.ch(CharId(1)).name.clone();
    let (a, _) = w
        .slash(
            seated,
            thread,
            true,
            &["judge", "card"],
            &[
                ("target", 3, json!(name)),
                ("color", 4, json!(1)),
                ("reason", 3, json!("x")),
            ],
            json!({}),
        )
        .await;
    assert_eq!(a, zh("svc-judge-plays", &[]), "a seated judge's card");
    assert_eq!(
        w.event_count().await,
        before,
        "the refused card changed nothing"
    );
    // The judge who does not play sees everything.
    let a = w.judge_says(thread, &["judge", "status"], &[]).await;
    assert!(roles_named(&a) > 0, "the judge's status: {a}");

    // The server allows playing judges: they judge, but see no secrets.
    let (a, _) = w.set_up_with(&[("playing_judge", 5, json!(true))]).await;
    let allowed = zh("ok-setup-playing-judge", &[("allowed", "yes")]);
    assert!(a.contains(&allowed), "{a}");
    let (a, _) = w
        .slash(seated, thread, true, &["judge", "status"], &[], json!({}))
        .await;
    assert!(a.contains(&zh("view-judge-plays", &[])), "{a}");
    assert_eq!(
        roles_named(&a),
        0,
        "no role in a playing judge's status: {a}"
    );
    let (a, r) = w
        .slash(seated, thread, true, &["judge", "export"], &[], json!({}))
        .await;
    assert_eq!(
        a,
        zh("svc-judge-plays-secret", &[]),
        "a playing judge's export"
    );
    assert!(
        r["data"]["attachments"]
            .as_array()
            .is_none_or(Vec::is_empty),
        "no files"
    );
    w.settle().await;
}

// ---------------------------------------------------------------------------------------
// Conversions of cards the public never saw
// ---------------------------------------------------------------------------------------

const NAMES: [&str; 12] = [
    "Ash", "Birch", "Cedar", "Daisy", "Elm", "Fern", "Gale", "Hazel", "Iris", "Juniper", "Kale",
    "Lark",
];

/// `m32` with a red card that does not lose the camp, and no lurking cards (so the only
/// cards are the judge's and the wolves' leader-vote card). Ash, Birch, Cedar and Daisy are
/// the wolves.
fn table() -> Table {
    let o: BTreeMap<String, toml::Value> = [
        ("red_card_loses_camp", toml::Value::Boolean(false)),
        ("lurk_min_posts_day", toml::Value::Integer(0)),
        ("lurk_min_posts_streak", toml::Value::Integer(0)),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    let roles = std::iter::repeat_n(Role::Wolf, 4)
        .chain([Role::Seer, Role::Witch, Role::Hunter])
        .chain(std::iter::repeat(Role::Villager));
    let setup = Setup {
        ruleset: Ruleset::builtin("m32", &o).expect("m32 loads"),
        seed: Seed::U64(16),
        start: noon(),
        characters: NAMES.iter().map(|n| n.to_string()).collect(),
        roles: Some(NAMES.iter().map(|n| n.to_string()).zip(roles).collect()),
        forbidden_first_kill: None,
        players: None,
    };
    Table::new(&setup).expect("the game is created")
}

fn c(name: &str) -> CharId {
    CharId(NAMES.iter().position(|n| *n == name).expect("a character") as u16)
}

fn ok(t: &mut Table, cmd: Command) {
    if let Err(e) = t.command(&cmd) {
        panic!("{cmd:?} was refused: {e:?}");
    }
}

fn yellow(t: &mut Table, name: &str) {
    ok(
        t,
        Command::judge(Action::Card {
            target: c(name),
            color: Color::Yellow,
            reason: "rude".into(),
        }),
    );
}

/// Every living character abstains (no no-vote cards).
fn all_abstain(t: &mut Table) {
    for who in t.game.living() {
        ok(t, Command::by(who, Action::Abstain));
    }
}

/// The wolves but Ash elect Birch on night 1: Ash gets the leader-vote card, which only Ash
/// (and the judge) sees.
fn night_one_without_ash(t: &mut Table) {
    t.wait_until(Phase::Night { night: 1 }).expect("night 1");
    for w in ["Birch", "Cedar", "Daisy"] {
        ok(
            t,
            Command::by(c(w), Action::LeaderVote { target: c("Birch") }),
        );
    }
    t.wait(Span::parse("31m").expect("a span"));
}

/// Each message the game sent, as (channel, text), in both languages, rendered as the
/// store renders them (the state right after each event).
fn sent(events: &[Event]) -> Vec<(notify::Recipient, String, &Event)> {
    let mut g = Game::default();
    let mut out = Vec::new();
    for e in events {
        wolfjudge::engine::apply(&mut g, e);
        for lang in Lang::ALL {
            for m in notify::messages(e, &g, lang) {
                out.push((m.channel, m.body, e));
            }
        }
    }
    out
}

/// Checks that nothing public tells of Ash's conversion or red card, that Ash is told of
/// it, and that the public learns of Ash's death only as a night death in `day`'s opening.
fn the_public_learns_nothing(t: &Table, day: u32) {
    let ash = c("Ash");
    let converted: Vec<&Event> = t
        .events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::CardsConverted { target, to: Color::Red, .. } if target == ash))
        .collect();
    assert_eq!(converted.len(), 1, "Ash's yellows became a red card once");
    assert_eq!(converted[0].audience(), Audience::Character(ash));
    let out = t.events.iter().find_map(|e| match e.kind {
        EventKind::Eliminated {
            character,
            cause,
            when,
        } if character == ash => Some((cause, when)),
        _ => None,
    });
    assert!(
        matches!(out, Some((Cause::RedCard, Phase::Night { .. }))),
        "Ash is sent off at night: {out:?}"
    );
    let messages = sent(&t.events);
    for (channel, text, e) in &messages {
        if *channel != notify::Recipient::Public {
            continue;
        }
        let tells = matches!(e.kind, EventKind::CardsConverted { .. })
            || matches!(
                e.kind,
                EventKind::Eliminated {
                    cause: Cause::RedCard,
                    ..
                }
            )
            || [Lang::Zh, Lang::En].into_iter().any(|lang| {
                says_with(text, lang, "ev-cards-converted", &[])
                    || says_with(text, lang, "ev-cards-converted-you", &[])
            })
            || text.contains(&zh("color-red", &[]))
            || text.contains(&format!("{} card", msg(Lang::En, "color-red", &[])));
        assert!(!tells, "a public message tells of the hidden card: {text}");
    }
    let dm = notify::Recipient::Seat(ash);
    for lang in Lang::ALL {
        let (yellow, red) = (msg(lang, "color-yellow", &[]), msg(lang, "color-red", &[]));
        let converted = [
            ("count", "3"),
            ("from", yellow.as_str()),
            ("to", red.as_str()),
        ];
        let told = msg(lang, "ev-cards-converted-you", &converted);
        assert!(
            messages
                .iter()
                .any(|(ch, text, _)| *ch == dm && text.contains(&told)),
            "Ash is told: {told}"
        );
    }
    // The day's opening post lists Ash among the night's deaths, as any night death.
    let opening = messages.iter().find(|(ch, text, e)| {
        *ch == notify::Recipient::Public
            && matches!(e.kind, EventKind::DayOpened { day: d, .. } if d == day)
            && text.contains("Ash")
    });
    assert!(
        opening.is_some(),
        "day {day}'s opening names Ash among the dead"
    );
}

#[test]
fn a_hidden_card_completing_a_red_at_night_is_told_only_to_its_holder() {
    let mut t = table();
    // Day 1: two public yellows for Ash.
    yellow(&mut t, "Ash");
    yellow(&mut t, "Ash");
    all_abstain(&mut t);
    // Night 1: Ash misses the leader vote; the third yellow is Ash's alone.
    night_one_without_ash(&mut t);
    t.wait_until(Phase::Day { day: 2, round: 0 })
        .expect("day 2");
    the_public_learns_nothing(&t, 2);
}

#[test]
fn a_red_card_a_hidden_card_completes_by_day_sends_off_at_nightfall() {
    let mut t = table();
    all_abstain(&mut t);
    night_one_without_ash(&mut t);
    t.wait_until(Phase::Day { day: 2, round: 0 })
        .expect("day 2");
    // Day 2: two public yellows complete three; the public has seen two.
    yellow(&mut t, "Ash");
    yellow(&mut t, "Ash");
    assert!(t.game.is_alive(c("Ash")), "no send-off by day");
    assert!(
        !t.events
            .iter()
            .any(|e| matches!(e.kind, EventKind::CardsConverted { .. })),
        "no conversion by day"
    );
    all_abstain(&mut t);
    t.wait_until(Phase::Night { night: 2 }).expect("night 2");
    assert!(!t.game.is_alive(c("Ash")), "sent off at nightfall");
    t.wait_until(Phase::Day { day: 3, round: 0 })
        .expect("day 3");
    the_public_learns_nothing(&t, 3);
}
