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
    let (a, r) = slash_in(
        w,
        t.locale,
        w.judge,
        w.lobby,
        true,
        &["uno", "new"],
        &[("turn_time", 3, json!("2m")), ("rounds", 4, json!(1))],
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
    for p in &w.players[..4] {
        let i = w
            .fake
            .click_in(t.locale, *p, &post, &join_id(&post), &[], &[]);
        let a = w.fake.answer(i).await;
        assert!(says_with(&a, t.lang, "ok-joined", &[]), "{a}");
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
