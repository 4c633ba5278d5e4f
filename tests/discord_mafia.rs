//! Classic Mafia (docs/rules.md §2) played whole through Discord, end to end against the fake
//! Discord, in Chinese and in English: the sign-up by button, the role DMs naming one's side,
//! the nights by DM menus (the killers' majority, the police's check told to the police),
//! the day posts with their votes and results, a tie and its tie rounds, last words up to
//! the quota, the end (a concession by the last killer, or a draw by the third tie) and the
//! reveal. What is asserted is what the players see, in the game's language.

use crate::common::catalog::{msg, says_with};
use crate::common::{discord_world, fake_discord};
use crate::discord_boards::{
    day_open, day_post_in, eliminated, ephemeral, events, head, holders, in_order, set_up_in,
    slash_in, thread_text, until, Tongue, EN, ZH,
};

use serde_json::json;
use sqlx::PgPool;

use discord_world::{chosen_in, component_ids, join_id, World};
use wolfjudge::engine::event::{Cause, EventKind};
use wolfjudge::engine::{CharId, Game, Role, Winner};
use wolfjudge::i18n::{role_name, Lang};
use wolfjudge::notify::prompt::Choice;

/// The sides of a dealt Mafia game of twelve: three killers, three police, six civilians.
struct Sides {
    killers: Vec<CharId>,
    police: Vec<CharId>,
    civilians: Vec<CharId>,
}

impl Sides {
    fn of(g: &Game) -> Sides {
        let s = Sides {
            killers: holders(g, Role::Killer),
            police: holders(g, Role::Police),
            civilians: holders(g, Role::Civilian),
        };
        assert_eq!(
            (s.killers.len(), s.police.len(), s.civilians.len()),
            (3, 3, 6),
            "twelve players: three killers, three police, six civilians"
        );
        s
    }
}

/// Everything `user` was sent by DM, in order.
fn dms(w: &World, user: u64) -> String {
    in_order(w.fake.dms_to(user))
}

/// Every message the bot posted in the forum's posts (the sign-up's, the days'), in order.
fn posts_text(w: &World) -> String {
    let posted = w.fake.messages().into_iter().filter(|m| {
        m.author.is_none()
            && matches!(
                w.fake.channel_kind(m.channel),
                Some(fake_discord::Kind::Post { .. })
            )
    });
    in_order(posted.collect())
}

/// `/vote target reason` by `user` in the day post `thread`, from a client in `t`.
async fn vote(w: &World, t: Tongue, user: u64, thread: u64, target: &str) -> String {
    slash_in(
        w,
        t.locale,
        user,
        thread,
        false,
        &["vote"],
        &[
            ("target", 3, json!(target)),
            ("reason", 3, json!("suspicious")),
        ],
    )
    .await
    .0
}

/// Each `(voter, target)` votes in the day post `thread`, each told the vote is counted.
async fn votes(w: &World, t: Tongue, g: &Game, thread: u64, ballots: &[(CharId, CharId)]) {
    for (by, target) in ballots {
        let name = &g.ch(*target).name;
        let a = vote(w, t, w.user_of(*by).await, thread, name).await;
        assert_eq!(a, msg(t.lang, "ok-vote", &[("name", name)]), "{by:?}");
    }
}

/// `/concede` by `user` in the game's post `thread`, from a client in `t`.
async fn concede(w: &World, t: Tongue, user: u64, thread: u64) -> String {
    slash_in(w, t.locale, user, thread, false, &["concede"], &[])
        .await
        .0
}

/// `/lastwords text` by `user` in their DM with the bot, from a client in `t`.
async fn last_words(w: &World, t: Tongue, user: u64, words: &str) -> String {
    let dm = w.fake.dm_of(user).expect("a DM with the bot");
    slash_in(
        w,
        t.locale,
        user,
        dm,
        false,
        &["lastwords"],
        &[("text", 3, json!(words))],
    )
    .await
    .0
}

/// What a night choice's answer says once recorded, in `g`'s words.
fn chose(g: &Game, lang: Lang, choice: Choice, name: &str) -> String {
    msg(
        lang,
        "ok-choice",
        &[("choice", &choice.label_in(g, lang)), ("name", name)],
    )
}

