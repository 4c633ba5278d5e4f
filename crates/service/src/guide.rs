//! `/help`'s "what to do now": the game's phase, what a player is expected to do in it and
//! by when, for the member asking (a living player, a dead one, or someone watching). Only
//! what the member may know: a player's own posts, vote and pending decision, never anyone
//! else's secrets.

use engine::{CharId, Game, Phase};
use i18n::{self, Lang};

/// How a command is shown to the member (`vote` → `/投票`): the adapter knows the localized
/// names Discord shows them.
pub type CommandName<'a> = &'a dyn Fn(&str) -> String;

fn yes(b: bool) -> String {
    if b { "yes" } else { "no" }.to_string()
}

/// What to do now in `g`, for `me` (`None`: not playing), in `lang`.
pub fn now(g: &Game, me: Option<CharId>, lang: Lang, cmd: CommandName) -> String {
    let t = |id: &str, args: &[(&str, String)]| i18n::text(lang, id, args);
    let zone = g.ruleset().options.time_zone;
    let due = g
        .next_deadline()
        .map(|d| i18n::time(d, zone))
        .unwrap_or_else(|| "—".into());
    let mut lines = vec![t(
        "help-phase",
        &[("phase", i18n::phase_name(g.phase(), lang)), ("due", due)],
    )];
    if g.paused().is_some() {
        lines.push(t("help-paused", &[]));
    }
    let need = g.ruleset().options.lurk_min_posts_day;
    let open_day = g.day().filter(|d| !d.closed);
    match (g.phase(), open_day) {
        (Phase::Ended, _) => lines.push(t("help-ended", &[])),
        (Phase::Day { round, .. }, Some(d)) if round > 0 => lines.push(t(
            "help-runoff",
            &[
                ("vote", cmd("vote")),
                ("closes", i18n::time(d.closes, zone)),
            ],
        )),
        (Phase::Day { .. }, Some(d)) => lines.push(t(
            "help-day",
            &[
                ("anonymous", yes(g.ruleset().options.anonymous)),
                ("posts", need.to_string()),
                ("say", cmd("say")),
                ("vote", cmd("vote")),
                ("abstain", cmd("abstain")),
                ("votes", cmd("votes")),
                ("closes", i18n::time(d.closes, zone)),
            ],
        )),
        (Phase::Day { .. }, None) => lines.push(t("help-day-closed", &[])),
        (Phase::Night { .. }, _) => lines.push(t("help-night", &[])),
        (Phase::Setup, _) => {}
    }
    match me {
        _ if g.ended() => {}
        None => lines.push(t("help-spectator", &[])),
        Some(c) if !g.is_alive(c) => {
            lines.push(t("help-dead", &[("treehole", cmd("treehole"))]));
        }
        Some(c) => {
            let name = g.ch(c).name.clone();
            if let Some(d) = open_day {
                let posts = g.ch(c).posts.get(&d.day).copied().unwrap_or(0);
                let votes_here = d.round == 0 || d.voters.contains(&c);
                lines.push(t(
                    "help-you-day",
                    &[
                        ("name", name.clone()),
                        ("posts", posts.to_string()),
                        ("need", need.to_string()),
                        ("votes", yes(votes_here)),
                        ("voted", yes(d.ballots.contains_key(&c))),
                    ],
                ));
            } else {
                lines.push(t("help-you", &[("name", name.clone())]));
            }
            if let Some(p) = g
                .pending()
                .iter()
                .filter(|p| p.character == c)
                .min_by_key(|p| p.until)
            {
                lines.push(t(
                    "help-you-pending",
                    &[("until", i18n::time(p.until, zone))],
                ));
            }
        }
    }
    lines.join("\n")
}
