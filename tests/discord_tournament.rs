//! Tournaments on Discord, end to end against the fake Discord: `/tournament new` (judges
//! only), a game opened with `/wolf new … tournament:NAME` and started inside the
//! tournament (players known by their account), ended by the judge, then `/standings`
//! posting the table as an embed with the chart as a PNG attachment, and `/stats @member`.

use crate::common::catalog::{roles_named, says, says_with, zh};
use crate::common::{discord_world, fake_discord};

use serde_json::{json, Value};
use sqlx::PgPool;

use discord_world::{World, NAMES};
use fake_discord::Kind;
use wolfjudge::engine::{Role, Winner};
use wolfjudge::i18n::{role_name, Lang};

/// `/tournament new` options.
fn new_options(name: &str, games: u32) -> Vec<(&'static str, u8, Value)> {
    vec![
        ("name", 3, json!(name)),
        ("games", 4, json!(games)),
        ("ruleset", 3, json!("m32")),
    ]
}

/// `/wolf new` options for a game of `tournament`.
fn signup_options(ruleset: &str, tournament: &str) -> Vec<(&'static str, u8, Value)> {
    vec![
        ("ruleset", 3, json!(ruleset)),
        ("tournament", 3, json!(tournament)),
    ]
}

/// `/wolf new ruleset tournament:NAME` by the judge, and the answer.
async fn wolf_new(w: &World, ruleset: &str, tournament: &str) -> String {
    w.judge_says(
        w.lobby,
        &["wolf", "new"],
        &signup_options(ruleset, tournament),
    )
    .await
}

/// A user option's `resolved` part, as Discord sends it.
fn resolved_user(id: u64, name: &str) -> Value {
    json!({"users": {id.to_string(): {"id": id.to_string(), "username": name, "global_name": name,
        "avatar": null, "discriminator": "0"}}})
}

/// `/stats @member` used by `asker`: the answer and the whole response.
async fn stats_of(w: &World, asker: u64, member: u64, name: &str) -> (String, Value) {
    w.slash(
        asker,
        w.lobby,
        false,
        &["stats"],
        &[("member", 6, json!(member.to_string()))],
        resolved_user(member, name),
    )
    .await
}

/// The standings table's row of `name`: (total, games, wins cell), from the columns
/// `# player G1 total games killer detective wins…`.
fn row(table: &str, name: &str) -> (u32, u32, String) {
    let line = table
        .lines()
        .find(|l| l.split_whitespace().nth(1) == Some(name))
        .unwrap_or_else(|| panic!("a row for {name} in\n{table}"));
    let cells: Vec<&str> = line.split_whitespace().collect();
    let num = |i: usize| cells[i].parse::<u32>().expect("a number");
    (num(3), num(4), cells[7..].join(" "))
}

