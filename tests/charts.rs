//! The reveal's pictures (the forum-features work), drawn from simulated games: one PNG per vote and
//! the timeline, each decoding to its size with its bars drawn; a 16-player game named from
//! `config/characters.toml` draws every text with glyphs of the bundled font (no tofu);
//! what a vote's picture says (changes, proxies, the sheriff's weight, the result) is the
//! game's.

use std::collections::BTreeSet;

use ab_glyph::{Font, FontRef, GlyphId};
use image::RgbImage;
use wolfjudge::chart::read::{self, Outcome};
use wolfjudge::chart::timeline::Side;
use wolfjudge::chart::{self, votes, Charts, Png, VoteChart};
use wolfjudge::engine::{CharId, Event, EventKind, Game};
use wolfjudge::i18n::{self, Lang};
use wolfjudge::sim;

use crate::common::catalog::msg;

/// The character names anonymous games draw from.
fn character_names() -> Vec<String> {
    #[derive(serde::Deserialize)]
    struct Theme {
        names: Vec<String>,
    }
    let t: Theme = toml::from_str(include_str!("../config/characters.toml")).expect("parses");
    t.names
}

/// The bundled font, read here from its file (not through the charts' own code).
fn font() -> FontRef<'static> {
    FontRef::try_from_slice(include_bytes!("../assets/NotoSansCJKsc-Regular-subset.otf"))
        .expect("the bundled font parses")
}

/// `events` with the characters renamed `names` (in seat order).
fn renamed(mut events: Vec<Event>, names: &[String]) -> Vec<Event> {
    if let Some(EventKind::Created { characters, .. }) = events.first_mut().map(|e| &mut e.kind) {
        for (c, n) in characters.iter_mut().zip(names) {
            c.clone_from(n);
        }
    }
    events
}

fn decode(png: &Png) -> RgbImage {
    image::load_from_memory(&png.bytes)
        .unwrap_or_else(|e| panic!("{} decodes: {e}", png.name))
        .to_rgb8()
}

/// How many pixels of `img` are exactly `color`.
fn pixels_of(img: &RgbImage, color: plotters::style::RGBColor) -> usize {
    img.pixels()
        .filter(|p| p.0 == [color.0, color.1, color.2])
        .count()
}

/// How many pixels are not the background.
fn inked(img: &RgbImage) -> usize {
    let bg = chart::BACKGROUND;
    img.pixels().filter(|p| p.0 != [bg.0, bg.1, bg.2]).count()
}

/// Every picture decodes to the size its layout says, has ink beyond the background, and
/// shows its bars: each voter's standing ballot in its target's colour, each side's life
/// bars in its colour.
fn check_pictures(charts: &Charts, pngs: &[Png]) {
    assert_eq!(
        pngs.len(),
        charts.votes.len() + 1,
        "one per vote, then the timeline"
    );
    for (v, png) in charts.votes.iter().zip(pngs) {
        assert_eq!(png.name, v.name);
        let img = decode(png);
        assert_eq!((img.width(), img.height()), v.size(), "{}", v.name);
        assert_eq!((png.width, png.height), v.size());
        assert!(inked(&img) > 20_000, "{}: {} inked", v.name, inked(&img));
        for r in &v.rows {
            if let Some(s) = r.segments.last() {
                let fill = votes::fill(s.target, false);
                assert!(
                    pixels_of(&img, fill) > 0,
                    "{}: {}'s vote for {:?} drawn in {fill:?}",
                    v.name,
                    r.label,
                    s.target
                );
            }
        }
    }
    let t = &charts.timeline;
    let png = pngs.last().expect("the timeline");
    assert_eq!(png.name, "timeline.png");
    let img = decode(png);
    assert_eq!((img.width(), img.height()), t.size());
    for side in t.rows.iter().map(|r| r.side).collect::<BTreeSet<Side>>() {
        assert!(pixels_of(&img, side.fill()) > 500, "{side:?}'s bars");
    }
}

/// Every character of every text drawn has a glyph in the bundled font.
fn no_tofu(charts: &Charts, font: &FontRef<'_>) {
    for drawn in charts.texts() {
        assert!(!drawn.contains(i18n::MISSING_OPEN), "{drawn}");
        for c in drawn.chars().filter(|c| *c != ' ') {
            assert_ne!(font.glyph_id(c), GlyphId(0), "{c:?} in {drawn:?}");
        }
    }
    for v in &charts.votes {
        assert_eq!((v.note.clone(), v.missing.clone()), (None, Vec::new()));
    }
    assert_eq!(charts.timeline.missing, Vec::<char>::new());
}

