//! UNO played whole through Discord (rules §5 *On Discord*), against the fake Discord, in
//! Chinese and in English: the sign-up by button, the deal, "My hand" answering its presser
//! alone with the moves open now, every kind of card, a forgotten UNO, a timeout fired by
//! the turn's durable deadline after a restart mid-turn, and the end with the hand points,
//! the scores and the seed with its commitment. Presses out of turn or by someone not at the
//! table are refused privately, saying whose turn it is, and change nothing. What is
//! asserted is what the players see.

use std::collections::BTreeSet;

use crate::common::catalog::{msg, says_with};
use crate::common::discord_world;
use crate::discord_boards::{ephemeral, slash_in};

use chrono::Duration;
use serde_json::{json, Value};
use sqlx::PgPool;

use crate::common::fake_discord::Msg;
use discord_world::{component_ids, join_id, World};
use wolfjudge::engine::rng::Seed;
use wolfjudge::engine::Role;
use wolfjudge::i18n::uno::refusal;
use wolfjudge::i18n::Lang;
use wolfjudge::notify::uno::Move;
use wolfjudge::service::GameId;
use wolfjudge::store::uno_games::UnoState;
use wolfjudge::uno::script::{Report, Script};
use wolfjudge::uno::{Card, Event, PenaltyCause};

/// The fixed seed the test world deals every game with.
const SEED: u64 = 20261201;

/// A client's language and locale.
#[derive(Clone, Copy)]
struct Tongue {
    lang: Lang,
    locale: &'static str,
}

const ZH: Tongue = Tongue {
    lang: Lang::Zh,
    locale: "zh-CN",
};
const EN: Tongue = Tongue {
    lang: Lang::En,
    locale: "en-US",
};

/// Sets the server up in `t`'s language, opens a UNO sign-up of one round with a two-minute
/// turn, has the first four players join by button and deals: the game and its post.
async fn dealt(w: &World, t: Tongue) -> (GameId, u64) {
    let (a, _) = w.set_up_in(t.locale, &[]).await;
    assert!(says_with(&a, t.lang, "ok-setup", &[]), "{a}");
    let options = [("turn_time", 3, json!("2m")), ("rounds", 4, json!(1))];
    dealt_with(w, t, &w.players[..4], &options).await
}

/// As [`dealt`] on a server set up already: the judge opens a sign-up with `/uno new` and
/// `options`, `seated` join in that order by button (the sign-up's answer private or
/// deferred), and the judge deals: the game and its post.
async fn dealt_with(
    w: &World,
    t: Tongue,
    seated: &[u64],
    options: &[(&str, u8, Value)],
) -> (GameId, u64) {
    let (a, r) = slash_in(
        w,
        t.locale,
        w.judge,
        w.lobby,
        true,
        &["uno", "new"],
        options,
    )
    .await;
    assert!(ephemeral(&r) || r["type"] == json!(5), "{r}");
    assert!(says_with(&a, t.lang, "ok-uno-signup-opened", &[]), "{a}");
    let post = w
        .fake
        .messages()
        .into_iter()
        .rev()
        .find(|m| component_ids(m).iter().any(|i| i.ends_with(":join")))
        .expect("the sign-up post");
    for p in seated {
        let i = w
            .fake
            .click_in(t.locale, *p, &post, &join_id(&post), &[], &[]);
        let a = w.fake.answer(i).await;
        assert!(says_with(&a, t.lang, "ok-joined", &[]), "{a}");
        // A second between joins: the seating is the order of joining.
        w.clock.advance(Duration::seconds(1));
    }
    let (a, _) = slash_in(
        w,
        t.locale,
        w.judge,
        post.channel,
        true,
        &["uno", "start"],
        &[],
    )
    .await;
    assert!(says_with(&a, t.lang, "ok-started", &[]), "{a}");
    w.settle().await;
    (GameId(w.game_id().await), post.channel)
}

async fn state(w: &World, g: GameId) -> UnoState {
    w.service.uno_game(g).await.expect("the UNO game loads")
}

/// The table message: the bot's message in the post that carries (or carried) "My hand".
fn table(w: &World, thread: u64) -> Msg {
    w.fake
        .messages()
        .into_iter()
        .filter(|m| m.channel == thread && m.author.is_none())
        .find(|m| m.content.starts_with("🃏"))
        .expect("the table message")
}