/// Night picks: who picks whom.
type Picks<'a> = &'a [(CharId, CharId)];

/// Plays a Mafia night by the DM menus, to the morning of day `day`: each killer's kill (its
/// reason in the modal) and each officer's check, every answer saying what was recorded.
async fn night_by_menus(
    w: &World,
    t: Tongue,
    g: &Game,
    (kills, checks): (Picks<'_>, Picks<'_>),
    day: u32,
) {
    let name = |c: CharId| g.ch(c).name.clone();
    for (choice, picks) in [(Choice::Kill, kills), (Choice::Check, checks)] {
        for (by, target) in picks {
            let user = w.user_of(*by).await;
            let a = w.pick_in(t.locale, user, choice.key(), *target).await;
            assert!(
                chosen_in(&a, &chose(g, t.lang, choice, &name(*target))),
                "{by:?}: {a}"
            );
        }
    }
    w.settle().await;
    until(w, "the morning", 6, |g| day_open(g, day)).await;
}

/// The start of a Mafia game of twelve in `t`: the server set up in that language, the
/// sign-up by button showing the board, the deal, and each side's role DM naming the others
/// of the side; night 1 opens with the killers' and police's menus.
async fn mafia_started(w: &World, t: Tongue) -> Game {
    let lang = t.lang;
    set_up_in(w, t).await;
    let post = w.open_signup_with(&[("ruleset", 3, json!("mafia"))]).await;
    let board = wolfjudge::service::board::board_name("mafia", lang);
    let shown = head(lang, "signup-board", "deal", &[("board", board)]);
    assert!(post.content.contains(&shown), "{shown} in {}", post.content);
    // Twelve join by the post's button from clients in `t`, each told so privately and by DM.
    let joined = msg(lang, "dm-joined", &[("ruleset", "mafia")]);
    for p in &w.players {
        let i = w
            .fake
            .click_in(t.locale, *p, &post, &join_id(&post), &[], &[]);
        let a = w.fake.answer(i).await;
        assert!(says_with(&a, lang, "ok-joined", &[]), "{a}");
    }
    let (a, _) = slash_in(
        w,
        t.locale,
        w.judge,
        post.channel,
        true,
        &["wolf", "start"],
        &[],
    )
    .await;
    assert!(says_with(&a, lang, "ok-started", &[]), "{a}");
    w.settle().await;
    for p in &w.players {
        assert!(dms(w, *p).contains(&joined), "{}", dms(w, *p));
    }
    let g = w.game().await;
    let s = Sides::of(&g);
    for (side, heading, role) in [
        (&s.killers, "team-killer", Role::Killer),
        (&s.police, "team-police", Role::Police),
    ] {
        for c in side {
            let seen = dms(w, w.user_of(*c).await);
            assert!(seen.contains(&role_name(role, lang)), "{seen}");
            assert!(seen.contains(&head(lang, heading, "names", &[])), "{seen}");
            for other in side.iter().filter(|o| *o != c) {
                assert!(seen.contains(&g.ch(*other).name), "{seen}");
            }
        }
    }
    // Night 1: each killer is asked for a kill and each officer for a check, by DM menus.
    assert!(
        g.night().is_some_and(|n| n.night == 1 && !n.resolved),
        "the game opens with night 1: {:?}",
        g.phase()
    );
    let asked = |id: &str| head(lang, id, "until", &[("night", "1".into())]);
    for (side, choice, prompt) in [
        (&s.killers, Choice::Kill, "prompt-night-killer"),
        (&s.police, Choice::Check, "prompt-night-police"),
    ] {
        for c in side {
            let m = w
                .prompt(w.user_of(*c).await, choice.key())
                .unwrap_or_else(|| panic!("a {} menu for {c:?}", choice.key()));
            assert!(m.content.contains(&asked(prompt)), "{}", m.content);
            // The menu in Mafia's words: the killers submit a target (not werewolf's 报刀).
            let menu = &m.components[0]["components"][0];
            assert_eq!(
                menu["placeholder"],
                json!(choice.label_in(&g, lang)),
                "{menu}"
            );
        }
    }
    g
}