#[test]
fn a_sixteen_player_game_named_from_the_character_list_draws_without_tofu() {
    let font = font();
    let names = character_names();
    assert!(names.len() >= 16, "{names:?}");
    for n in &names {
        for c in n.chars() {
            assert_ne!(font.glyph_id(c), GlyphId(0), "{c:?} of {n}");
        }
    }
    // Mafia seats 16: two games, so that every name of the list is drawn.
    let played = sim::simulate("mafia", 7, Some(16), Lang::Zh).expect("plays");
    for names in [&names[..16], &names[names.len() - 16..]] {
        let events = renamed(played.events.clone(), names);
        let g = Game::replay(&events);
        assert_eq!(g.chars().len(), 16);
        for lang in Lang::ALL {
            let charts = Charts::of(&events, lang).expect("laid out");
            assert!(!charts.votes.is_empty());
            no_tofu(&charts, &font);
            // Every name is drawn as it is: in the timeline, with the role the reveal shows.
            for ch in g.chars() {
                let row = msg(
                    lang,
                    "chart-timeline-row",
                    &[
                        ("name", &ch.name),
                        ("role", &i18n::role_name(ch.role, lang)),
                    ],
                );
                assert!(charts.timeline.rows.iter().any(|r| r.label == row), "{row}");
            }
            // And every living voter of the first day, in its vote's rows.
            let first = &charts.votes[0];
            assert!(first.rows.len() >= 14, "{}", first.rows.len());
            for r in &first.rows {
                assert!(r.label.contains(&g.ch(r.voter).name), "{}", r.label);
            }
            if lang == Lang::Zh {
                let pngs = charts.render().expect("drawn");
                check_pictures(&charts, &pngs);
            }
        }
    }
}

#[test]
fn every_vote_of_an_m32_game_is_a_picture_of_its_size_with_its_votes_drawn() {
    let played = sim::simulate("m32", 3, None, Lang::Zh).expect("plays");
    let charts = Charts::of(&played.events, Lang::Zh).expect("laid out");
    let pngs = charts.render().expect("drawn");
    check_pictures(&charts, &pngs);
    no_tofu(&charts, &font());
    let days: Vec<u32> = charts.votes.iter().map(|v| v.day).collect();
    let g = Game::replay(&played.events);
    assert_eq!(days, (1..=g.last_day()).collect::<Vec<_>>(), "one a day");
    if let Ok(dir) = std::env::var("WOLFJUDGE_CHART_DIR") {
        for p in &pngs {
            let _ = std::fs::write(format!("{dir}/{}", p.name), &p.bytes);
        }
    }
}

/// The first vote of `events` matching `f`, read and laid out.
fn find_vote(events: &[Event], f: impl Fn(&read::Vote) -> bool) -> Option<(read::Vote, VoteChart)> {
    let g = Game::replay(events);
    let weight = g.ruleset().sheriff_weight_milli();
    let v = read::votes(events, weight).into_iter().find(|v| f(v))?;
    let chart = VoteChart::of(&v, &g, Lang::Zh).expect("laid out");
    Some((v, chart))
}