/// Everything the bot showed in the post, in order (the table as it stands now).
fn post_text(w: &World, thread: u64) -> String {
    let mut ms: Vec<Msg> = w
        .fake
        .messages()
        .into_iter()
        .filter(|m| m.channel == thread && m.author.is_none())
        .collect();
    ms.sort_by_key(|m| m.order);
    ms.iter()
        .map(|m| m.content.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// `user` presses a component `id` (with `values` for a menu) on a copy of `on` in the
/// game's post: the callback.
async fn press(w: &World, t: Tongue, user: u64, on: &Msg, id: &str, values: &[&str]) -> Value {
    let i = w.fake.click_in(t.locale, user, on, id, values, &[]);
    w.fake.response(i).await
}

/// `user` presses "My hand": the private answer.
async fn my_hand(w: &World, t: Tongue, g: GameId, thread: u64, user: u64) -> Value {
    let m = table(w, thread);
    let r = press(w, t, user, &m, &format!("wu:{}:hand", g.0), &[]).await;
    assert!(ephemeral(&r), "My hand answers privately: {r}");
    r
}

/// The moves a "My hand" answer offers, by code.
fn offered(r: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for row in r["data"]["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            for o in c["options"].as_array().into_iter().flatten() {
                if let Some(v) = o["value"].as_str() {
                    out.push(v.to_string());
                }
            }
            if let Some(id) = c["custom_id"].as_str() {
                if let Some((_, code)) = id.split_once(":m:") {
                    out.push(code.to_string());
                }
            }
        }
    }
    out
}

/// A card's kind: number, skip, reverse, +2, wild, +4.
fn kind(c: Card) -> &'static str {
    match c {
        Card::Number(..) => "number",
        Card::Skip(_) => "skip",
        Card::Reverse(_) => "reverse",
        Card::DrawTwo(_) => "+2",
        Card::Wild => "wild",
        Card::WildDrawFour => "+4",
    }
}

