//! Boards on Discord, end to end through the fake Discord: `/wolf new` offers every ruleset
//! file as a localized choice with its role counts and takes the game's options (day
//! length, night deadlines, anonymity, player count); the sign-up post shows the board and
//! the options that differ; `/wolf rules` posts the board for everyone; `/role` explains
//! one's role privately; `/concede` ends a Mafia game for the last of a side.

use crate::common::catalog::{msg, says, says_with, zh};
use crate::common::{discord_world, fake_discord};
use wolfjudge::i18n::{duration, role_name};
use wolfjudge::store::ids::GameId;

use serde_json::{json, Value};
use sqlx::PgPool;

use discord_world::{chosen_in, join_id, World};
use fake_discord::{Kind, Msg};
use wolfjudge::engine::event::EventKind;
use wolfjudge::engine::ruleset::Span;
use wolfjudge::engine::{CharId, Game, Role};
use wolfjudge::i18n::{text, Lang};
use wolfjudge::notify::prompt::Choice;

/// A registered command (top level) by name.
fn command(w: &World, name: &str) -> Value {
    w.fake
        .commands()
        .into_iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("/{name} is registered"))
}

/// An option (or subcommand) of a registered command by name.
/// A board's name as the catalog words it: `board-named` over `board-<ruleset>`.
fn board(lang: Lang, ruleset: &str) -> String {
    let local = msg(lang, &format!("board-{ruleset}"), &[]);
    msg(
        lang,
        "board-named",
        &[("board", &local), ("ruleset", ruleset)],
    )
}

/// A deal as the catalog words it (`board-deal`): `players` and each role, counted
/// (`board-role-count`) when more than one holds it.
fn deal(lang: Lang, players: &str, roles: &[(Role, usize)]) -> String {
    let items: Vec<String> = roles
        .iter()
        .map(|(r, n)| match n {
            1 => role_name(*r, lang),
            _ => msg(
                lang,
                "board-role-count",
                &[("role", &role_name(*r, lang)), ("count", &n.to_string())],
            ),
        })
        .collect();
    let list = items.join(&msg(lang, "board-list-sep", &[]));
    msg(
        lang,
        "board-deal",
        &[("players", players), ("roles", &list)],
    )
}

/// One option as the catalog words it (`board-option` over `opt-<key>`).
fn option_line(key: &str, value: &str) -> String {
    zh(
        "board-option",
        &[("name", &zh(&format!("opt-{key}"), &[])), ("value", value)],
    )
}

fn option(c: &Value, name: &str) -> Value {
    c["options"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|o| o["name"] == name)
        .cloned()
        .unwrap_or_else(|| panic!("option {name} in {c}"))
}

/// The sign-up posts in the forum so far.
fn signup_posts(w: &World) -> usize {
    w.fake
        .messages()
        .iter()
        .filter(|m| matches!(w.fake.channel_kind(m.channel), Some(Kind::Post { .. })))
        .count()
}

/// A slash command used from a client in `locale`: the answer and the whole callback.
#[allow(clippy::too_many_arguments)]
pub async fn slash_in(
    w: &World,
    locale: &str,
    user: u64,
    channel: u64,
    judge: bool,
    path: &[&str],
    options: &[(&str, u8, Value)],
) -> (String, Value) {
    let roles: Vec<u64> = if judge {
        vec![discord_world::JUDGE_ROLE]
    } else {
        vec![]
    };
    let perms = if judge { discord_world::ADMIN } else { 0 };
    let id = w.fake.slash(
        user,
        channel,
        &roles,
        perms,
        locale,
        path,
        options,
        json!({}),
    );
    let r = w.fake.response(id).await;
    (w.fake.answer(id).await, r)
}

