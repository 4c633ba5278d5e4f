//! What wording a game's texts needs: the game (for names and options) and the language,
//! with the short ways to a message, a name, a time or a list that every text uses.

use chrono::{DateTime, Utc};
use fluent_bundle::FluentArgs;

use engine::{CharId, Color, Game, Phase, Role};

use super::catalog::{args, lookup_or_mark};
use super::names::{phase_name, role_name};
use super::time::{duration, time};
use super::Lang;

/// Rendering context: the game (for names and options) and the language.
pub(crate) struct Ctx<'a> {
    pub(crate) g: &'a Game,
    pub(crate) lang: Lang,
}

impl Ctx<'_> {
    pub(crate) fn t(&self, id: &str, a: FluentArgs) -> String {
        lookup_or_mark(self.lang, id, &a)
    }

    pub(crate) fn t0(&self, id: &str) -> String {
        self.t(id, FluentArgs::new())
    }

    /// A character's name (never its id); `#n` only for an id outside the game.
    pub(crate) fn name(&self, c: CharId) -> String {
        self.g
            .chars()
            .get(c.idx())
            .map_or_else(|| format!("#{}", c.0), |ch| ch.name.clone())
    }

    pub(crate) fn opt_name(&self, c: Option<CharId>) -> String {
        c.map_or_else(|| self.t0("nobody"), |c| self.name(c))
    }

    pub(crate) fn join(&self, items: Vec<String>) -> String {
        if items.is_empty() {
            return self.t0("list-none");
        }
        items.join(&self.t0("list-sep"))
    }

    pub(crate) fn names(&self, cs: &[CharId]) -> String {
        self.join(cs.iter().map(|c| self.name(*c)).collect())
    }

    /// A time in the game's zone.
    pub(crate) fn time(&self, t: DateTime<Utc>) -> String {
        time(t, self.g.ruleset().options.time_zone)
    }

    /// A duration in hours, minutes and seconds, e.g. "1 小时 30 分钟" / "1 hour 30 minutes".
    pub(crate) fn dur(&self, secs: i64) -> String {
        duration(secs, self.lang)
    }

    pub(crate) fn role(&self, r: Role) -> String {
        role_name(r, self.lang)
    }

    pub(crate) fn phase(&self, p: Phase) -> String {
        phase_name(p, self.lang)
    }

    pub(crate) fn color(&self, c: Color) -> String {
        self.t0(&format!("color-{}", c.key()))
    }

    /// `what` followed by the reason, or as a sentence when there is none.
    pub(crate) fn reasoned(&self, what: String, reason: &str) -> String {
        if reason.trim().is_empty() {
            self.t("sentence", args!["what" => what])
        } else {
            self.t("with-reason", args!["what" => what, "reason" => reason])
        }
    }

    pub(crate) fn cards_automatic(&self) -> bool {
        self.g.ruleset().options.auto_cards && !self.g.sped_up()
    }
}