/// The account playing each character, in seat order.
async fn accounts(w: &World, g: &Game) -> Vec<u64> {
    let mut out = Vec::new();
    for c in g.ids() {
        out.push(w.user_of(c).await);
    }
    out
}

/// The reveal at the end, in the game's post: every role with its player (`seats`, the
/// account of each character) and the seed.
fn assert_revealed(w: &World, g: &Game, seats: &[u64], lang: Lang, thread: u64) {
    let shown = thread_text(w, thread);
    assert!(
        shown.contains(&msg(lang, "ev-reveal-title", &[])),
        "the reveal in {shown}"
    );
    for c in g.ids() {
        let line = msg(
            lang,
            "ev-reveal-role",
            &[
                ("name", &g.ch(c).name),
                ("player", &format!("<@{}>", seats[c.idx()])),
                ("role", &role_name(g.ch(c).role, lang)),
            ],
        );
        assert!(shown.contains(&line), "{line} in the reveal: {shown}");
    }
    assert!(
        says_with(&shown, lang, "ev-reveal-seed", &[]),
        "the seed in the reveal"
    );
}

/// A whole Mafia game of twelve in `t`, won by the police when the last killer concedes:
///
/// - night 1: a civilian's press of a copied kill menu opens nothing; the killers split 2–1
///   and the majority's target dies; the police check a killer (2–1) and learn his role;
/// - day 1: the night's victim is announced and leaves last words; a 1–1 vote between a
///   killer and a civilian is tied, so the day goes to a tie round, where the killer is
///   voted out 2–1 (votes for the untied are refused);
/// - night 2: the killers kill an officer (the third out: the last of the quota's last
///   words); day 2 opens with the first two last words;
/// - day 2: the second killer is voted out, the fourth out, past the quota: no last words;
/// - night 3: the last killer concedes; the police and civilians win; the reveal, with the
///   officer's last words that day 3 would have published.
async fn mafia_won_by_a_concession(pool: PgPool, t: Tongue) {
    let lang = t.lang;
    let w = World::new(pool).await;
    let g = mafia_started(&w, t).await;
    let s = Sides::of(&g);
    let name = |c: CharId| g.ch(c).name.clone();
    let user = |c: CharId| w.user_of(c);
    let (k, p, c) = (&s.killers, &s.police, &s.civilians);

    // Night 1. A civilian who presses a copy of a killer's kill menu is refused, privately,
    // in their language, and no modal opens.
    let menu = w
        .prompt(user(k[0]).await, Choice::Kill.key())
        .expect("the killer's menu");
    let r = w
        .press_copy_in(t.locale, user(c[5]).await, &menu, Choice::Kill.key(), c[0])
        .await;
    assert_eq!(r["type"], json!(4), "a private answer, not a modal: {r}");
    assert!(ephemeral(&r), "{r}");
    let refused = msg(lang, "err-no-ability", &[("name", &name(c[5]))]);
    assert_eq!(r["data"]["content"], json!(refused));
    // The killer's own press opens the reason's modal, in Mafia's words and taking a reason
    // of any length (docs/rules.md §2 sets none).
    let id = component_ids(&menu)
        .into_iter()
        .find(|i| i.ends_with(":kill"))
        .expect("the kill menu");
    let seat = c[0].0.to_string();
    let i = w.fake.click_in(
        t.locale,
        user(k[0]).await,
        &menu,
        &id,
        &[seat.as_str()],
        &[],
    );
    let modal = w.fake.response(i).await;
    assert_eq!(modal["type"], json!(9), "a modal: {modal}");
    assert_eq!(
        modal["data"]["title"],
        json!(msg(lang, "modal-kill-title-mafia", &[]))
    );
    let field = &modal["data"]["components"][0];
    assert_eq!(
        field["label"],
        json!(msg(lang, "modal-kill-reason-chars", &[("chars", "0")]))
    );
    assert_eq!(field["component"]["min_length"], json!(1));
    assert_eq!(
        field["component"]["max_length"],
        json!(wolfjudge::engine::limits::MAX_REASON_CHARS)
    );
    // The killers split 2–1: the majority's target is tonight's victim. The police check
    // the first killer, 2–1 too.
    let kills = [(k[0], c[0]), (k[1], c[0]), (k[2], c[1])];
    let checks = [(p[0], k[0]), (p[1], k[0]), (p[2], c[2])];
    night_by_menus(&w, t, &g, (&kills, &checks), 1).await;
    let submitted = msg(
        lang,
        "ev-kill-submitted-mafia",
        &[("by", &name(k[0])), ("target", &name(c[0]))],
    );
    assert!(
        dms(&w, user(k[2]).await).contains(&submitted),
        "the killers see each other's submissions"
    );
    assert!(
        !dms(&w, user(p[0]).await).contains(&submitted),
        "the police do not"
    );
    let result = msg(
        lang,
        "ev-police-result",
        &[
            ("target", &name(k[0])),
            ("role", &role_name(Role::Killer, lang)),
        ],
    );
    for officer in p {
        let seen = dms(&w, user(*officer).await);
        assert!(seen.contains(&result), "{result} in {seen}");
    }
    assert!(!dms(&w, user(c[2]).await).contains(&result));
    let evs = events(&w).await;
    assert_eq!(eliminated(&evs, c[0]), Some(Cause::NightKill));
    assert_eq!(eliminated(&evs, c[1]), None, "the minority's target lives");

    // Day 1: the night's victim in the day's post; the victim leaves last words by DM.
    let day1 = day_post_in(&w, lang);
    let shown = thread_text(&w, day1);
    assert!(
        shown.contains(&msg(
            lang,
            "ev-day-out-at-night",
            &[("night", "1"), ("count", "1"), ("names", &name(c[0]))]
        )),
        "the victim announced: {shown}"
    );
    let granted = head(lang, "ev-last-words-granted", "day", &[]);
    assert!(dms(&w, user(c[0]).await).contains(&granted));
    let words0 = "c0: look at the killers";
    assert_eq!(
        last_words(&w, t, user(c[0]).await, words0).await,
        msg(lang, "ok-lastwords", &[])
    );
    // The last killer standing may concede; not one with partners.
    let a = concede(&w, t, user(k[2]).await, day1).await;
    assert_eq!(a, msg(lang, "err-concede-not-allowed", &[]));
    // A 1–1 tie between the checked killer and a civilian (the others do not vote).
    votes(&w, t, &g, day1, &[(p[0], k[0]), (k[0], c[1])]).await;
    until(&w, "day 1's tie round", 3, |g| {
        g.day().is_some_and(|d| d.day == 1 && d.round == 1)
    })
    .await;
    let shown = thread_text(&w, day1);
    let round = msg(lang, "ev-day-round-title", &[("day", "1"), ("round", "1")]);
    assert!(shown.contains(&round), "{round} in {shown}");
    assert!(
        says_with(&shown, lang, "ev-day-candidates", &[]),
        "the tied named: {shown}"
    );
    // Tie round 1: only the tied may be voted for; the killer goes out 2–1.
    let a = vote(&w, t, user(c[4]).await, day1, &name(c[3])).await;
    assert!(
        says_with(&a, lang, "err-not-tied", &[("name", &name(c[3]))]),
        "{a}"
    );
    votes(&w, t, &g, day1, &[(p[0], k[0]), (c[4], k[0]), (k[1], c[1])]).await;
    until(&w, "night 2", 4, |g| {
        g.night().is_some_and(|n| n.night == 2)
    })
    .await;
    let shown = thread_text(&w, day1);
    let out = msg(lang, "ev-out-vote", &[("name", &name(k[0]))]);
    assert!(shown.contains(&out), "{out} in {shown}");
    assert_eq!(eliminated(&events(&w).await, k[0]), Some(Cause::Vote));
    let words1 = "k0: well played";
    assert_eq!(
        last_words(&w, t, user(k[0]).await, words1).await,
        msg(lang, "ok-lastwords", &[])
    );

    // Night 2: the killers kill an officer, the third out (the quota's last); the police
    // check the second killer.
    let g2 = w.game().await;
    let kills = [(k[1], p[0]), (k[2], p[0])];
    let checks = [(p[0], k[1]), (p[1], k[1]), (p[2], k[1])];
    night_by_menus(&w, t, &g2, (&kills, &checks), 2).await;
    assert_eq!(eliminated(&events(&w).await, p[0]), Some(Cause::NightKill));
    // Day 2 opens with the last words of the first two out.
    let day2 = day_post_in(&w, lang);
    assert_ne!(day1, day2, "a post for each day");
    let shown = thread_text(&w, day2);
    assert!(
        shown.contains(&msg(lang, "ev-day-last-words", &[])),
        "{shown}"
    );
    for (who, words) in [(c[0], words0), (k[0], words1)] {
        let line = msg(
            lang,
            "ev-day-last-word",
            &[("name", &name(who)), ("text", words)],
        );
        assert!(shown.contains(&line), "{line} in {shown}");
    }
    assert!(dms(&w, user(p[0]).await).contains(&granted));
    let words2 = "p0: k1 is a killer";
    assert_eq!(
        last_words(&w, t, user(p[0]).await, words2).await,
        msg(lang, "ok-lastwords", &[])
    );

    // Day 2: the police vote the second killer out 2–1, the fourth out: the quota of
    // three is used up, so he has no last words.
    votes(&w, t, &g, day2, &[(p[1], k[1]), (p[2], k[1]), (k[2], p[1])]).await;
    until(&w, "night 3", 4, |g| {
        g.night().is_some_and(|n| n.night == 3)
    })
    .await;
    assert_eq!(eliminated(&events(&w).await, k[1]), Some(Cause::Vote));
    let none = head(lang, "prompt-out-no-last-words", "quota", &[]);
    assert!(dms(&w, user(k[1]).await).contains(&none));
    let a = last_words(&w, t, user(k[1]).await, "too late").await;
    assert_eq!(
        a,
        msg(lang, "err-last-words-not-granted", &[("quota", "3")])
    );

    // Night 3: the last killer concedes; the police and civilians win.
    let a = concede(&w, t, user(k[2]).await, day2).await;
    assert_eq!(a, msg(lang, "ok-concede", &[]));
    w.settle().await;
    let g = w.game().await;
    assert!(g.ended(), "the game is over");
    assert_eq!(g.winner(), Some(Winner::Police));
    assert!(events(&w)
        .await
        .iter()
        .any(|e| matches!(e.kind, EventKind::Conceded { by } if by == k[2])));
    let shown = posts_text(&w);
    let conceded = msg(lang, "ev-conceded", &[("name", &name(k[2]))]);
    assert!(shown.contains(&conceded), "{conceded} in {shown}");
    let over = msg(
        lang,
        "ev-game-ended",
        &[
            ("reason", &msg(lang, "end-concede", &[])),
            ("winner", &msg(lang, "winner-police", &[])),
        ],
    );
    assert!(shown.contains(&over), "{over} in {shown}");
    assert_revealed(&w, &g, &accounts(&w, &g).await, lang, day2);
    // The officer's last words, due at day 3, which never opened: published with the reveal
    // (he was told they would be).
    let shown = thread_text(&w, day2);
    let unpublished = msg(lang, "ev-reveal-last-words", &[]);
    let line = msg(
        lang,
        "ev-day-last-word",
        &[("name", &name(p[0])), ("text", words2)],
    );
    let at = shown
        .find(&unpublished)
        .expect("the unpublished last words");
    assert!(shown[at..].contains(&line), "{line} in {shown}");
}

