//! The pages' templates (`templates/`) and what they are given: every text worded through
//! the catalogs in the page's language, every value escaped by askama.

use askama::Template;
use chrono::{DateTime, Utc};

use i18n::Lang;
use service::pages::{ContestView, GameView, ServerView};
use service::uno_page::UnoView;

/// The languages a page may be read in, each as `?lang=` names it and as HTML does.
const LANGS: [Lang; 3] = [Lang::Zh, Lang::ZhTw, Lang::En];

fn html_lang(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "zh-CN",
        Lang::ZhTw => "zh-TW",
        Lang::En => "en",
    }
}

/// A link to another language of the same page.
pub struct LangLink {
    pub code: &'static str,
    pub name: String,
    pub current: bool,
}

/// What every page's template words its texts with: its language, and whether it was
/// asked for (`?lang=`: the page's links keep it).
trait Worded {
    fn lang(&self) -> Lang;
    fn chosen(&self) -> bool;

    fn t(&self, id: &str) -> String {
        i18n::text(self.lang(), id, &[])
    }

    fn html_lang(&self) -> &'static str {
        html_lang(self.lang())
    }

    /// The query that keeps the language asked for.
    fn lang_q(&self) -> String {
        if self.chosen() {
            format!("?lang={}", self.lang().code())
        } else {
            String::new()
        }
    }
}

fn lang_links(lang: Lang) -> Vec<LangLink> {
    LANGS
        .iter()
        .map(|l| LangLink {
            code: l.code(),
            name: i18n::text(*l, "web-lang-name", &[]),
            current: *l == lang,
        })
        .collect()
}

#[derive(Template)]
#[template(path = "game.html")]
struct GamePage<'a> {
    v: &'a GameView,
    slug: &'a str,
    /// The page's language was asked for (`?lang=`): links keep it.
    chosen: bool,
    langs: Vec<LangLink>,
    /// When this page was made, in the game's time zone's words.
    made: String,
}

impl Worded for GamePage<'_> {
    fn lang(&self) -> Lang {
        self.v.lang
    }

    fn chosen(&self) -> bool {
        self.chosen
    }
}

impl GamePage<'_> {
    fn ta(&self, id: &str, name: &str, value: impl std::fmt::Display) -> String {
        i18n::text(self.v.lang, id, &[(name, value.to_string())])
    }

    /// The bot's own text as HTML ([`markup`]).
    fn m(&self, line: &str) -> String {
        markup(line)
    }

    fn day_q(&self, day: &u32) -> String {
        self.q(Some(*day), None)
    }

    fn is_shown(&self, day: &u32) -> bool {
        self.v.day.as_ref().is_some_and(|d| d.day == *day)
    }

    /// The query of a link to this page's day `day` or replay step `step`.
    fn q(&self, day: Option<u32>, step: Option<usize>) -> String {
        let mut parts = Vec::new();
        if self.chosen {
            parts.push(format!("lang={}", self.v.lang.code()));
        }
        if let Some(d) = day {
            parts.push(format!("day={d}"));
        }
        if let Some(s) = step {
            parts.push(format!("step={s}"));
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!("?{}", parts.join("&"))
        }
    }

    /// The query of a link to this page in `lang`, on the same tab.
    fn in_lang(&self, lang: &str) -> String {
        match self.v.day.as_ref() {
            Some(d) => format!("?lang={lang}&day={}", d.day),
            None => format!("?lang={lang}"),
        }
    }
}

/// The page of a game.
///
/// # Errors
/// A template's failure to render (none is expected: the templates are checked when built).
pub fn game_html(
    v: &GameView,
    slug: &str,
    chosen: bool,
    now: DateTime<Utc>,
) -> Result<String, askama::Error> {
    GamePage {
        v,
        slug,
        chosen,
        langs: lang_links(v.lang),
        made: i18n::time(now, i18n::default_zone(v.game_lang)),
    }
    .render()
}

#[derive(Template)]
#[template(path = "uno.html")]
struct UnoPage<'a> {
    v: &'a UnoView,
    slug: &'a str,
    chosen: bool,
    langs: Vec<LangLink>,
    made: String,
}

impl Worded for UnoPage<'_> {
    fn lang(&self) -> Lang {
        self.v.lang
    }

    fn chosen(&self) -> bool {
        self.chosen
    }
}

impl UnoPage<'_> {
    fn ta(&self, id: &str, name: &str, value: impl std::fmt::Display) -> String {
        i18n::text(self.v.lang, id, &[(name, value.to_string())])
    }

    /// The bot's own text as HTML ([`markup`]).
    fn m(&self, line: &str) -> String {
        markup(line)
    }
}

/// The page of a UNO game.
///
/// # Errors
/// As [`game_html`].
pub fn uno_html(
    v: &UnoView,
    slug: &str,
    chosen: bool,
    now: DateTime<Utc>,
) -> Result<String, askama::Error> {
    UnoPage {
        v,
        slug,
        chosen,
        langs: lang_links(v.lang),
        made: i18n::time(now, i18n::default_zone(v.game_lang)),
    }
    .render()
}