/// Whether an interaction's answer was shown only to its user.
pub(crate) fn ephemeral(r: &Value) -> bool {
    r["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0
}

pub(crate) fn holders(g: &Game, role: Role) -> Vec<CharId> {
    g.ids().filter(|c| g.ch(*c).role == role).collect()
}

#[sqlx::test(migrations = "./migrations")]
async fn wolf_new_takes_a_board_and_options_that_reach_the_game(pool: PgPool) {
    let w = World::new(pool).await;
    assert!(says(&w.set_up().await, "ok-setup"));

    // Every ruleset file is a choice: its name as the value, the board and its role counts
    // as the choice's name, in English and Chinese.
    let new = option(&option(&command(&w, "wolf"), "new"), "ruleset");
    let choices = new["choices"].as_array().cloned().unwrap_or_default();
    let values: Vec<&str> = choices.iter().filter_map(|c| c["value"].as_str()).collect();
    for name in wolfjudge::service::board::ruleset_names() {
        assert!(values.contains(&name), "{name} offered: {values:?}");
    }
    let m32 = choices
        .iter()
        .find(|c| c["value"] == "m32")
        .expect("m32 offered");
    let m32_deal = [
        (Role::Wolf, 4),
        (Role::Villager, 5),
        (Role::Seer, 1),
        (Role::Witch, 1),
        (Role::Hunter, 1),
    ];
    for (lang, field) in [
        (Lang::Zh, &m32["name_localizations"]["zh-CN"]),
        (Lang::ZhTw, &m32["name_localizations"]["zh-TW"]),
        (Lang::En, &m32["name"]),
    ] {
        let want = format!("{} — {}", board(lang, "m32"), deal(lang, "12", &m32_deal));
        assert_eq!(field.as_str(), Some(want.as_str()), "{lang:?}");
    }
    for o in [
        "day_length",
        "night_deadline",
        "witch_deadline",
        "anonymous",
        "players",
    ] {
        assert!(
            option(&option(&command(&w, "wolf"), "new"), o)["name_localizations"]["zh-CN"]
                .is_string()
        );
    }
    assert_eq!(
        command(&w, "concede")["name_localizations"]["zh-CN"],
        zh("cmd-concede", &[])
    );

    // Options that do not fit are refused, saying why, and post nothing.
    let before = signup_posts(&w);
    let a = w
        .judge_says(
            w.lobby,
            &["wolf", "new"],
            &[("ruleset", 3, json!("mafia")), ("players", 4, json!(9))],
        )
        .await;
    let seats = [("players", "9"), ("seats", "11–16")];
    assert!(says_with(&a, Lang::Zh, "svc-players-option", &seats), "{a}");
    let a = w
        .judge_says(
            w.lobby,
            &["wolf", "new"],
            &[
                ("ruleset", 3, json!("m32")),
                ("day_length", 3, json!("soon")),
            ],
        )
        .await;
    assert!(
        a.contains(&zh("svc-bad-duration", &[("text", "soon")])),
        "{a}"
    );
    let a = w
        .judge_says(
            w.lobby,
            &["wolf", "new"],
            &[
                ("ruleset", 3, json!("m32")),
                ("witch_deadline", 3, json!("10m")),
            ],
        )
        .await;
    let bad = [("option", "witch_deadline"), ("value", "10m")];
    assert!(says_with(&a, Lang::Zh, "svc-bad-option", &bad), "{a}");
    assert_eq!(
        signup_posts(&w),
        before,
        "no sign-up post for a refused /wolf new"
    );

    // A Mafia game for exactly 11, with 12-hour days, 20-minute nights, anonymous.
    let post = w
        .open_signup_with(&[
            ("ruleset", 3, json!("mafia")),
            ("day_length", 3, json!("12h")),
            ("night_deadline", 3, json!("20m")),
            ("anonymous", 5, json!(true)),
            ("players", 4, json!(11)),
        ])
        .await;
    let mafia_deal = deal(
        Lang::Zh,
        "11",
        &[(Role::Killer, 3), (Role::Police, 3), (Role::Civilian, 5)],
    );
    let mafia_board = board(Lang::Zh, "mafia");
    let signup_board = zh(
        "signup-board",
        &[("board", &mafia_board), ("deal", &mafia_deal)],
    );
    assert!(post.content.contains(&signup_board), "{}", post.content);
    assert!(
        says_with(&post.content, Lang::Zh, "signup-body", &[("seats", "11")]),
        "{}",
        post.content
    );
    let (day, night) = (duration(12 * 3600, Lang::Zh), duration(20 * 60, Lang::Zh));
    let differing = [
        option_line("anonymous", &zh("board-yes", &[])),
        option_line("day_length", &day),
        option_line("night_length", &night),
    ]
    .join(&zh("board-list-sep", &[]));
    assert!(
        post.content
            .contains(&zh("signup-options", &[("options", &differing)])),
        "{}",
        post.content
    );
    // Eleven seats: the twelfth member waits.
    for (i, p) in w.players.iter().enumerate() {
        let id = w.fake.click(*p, &post, &join_id(&post), &[], &[]);
        let a = w.fake.answer(id).await;
        if i < 11 {
            let count = (i + 1).to_string();
            assert_eq!(a, zh("ok-joined", &[("count", &count), ("seats", "11")]));
        } else {
            assert_eq!(
                a,
                zh("ok-joined-waiting", &[("seats", "11"), ("place", "1")])
            );
        }
    }

    // /wolf rules before the start: the sign-up's board, for everyone in the post.
    let (rules, r) = slash_in(
        &w,
        "zh-CN",
        w.judge,
        post.channel,
        true,
        &["wolf", "rules"],
        &[],
    )
    .await;
    assert!(!ephemeral(&r), "the rules are public: {r}");
    let role_line = |role: Role| {
        let line = zh(&format!("role-line-{}", role.key()), &[]);
        zh(
            "rules-role",
            &[("role", &role_name(role, Lang::Zh)), ("line", &line)],
        )
    };
    for want in [
        zh("rules-heading", &[("board", &mafia_board)]),
        mafia_deal.clone(),
        role_line(Role::Killer),
        role_line(Role::Police),
        role_line(Role::Civilian),
        format!("· {}", option_line("day_length", &day)),
        format!("· {}", option_line("anonymous", &zh("board-yes", &[]))),
    ] {
        assert!(rules.contains(&want), "{want} in {rules}");
    }

    let a = w.judge_says(post.channel, &["wolf", "start"], &[]).await;
    assert!(says(&a, "ok-started"), "{a}");
    w.settle().await;
    let g = w.game().await;
    assert_eq!(g.chars().len(), 11);
    assert_eq!(g.ruleset().options.day_length, Span(12 * 3600));
    assert_eq!(g.ruleset().options.night_length, Span(20 * 60));
    assert!(g.ruleset().options.anonymous);
    assert_eq!(
        g.ruleset().options.witch_deadline,
        Span(3600),
        "not chosen: the file's"
    );

    // /role: privately, the role and its deadline as this game has it.
    let killers = holders(&g, Role::Killer);
    let killer = w.user_of(killers[0]).await;
    let dm = w.fake.dm_of(killer).expect("the role DM");
    let (role, r) = slash_in(&w, "zh-CN", killer, dm, false, &["role"], &[]).await;
    assert!(ephemeral(&r), "{r}");
    assert!(
        role.contains(&role_name(Role::Killer, Lang::Zh)) && role.contains(&night),
        "{role}"
    );

    // /wolf rules in the game: its roles and options, for everyone.
    let (rules, r) = slash_in(
        &w,
        "en-US",
        w.judge,
        post.channel,
        true,
        &["wolf", "rules"],
        &[],
    )
    .await;
    assert!(!ephemeral(&r));
    assert!(rules.contains(&mafia_deal), "the game's language: {rules}");
    // /rules: any player sees the same, privately.
    let civilian = w.user_of(holders(&g, Role::Civilian)[0]).await;
    let (mine, r) = slash_in(&w, "en-US", civilian, post.channel, false, &["rules"], &[]).await;
    assert!(ephemeral(&r), "only the player sees it: {r}");
    assert_eq!(mine, rules, "the same board, roles and options");

    // /concede: a civilian has no such ability, worded as any refusal of an ability; a
    // killer with partners may not; the last killer may, and the police win.
    let civilian = w.user_of(holders(&g, Role::Civilian)[0]).await;
    let (a, _) = slash_in(
        &w,
        "zh-CN",
        civilian,
        post.channel,
        false,
        &["concede"],
        &[],
    )
    .await;
    let civilian_name = &g.ch(holders(&g, Role::Civilian)[0]).name;
    assert!(
        says_with(&a, Lang::Zh, "err-no-ability", &[("name", civilian_name)]),
        "{a}"
    );
    let (a, _) = slash_in(&w, "zh-CN", killer, post.channel, false, &["concede"], &[]).await;
    assert!(says(&a, "err-concede-not-allowed"), "{a}");
    for k in &killers[1..] {
        let a = w
            .judge_says(
                post.channel,
                &["judge", "remove"],
                &[
                    ("target", 3, json!(g.ch(*k).name)),
                    ("reason", 3, json!("test")),
                ],
            )
            .await;
        assert_eq!(a, zh("ok-removed", &[("name", &g.ch(*k).name)]));
    }
    let events_before = w.event_count().await;
    let (a, _) = slash_in(&w, "zh-CN", killer, post.channel, false, &["concede"], &[]).await;
    assert_eq!(a, text(Lang::Zh, "ok-concede", &[]));
    w.settle().await;
    let g = w.game().await;
    assert!(g.ended(), "the game is over");
    let events = w
        .service
        .store()
        .events(GameId(w.game_id().await))
        .await
        .expect("events");
    assert!(
        events[events_before..]
            .iter()
            .any(|e| matches!(e.kind, EventKind::Conceded { by } if by == killers[0])),
        "the concession is stored"
    );
    let conceded = text(
        Lang::Zh,
        "ev-conceded",
        &[("name", g.ch(killers[0]).name.clone())],
    );
    assert!(
        w.fake
            .messages()
            .iter()
            .any(|m: &Msg| m.channel == post.channel && m.content.contains(&conceded)),
        "announced in the game's post"
    );
}

/// Plays the bot with these per-ruleset overrides from its configuration (as
/// `config/wolfjudge.toml` gives them), restarting it.
async fn configure(w: &mut World, overrides: &[(&str, &str, toml::Value)]) {
    let mut o: wolfjudge::service::Overrides = Default::default();
    for (ruleset, key, value) in overrides {
        o.entry(ruleset.to_string())
            .or_default()
            .insert(key.to_string(), value.clone());
    }
    w.service = wolfjudge::service::Service::new(
        w.service.store().clone(),
        std::sync::Arc::new(w.clock.clone()),
        o,
        Some(20261201),
    );
    w.restart().await;
}

/// Passes deadlines until `done` holds for the game (at most `max` of them).
pub(crate) async fn until(w: &World, what: &str, max: usize, done: impl Fn(&Game) -> bool) {
    for _ in 0..max {
        if done(&w.game().await) {
            return;
        }
        w.pass_deadline().await;
    }
    assert!(done(&w.game().await), "{what} within {max} deadlines");
}

/// The language a game is played in: the server's (`/wolf-setup language`) and the
/// players' Discord clients'.
#[derive(Clone, Copy)]
pub(crate) struct Tongue {
    pub lang: Lang,
    /// `/wolf-setup`'s `language` option.
    pub code: &'static str,
    /// The clients' Discord locale.
    pub locale: &'static str,
}

pub(crate) const ZH: Tongue = Tongue {
    lang: Lang::Zh,
    code: "zh",
    locale: "zh-CN",
};
pub(crate) const EN: Tongue = Tongue {
    lang: Lang::En,
    code: "en",
    locale: "en-US",
};
const TW: Tongue = Tongue {
    lang: Lang::ZhTw,
    code: "zh-TW",
    locale: "zh-TW",
};

/// A marker no catalog text contains, to cut a message where one of its variables goes.
const CUT: &str = "⟦cut⟧";

/// The catalog message `id` up to where its variable `at` goes (`args` fill the others).
pub(crate) fn head(lang: Lang, id: &str, at: &str, args: &[(&str, String)]) -> String {
    let mut all: Vec<(&str, String)> = args.to_vec();
    all.push((at, CUT.to_string()));
    let t = text(lang, id, &all);
    let cut = t.find(CUT).unwrap_or_else(|| panic!("{id} has ${at}: {t}"));
    t[..cut].to_string()
}

/// The latest day post (`第 2 天` / `Day 2`) of a game in `lang`.
pub(crate) fn day_post_in(w: &World, lang: Lang) -> u64 {
    let title = head(lang, "post-day-title", "day", &[]);
    w.fake
        .messages()
        .into_iter()
        .rev()
        .find_map(|m| match w.fake.channel_kind(m.channel) {
            Some(Kind::Post { name, .. }) if name.starts_with(&title) => Some(m.channel),
            _ => None,
        })
        .expect("a day post")
}

/// `/wolf-setup` choosing the game's language, by the judge (whose client is Chinese).
pub(crate) async fn set_up_in(w: &World, t: Tongue) {
    let (a, _) = w.set_up_with(&[("language", 3, json!(t.code))]).await;
    let done = head(
        Lang::Zh,
        "ok-setup",
        "forum",
        &[("role", String::new()), ("log", String::new())],
    );
    assert!(a.starts_with(&done), "{done} in {a}");
}

pub(crate) fn day_open(g: &Game, day: u32) -> bool {
    g.day().is_some_and(|d| d.day == day && !d.closed)
}

/// The text a thread shows, all its messages in order.
pub(crate) fn thread_text(w: &World, thread: u64) -> String {
    in_order(
        w.fake
            .messages()
            .into_iter()
            .filter(|m| m.channel == thread)
            .collect(),
    )
}

/// The texts of messages `ms`, in the order they were created, one a line.
pub(crate) fn in_order(mut ms: Vec<Msg>) -> String {
    ms.sort_by_key(|m| m.order);
    ms.iter()
        .map(|m| m.content.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The stored events of the latest game.
pub(crate) async fn events(w: &World) -> Vec<wolfjudge::engine::Event> {
    w.service
        .store()
        .events(GameId(w.game_id().await))
        .await
        .expect("events")
}

pub(crate) fn eliminated(
    evs: &[wolfjudge::engine::Event],
    c: CharId,
) -> Option<wolfjudge::engine::event::Cause> {
    evs.iter().find_map(|e| match e.kind {
        EventKind::Eliminated {
            character, cause, ..
        } if character == c => Some(cause),
        _ => None,
    })
}

/// `user` uses `/path` with a `target` in the current day's post, from a client in `t`.
pub(crate) async fn day_action(
    w: &World,
    t: Tongue,
    user: u64,
    path: &str,
    target: Option<&str>,
) -> String {
    let opts: Vec<(&str, u8, Value)> = target
        .map(|t| vec![("target", 3u8, json!(t))])
        .unwrap_or_default();
    slash_in(
        w,
        t.locale,
        user,
        day_post_in(w, t.lang),
        false,
        &[path],
        &opts,
    )
    .await
    .0
}

/// `/wolf new`'s sign-up post shows the board's name, its roles and the option the bot's
/// configuration changed (automatic cards off), in the game's language.
fn assert_signup_post(post: &Msg, lang: Lang, ruleset: &str, roles: &[Role]) {
    let board = wolfjudge::service::board::board_name(ruleset, lang);
    let mut wants = vec![head(
        lang,
        "signup-board",
        "deal",
        &[("board", board.clone())],
    )];
    wants.extend(
        roles
            .iter()
            .map(|r| text(lang, &format!("role-{}", r.key()), &[])),
    );
    let off = text(
        lang,
        "board-option",
        &[
            ("name", text(lang, "opt-auto_cards", &[])),
            ("value", text(lang, "board-no", &[])),
        ],
    );
    wants.push(head(lang, "signup-options", "options", &[]) + &off);
    for want in wants {
        assert!(post.content.contains(&want), "{want} in {}", post.content);
    }
}

/// The game's end, announced in its language (`游戏结束：` / `Game over: `).
pub(crate) fn game_over(lang: Lang) -> String {
    head(
        lang,
        "ev-game-ended",
        "reason",
        &[("winner", String::new())],
    )
}

/// A whole `wolf-king` game: the refusals of `/duel` and `/self-destruct` say the same to
/// every role; the witch poisons a wolf on night 1; the knight duels a wolf on day 2 (the
/// day ends at once); the village votes a wolf out on day 3; on day 4 the white wolf king,
/// the last wolf, self-destructs taking a villager: he is out, the village has won, and the
/// villager stays alive. Each step is checked in the day's post, in the DMs and in the
/// stored events, in the server's language `t` with players' clients in it. (The bot's
/// configuration turns automatic cards off for the board, so the lean game is about the new
/// roles, not lurking; the sign-up shows that option.)
async fn wolf_king_game(pool: PgPool, t: Tongue) {
    let lang = t.lang;
    let mut w = World::new(pool).await;
    configure(
        &mut w,
        &[("wolf-king", "auto_cards", toml::Value::Boolean(false))],
    )
    .await;
    set_up_in(&w, t).await;
    let (post, _) = w
        .sign_up_and_start_in(t.locale, &[("ruleset", 3, json!("wolf-king"))])
        .await;
    assert_signup_post(
        &post,
        lang,
        "wolf-king",
        &[
            Role::Wolf,
            Role::Villager,
            Role::Guard,
            Role::WhiteWolfKing,
            Role::Knight,
        ],
    );
    let g = w.game().await;
    let wolves = holders(&g, Role::Wolf);
    let king = holders(&g, Role::WhiteWolfKing)[0];
    let knight = holders(&g, Role::Knight)[0];
    let witch = holders(&g, Role::Witch)[0];
    let villagers = holders(&g, Role::Villager);
    let name = |c: CharId| g.ch(c).name.clone();
    let (knight_u, king_u) = (w.user_of(knight).await, w.user_of(king).await);
    let (villager_u, wolf_u) = (w.user_of(villagers[0]).await, w.user_of(wolves[0]).await);

    // The knight's role message tells him of the duel; /role says it again, privately.
    let dm = w.fake.dm_of(knight_u).expect("the knight's DM");
    let (role, r) = slash_in(&w, t.locale, knight_u, dm, false, &["role"], &[]).await;
    assert!(ephemeral(&r), "{r}");
    for want in [
        text(lang, "role-knight", &[]),
        text(lang, "role-desc-knight", &[("dayone", "no".into())]),
    ] {
        assert!(role.contains(&want), "{want} in {role}");
    }

    // Day 1: refusals. Whoever lacks the ability hears the same words, their own name
    // aside; the knight may not duel on day 1.
    let same = |a: &str, who: CharId| a.replace(&name(who), "someone");
    let v = day_action(&w, t, villager_u, "duel", Some(&name(wolves[0]))).await;
    let wf = day_action(&w, t, wolf_u, "duel", Some(&name(villagers[0]))).await;
    assert_eq!(
        same(&v, villagers[0]),
        same(&wf, wolves[0]),
        "a /duel refusal names no role"
    );
    assert_eq!(
        v,
        text(lang, "err-no-ability", &[("name", name(villagers[0]))])
    );
    let k = day_action(&w, t, knight_u, "duel", Some(&name(wolves[0]))).await;
    assert_eq!(k, text(lang, "err-duel-day-one", &[]));
    let v = day_action(&w, t, villager_u, "self-destruct", None).await;
    let kn = day_action(&w, t, knight_u, "self-destruct", None).await;
    assert_eq!(
        same(&v, villagers[0]),
        same(&kn, knight),
        "a /self-destruct refusal names no role"
    );
    let evs = events(&w).await;
    assert!(evs.iter().all(|e| !matches!(
        e.kind,
        EventKind::Dueled { .. } | EventKind::SelfDestructed { .. }
    )));

    // Night 1: nobody kills; once the wolves' deadline passes the witch is asked, and
    // poisons a wolf by her DM menu.
    until(&w, "the witch's prompt", 6, |g| {
        g.night().is_some_and(|n| n.night == 1)
    })
    .await;
    let witch_u = w.user_of(witch).await;
    until(&w, "the witch's turn", 3, |_| {
        w.prompt(witch_u, "poison").is_some()
    })
    .await;
    let a = w.pick_in(t.locale, witch_u, "poison", wolves[1]).await;
    assert!(
        chosen_in(&a, &recorded(lang, Choice::Poison, &name(wolves[1]))),
        "the choice shown: {a}"
    );
    until(&w, "day 2", 6, |g| day_open(g, 2)).await;
    assert_eq!(
        eliminated(&events(&w).await, wolves[1]),
        Some(wolfjudge::engine::event::Cause::Poison)
    );

    // Day 2: an ordinary wolf may not take anyone along; the knight duels a wolf, who is
    // out, and the day ends at once with no vote-out.
    let a = day_action(&w, t, wolf_u, "self-destruct", Some(&name(knight))).await;
    assert_eq!(a, text(lang, "err-self-destruct-target", &[]));
    let thread = day_post_in(&w, lang);
    let a = day_action(&w, t, knight_u, "duel", Some(&name(wolves[0]))).await;
    assert_eq!(a, text(lang, "ok-duel", &[("name", name(wolves[0]))]));
    w.settle().await;
    let shown = thread_text(&w, thread);
    let duel = text(
        lang,
        "ev-duel",
        &[
            ("name", name(knight)),
            ("target", name(wolves[0])),
            ("wolf", "yes".into()),
        ],
    );
    assert!(shown.contains(&duel), "{duel} in {shown}");
    let cut = head(lang, "ev-day-cut", "day", &[]);
    assert!(shown.contains(&cut), "{cut} in {shown}");
    let g2 = w.game().await;
    assert!(
        g2.day().is_some_and(|d| d.closed),
        "the duel closed the day"
    );
    let evs = events(&w).await;
    assert!(evs.iter().any(|e| matches!(e.kind, EventKind::Dueled { knight: k, target, wolf: true } if k == knight && target == wolves[0])));
    assert_eq!(
        eliminated(&evs, wolves[0]),
        Some(wolfjudge::engine::event::Cause::Duel)
    );
    assert_eq!(eliminated(&evs, knight), None, "the knight won his duel");
    // One duel a game.
    until(&w, "day 3", 6, |g| day_open(g, 3)).await;
    let a = day_action(&w, t, knight_u, "duel", Some(&name(king))).await;
    assert_eq!(a, text(lang, "err-duel-used", &[]));

    // Day 3: the village votes the last ordinary wolf out.
    let g3 = w.game().await;
    let thread = day_post_in(&w, lang);
    for c in g3.living() {
        let target = if c == wolves[2] { king } else { wolves[2] };
        let a = slash_in(
            &w,
            t.locale,
            w.user_of(c).await,
            thread,
            false,
            &["vote"],
            &[
                ("target", 3, json!(name(target))),
                // The players' own words, in their script.
                (
                    "reason",
                    3,
                    json!(if lang == Lang::ZhTw {
                        "查殺"
                    } else {
                        "查杀"
                    }),
                ),
            ],
        )
        .await
        .0;
        assert_eq!(a, text(lang, "ok-vote", &[("name", name(target))]));
    }
    until(&w, "day 4", 8, |g| day_open(g, 4)).await;
    assert_eq!(
        eliminated(&events(&w).await, wolves[2]),
        Some(wolfjudge::engine::event::Cause::Vote)
    );

    // Day 4: the white wolf king, the last wolf, self-destructs taking a villager: he is
    // out first, the village wins at once, and the villager stays alive.
    let thread = day_post_in(&w, lang);
    let a = day_action(&w, t, king_u, "self-destruct", Some(&name(villagers[1]))).await;
    assert_eq!(a, text(lang, "ok-self-destruct", &[]));
    w.settle().await;
    let shown = thread_text(&w, thread);
    let took = text(
        lang,
        "ev-self-destruct-take",
        &[("name", name(king)), ("target", name(villagers[1]))],
    );
    assert!(shown.contains(&took), "{took} in {shown}");
    let g4 = w.game().await;
    assert!(g4.ended(), "the game is over");
    assert_eq!(g4.winner(), Some(wolfjudge::engine::Winner::Village));
    assert!(
        g4.is_alive(villagers[1]),
        "the game ended before the taken villager was out"
    );
    let evs = events(&w).await;
    assert_eq!(
        eliminated(&evs, king),
        Some(wolfjudge::engine::event::Cause::SelfDestruct)
    );
    assert_eq!(eliminated(&evs, villagers[1]), None);
    assert!(evs.iter().any(|e| matches!(e.kind, EventKind::SelfDestructed { wolf, target: Some(t) } if wolf == king && t == villagers[1])));
    assert!(
        shown.contains(&game_over(lang)),
        "the end is announced: {shown}"
    );
    if lang == Lang::ZhTw {
        assert_all_traditional(&w);
    }
}

/// Everything the bot showed in a zh-TW game, from the sign-up to the reveal (its messages,
/// DMs and posts' titles, the character names in them), is Taiwan's Traditional Chinese:
/// no Simplified-only character, no mainland word.
fn assert_all_traditional(w: &World) {
    use wolfjudge::i18n::traditional::not_traditional;
    let mut bad = Vec::new();
    for m in w.fake.messages() {
        if m.author.is_some() {
            continue; // a member's own words
        }
        let found = not_traditional(&m.content);
        if !found.is_empty() {
            bad.push(format!("{found:?} in {:?}", m.content));
        }
        if let Some(Kind::Post { name, .. }) = w.fake.channel_kind(m.channel) {
            let found = not_traditional(&name);
            if !found.is_empty() {
                bad.push(format!("{found:?} in the post title {name:?}"));
            }
        }
    }
    bad.dedup();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[sqlx::test(migrations = "./migrations")]
async fn a_whole_wolf_king_game_with_a_duel_and_the_kings_self_destruct(pool: PgPool) {
    wolf_king_game(pool, ZH).await;
}

#[sqlx::test(migrations = "./migrations")]
async fn a_whole_wolf_king_game_in_english_with_a_duel_and_the_kings_self_destruct(pool: PgPool) {
    wolf_king_game(pool, EN).await;
}

/// A server set up in Traditional Chinese (`/wolf-setup language:zh-TW`) plays in it: the
/// sign-up, the day posts, the DMs and the answers to players whose clients are zh-TW.
#[sqlx::test(migrations = "./migrations")]
async fn a_whole_wolf_king_game_in_traditional_chinese(pool: PgPool) {
    wolf_king_game(pool, TW).await;
}

/// A whole `guard` game, dealt by the board's `deal` option (set in the bot's configuration)
/// to one wolf, an idiot, a guard, the seer, the witch, the hunter and six villagers, so that
/// it ends in three days: night 1 the wolf kills a villager by his DM menus and the guard
/// protects that villager by his, who is alive at daybreak (a quiet night); day 2 the
/// village votes the idiot out, who is revealed and stays alive (and may vote no more); day
/// 3 the wolf is voted out and the village wins. Checked in the posts, the DMs and the
/// stored events, in the server's language `t` with players' clients in it.
async fn guard_game(pool: PgPool, t: Tongue) {
    let lang = t.lang;
    let mut w = World::new(pool).await;
    let deal: toml::Table =
        toml::from_str("wolf = 1\nidiot = 1\nguard = 1\nseer = 1\nwitch = 1\nhunter = 1")
            .expect("a deal");
    configure(
        &mut w,
        &[
            ("guard", "auto_cards", toml::Value::Boolean(false)),
            ("guard", "deal", toml::Value::Table(deal)),
        ],
    )
    .await;
    set_up_in(&w, t).await;
    let (post, _) = w.sign_up_and_start(&[("ruleset", 3, json!("guard"))]).await;
    assert_signup_post(
        &post,
        lang,
        "guard",
        &[
            Role::Wolf,
            Role::Villager,
            Role::Seer,
            Role::Witch,
            Role::Hunter,
            Role::Guard,
            Role::Idiot,
        ],
    );
    let g = w.game().await;
    let wolf = holders(&g, Role::Wolf)[0];
    let idiot = holders(&g, Role::Idiot)[0];
    let guard = holders(&g, Role::Guard)[0];
    let victim = holders(&g, Role::Villager)[0];
    let name = |c: CharId| g.ch(c).name.clone();
    let (wolf_u, idiot_u) = (w.user_of(wolf).await, w.user_of(idiot).await);
    let guard_u = w.user_of(guard).await;

    // /wolf rules in the sign-up post, in the game's language: the guard's and idiot's lines.
    let (rules, r) = slash_in(
        &w,
        t.locale,
        w.judge,
        post.channel,
        true,
        &["wolf", "rules"],
        &[],
    )
    .await;
    assert!(!ephemeral(&r));
    let board = wolfjudge::service::board::board_name("guard", lang);
    for want in [
        text(lang, "rules-heading", &[("board", board)]),
        text(lang, "role-line-guard", &[]),
        text(lang, "role-line-idiot", &[]),
    ] {
        assert!(rules.contains(&want), "{want} in {rules}");
    }

    // Night 1: the wolf elects himself and kills a villager by his DM menus; the guard
    // protects that villager by his.
    until(&w, "night 1", 6, |g| {
        g.night().is_some_and(|n| n.night == 1)
    })
    .await;
    let a = w.pick_in(t.locale, wolf_u, "leader", wolf).await;
    assert!(!a.is_empty());
    w.settle().await;
    let a = w.pick_in(t.locale, wolf_u, "kill", victim).await;
    assert!(
        chosen_in(&a, &recorded(lang, Choice::Kill, &name(victim))),
        "the choice shown: {a}"
    );
    let protect = Choice::Protect.key();
    assert!(
        w.prompt(guard_u, protect).is_some(),
        "the guard's night prompt"
    );
    let a = w.pick_in(t.locale, guard_u, protect, victim).await;
    assert!(
        chosen_in(&a, &recorded(lang, Choice::Protect, &name(victim))),
        "the guard is told his protection was recorded: {a}"
    );
    let evs = events(&w).await;
    assert!(
        evs.iter().any(|e| matches!(
            e.kind,
            EventKind::GuardProtected { guard: gd, target: Some(tg) } if gd == guard && tg == victim
        )),
        "the protection is stored"
    );
    until(&w, "day 2", 8, |g| day_open(g, 2)).await;
    let g2 = w.game().await;
    assert!(
        g2.is_alive(victim),
        "the protected villager survives the kill"
    );
    assert_eq!(eliminated(&events(&w).await, victim), None);
    let thread = day_post_in(&w, lang);
    let quiet = text(lang, "ev-day-peaceful-night", &[("night", "1".into())]);
    assert!(
        thread_text(&w, thread).contains(&quiet),
        "{quiet} in {}",
        thread_text(&w, thread)
    );

    // Day 2: every living character votes the idiot (the idiot votes the wolf).
    for c in g2.living() {
        let target = if c == idiot { wolf } else { idiot };
        let (a, _) = slash_in(
            &w,
            t.locale,
            w.user_of(c).await,
            thread,
            false,
            &["vote"],
            &[
                ("target", 3, json!(name(target))),
                ("reason", 3, json!("suspicious")),
            ],
        )
        .await;
        assert_eq!(a, text(lang, "ok-vote", &[("name", name(target))]));
    }
    until(&w, "day 3", 8, |g| day_open(g, 3)).await;
    let shown = thread_text(&w, thread);
    let revealed = text(lang, "ev-idiot-revealed", &[("name", name(idiot))]);
    assert!(shown.contains(&revealed), "{shown}");
    let g3 = w.game().await;
    assert!(g3.is_alive(idiot), "the revealed idiot stays");
    let evs = events(&w).await;
    assert!(evs
        .iter()
        .any(|e| matches!(e.kind, EventKind::IdiotRevealed { idiot: i } if i == idiot)));
    assert_eq!(eliminated(&evs, idiot), None);

    // Day 3: the idiot's vote is refused; the others vote the wolf out; the village wins.
    let thread = day_post_in(&w, lang);
    let (a, _) = slash_in(
        &w,
        t.locale,
        idiot_u,
        thread,
        false,
        &["vote"],
        &[
            ("target", 3, json!(name(wolf))),
            ("reason", 3, json!("wolf")),
        ],
    )
    .await;
    assert_eq!(a, text(lang, "err-idiot-cannot-vote", &[]));
    for c in g3
        .living()
        .into_iter()
        .filter(|c| *c != idiot && *c != wolf)
    {
        let (a, _) = slash_in(
            &w,
            t.locale,
            w.user_of(c).await,
            thread,
            false,
            &["vote"],
            &[
                ("target", 3, json!(name(wolf))),
                ("reason", 3, json!("wolf")),
            ],
        )
        .await;
        assert_eq!(a, text(lang, "ok-vote", &[("name", name(wolf))]));
    }
    until(&w, "the end", 4, |g| g.ended()).await;
    w.settle().await;
    let g = w.game().await;
    assert_eq!(g.winner(), Some(wolfjudge::engine::Winner::Village));
    assert_eq!(
        eliminated(&events(&w).await, wolf),
        Some(wolfjudge::engine::event::Cause::Vote)
    );
    assert!(
        thread_text(&w, thread).contains(&game_over(lang)),
        "announced in the game's language"
    );
    // The wolf's DMs spoke the game's language too.
    let told = text(
        lang,
        "ev-role-told",
        &[("role", text(lang, "role-wolf", &[]))],
    );
    assert!(w
        .fake
        .dms_to(wolf_u)
        .iter()
        .any(|m| m.content.contains(&told)));
}

#[sqlx::test(migrations = "./migrations")]
async fn a_whole_guard_game_in_chinese_with_the_guards_protection_and_the_idiots_reveal(
    pool: PgPool,
) {
    guard_game(pool, ZH).await;
}

#[sqlx::test(migrations = "./migrations")]
async fn a_whole_guard_game_in_english_with_the_idiots_reveal(pool: PgPool) {
    guard_game(pool, EN).await;
}

/// What a night choice's answer records, quoted below its prompt.
fn recorded(lang: Lang, choice: Choice, name: &str) -> String {
    text(
        lang,
        "ok-choice",
        &[("choice", choice.label(lang)), ("name", name.to_string())],
    )
}