/// Waits until the game has moved past `seq`.
async fn moved_past(w: &World, g: GameId, seq: i64) {
    for _ in 0..1500 {
        if state(w, g).await.seq > seq {
            w.settle().await;
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("the game did not move past {seq}");
}

/// Plays a dealt game to its end through "My hand": each turn's player presses it and
/// makes a move it offers, preferring a kind of card not played yet, forgetting UNO the
/// first time they could call it. Once, mid-turn, the bot restarts and the turn runs out.
async fn play_out(w: &mut World, t: Tongue, g: GameId, thread: u64) {
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    let mut forgot = false;
    let mut timed_out = false;
    for turn in 0..600 {
        let s = state(w, g).await;
        if s.game.ended() {
            return;
        }
        let seat = s.game.turn;
        let user = s.seats[seat].get();
        if turn == 6 && !timed_out {
            // A restart mid-turn: the turn's deadline is a row in the database, and the
            // restarted bot's worker fires it.
            w.restart().await;
            let due = s.game.deadline.expect("a running turn has a deadline");
            w.clock.set(due + Duration::seconds(1));
            moved_past(w, g, s.seq).await;
            timed_out = true;
            continue;
        }
        let r = my_hand(w, t, g, thread, user).await;
        let content = r["data"]["content"].as_str().unwrap_or_default();
        assert!(
            says_with(content, t.lang, "uno-hand-your-turn", &[]),
            "{content}"
        );
        let codes = offered(&r);
        assert!(!codes.is_empty(), "the player whose turn it is has a move");
        let moves: Vec<Move> = codes.iter().filter_map(|c| Move::parse(c)).collect();
        let two_left = s.game.hands[seat].len() == 2;
        let pick = |m: &Move| match m {
            Move::Play { card, uno, .. } => {
                let fresh = !seen.contains(kind(*card));
                let call = if two_left { *uno == forgot } else { true };
                (fresh && call, call)
            }
            _ => (false, false),
        };
        let chosen = moves
            .iter()
            .find(|m| pick(m).0)
            .or_else(|| moves.iter().find(|m| pick(m).1))
            .or_else(|| moves.first())
            .copied()
            .expect("a move");
        if let Move::Play { card, uno, .. } = chosen {
            seen.insert(kind(card));
            if two_left && !uno {
                forgot = true;
            }
        }
        let code = chosen.code();
        let on = Msg {
            components: r["data"]["components"].clone(),
            ..table(w, thread)
        };
        let r = match chosen {
            Move::Play { .. } => {
                press(w, t, user, &on, &format!("wu:{}:play", g.0), &[&code]).await
            }
            _ => press(w, t, user, &on, &format!("wu:{}:m:{code}", g.0), &[]).await,
        };
        assert!(ephemeral(&r), "{r}");
        let content = r["data"]["content"].as_str().unwrap_or_default();
        assert!(says_with(content, t.lang, "uno-ok-moved", &[]), "{content}");
        w.settle().await;
    }
    panic!("the game did not end");
}

/// What a whole game showed, checked as its players see it.
async fn check_the_end(w: &World, t: Tongue, g: GameId, thread: u64) {
    let s = state(w, g).await;
    let events = w.service.store().uno_events(g).await.expect("the events");
    let played: BTreeSet<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::Played { card, .. } => Some(kind(*card)),
            _ => None,
        })
        .collect();
    for k in ["number", "skip", "reverse", "+2", "wild", "+4"] {
        assert!(played.contains(k), "a {k} was played: {played:?}");
    }
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Penalized {
            cause: PenaltyCause::ForgotUno,
            ..
        }
    )));
    assert!(events.iter().any(|e| matches!(e, Event::TimedOut { .. })));
    let text = post_text(w, thread);
    let lang = t.lang;
    assert!(
        says_with(&text, lang, "uno-log-penalty-forgot", &[]),
        "{text}"
    );
    assert!(says_with(&text, lang, "uno-log-timed-out", &[]), "{text}");
    assert!(says_with(&text, lang, "uno-log-round-won", &[]), "{text}");
    assert!(says_with(&text, lang, "uno-end-scores", &[]), "{text}");
    let seed = SEED.to_string();
    let commitment = Seed::U64(SEED).commitment();
    assert!(
        text.contains(&msg(lang, "ev-reveal-seed", &[("seed", &seed)])),
        "{text}"
    );
    assert!(
        text.contains(&msg(
            lang,
            "ev-reveal-commitment",
            &[("commitment", &commitment)]
        )),
        "{text}"
    );
    // The start published the commitment, before any card was dealt.
    assert!(says_with(
        &text,
        lang,
        "uno-log-started",
        &[("commitment", &commitment)]
    ));
    // The table, edited in place: the game is over and "My hand" is gone.
    let m = table(w, thread);
    assert!(
        says_with(&m.content, lang, "uno-table-over", &[]),
        "{}",
        m.content
    );
    assert!(component_ids(&m).is_empty(), "{:?}", m.components);
    assert!(m.edits > 0);
    // Each player's points left in hand are on the round's line.
    let round = s.game.rounds.last().expect("a round was won");
    for (seat, p) in round.hand_points.iter().enumerate() {
        assert!(
            text.contains(&format!("{} {p}", s.game.players[seat])),
            "{text}"
        );
    }
    // No hand was ever shown anywhere but in its holder's private answers.
    for m in w.fake.messages() {
        for key in ["uno-hand-title", "uno-private-hand", "uno-private-drew"] {
            assert!(
                !says_with(&m.content, lang, key, &[]),
                "a hand in a message: {}",
                m.content
            );
        }
    }
    // The stored game exports as a UNO script that replays to the same events and report.
    let script = w.service.export_uno(g).await.expect("the game exports");
    let parsed = Script::parse(&script.to_string()).expect("the export parses");
    let run = wolfjudge::uno::script::run(&parsed, &|r| refusal(r, lang)).expect("it replays");
    assert_eq!(
        run.events, events,
        "the replay's events are the stored ones"
    );
    assert!(
        run.report.steps.iter().all(|s| s.ok),
        "{:?}",
        run.report.steps
    );
    assert_eq!(run.report, Report::of(&s.game, run.report.steps.clone()));
    // The player whose turn it was was told: the log's messages mentioned them.
    let pinged: BTreeSet<u64> = w
        .fake
        .messages()
        .iter()
        .filter(|m| m.channel == thread)
        .flat_map(|m| m.pinged_users.clone())
        .collect();
    for a in s.seats.iter() {
        assert!(pinged.contains(&a.get()), "{a:?} was told of a turn");
    }
}

async fn whole_game(pool: PgPool, t: Tongue) {
    let mut w = World::new(pool).await;
    let (g, thread) = dealt(&w, t).await;
    let text = post_text(&w, thread);
    assert!(
        says_with(&text, t.lang, "uno-log-first-card", &[]),
        "{text}"
    );
    let m = table(&w, thread);
    assert!(
        says_with(&m.content, t.lang, "uno-table-top", &[]),
        "{}",
        m.content
    );
    assert!(
        m.content.contains(":R>"),
        "the turn's end as a Discord timestamp: {}",
        m.content
    );
    play_out(&mut w, t, g, thread).await;
    check_the_end(&w, t, g, thread).await;
}

#[sqlx::test]
async fn a_uno_game_is_played_to_its_end_in_chinese(pool: PgPool) {
    whole_game(pool, ZH).await;
}