#[derive(Template)]
#[template(path = "server.html")]
struct ServerPage<'a> {
    v: &'a ServerView,
    chosen: bool,
    langs: Vec<LangLink>,
}

impl Worded for ServerPage<'_> {
    fn lang(&self) -> Lang {
        self.v.lang
    }

    fn chosen(&self) -> bool {
        self.chosen
    }
}

impl ServerPage<'_> {
    fn winners(&self) -> Vec<(String, u32)> {
        self.v
            .stats
            .winners
            .iter()
            .map(|(w, n)| (i18n::winner_name(*w, self.v.lang), *n))
            .collect()
    }
}

/// The page of a server.
///
/// # Errors
/// As [`game_html`].
pub fn server_html(v: &ServerView, chosen: bool) -> Result<String, askama::Error> {
    ServerPage {
        v,
        chosen,
        langs: lang_links(v.lang),
    }
    .render()
}

#[derive(Template)]
#[template(path = "contest.html")]
struct ContestPage<'a> {
    v: &'a ContestView,
    id: i64,
    chosen: bool,
    langs: Vec<LangLink>,
}

impl Worded for ContestPage<'_> {
    fn lang(&self) -> Lang {
        self.v.lang
    }

    fn chosen(&self) -> bool {
        self.chosen
    }
}

/// The page of a contest (a tournament).
///
/// # Errors
/// As [`game_html`].
pub fn contest_html(v: &ContestView, id: i64, chosen: bool) -> Result<String, askama::Error> {
    ContestPage {
        v,
        id,
        chosen,
        langs: lang_links(v.lang),
    }
    .render()
}

#[derive(Template)]
#[template(path = "not_found.html")]
struct NotFound;

impl NotFound {
    fn t(&self, lang: Lang, id: &str) -> String {
        i18n::text(lang, id, &[])
    }
}

/// The page of what is not found (in every language: the asker's is unknown).
pub fn not_found_html() -> Result<String, askama::Error> {
    NotFound.render()
}

/// A line of the bot's own text (a vote count, a message, the reveal) as HTML: every
/// character escaped, then its Discord emphasis drawn (`**bold**`, `~~struck~~`, a
/// backslash keeping the next character as it is). The only HTML a page does not leave to
/// askama's escaping, so it escapes everything itself first; an emphasis left open is
/// closed at the end of the line.
pub fn markup(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 16);
    let (mut bold, mut struck) = (false, false);
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(next) => escape_into(&mut out, next),
                None => out.push('\\'),
            },
            '*' if chars.peek() == Some(&'*') => {
                chars.next();
                out.push_str(if bold { "</strong>" } else { "<strong>" });
                bold = !bold;
            }
            '~' if chars.peek() == Some(&'~') => {
                chars.next();
                out.push_str(if struck { "</s>" } else { "<s>" });
                struck = !struck;
            }
            c => escape_into(&mut out, c),
        }
    }
    // Closed in the reverse order of any nesting the line left open.
    if struck {
        out.push_str("</s>");
    }
    if bold {
        out.push_str("</strong>");
    }
    out
}

fn escape_into(out: &mut String, c: char) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&#39;"),
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::markup;

    #[test]
    fn markup_escapes_everything_and_draws_only_emphasis() {
        assert_eq!(
            markup("**A** — 2: ~~B~~ → C"),
            "<strong>A</strong> — 2: <s>B</s> → C"
        );
        assert_eq!(
            markup("<script>alert(1)</script> & \"'"),
            "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;&#39;"
        );
        assert_eq!(
            markup("<img src=x onerror=alert(1)>"),
            "&lt;img src=x onerror=alert(1)&gt;"
        );
        // A name's own stars, escaped by the count, stay stars; an open emphasis closes.
        assert_eq!(markup("a\\*\\*b **c"), "a**b <strong>c</strong>");
        assert_eq!(markup("\\<b>"), "&lt;b&gt;");
    }
}

#[cfg(test)]
mod catalog_tests {
    use i18n::Lang;

    /// Every message a template names (`t("…")`, `ta("…", …)`) is in every catalog.
    #[test]
    fn every_template_message_is_in_every_catalog() {
        let templates = [
            include_str!("../templates/game.html"),
            include_str!("../templates/uno.html"),
            include_str!("../templates/server.html"),
            include_str!("../templates/contest.html"),
            include_str!("../templates/not_found.html"),
        ];
        let mut keys = Vec::new();
        for t in templates {
            for piece in t.split("\"web-").skip(1) {
                if let Some(end) = piece.find('"') {
                    keys.push(format!("web-{}", &piece[..end]));
                }
            }
        }
        assert!(keys.len() > 30, "{keys:?}");
        for lang in [Lang::Zh, Lang::ZhTw, Lang::En] {
            for k in &keys {
                let args = [
                    ("ruleset", "m32".to_string()),
                    ("day", "1".to_string()),
                    ("round", "1".to_string()),
                    ("at", "x".to_string()),
                ];
                let found = i18n::try_text(lang, k, &args);
                assert!(found.is_ok(), "{lang:?} {k}: {found:?}");
            }
        }
    }
}