#[sqlx::test(migrations = "./migrations")]
async fn a_whole_mafia_game_in_chinese_won_by_the_police_when_the_last_killer_concedes(
    pool: PgPool,
) {
    mafia_won_by_a_concession(pool, ZH).await;
}

/// A whole Mafia game of twelve in `t` that ends in a draw by the third tie:
///
/// - night 1: two killers split 1–1 and the third gives no opinion: the target submitted
///   first dies (the night ends at its deadline); the police's majority checks a civilian;
/// - day 1: a 2–2 tie between a killer and a civilian; tie round 1 (everyone living votes,
///   only for the tied) ties again; tie round 2 (only the others vote; the tied are refused)
///   ties a third time, and the game ends in a draw; the reveal.
async fn mafia_drawn_by_the_third_tie(pool: PgPool, t: Tongue) {
    let lang = t.lang;
    let w = World::new(pool).await;
    let g = mafia_started(&w, t).await;
    let s = Sides::of(&g);
    let name = |c: CharId| g.ch(c).name.clone();
    let user = |c: CharId| w.user_of(c);
    let (k, p, c) = (&s.killers, &s.police, &s.civilians);

    // Night 1: an even split; the third killer says nothing, so the night runs to its
    // deadline and the target submitted first is killed.
    let kills = [(k[0], c[0]), (k[1], c[1])];
    let checks = [(p[0], k[0]), (p[1], c[2]), (p[2], c[2])];
    night_by_menus(&w, t, &g, (&kills, &checks), 1).await;
    let split = msg(
        lang,
        "ev-kill-majority-mafia",
        &[("target", &name(c[0])), ("tie", "yes")],
    );
    assert!(dms(&w, user(k[2]).await).contains(&split), "{split}");
    let result = msg(
        lang,
        "ev-police-result",
        &[
            ("target", &name(c[2])),
            ("role", &role_name(Role::Civilian, lang)),
        ],
    );
    assert!(dms(&w, user(p[0]).await).contains(&result), "{result}");
    let evs = events(&w).await;
    assert_eq!(eliminated(&evs, c[0]), Some(Cause::NightKill));
    assert_eq!(eliminated(&evs, c[1]), None);

    // Day 1: 2–2 between the first killer and a civilian.
    let day1 = day_post_in(&w, lang);
    let ballots = [(p[0], k[0]), (c[2], k[0]), (k[1], c[1]), (c[4], c[1])];
    votes(&w, t, &g, day1, &ballots).await;
    // Tie round 1: everyone living votes, only for the tied (the tied too): 2–2 again.
    let in_round = |r: u32| move |g: &Game| g.day().is_some_and(|d| d.day == 1 && d.round == r);
    until(&w, "tie round 1", 3, in_round(1)).await;
    let g1 = w.game().await;
    assert_eq!(g1.day().map(|d| d.candidates.len()), Some(2));
    votes(
        &w,
        t,
        &g,
        day1,
        &[(c[1], k[0]), (p[1], k[0]), (k[0], c[1]), (k[2], c[1])],
    )
    .await;
    // Tie round 2: the tied may not vote; the other nine split 2–2.
    until(&w, "tie round 2", 3, in_round(2)).await;
    let shown = thread_text(&w, day1);
    for r in ["1", "2"] {
        let title = msg(lang, "ev-day-round-title", &[("day", "1"), ("round", r)]);
        assert!(shown.contains(&title), "{title} in {shown}");
    }
    assert!(says_with(&shown, lang, "ev-day-voters", &[]), "{shown}");
    let a = vote(&w, t, user(k[0]).await, day1, &name(c[1])).await;
    assert_eq!(a, msg(lang, "err-not-a-voter", &[]));
    votes(&w, t, &g, day1, &ballots).await;
    until(&w, "the draw", 3, |g| g.ended()).await;
    w.settle().await;
    let g = w.game().await;
    assert_eq!(g.winner(), Some(Winner::Draw));
    assert!(g.is_alive(k[0]) && g.is_alive(c[1]), "nobody went out");
    let shown = thread_text(&w, day1);
    let draw = msg(
        lang,
        "ev-game-ended-draw",
        &[("reason", &msg(lang, "end-tie-rounds", &[]))],
    );
    assert!(shown.contains(&draw), "{draw} in {shown}");
    assert_revealed(&w, &g, &accounts(&w, &g).await, lang, day1);
}

#[sqlx::test(migrations = "./migrations")]
async fn a_whole_mafia_game_in_english_drawn_by_the_third_tie(pool: PgPool) {
    mafia_drawn_by_the_third_tie(pool, EN).await;
}