#[sqlx::test]
async fn a_uno_game_is_played_to_its_end_in_english(pool: PgPool) {
    whole_game(pool, EN).await;
}

/// A move pressed by a player whose turn it is not (on a copy of the mover's menu), and
/// "My hand" and a move pressed by a member not at the table, are refused privately saying
/// whose turn it is; nothing changes. A player out of turn sees their hand, and no move.
#[sqlx::test]
async fn presses_out_of_turn_or_from_outside_are_refused(pool: PgPool) {
    let w = World::new(pool).await;
    let t = ZH;
    let (g, thread) = dealt(&w, t).await;
    let before = state(&w, g).await;
    let turn = before.game.turn;
    let mover = before.seats[turn].get();
    let name = before.game.players[turn].clone();
    let other = before.seats[(turn + 1) % 4].get();
    let r = my_hand(&w, t, g, thread, mover).await;
    let code = offered(&r).into_iter().next().expect("a move");
    let menu = Msg {
        components: r["data"]["components"].clone(),
        ..table(&w, thread)
    };
    let id = if code.starts_with("p:") {
        format!("wu:{}:play", g.0)
    } else {
        format!("wu:{}:m:{code}", g.0)
    };
    let values: Vec<&str> = if code.starts_with("p:") {
        vec![&code]
    } else {
        vec![]
    };
    for user in [other, w.outsider] {
        let r = press(&w, t, user, &menu, &id, &values).await;
        assert!(ephemeral(&r), "{r}");
        let a = r["data"]["content"].as_str().unwrap_or_default();
        assert!(a.contains(&name), "says whose turn it is: {a}");
        let key = if user == other {
            "uno-err-not-your-turn"
        } else {
            "uno-err-not-a-player"
        };
        assert!(says_with(a, t.lang, key, &[("turn", &name)]), "{a}");
    }
    let r = my_hand(&w, t, g, thread, w.outsider).await;
    let a = r["data"]["content"].as_str().unwrap_or_default();
    assert!(
        says_with(a, t.lang, "uno-err-not-a-player", &[("turn", &name)]),
        "{a}"
    );
    let r = my_hand(&w, t, g, thread, other).await;
    let a = r["data"]["content"].as_str().unwrap_or_default();
    assert!(
        says_with(a, t.lang, "uno-hand-not-your-turn", &[("turn", &name)]),
        "{a}"
    );
    assert!(offered(&r).is_empty(), "no move out of turn: {r}");
    w.settle().await;
    let after = state(&w, g).await;
    assert_eq!(after.seq, before.seq, "nothing changed");
    assert_eq!(after.game, before.game);

    // A UNO game has its web page.
    let slug = w
        .service
        .store()
        .game_slug(g)
        .await
        .expect("reads")
        .expect("a slug")
        .0;
    assert_eq!(w.service.page_game(&slug).await.expect("reads"), Some(g));
}

/// The move a plain player makes: the first card offered (calling UNO when it is their
/// second-to-last), else what is offered (Draw).
fn plain_move(s: &UnoState, codes: &[String]) -> Move {
    let two_left = s.game.hands[s.game.turn].len() == 2;
    let moves: Vec<Move> = codes.iter().filter_map(|c| Move::parse(c)).collect();
    moves
        .iter()
        .find(|m| matches!(m, Move::Play { uno, .. } if *uno == two_left))
        .or_else(|| moves.iter().find(|m| !matches!(m, Move::Catch { .. })))
        .copied()
        .expect("a move")
}

/// `user` makes `chosen` from the "My hand" answer `r`: the private answer, once what the
/// move posted has been delivered.
async fn make(w: &World, g: GameId, thread: u64, user: u64, r: &Value, chosen: Move) -> String {
    let a = press_move(w, g, thread, user, r, chosen).await;
    w.settle().await;
    a
}

