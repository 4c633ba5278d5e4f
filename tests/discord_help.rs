//! `/help` and `/history` end to end through the fake Discord, and the commands' names in
//! every locale they are registered for: `/help` tells a member what the bot does, what to
//! do in the game's current phase (by when) and lists every command, in the member's
//! language and with the names their client shows; `/history character` lists links to
//! every post the character made, across days, and nobody else's.

use std::time::Duration as StdDuration;

use serde_json::{json, Value};
use sqlx::PgPool;

use crate::common::catalog::{msg, says_with};
use crate::common::discord_world::{self, World};
use crate::common::fake_discord::GUILD;
use wolfjudge::engine::{CharId, Game, Phase, Role};
use wolfjudge::i18n::{phase_name, Lang};

const LOCALES: [&str; 4] = ["zh-CN", "zh-TW", "en-US", "en-GB"];

/// The body of the bot's (latest) `PUT /applications/{id}/commands`.
fn registered(w: &World) -> Vec<Value> {
    let call = w
        .fake
        .calls()
        .into_iter()
        .rev()
        .find(|c| c.method == "PUT" && c.path.ends_with("/commands"))
        .expect("the commands were registered");
    call.body.as_array().cloned().expect("an array of commands")
}

/// What is missing from a command's (or option's) localizations, recursively.
fn unlocalized(o: &Value, at: &str, out: &mut Vec<String>) {
    for key in ["name_localizations", "description_localizations"] {
        for l in LOCALES {
            if !o[key][l].is_string() {
                out.push(format!("{at} {key}.{l}"));
            }
        }
    }
    for c in o["choices"].as_array().into_iter().flatten() {
        for l in LOCALES {
            if !c["name_localizations"][l].is_string() {
                out.push(format!("{at} choice {} {l}", c["name"]));
            }
        }
    }
    for sub in o["options"].as_array().into_iter().flatten() {
        unlocalized(
            sub,
            &format!("{at} {}", sub["name"].as_str().unwrap_or("?")),
            out,
        );
    }
}

/// Every command a member can type, as a client in `locale` shows it (`None`: the default
/// names): `/vote`, `/judge card`, …
fn typed_commands(commands: &[Value], locale: Option<&str>) -> Vec<String> {
    let name = |o: &Value| -> String {
        locale
            .and_then(|l| o["name_localizations"][l].as_str())
            .or(o["name"].as_str())
            .unwrap_or_default()
            .to_string()
    };
    let mut out = Vec::new();
    for c in commands {
        let subs: Vec<&Value> = c["options"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|o| o["type"] == json!(1))
            .collect();
        if subs.is_empty() {
            out.push(format!("/{}", name(c)));
        }
        for s in subs {
            out.push(format!("/{} {}", name(c), name(s)));
        }
    }
    out
}

/// A choice of an option of a registered command, by path and value.
fn choice<'a>(commands: &'a [Value], path: &[&str], value: &Value) -> &'a Value {
    let mut o = commands
        .iter()
        .find(|c| c["name"] == path[0])
        .unwrap_or_else(|| panic!("/{} is registered", path[0]));
    for step in &path[1..] {
        o = o["options"]
            .as_array()
            .and_then(|a| a.iter().find(|x| x["name"] == *step))
            .unwrap_or_else(|| panic!("{step} in {path:?}"));
    }
    o["choices"]
        .as_array()
        .and_then(|a| a.iter().find(|c| c["value"] == *value))
        .unwrap_or_else(|| panic!("choice {value} of {path:?}"))
}