#[test]
fn a_vote_shows_its_changes_proxies_the_sheriffs_weight_and_its_result() {
    // A simulated m32 game whose vote had a change, a proxy, an abstention, the sheriff
    // voting and someone voted out: the first seed that plays one.
    let (events, v, chart) = (1..200)
        .find_map(|seed| {
            let played = sim::simulate("m32", seed, None, Lang::Zh).ok()?;
            let (v, chart) = find_vote(&played.events, |v| {
                let sheriff_voted = v
                    .sheriff
                    .is_some_and(|s| v.ballots.iter().any(|b| b.by == s));
                v.ballots.iter().any(|b| b.change)
                    && v.ballots.iter().any(|b| b.proxy)
                    && v.standing().iter().any(|b| b.target.is_none())
                    && sheriff_voted
                    && matches!(v.outcome, Outcome::Out(_))
            })?;
            Some((played.events, v, chart))
        })
        .expect("a seed under 200 plays such a vote");
    let g = Game::replay(&events);
    let name = |c: CharId| g.ch(c).name.clone();
    // The sheriff's row carries the weight.
    let sheriff = v.sheriff.expect("a sheriff");
    let row = chart
        .rows
        .iter()
        .find(|r| r.voter == sheriff)
        .expect("a row");
    assert_eq!(
        row.label,
        msg(
            Lang::Zh,
            "chart-voter-sheriff",
            &[("name", &name(sheriff)), ("weight", "1.5")]
        )
    );
    // A change: the earlier ballot is struck through and ends when the new one is cast.
    let changed = v.ballots.iter().find(|b| b.change).expect("a change");
    let row = chart
        .rows
        .iter()
        .find(|r| r.voter == changed.by)
        .expect("a row");
    let k = row
        .segments
        .iter()
        .position(|s| s.from == changed.at)
        .expect("the change's bar");
    assert!(k > 0 && row.segments[k - 1].replaced, "{row:?}");
    assert_eq!(row.segments[k - 1].to, changed.at);
    // A proxy vote says so.
    let proxy = v.ballots.iter().find(|b| b.proxy).expect("a proxy");
    let row = chart
        .rows
        .iter()
        .find(|r| r.voter == proxy.by)
        .expect("a row");
    let seg = row
        .segments
        .iter()
        .find(|s| s.from == proxy.at)
        .expect("its bar");
    let what = proxy
        .target
        .map_or_else(|| msg(Lang::Zh, "chart-abstain", &[]), name);
    assert_eq!(seg.label, msg(Lang::Zh, "chart-proxy", &[("what", &what)]));
    assert!(seg.proxy);
    // The count is the engine's, the result names who went out with their votes.
    let tally = v.tally.clone().expect("closed");
    let Outcome::Out(out) = v.outcome else {
        unreachable!()
    };
    let votes = chart::votes_text(tally.iter().find(|(c, _)| *c == out).map_or(0, |t| t.1));
    assert_eq!(
        chart.result,
        msg(
            Lang::Zh,
            "chart-result-out",
            &[("name", &name(out)), ("votes", &votes)]
        )
    );
    assert_eq!(
        chart
            .bars
            .iter()
            .map(|b| (b.target, b.votes))
            .collect::<Vec<_>>(),
        tally
    );
    assert!(chart.bars.iter().any(|b| b.top && b.target == out));
    let abstained = v.standing().iter().filter(|b| b.target.is_none()).count();
    assert!(chart.counts.contains(&msg(
        Lang::Zh,
        "chart-count-abstain",
        &[("count", &abstained.to_string())]
    )));
}

#[test]
fn mafia_tie_rounds_get_a_picture_each_and_say_what_followed() {
    let found = (1..200).find_map(|seed| {
        let played = sim::simulate("mafia", seed, None, Lang::Zh).ok()?;
        let (v, chart) = find_vote(&played.events, |v| matches!(v.outcome, Outcome::Runoff(_)))?;
        Some((played.events, v, chart))
    });
    let (events, v, chart) = found.expect("a seed under 200 plays a tie round");
    let Outcome::Runoff(tied) = &v.outcome else {
        unreachable!()
    };
    let g = Game::replay(&events);
    let names: Vec<String> = tied.iter().map(|c| g.ch(*c).name.clone()).collect();
    let sep = msg(Lang::Zh, "list-sep", &[]);
    assert_eq!(
        chart.result,
        msg(
            Lang::Zh,
            "chart-result-runoff",
            &[("names", &names.join(&sep))]
        )
    );
    let charts = Charts::of(&events, Lang::Zh).expect("laid out");
    let round = charts
        .votes
        .iter()
        .find(|c| c.day == v.day && c.round == v.round + 1)
        .expect("the tie round's picture");
    assert_eq!(
        round.name,
        format!("vote-day-{}-round-{}.png", v.day, v.round + 1)
    );
}

#[test]
fn a_name_the_font_lacks_is_drawn_with_a_question_mark_and_noted() {
    let played = sim::simulate("m32", 3, None, Lang::En).expect("plays");
    let mut names: Vec<String> = Game::replay(&played.events)
        .chars()
        .iter()
        .map(|c| c.name.clone())
        .collect();
    names[0] = "猫猫😺".into();
    let events = renamed(played.events, &names);
    let charts = Charts::of(&events, Lang::En).expect("laid out");
    assert_eq!(charts.timeline.missing, vec!['😺']);
    assert!(charts.timeline.rows[0].label.starts_with("猫猫?"));
    let note = msg(Lang::En, "chart-missing", &[("count", "1")]);
    assert_eq!(charts.timeline.note, Some(note));
    let pngs = charts.render().expect("drawn");
    check_pictures(&charts, &pngs);
}