/// `user` makes `chosen` from the "My hand" answer `r`: the private answer, at once.
async fn press_move(
    w: &World,
    g: GameId,
    thread: u64,
    user: u64,
    r: &Value,
    chosen: Move,
) -> String {
    let code = chosen.code();
    let on = Msg {
        components: r["data"]["components"].clone(),
        ..table(w, thread)
    };
    let r = match chosen {
        Move::Play { .. } => press(w, ZH, user, &on, &format!("wu:{}:play", g.0), &[&code]).await,
        _ => press(w, ZH, user, &on, &format!("wu:{}:m:{code}", g.0), &[]).await,
    };
    assert!(ephemeral(&r), "{r}");
    r["data"]["content"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Plays dealt `games` (each a game and its post) to their ends through "My hand", every
/// player plain ([`plain_move`]): a move in each game still running in turn, then what
/// they posted is delivered, as at a club's tables played at once. Each post is a channel
/// of its own, which Discord paces on its own (5 messages per 5 s): the games take the time
/// of the longest, not of all together. The games' states at their ends, in order.
async fn play_plainly(w: &World, games: &[(GameId, u64)]) -> Vec<UnoState> {
    for _ in 0..600 {
        let mut ended = Vec::new();
        for &(g, thread) in games {
            let s = state(w, g).await;
            if s.game.ended() {
                ended.push(s);
                continue;
            }
            let user = s.seats[s.game.turn].get();
            let r = my_hand(w, ZH, g, thread, user).await;
            let chosen = plain_move(&s, &offered(&r));
            let a = press_move(w, g, thread, user, &r, chosen).await;
            assert!(says_with(&a, Lang::Zh, "uno-ok-moved", &[]), "{a}");
        }
        if ended.len() == games.len() {
            return ended;
        }
        w.settle().await;
    }
    panic!("the games did not end");
}

/// `/standings` with `options` used by a member, once its answer has `parts` messages (a
/// club day's heading comes before its contests' tables, each a message of its own): the
/// embeds' titles and tables, and the plain messages (a club day's heading), in order.
async fn standings(
    w: &World,
    options: &[(&str, u8, Value)],
    parts: usize,
) -> (Vec<(String, String)>, String) {
    let opts: Vec<(String, u8, Value)> = options
        .iter()
        .map(|(n, k, v)| (n.to_string(), *k, v.clone()))
        .collect();
    let opts: Vec<(&str, u8, Value)> = opts
        .iter()
        .map(|(n, k, v)| (n.as_str(), *k, v.clone()))
        .collect();
    let id = w.fake.slash(
        w.outsider,
        w.lobby,
        &[],
        0,
        "zh-CN",
        &["standings"],
        &opts,
        json!({}),
    );
    let r = w.fake.response(id).await;
    assert_eq!(r["type"], json!(5), "{r}");
    let mut pages = w.fake.follow_ups(id).await;
    for _ in 0..1000 {
        if pages.len() >= parts {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        pages = w.fake.follow_ups(id).await;
    }
    let mut tables = Vec::new();
    let mut plain = String::new();
    for page in pages {
        for e in page["embeds"].as_array().into_iter().flatten() {
            assert_eq!(e["image"]["url"], json!("attachment://standings.png"));
            let title = e["title"].as_str().unwrap_or_default().to_string();
            let body = e["description"].as_str().unwrap_or_default();
            let body = body.trim_start_matches("```\n").trim_end_matches("\n```");
            tables.push((title, body.to_string()));
        }
        if let Some(c) = page["content"].as_str() {
            plain.push_str(c);
        }
    }
    (tables, plain)
}

/// Each row of a standings table as its whitespace-separated cells.
fn rows(table: &str) -> Vec<String> {
    table
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect()
}

/// Checks a UNO contest's standings `table`: it has each of the `expected` rows (cells
/// separated by one space) and names the `top` three (player, points) in that order.
fn shows_uno_standings(table: &str, expected: &[&str], top: &[(&str, &str)]) {
    let got = rows(table);
    for row in expected {
        assert!(got.iter().any(|r| r == row), "{row} in\n{table}");
    }
    for (i, (player, points)) in top.iter().enumerate() {
        let rank = (i + 1).to_string();
        let line = msg(
            Lang::Zh,
            "uno-contest-top-line",
            &[("rank", &rank), ("player", player), ("points", points)],
        );
        assert!(table.contains(&line), "{line} in\n{table}");
    }
}

/// The points left in each seat's hand at the end of game `g`, by the players' names.
async fn hand_points(w: &World, g: GameId) -> Vec<(String, u32)> {
    let s = state(w, g).await;
    let round = s.game.rounds.first().expect("the round was won");
    s.game
        .players
        .iter()
        .cloned()
        .zip(round.hand_points.iter().copied())
        .collect()
}

/// A UNO contest of five one-round games with three of the same members in each (the
/// seating turning one place each game), played through Discord: `/standings` shows the
/// points left in hand per game, the lowest total first, and names the top three; a sixth
/// game is refused. The expected table is worked out by hand from each game's hands.
#[sqlx::test]
async fn a_uno_contest_of_five_games_is_scored_lowest_first(pool: PgPool) {
    let w = World::new(pool).await;
    let (a, _) = w.set_up_in("zh-CN", &[]).await;
    assert!(says_with(&a, Lang::Zh, "ok-setup", &[]), "{a}");
    let a = w
        .judge_says(
            w.lobby,
            &["tournament", "new"],
            &[
                ("name", 3, json!("UNO杯")),
                ("games", 4, json!(5)),
                ("ruleset", 3, json!("uno")),
            ],
        )
        .await;
    assert!(
        says_with(&a, Lang::Zh, "ok-tournament-created", &[("ruleset", "uno")]),
        "{a}"
    );
    let trio = [w.players[0], w.players[1], w.players[2]];
    // The five games are dealt in turn (the contest numbers them so), then played at once.
    let mut games = Vec::new();
    for n in 0..5 {
        let seated: Vec<u64> = (0..3).map(|i| trio[(i + n) % 3]).collect();
        games.push(
            dealt_with(
                &w,
                ZH,
                &seated,
                // `rounds` is the contest's: one round, whatever the judge asks.
                &[("rounds", 4, json!(3)), ("tournament", 3, json!("UNO杯"))],
            )
            .await,
        );
    }
    for s in play_plainly(&w, &games).await {
        assert_eq!(s.game.rounds.len(), 1, "one round a game");
    }
    let mut points = Vec::new();
    for (g, _) in &games {
        points.push(hand_points(&w, *g).await);
    }
    // Each game's points left in hand, in seating order (the seating turning one place a
    // game; the seed is fixed, so each seat is dealt the same cards every game).
    let expected_points: [[(&str, u32); 3]; 5] = [
        [("Amber", 55), ("Basil", 21), ("Cedar", 0)],
        [("Basil", 55), ("Cedar", 21), ("Amber", 0)],
        [("Cedar", 55), ("Amber", 21), ("Basil", 0)],
        [("Amber", 55), ("Basil", 21), ("Cedar", 0)],
        [("Basil", 55), ("Cedar", 21), ("Amber", 0)],
    ];
    let got: Vec<Vec<(&str, u32)>> = points
        .iter()
        .map(|g| g.iter().map(|(n, p)| (n.as_str(), *p)).collect())
        .collect();
    assert_eq!(got, expected_points.map(|g| g.to_vec()).to_vec());
    let (tables, _) = standings(&w, &[("tournament", 3, json!("UNO杯"))], 1).await;
    assert_eq!(tables.len(), 1);
    assert_eq!(
        tables[0].0,
        msg(Lang::Zh, "standings-embed-title", &[("name", "UNO杯")])
    );
    let table = &tables[0].1;
    // By hand: Cedar 0+21+55+0+21 = 97 (out first in games 1 and 4), Amber 55+0+21+55+0 =
    // 131 (games 2 and 5), Basil 21+55+0+21+55 = 152 (game 3). Lowest first:
    // rank, player, G1..G5, total, games, games gone out first.
    let expected = [
        "1 Cedar 0 21 55 0 21 97 5 2",
        "2 Amber 55 0 21 55 0 131 5 2",
        "3 Basil 21 55 0 21 55 152 5 1",
    ];
    let top = [("Cedar", "97"), ("Amber", "131"), ("Basil", "152")];
    shows_uno_standings(table, &expected, &top);

    // The contest has its five games: a sixth sign-up is refused.
    let (a, _) = slash_in(
        &w,
        "zh-CN",
        w.judge,
        w.lobby,
        true,
        &["uno", "new"],
        &[("tournament", 3, json!("UNO杯"))],
    )
    .await;
    assert!(
        says_with(
            &a,
            Lang::Zh,
            "svc-tournament-full",
            &[("name", "UNO杯"), ("planned", "5")]
        ),
        "{a}"
    );
}

/// The club day 步步为赢: a UNO contest of two games and a Mafia contest of one game for
/// the same members, each with its own standings and top three; 杀人王 and 神警探 come
/// from the Mafia contest alone. `/standings club_day:` posts both.
#[sqlx::test]
async fn a_club_day_shows_its_uno_and_mafia_contests(pool: PgPool) {
    let w = World::new(pool).await;
    let (a, _) = w.set_up_in("zh-CN", &[]).await;
    assert!(says_with(&a, Lang::Zh, "ok-setup", &[]), "{a}");
    for (name, games, ruleset) in [
        ("步步为赢·UNO", 2, "uno"),
        ("步步为赢·杀人游戏", 1, "mafia"),
    ] {
        let a = w
            .judge_says(
                w.lobby,
                &["tournament", "new"],
                &[
                    ("name", 3, json!(name)),
                    ("games", 4, json!(games)),
                    ("ruleset", 3, json!(ruleset)),
                    ("club_day", 3, json!("步步为赢")),
                ],
            )
            .await;
        assert!(
            says_with(&a, Lang::Zh, "ok-tournament-created", &[("name", name)]),
            "{a}"
        );
    }
    let quartet = [w.players[0], w.players[1], w.players[2], w.players[3]];
    let mut games = Vec::new();
    for n in 0..2 {
        let seated: Vec<u64> = (0..4).map(|i| quartet[(i + n) % 4]).collect();
        games.push(dealt_with(&w, ZH, &seated, &[("tournament", 3, json!("步步为赢·UNO"))]).await);
    }
    play_plainly(&w, &games).await;
    let mut points = Vec::new();
    for (g, _) in &games {
        points.push(hand_points(&w, *g).await);
    }
    assert_eq!(
        points,
        [
            [("Amber", 72), ("Basil", 0), ("Cedar", 53), ("Dahlia", 108)],
            [("Basil", 72), ("Cedar", 0), ("Dahlia", 53), ("Amber", 108)],
        ]
        .map(|g| g.map(|(n, p)| (n.to_string(), p)).to_vec())
        .to_vec()
    );
    // The Mafia contest's one game: all twelve members, ended by the judge for the
    // civilians and police.
    let (_, thread) = w
        .sign_up_and_start(&[
            ("ruleset", 3, json!("mafia")),
            ("tournament", 3, json!("步步为赢·杀人游戏")),
        ])
        .await;
    let g = w.game().await;
    let roles: Vec<(&str, Role)> = g
        .chars()
        .iter()
        .map(|c| (c.name.as_str(), c.role))
        .collect();
    assert_eq!(
        roles,
        [
            ("Amber", Role::Civilian),
            ("Basil", Role::Killer),
            ("Cedar", Role::Police),
            ("Dahlia", Role::Civilian),
            ("Ember", Role::Civilian),
            ("Fennel", Role::Police),
            ("Ginger", Role::Civilian),
            ("Hazel", Role::Killer),
            ("Iris", Role::Civilian),
            ("Juniper", Role::Police),
            ("Kale", Role::Killer),
            ("Laurel", Role::Civilian),
        ]
    );
    w.judge_end(thread, "police").await;

    let (tables, plain) = standings(&w, &[("club_day", 3, json!("步步为赢"))], 3).await;
    assert!(
        says_with(
            &plain,
            Lang::Zh,
            "club-day-heading",
            &[("name", "步步为赢"), ("contests", "2")]
        ),
        "{plain}"
    );
    let titles: Vec<&str> = tables.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(
        titles,
        [
            msg(
                Lang::Zh,
                "standings-embed-title",
                &[("name", "步步为赢·UNO")]
            ),
            msg(
                Lang::Zh,
                "standings-embed-title",
                &[("name", "步步为赢·杀人游戏")]
            ),
        ]
    );
    let (uno, mafia) = (&tables[0].1, &tables[1].1);
    // UNO by hand: Cedar 53+0 = 53, Basil 0+72 = 72, Dahlia 108+53 = 161, Amber 72+108 =
    // 180; lowest first: rank, player, G1, G2, total, games, games gone out first.
    let expected = [
        "1 Cedar 53 0 53 2 1",
        "2 Basil 0 72 72 2 1",
        "3 Dahlia 108 53 161 2 0",
        "4 Amber 72 108 180 2 0",
    ];
    let top = [("Cedar", "53"), ("Basil", "72"), ("Dahlia", "161")];
    shows_uno_standings(uno, &expected, &top);
    // Mafia by hand (config/scoring/mafia.toml): the civilians and police won; police 3,
    // civilians 2, killers 0. Rows: rank, player, G1, total, ...
    let totals: Vec<(String, String)> = rows(mafia)
        .iter()
        .filter_map(|r| {
            let c: Vec<&str> = r.split(' ').collect();
            (c.len() > 3 && c[0].parse::<u32>().is_ok())
                .then(|| (c[1].to_string(), c[3].to_string()))
        })
        .collect();
    for (player, total) in [
        ("Cedar", "3"),
        ("Fennel", "3"),
        ("Juniper", "3"),
        ("Amber", "2"),
        ("Dahlia", "2"),
        ("Ember", "2"),
        ("Ginger", "2"),
        ("Iris", "2"),
        ("Laurel", "2"),
        ("Basil", "0"),
        ("Hazel", "0"),
        ("Kale", "0"),
    ] {
        assert!(
            totals.contains(&(player.to_string(), total.to_string())),
            "{player} {total} in\n{mafia}"
        );
    }
    // The awards: no killer scored (the killers lost); the three police scored 3 each,
    // signed up at the same time, so the name decides: Cedar is 神警探. The top three
    // leave Cedar out: Fennel and Juniper (3), then Amber of the six civilians on 2 (name).
    assert!(mafia.contains("杀人王：无人获得"), "{mafia}");
    assert!(
        mafia.contains("神警探：Cedar，以警察身份得 3 分"),
        "{mafia}"
    );
    for (rank, player, points) in [
        ("1", "Fennel", "3"),
        ("2", "Juniper", "3"),
        ("3", "Amber", "2"),
    ] {
        let line = msg(
            Lang::Zh,
            "tournament-top-line",
            &[("rank", rank), ("player", player), ("points", points)],
        );
        assert!(mafia.contains(&line), "{line} in\n{mafia}");
    }
    // The awards are the Mafia contest's alone.
    for award in ["杀人王", "神警探"] {
        assert!(mafia.contains(award), "{award} in\n{mafia}");
        assert!(!uno.contains(award), "no {award} in\n{uno}");
    }
}

/// With `uno_penalty:caught`, a player who plays their second-to-last card without calling
/// UNO draws 2 only when another player presses "catch" before the next move: the catch is
/// offered to the others in "My hand", and the log says who was caught. Meanwhile the
/// server's running UNO game is never taken for a werewolf game: `/judge end` in the lobby
/// finds no game, and the UNO game is unchanged.
#[sqlx::test]
async fn a_player_who_forgot_uno_is_caught_and_draws_two(pool: PgPool) {
    let w = World::new(pool).await;
    let (a, _) = w.set_up_in("zh-CN", &[]).await;
    assert!(says_with(&a, Lang::Zh, "ok-setup", &[]), "{a}");
    let (g, thread) = dealt_with(
        &w,
        ZH,
        &[w.players[0], w.players[1], w.players[2]],
        &[("rounds", 4, json!(1)), ("uno_penalty", 3, json!("caught"))],
    )
    .await;

    // A werewolf command's "running game" is never the UNO game.
    for p in &w.players[..3] {
        let running = w
            .service
            .store()
            .running_game_of(wolfjudge::service::Account::new(*p))
            .await
            .expect("reads");
        assert_eq!(running, None, "the UNO game is no werewolf game");
    }
    // Nor is it read as one for a member's record.
    let guild = wolfjudge::service::Guild::new(crate::common::fake_discord::GUILD);
    let stats = w
        .service
        .stats(guild, wolfjudge::service::Account::new(w.players[0]))
        .await
        .expect("a server that plays UNO keeps its records");
    assert_eq!(stats.games, 0, "{stats:?}");

    for _ in 0..600 {
        let s = state(&w, g).await;
        assert!(!s.game.ended(), "nobody forgot UNO before the end");
        let seat = s.game.turn;
        let user = s.seats[seat].get();
        let r = my_hand(&w, ZH, g, thread, user).await;
        let codes = offered(&r);
        let forget = codes
            .iter()
            .filter_map(|c| Move::parse(c))
            .find(|m| matches!(m, Move::Play { uno: false, .. }) && s.game.hands[seat].len() == 2);
        let Some(forget) = forget else {
            make(&w, g, thread, user, &r, plain_move(&s, &codes)).await;
            continue;
        };
        // The play without UNO: nothing drawn yet.
        make(&w, g, thread, user, &r, forget).await;
        let after = state(&w, g).await;
        assert_eq!(after.game.hands[seat].len(), 1, "no penalty until caught");
        // The next player catches them from their own "My hand".
        let catcher = after.game.turn;
        let catcher_user = after.seats[catcher].get();
        let r = my_hand(&w, ZH, g, thread, catcher_user).await;
        let catch = Move::Catch { target: seat };
        assert!(offered(&r).contains(&catch.code()), "{r}");
        let a = make(&w, g, thread, catcher_user, &r, catch).await;
        assert!(says_with(&a, Lang::Zh, "uno-ok-moved", &[]), "{a}");
        let caught = state(&w, g).await;
        assert_eq!(caught.game.hands[seat].len(), 3, "the forgetful one drew 2");
        assert_eq!(caught.game.turn, catcher, "a catch changes no turn");
        let text = post_text(&w, thread);
        assert!(
            says_with(&text, Lang::Zh, "uno-log-penalty-caught", &[]),
            "{text}"
        );
        return;
    }
    panic!("nobody came to their second-to-last card");
}