/// `/help` from a client in `locale`: the whole page (every embed's title and text), after
/// checking it came as one ephemeral message.
async fn help(w: &World, locale: &str, user: u64, channel: u64) -> String {
    let id = w
        .fake
        .slash(user, channel, &[], 0, locale, &["help"], &[], json!({}));
    let r = w.fake.response(id).await;
    assert_eq!(r["type"], json!(4), "answered at once: {r}");
    assert_eq!(
        r["data"]["flags"],
        json!(64),
        "only the member sees it: {r}"
    );
    let embeds = r["data"]["embeds"].as_array().cloned().unwrap_or_default();
    assert!(!embeds.is_empty(), "{r}");
    embeds
        .iter()
        .map(|e| {
            format!(
                "{}\n{}",
                e["title"].as_str().unwrap_or_default(),
                e["description"].as_str().unwrap_or_default()
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Passes deadlines until `done` holds (at most `max`).
async fn until(w: &World, what: &str, max: usize, done: impl Fn(&Game) -> bool) {
    for _ in 0..max {
        if done(&w.game().await) {
            return;
        }
        w.pass_deadline().await;
    }
    let g = w.game().await;
    assert!(
        done(&g),
        "{what} within {max} deadlines: {:?}, ended {}, next {:?}",
        g.phase(),
        g.ended(),
        g.next_deadline()
    );
}

fn day_open(g: &Game, day: u32) -> bool {
    g.day().is_some_and(|d| d.day == day && !d.closed)
}

/// Posts `n` messages as `user` in `thread`, returning their ids once all are counted.
async fn post(w: &World, user: u64, thread: u64, n: usize, c: CharId, day: u32) -> Vec<u64> {
    let before = w.game().await.ch(c).posts.get(&day).copied().unwrap_or(0);
    let ids: Vec<u64> = (0..n)
        .map(|k| w.fake.post(user, thread, &format!("第{day}天第{k}条")))
        .collect();
    for _ in 0..500 {
        let now = w.game().await.ch(c).posts.get(&day).copied().unwrap_or(0);
        if now as usize >= before as usize + n {
            return ids;
        }
        tokio::time::sleep(StdDuration::from_millis(20)).await;
    }
    panic!("the posts were not counted");
}

fn links(text: &str) -> Vec<String> {
    text.split_whitespace()
        .filter(|w| w.starts_with("https://discord.com/channels/"))
        .map(|w| w.trim_end_matches([')', '>', '.']).to_string())
        .collect()
}

fn link(thread: u64, message: u64) -> String {
    format!("https://discord.com/channels/{GUILD}/{thread}/{message}")
}

#[sqlx::test(migrations = "./migrations")]
async fn help_and_history_in_both_languages_with_localized_commands(pool: PgPool) {
    let mut w = World::new(pool).await;
    // No automatic cards: nobody here votes or acts at night, and three yellows would end
    // the game before day 2.
    let mut o = discord_world::unpaced(Default::default());
    o.entry("m32".to_string())
        .or_default()
        .insert("auto_cards".to_string(), toml::Value::Boolean(false));
    w.service = wolfjudge::service::Service::new(
        w.service.store().clone(),
        std::sync::Arc::new(w.clock.clone()),
        o,
        Some(20261201),
    );
    w.restart().await;

    // Registered in four locales: every command, option and choice, in the body Discord got.
    let commands = registered(&w);
    let mut missing = Vec::new();
    for c in &commands {
        unlocalized(
            c,
            &format!("/{}", c["name"].as_str().unwrap_or("?")),
            &mut missing,
        );
    }
    assert!(missing.is_empty(), "not localized: {missing:#?}");
    let blue = choice(&commands, &["judge", "card", "color"], &json!(0));
    assert_eq!(blue["name_localizations"]["zh-TW"], json!("藍牌"));
    assert_eq!(blue["name_localizations"]["zh-CN"], json!("蓝牌"));
    let wolves = choice(&commands, &["judge", "end", "winner"], &json!("wolves"));
    assert_eq!(wolves["name_localizations"]["zh-TW"], json!("狼人陣營"));
    assert_eq!(wolves["name_localizations"]["en-GB"], json!("Wolves"));
    let m32 = choice(&commands, &["wolf", "new", "ruleset"], &json!("m32"));
    let tw = m32["name_localizations"]["zh-TW"]
        .as_str()
        .unwrap_or_default();
    assert!(tw.starts_with("M32 版殺"), "{tw}");
    let judge = commands
        .iter()
        .find(|c| c["name"] == "judge")
        .expect("/judge");
    let card = judge["options"]
        .as_array()
        .and_then(|o| o.iter().find(|o| o["name"] == "card"))
        .expect("/judge card");
    let color = card["options"]
        .as_array()
        .and_then(|o| o.iter().find(|o| o["name"] == "color"))
        .expect("color");
    assert_eq!(color["name_localizations"]["en-GB"], json!("colour"));
    assert_eq!(judge["name_localizations"]["zh-TW"], json!("法官"));
    let setup = commands
        .iter()
        .find(|c| c["name"] == "wolf-setup")
        .expect("/wolf-setup");
    assert_eq!(setup["name_localizations"]["zh-TW"], json!("狼人殺設定"));

    // No game yet: the general help, and every command.
    let page = help(&w, "en-US", w.outsider, w.lobby).await;
    assert!(
        says_with(&page, Lang::En, "help-no-game", &[("join", "/join")]),
        "{page}"
    );
    for c in typed_commands(&commands, None) {
        assert!(page.contains(&c), "{c} listed in:\n{page}");
    }

    // A game that is not anonymous; it opens with day 1.
    let _ = w
        .started_with(&[("ruleset", 3, json!("m32")), ("anonymous", 5, json!(false))])
        .await;
    let g = w.game().await;
    let wolves: Vec<CharId> = g.ids().filter(|c| g.ch(*c).role == Role::Wolf).collect();
    let (a, b) = (wolves[0], wolves[1]);
    let (ua, ub) = (w.user_of(a).await, w.user_of(b).await);
    let name_a = g.ch(a).name.clone();
    // Day 1: what to do by when, in each language, with the names each client shows.
    until(&w, "day 1", 6, |g| day_open(g, 1)).await;
    let day1 = w.day_post();
    let g = w.game().await;
    let closes = wolfjudge::i18n::time(
        g.day().expect("day 1").closes,
        g.ruleset().options.time_zone,
    );
    let a1 = post(&w, ua, day1, 2, a, 1).await;
    let b1 = post(&w, ub, day1, 1, b, 1).await;
    for (locale, lang) in [
        ("zh-CN", Lang::Zh),
        ("en-US", Lang::En),
        ("zh-TW", Lang::ZhTw),
    ] {
        let page = help(&w, locale, ua, day1).await;
        let day = phase_name(Phase::Day { day: 1, round: 0 }, lang);
        assert!(
            says_with(&page, lang, "help-phase", &[("phase", &day)]),
            "{locale}: {page}"
        );
        let v = commands
            .iter()
            .find(|c| c["name"] == "vote")
            .expect("/vote");
        let vote = format!(
            "/{}",
            v["name_localizations"][locale].as_str().unwrap_or_default()
        );
        assert!(
            says_with(
                &page,
                lang,
                "help-day",
                &[
                    ("anonymous", "no"),
                    ("posts", "5"),
                    ("vote", &vote),
                    ("closes", &closes)
                ]
            ),
            "{locale}: {page}"
        );
        assert!(
            says_with(
                &page,
                lang,
                "help-you-day",
                &[
                    ("name", &name_a),
                    ("posts", "2"),
                    ("need", "5"),
                    ("votes", "yes"),
                    ("voted", "no")
                ]
            ),
            "{locale}: {page}"
        );
        assert!(page.contains(&msg(lang, "help-commands", &[])), "{page}");
        for c in typed_commands(&commands, Some(locale)) {
            assert!(page.contains(&c), "{locale}: {c} listed in:\n{page}");
        }
    }
    // An outsider is told they watch.
    let page = help(&w, "zh-CN", w.outsider, day1).await;
    assert!(says_with(&page, Lang::Zh, "help-spectator", &[]), "{page}");

    // Night 1: what a player does at night.
    until(&w, "night 1", 6, |g| {
        matches!(g.phase(), Phase::Night { .. })
    })
    .await;
    let night = phase_name(w.game().await.phase(), Lang::Zh);
    let page = help(&w, "zh-CN", ua, day1).await;
    assert!(
        says_with(&page, Lang::Zh, "help-phase", &[("phase", &night)]),
        "{page}"
    );
    assert!(says_with(&page, Lang::Zh, "help-night", &[]), "{page}");
    assert!(
        says_with(&page, Lang::Zh, "help-you", &[("name", &name_a)]),
        "{page}"
    );

    // Day 2: more posts; /history lists exactly the character's, across both days.
    until(&w, "day 2", 8, |g| day_open(g, 2)).await;
    let day2 = w.day_post();
    assert_ne!(day1, day2);
    let g = w.game().await;
    assert!(g.is_alive(a) && g.is_alive(b), "both wolves live on day 2");
    let a2 = post(&w, ua, day2, 1, a, 2).await;
    post(&w, ub, day2, 2, b, 2).await;
    let want: Vec<String> = a1
        .iter()
        .map(|m| link(day1, *m))
        .chain(a2.iter().map(|m| link(day2, *m)))
        .collect();
    let (answer, r) = w
        .slash(
            w.outsider,
            day2,
            false,
            &["history"],
            &[("character", 3, json!(name_a))],
            json!({}),
        )
        .await;
    assert_eq!(r["data"]["flags"], json!(64), "{r}");
    assert_eq!(links(&answer), want, "{answer}");
    assert!(
        says_with(
            &answer,
            Lang::Zh,
            "history-heading",
            &[("name", &name_a), ("count", "3")]
        ),
        "{answer}"
    );
    assert!(
        says_with(&answer, Lang::Zh, "history-day", &[("day", "1")]),
        "{answer}"
    );
    assert!(
        says_with(&answer, Lang::Zh, "history-day", &[("day", "2")]),
        "{answer}"
    );
    for m in &b1 {
        assert!(
            !answer.contains(&m.to_string()),
            "B's post is not A's: {answer}"
        );
    }
    // In English; a page past the last; a name that is no character.
    let id = w.fake.slash(
        ua,
        day2,
        &[],
        0,
        "en-GB",
        &["history"],
        &[("character", 3, json!(name_a)), ("page", 4, json!(1))],
        json!({}),
    );
    let answer = w.fake.answer(id).await;
    assert_eq!(links(&answer), want, "{answer}");
    assert!(
        says_with(
            &answer,
            Lang::En,
            "history-heading",
            &[("name", &name_a), ("count", "3")]
        ),
        "{answer}"
    );
    let (answer, _) = w
        .slash(
            ua,
            day2,
            false,
            &["history"],
            &[("character", 3, json!(name_a)), ("page", 4, json!(2))],
            json!({}),
        )
        .await;
    assert_eq!(
        answer,
        msg(
            Lang::Zh,
            "history-no-page",
            &[("page", "2"), ("pages", "1")]
        )
    );
    let (answer, _) = w
        .slash(
            ua,
            day2,
            false,
            &["history"],
            &[("character", 3, json!("无名氏"))],
            json!({}),
        )
        .await;
    assert_eq!(
        answer,
        msg(Lang::Zh, "svc-unknown-target", &[("name", "无名氏")])
    );
    // The day's index points to /history.
    let index = w
        .fake
        .messages()
        .into_iter()
        .find(|m| {
            m.channel == day2
                && says_with(&m.content, Lang::Zh, "elevator-heading", &[("day", "2")])
        })
        .expect("day 2's index");
    assert!(index.content.contains("/发言记录"), "{}", index.content);
}