#[sqlx::test(migrations = "./migrations")]
async fn a_tournament_game_then_standings_and_stats(pool: PgPool) {
    let w = World::new(pool).await;
    assert!(says(&w.set_up().await, "ok-setup"));

    // Only judges create tournaments; the judge does.
    let a = w
        .say(
            w.outsider,
            w.lobby,
            &["tournament", "new"],
            &new_options("春季赛", 1),
        )
        .await;
    assert_eq!(a, zh("svc-not-judge", &[]), "not a judge");
    let a = w
        .judge_says(w.lobby, &["tournament", "new"], &new_options("春季赛", 1))
        .await;
    let created = [("name", "春季赛"), ("games", "1"), ("ruleset", "m32")];
    assert!(
        says_with(&a, Lang::Zh, "ok-tournament-created", &created),
        "{a}"
    );
    let a = w
        .judge_says(w.lobby, &["tournament", "new"], &new_options("春季赛", 3))
        .await;
    assert_eq!(
        a,
        zh("svc-tournament-exists", &[("name", "春季赛")]),
        "twice"
    );

    // A sign-up must name a tournament of this server, of its ruleset.
    let a = wolf_new(&w, "mafia", "春季赛").await;
    assert_eq!(
        a,
        zh(
            "svc-tournament-ruleset",
            &[("name", "春季赛"), ("ruleset", "m32")]
        ),
        "wrong ruleset"
    );
    let a = wolf_new(&w, "m32", "秋季赛").await;
    assert_eq!(a, zh("svc-no-tournament", &[("name", "秋季赛")]), "unknown");

    // The game is started inside the tournament; its players are the members' accounts.
    let (_post, thread) = w.started_with(&signup_options("m32", "春季赛")).await;
    let game_id = w.game_id().await;
    let g = w.game().await;
    // m32 is anonymous: drawn character names and seating; the members' accounts play.
    let mut accounts: Vec<String> = g.chars().iter().map(|c| c.player.clone()).collect();
    for c in g.chars() {
        assert!(!NAMES.contains(&c.name.as_str()), "{}", c.name);
    }
    accounts.sort();
    let mut members: Vec<String> = w.players.iter().map(|p| p.to_string()).collect();
    members.sort();
    assert_eq!(accounts, members);
    let store = &w.service.store();
    let t = store
        .tournament("春季赛")
        .await
        .expect("db")
        .expect("exists");
    assert_eq!(
        store.tournament_games(t.id).await.expect("db"),
        vec![(1, game_id)]
    );
    // Its one game is taken: another sign-up for it is refused.
    let a = wolf_new(&w, "m32", "春季赛").await;
    assert_eq!(
        a,
        zh(
            "svc-tournament-full",
            &[("name", "春季赛"), ("planned", "1")]
        ),
        "full"
    );

    // The seer gets a blue card (it shows in their /stats below).
    let seer = g
        .chars()
        .iter()
        .position(|c| c.role == Role::Seer)
        .expect("a seer");
    let a = w
        .judge_says(
            thread,
            &["judge", "card"],
            &[
                ("target", 3, json!(g.chars()[seer].name)),
                ("color", 4, json!(0)),
                ("reason", 3, json!("提醒")),
            ],
        )
        .await;
    assert!(
        a.contains(&zh("ok-card", &[("name", &g.chars()[seer].name)])),
        "{a}"
    );

    // The judge ends it for the village; the reveal names each player by mention.
    let a = w
        .judge_says(
            thread,
            &["judge", "end"],
            &[("winner", 3, json!("village"))],
        )
        .await;
    assert_eq!(a, zh("ok-ended", &[]));
    w.settle().await;
    let g = w.game().await;
    assert_eq!(g.winner(), Some(Winner::Village));
    let (player, role) = (
        format!("<@{}>", g.chars()[0].player),
        role_name(g.chars()[0].role, Lang::Zh),
    );
    let amber = zh(
        "ev-reveal-role",
        &[
            ("name", &g.chars()[0].name),
            ("player", &player),
            ("role", &role),
        ],
    );
    assert!(
        w.fake.messages().iter().any(|m| matches!(
            w.fake.channel_kind(m.channel),
            Some(Kind::Post { .. })
        ) && m.content.contains(&amber)),
        "the reveal shows {amber}"
    );

    // /standings: public, the table in an embed (members by display name), the chart as
    // a PNG attachment shown as the embed's image.
    let id = w.fake.slash(
        w.outsider,
        w.lobby,
        &[],
        0,
        "zh-CN",
        &["standings"],
        &[],
        json!({}),
    );
    // Deferred (reading, drawing and posting is more than one call), then the first page.
    let r = w.fake.response(id).await;
    assert_eq!(r["type"], json!(5), "{r}");
    assert_eq!(
        r["data"]["flags"].as_u64().unwrap_or(0) & 64,
        0,
        "public: {r}"
    );
    let pages = w.fake.follow_ups(id).await;
    let embed = &pages[0]["embeds"][0];
    assert_eq!(
        embed["title"],
        json!(zh("standings-embed-title", &[("name", "春季赛")]))
    );
    assert_eq!(embed["image"]["url"], json!("attachment://standings.png"));
    let table = embed["description"].as_str().expect("a description");
    // Scoring (config/scoring/m32.toml): a village win gives villagers 2, the seer, the
    // witch and the hunter 3, the wolves 0; the tournament's judge 1 per game.
    // Seat → (account, member's name): the seating of an anonymous game is drawn.
    let member = |seat: usize| -> (u64, &str) {
        let account: u64 = g.chars()[seat].player.parse().expect("an account id");
        let i = w
            .players
            .iter()
            .position(|p| *p == account)
            .expect("a member");
        (account, NAMES[i])
    };
    for (i, c) in g.chars().iter().enumerate() {
        let want = match c.role {
            Role::Villager => 2,
            Role::Seer | Role::Witch | Role::Hunter => 3,
            _ => 0,
        };
        let (total, games, wins) = row(table, member(i).1);
        assert_eq!((total, games), (want, 1), "{}: {table}", member(i).1);
        if want > 0 {
            assert_eq!(wins, format!("{}×1", role_name(c.role, Lang::Zh)));
        } else {
            assert_eq!(wins, "-");
        }
    }
    assert_eq!(row(table, "Judge").0, 1, "{table}");
    // The judge by their display name, never a placeholder or an account id.
    let title = zh(
        "tournament-title",
        &[
            ("name", "春季赛"),
            ("ruleset", "m32"),
            ("played", "1"),
            ("planned", "1"),
            ("judge", "Judge"),
        ],
    );
    assert!(table.contains(&format!("\n{title}\n")), "{table}");
    // M32's own awards and columns (config/scoring/m32.toml), not Mafia's: the wolves lost,
    // so nobody has wolf points; the best god is one of the seer, the witch and the hunter
    // (3 each, one game each: the earliest to sign up), by display name.
    assert!(
        table
            .lines()
            .find(|l| l.starts_with(&zh("tournament-col-rank", &[])))
            .is_some_and(|h| h.contains("狼人得分  神职得分")),
        "{table}"
    );
    assert!(
        table.contains(&zh("tournament-award-none", &[("award", "最佳狼人")])),
        "{table}"
    );
    let gods: Vec<&str> = (0..g.chars().len())
        .filter(|i| matches!(g.chars()[*i].role, Role::Seer | Role::Witch | Role::Hunter))
        .map(|i| member(i).1)
        .collect();
    let god_roles = roles_named(Lang::Zh, &[Role::Seer, Role::Witch, Role::Hunter]);
    let top_god = |m: &str| {
        zh(
            "tournament-award-line",
            &[
                ("award", "最佳神职"),
                ("player", m),
                ("roles", &god_roles),
                ("points", "3"),
            ],
        )
    };
    assert!(
        gods.iter().any(|m| table.contains(&top_god(m))),
        "one of {gods:?}: {table}"
    );
    for mafia in ["杀人王", "神警探", "杀手得分", "警探得分"] {
        assert!(!table.contains(mafia), "{mafia}: {table}");
    }
    let upload = w
        .fake
        .calls()
        .into_iter()
        .find(|c| c.path.contains(&format!("/tok{id}")) && !c.files.is_empty())
        .expect("the deferred answer with the chart");
    assert_eq!(upload.files.len(), 1, "one attachment");
    assert_eq!(upload.files[0].filename, "standings.png");
    let png = image::load_from_memory(&upload.files[0].bytes).expect("the chart is a PNG");
    assert_eq!((png.width(), png.height()), (900, 560));

    // /stats @member, privately: the seer (a winner, carded) and a wolf.
    let winner = seer;
    let wolf = g
        .chars()
        .iter()
        .position(|c| c.role == Role::Wolf)
        .expect("a wolf");
    let (a, r) = stats_of(&w, w.outsider, member(winner).0, member(winner).1).await;
    assert_eq!(
        r["data"]["flags"].as_u64().unwrap_or(0) & 64,
        64,
        "ephemeral"
    );
    let mention = format!("<@{}>", member(winner).0);
    assert!(
        a.contains(&zh("stats-title", &[("member", &mention)])),
        "{a}"
    );
    let games = [
        ("games", "1"),
        ("finished", "1"),
        ("won", "1"),
        ("lost", "0"),
        ("none", "0"),
    ];
    assert!(a.contains(&zh("stats-games", &games)), "{a}");
    let wins = format!("{}×1", role_name(Role::Seer, Lang::Zh));
    assert!(a.contains(&zh("stats-wins", &[("wins", &wins)])), "{a}");
    let cards = [("blue", "1"), ("yellow", "0"), ("red", "0")];
    assert!(a.contains(&zh("stats-cards", &cards)), "{a}");
    let (a, _) = stats_of(&w, w.outsider, member(wolf).0, member(wolf).1).await;
    let lost = [("won", "0"), ("lost", "1")];
    assert!(says_with(&a, Lang::Zh, "stats-games", &lost), "{a}");
    // The judge judged one game and played none.
    let (a, _) = stats_of(&w, w.players[0], w.judge, "Judge").await;
    assert!(
        says_with(&a, Lang::Zh, "stats-games", &[("games", "0")])
            && a.contains(&zh("stats-judged", &[("count", "1")])),
        "{a}"
    );
}

#[sqlx::test(migrations = "./migrations")]
async fn standings_without_a_tournament_say_what_to_do(pool: PgPool) {
    let w = World::new(pool).await;
    assert!(says(&w.set_up().await, "ok-setup"));
    let a = w.say(w.outsider, w.lobby, &["standings"], &[]).await;
    assert_eq!(a, zh("svc-no-tournaments", &[]));
    let a = w
        .say(
            w.outsider,
            w.lobby,
            &["standings"],
            &[("tournament", 3, json!("不存在"))],
        )
        .await;
    assert_eq!(a, zh("svc-no-tournament", &[("name", "不存在")]));
}
