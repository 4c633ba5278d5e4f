//! Rulesets as data: role counts, deadlines and every **(decision)** of docs/rules.md as an
//! option, loaded from `config/rulesets/*.toml` and checked once at load.

use std::collections::BTreeMap;
use std::fmt;

use chrono::Duration;
use serde::{Deserialize, Serialize};

use super::role::Role;

/// Which family of game a ruleset plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// M32 forum werewolf: sheriff, wolf leader, witch, seer, hunter; opens with day 1.
    #[default]
    Werewolf,
    /// Classic Mafia: killers, police, civilians; opens with night 1.
    Mafia,
}

/// One line of the deal table: for `players` in `[min, max]`, these role counts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct DealRule {
    pub players: [usize; 2],
    pub roles: BTreeMap<Role, usize>,
    pub rest: Role,
}

/// How a tie on day 2+ is resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum DayTie {
    /// RULES §1: the sheriff's target among the tied is out, otherwise nobody.
    #[default]
    SheriffDecides,
    /// RULES §2: two tie rounds, then a draw.
    Runoff,
}

/// How a tie in the sheriff election is resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum SheriffTie {
    /// The tied character whose latest counted vote came earliest.
    #[default]
    FirstToReach,
    /// No sheriff is elected on a tie.
    NoSheriff,
}

/// When last words are due.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum LastWordsDue {
    /// By the opening of the day after the one on which the death was announced (decision).
    #[default]
    DayAfterAnnouncement,
    /// By the opening of the next day.
    NextDay,
}

/// How an even split of night submissions (a Mafia kill or check, the wolves' fallback) ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum SplitTie {
    /// The target submitted earliest among the tied (decision).
    #[default]
    EarliestSubmitted,
    /// Nobody.
    Nobody,
}

/// What happens when the wolf leader picks nothing by the wolves' deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum PickFallback {
    /// The most-submitted target, earliest submitted first on ties.
    #[default]
    MostSubmitted,
    /// No kill.
    None,
}

/// When the witch may use the antidote on herself (docs/rules.md §4 "Witch").
///
/// Written `"never"` (M32), `"first_night"` (the standard boards) or `"always"`. The option
/// was a boolean before the boards existed: `true`/`false` (in a ruleset file, an override
/// or a game stored then) still read, as `"always"`/`"never"`; it is always written back as
/// its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum WitchSelfSave {
    /// Never (女巫不能自救).
    #[default]
    Never,
    /// On the first night only.
    FirstNight,
    /// Any night.
    Always,
}

impl WitchSelfSave {
    /// Whether she may save herself on night `night`.
    pub fn allows(self, night: u32) -> bool {
        match self {
            WitchSelfSave::Never => false,
            WitchSelfSave::FirstNight => night == 1,
            WitchSelfSave::Always => true,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            WitchSelfSave::Never => "never",
            WitchSelfSave::FirstNight => "first_night",
            WitchSelfSave::Always => "always",
        }
    }
}

impl<'de> Deserialize<'de> for WitchSelfSave {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Old(bool),
            Name(String),
        }
        match Raw::deserialize(d)? {
            Raw::Old(true) => Ok(WitchSelfSave::Always),
            Raw::Old(false) => Ok(WitchSelfSave::Never),
            Raw::Name(n) => [
                WitchSelfSave::Never,
                WitchSelfSave::FirstNight,
                WitchSelfSave::Always,
            ]
            .into_iter()
            .find(|w| w.key() == n)
            .ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "option `witch_self_save`: `{n}` is not \"never\", \"first_night\" or \"always\""
                ))
            }),
        }
    }
}

fn yes() -> bool {
    true
}

/// The last-words quota: a number, or as many as there are police.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum LastWords {
    Count(usize),
    Keyword(LastWordsKeyword),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LastWordsKeyword {
    Police,
}

impl Default for LastWords {
    fn default() -> Self {
        LastWords::Count(4)
    }
}

/// A duration written as `"90m"`, `"24h"`, `"1h30m"` (units `h`, `m`, `s`).
///
/// Hand-written rather than `humantime`: the script format fixes exactly these units and
/// the same spelling must come back out when a ruleset is serialized into the event log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Span(pub i64);

impl Span {
    /// The longest span anything may last or be extended by (a year): keeps every deadline
    /// far inside chrono's range.
    pub const MAX: Span = Span(366 * 86_400);

    /// The span as a chrono duration.
    pub fn dur(self) -> Duration {
        Duration::seconds(self.0)
    }

    /// Parses `"1h30m"`-style text.
    ///
    /// # Errors
    /// A message saying what is wrong with the text.
    pub fn parse(text: &str) -> Result<Span, String> {
        let t = text.trim();
        if t.is_empty() {
            return Err("empty duration".into());
        }
        let mut total: i64 = 0;
        let mut num = String::new();
        for c in t.chars() {
            if c.is_ascii_digit() {
                num.push(c);
                continue;
            }
            let unit = match c {
                'h' => 3600,
                'm' => 60,
                's' => 1,
                _ => return Err(format!("`{text}` is not a duration like 90m, 24h or 1h30m")),
            };
            let n: i64 = num
                .parse()
                .map_err(|_| format!("`{text}` is not a duration like 90m, 24h or 1h30m"))?;
            total = n
                .checked_mul(unit)
                .and_then(|v| total.checked_add(v))
                .ok_or_else(|| format!("`{text}` is too long"))?;
            num.clear();
        }
        if !num.is_empty() {
            return Err(format!(
                "`{text}` lacks a unit (h, m or s) after its last number"
            ));
        }
        if total > Span::MAX.0 {
            return Err(format!("`{text}` is longer than a year"));
        }
        Ok(Span(total))
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (h, m, s) = (self.0 / 3600, (self.0 % 3600) / 60, self.0 % 60);
        let mut out = String::new();
        if h > 0 {
            out.push_str(&format!("{h}h"));
        }
        if m > 0 {
            out.push_str(&format!("{m}m"));
        }
        if s > 0 || out.is_empty() {
            out.push_str(&format!(
                "{s}{}",
                if out.is_empty() && s == 0 { "m" } else { "s" }
            ));
        }
        f.write_str(&out)
    }
}

impl Serialize for Span {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Span {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Span::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// The time zone a game's texts print times in: an IANA name (`Asia/Shanghai`, `UTC`).
/// Only how times are shown depends on it; every deadline is an instant, counted in UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Zone(pub chrono_tz::Tz);

impl Zone {
    pub const UTC: Zone = Zone(chrono_tz::Tz::UTC);
    /// The default for a Chinese server (Discord has no server time zone to read).
    pub const SHANGHAI: Zone = Zone(chrono_tz::Tz::Asia__Shanghai);
    /// The default for a server whose games are in Traditional Chinese (Taiwan's time).
    pub const TAIPEI: Zone = Zone(chrono_tz::Tz::Asia__Taipei);

    /// Parses an IANA name, e.g. `Asia/Shanghai`.
    ///
    /// # Errors
    /// A message naming the text and saying what is expected.
    pub fn parse(name: &str) -> Result<Zone, String> {
        name.trim().parse::<chrono_tz::Tz>().map(Zone).map_err(|_| {
            format!("`{name}` is not an IANA time zone name such as Asia/Shanghai or UTC")
        })
    }

    /// The IANA name.
    pub fn name(self) -> &'static str {
        self.0.name()
    }
}

impl Default for Zone {
    fn default() -> Self {
        Zone::UTC
    }
}

impl Serialize for Zone {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Zone {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Zone::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Every tunable rule. Names are the keys of `[options]` and of a script's `options`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Options {
    pub day_length: Span,
    pub speedup_day_length: Span,
    pub speedup: bool,
    pub runoff_length: Span,
    pub night_length: Span,
    pub witch_deadline: Span,
    pub decision_window: Span,
    /// The window for hunters, sheriffs and leaders who die in the night's resolution.
    pub night_decision_window: Span,
    /// docs/rules.md §1 "Fixed phase times" (decision: no timing tells): the night opens exactly
    /// `decision_window` after the day's close and the day exactly `night_decision_window`
    /// after the night's last deadline (the witch's), whatever happened in between; a
    /// decision still open then goes on into the new phase. Off: Mafia's rule (the night
    /// ends once its actions are in; the next phase waits for the decisions). Absent from
    /// logs written before the option existed, where it was off.
    #[serde(default)]
    pub fixed_phase_times: bool,
    /// Whether a hunter sent off by a red card or removed by the judge may still shoot.
    pub hunter_shoots_when_sent_off: bool,
    /// Whether the witch acts only once the wolves' kill is fixed.
    pub witch_waits_for_kill: bool,
    pub last_words_due: LastWordsDue,
    pub split_tie: SplitTie,
    pub vote_changes: u32,
    pub vote_lock: Span,
    pub proxy_deadline: Span,
    pub proxy_change_deadline: Span,
    pub sheriff: bool,
    pub sheriff_weight: f64,
    pub day_tie: DayTie,
    pub sheriff_tie: SheriffTie,
    pub wolf_leader: bool,
    pub leader_pick_fallback: PickFallback,
    pub wolf_chat: bool,
    /// Whether the bot opens a private thread for each camp that talks (the wolves; in
    /// Mafia the killers and the police), visible to its members and the judge only, and
    /// takes each member out of it once their death is public. Set per game when it starts
    /// on a server (`wolf_chat` on: always in werewolf, in Mafia when the server turns it on
    /// in `/wolf-setup`); absent from rulesets, scripts and older logs, where it is off.
    #[serde(default)]
    pub camp_threads: bool,
    /// docs/rules.md §4 "Witch": `"never"` (M32), `"first_night"`, `"always"`; the older
    /// `false`/`true` still read (see [`WitchSelfSave`]).
    pub witch_self_save: WitchSelfSave,
    /// docs/rules.md §1 win conditions: the wolves win once they are at least half of the living.
    /// Off on the boards of §4 (屠边 only). Absent from older logs, where it held.
    #[serde(default = "yes")]
    pub wolves_win_at_half: bool,
    /// Whether a poisoned hunter shoots (M32: yes; §4 boards: no; a hunter killed and
    /// poisoned in one night then counts as poisoned).
    #[serde(default = "yes")]
    pub hunter_shoots_when_poisoned: bool,
    /// docs/rules.md §4 "Wolf self-destruct": a living wolf may self-destruct by day.
    #[serde(default)]
    pub wolf_self_destruct: bool,
    /// docs/rules.md §4 "Knight" (decision: not on day 1, whose vote elects the sheriff).
    #[serde(default)]
    pub knight_duel_day_one: bool,
    /// docs/rules.md §1 "Wolf kill": the number of characters (Unicode scalar values) a kill
    /// reason must have; 0 takes any reason. M32 and the boards of §4: 2; Mafia (whose rules
    /// say nothing of it) and games stored before the check: 0.
    #[serde(default)]
    pub kill_reason_chars: u32,
    /// docs/rules.md §4 "Role counts": role → count for the game's size, the rest villagers
    /// (civilians in Mafia); replaces the ruleset's deal table for a game. `None`: the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<BTreeMap<Role, usize>>,
    pub last_words: LastWords,
    pub auto_cards: bool,
    pub lurk_min_posts_day: u32,
    pub lurk_min_posts_streak: u32,
    pub lurk_streak_days: u32,
    /// The forum-features work "Warnings before penalties": how long before a day's close each living
    /// character the close would card automatically (too few posts, no vote) is told so by
    /// DM; none after the speed-up or without `auto_cards`. Absent from older logs and files:
    /// 6 hours and 1 hour.
    #[serde(default = "default_warnings")]
    pub warn_before_close: Vec<Span>,
    pub blues_per_yellow: u32,
    pub yellows_per_red: u32,
    pub red_card_loses_camp: bool,
    pub anonymous: bool,
    /// Posts a minute each player may make in a day, so that one player's flood cannot hold
    /// the day's post for everyone: beyond it a relayed post (anonymous games) is refused
    /// with the time the next one may be made, and a day's post where players write
    /// themselves has Discord's slow mode of `60 / post_pace` seconds. 0: no pace. Carried
    /// out where posts arrive (the Discord adapter), not by the rules: a script's posts are
    /// not paced. Absent from older logs and files: [`DEFAULT_POST_PACE`].
    #[serde(default = "default_post_pace")]
    pub post_pace: u32,
    /// The time zone texts print times in. Games stored before it existed read as UTC,
    /// which is how they printed times.
    #[serde(default)]
    pub time_zone: Zone,
}

/// Posts a minute a player may make when a ruleset names no `post_pace`: a long post every
/// ten seconds is more than anyone types, and a flood of them is held to 6.
pub const DEFAULT_POST_PACE: u32 = 6;

fn default_post_pace() -> u32 {
    DEFAULT_POST_PACE
}

/// The warnings before a day's close when a ruleset names none: 6 hours and 1 hour before.
fn default_warnings() -> Vec<Span> {
    vec![Span(6 * 3600), Span(3600)]
}

/// A whole ruleset, as loaded from TOML (with any per-game overrides applied).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    pub name: String,
    pub kind: Kind,
    pub deal: Vec<DealRule>,
    pub options: Options,
}

/// A ruleset file that cannot be used; the message names the field.
#[derive(Debug, thiserror::Error)]
pub enum RulesetError {
    #[error("ruleset `{name}`: {message}")]
    Invalid { name: String, message: String },
    #[error("unknown ruleset `{0}` (known: m32, mafia, idiot, guard, wolf-king, small)")]
    Unknown(String),
}

/// The rulesets shipped in `config/rulesets/`, compiled in so the binary runs anywhere.
pub const BUILTIN: &[(&str, &str)] = &[
    ("m32", include_str!("../../../config/rulesets/m32.toml")),
    ("mafia", include_str!("../../../config/rulesets/mafia.toml")),
    ("idiot", include_str!("../../../config/rulesets/idiot.toml")),
    ("guard", include_str!("../../../config/rulesets/guard.toml")),
    (
        "wolf-king",
        include_str!("../../../config/rulesets/wolf-king.toml"),
    ),
    ("small", include_str!("../../../config/rulesets/small.toml")),
];

/// Options a ruleset file may leave out (they have defaults, for files and stored games
/// older than the option): an override may still name them.
const DEFAULTED: &[&str] = &[
    "warn_before_close",
    "fixed_phase_times",
    "time_zone",
    "wolves_win_at_half",
    "hunter_shoots_when_poisoned",
    "wolf_self_destruct",
    "knight_duel_day_one",
    "kill_reason_chars",
    "deal",
];

impl Ruleset {
    /// Loads a built-in ruleset by name, with `overrides` (option name → value) applied.
    ///
    /// # Errors
    /// [`RulesetError::Unknown`] for an unknown name; [`RulesetError::Invalid`] when an
    /// override names no option or has a bad value.
    pub fn builtin(
        name: &str,
        overrides: &BTreeMap<String, toml::Value>,
    ) -> Result<Ruleset, RulesetError> {
        let text = BUILTIN
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| *t)
            .ok_or_else(|| RulesetError::Unknown(name.to_string()))?;
        Ruleset::from_toml(name, text, overrides)
    }

    /// Parses and checks a ruleset file's text.
    ///
    /// # Errors
    /// [`RulesetError::Invalid`] naming the field that is missing, unknown or wrong.
    pub fn from_toml(
        name: &str,
        text: &str,
        overrides: &BTreeMap<String, toml::Value>,
    ) -> Result<Ruleset, RulesetError> {
        let invalid = |message: String| RulesetError::Invalid {
            name: name.to_string(),
            message,
        };
        let mut value: toml::Table = toml::from_str(text).map_err(|e| invalid(e.to_string()))?;
        if !overrides.is_empty() {
            let options = value
                .get_mut("options")
                .and_then(|v| v.as_table_mut())
                .ok_or_else(|| invalid("missing table `options`".into()))?;
            for (k, v) in overrides {
                if !options.contains_key(k) && !DEFAULTED.contains(&k.as_str()) {
                    return Err(invalid(format!("unknown option `{k}`")));
                }
                options.insert(k.clone(), v.clone());
            }
        }
        let rs: Ruleset = toml::Value::Table(value)
            .try_into()
            .map_err(|e: toml::de::Error| invalid(e.to_string().trim().replace('\n', " ")))?;
        rs.check().map_err(invalid)?;
        Ok(rs)
    }

    fn check(&self) -> Result<(), String> {
        let o = &self.options;
        if self.deal.is_empty() {
            return Err("field `deal` needs at least one entry".into());
        }
        for (i, d) in self.deal.iter().enumerate() {
            let [lo, hi] = d.players;
            if lo == 0 || lo > hi {
                return Err(format!(
                    "field `deal[{i}].players` must be [min, max] with 0 < min <= max"
                ));
            }
            let fixed: usize = d.roles.values().sum();
            if fixed > lo {
                return Err(format!(
                    "field `deal[{i}].roles` deals {fixed} roles to as few as {lo} players"
                ));
            }
            for role in d.roles.keys().chain(std::iter::once(&d.rest)) {
                if role.kind() != self.kind {
                    return Err(format!(
                        "field `deal[{i}]` uses role `{}` outside a {:?} game",
                        role.key(),
                        self.kind
                    ));
                }
            }
        }
        if let Some(deal) = &o.deal {
            let fixed: usize = deal.values().sum();
            let lo = self.deal.iter().map(|d| d.players[0]).min().unwrap_or(0);
            if fixed > lo {
                return Err(format!(
                    "option `deal` deals {fixed} roles to as few as {lo} players"
                ));
            }
            if let Some(r) = deal.keys().find(|r| r.kind() != self.kind) {
                return Err(format!(
                    "option `deal` uses role `{}` outside a {:?} game",
                    r.key(),
                    self.kind
                ));
            }
        }
        let positive = [
            ("day_length", o.day_length),
            ("speedup_day_length", o.speedup_day_length),
            ("runoff_length", o.runoff_length),
            ("night_length", o.night_length),
            ("witch_deadline", o.witch_deadline),
            ("decision_window", o.decision_window),
            ("night_decision_window", o.night_decision_window),
        ];
        // A phase shorter than a minute is no game anyone plays, and makes a long wait step
        // through millions of phases (engine::limits::MIN_PHASE).
        for (field, span) in positive {
            if span < super::limits::MIN_PHASE {
                return Err(format!(
                    "option `{field}` is {span}, shorter than the minimum of {}",
                    super::limits::MIN_PHASE
                ));
            }
        }
        if o.witch_deadline < o.night_length {
            return Err("option `witch_deadline` must not come before `night_length`".into());
        }
        if o.vote_lock >= o.day_length || o.proxy_change_deadline >= o.day_length {
            return Err(
                "option `vote_lock` and `proxy_change_deadline` must be shorter than `day_length`"
                    .into(),
            );
        }
        if !(o.sheriff_weight.is_finite() && o.sheriff_weight > 0.0 && o.sheriff_weight <= 100.0) {
            return Err("option `sheriff_weight` must be a number above 0 (e.g. 1.5)".into());
        }
        if o.blues_per_yellow == 0 || o.yellows_per_red == 0 {
            return Err(
                "options `blues_per_yellow` and `yellows_per_red` must be at least 1".into(),
            );
        }
        if o.lurk_streak_days == 0 {
            return Err("option `lurk_streak_days` must be at least 1".into());
        }
        if o.warn_before_close.iter().any(|s| s.0 <= 0) {
            return Err(
                "option `warn_before_close` takes durations above 0, e.g. [\"6h\", \"1h\"]".into(),
            );
        }
        Ok(())
    }

    /// The deal line for `players` characters, if this ruleset can seat them.
    pub fn deal_for(&self, players: usize) -> Option<&DealRule> {
        self.deal
            .iter()
            .find(|d| d.players[0] <= players && players <= d.players[1])
    }

    /// Every role count for `players` characters (the `deal` option when given, else the
    /// table, the rest filled up), if this ruleset can seat them.
    pub fn counts_for(&self, players: usize) -> Option<BTreeMap<Role, usize>> {
        let line = self.deal_for(players)?;
        let mut wanted = self
            .options
            .deal
            .clone()
            .unwrap_or_else(|| line.roles.clone());
        wanted.retain(|_, n| *n > 0);
        let fixed: usize = wanted.values().sum();
        let rest = players.checked_sub(fixed)?;
        if rest > 0 {
            *wanted.entry(line.rest).or_insert(0) += rest;
        }
        Some(wanted)
    }

    /// The roles of a game of `players` characters in the order a board is read: the wolves,
    /// then the other roles by kind, then the filler role (the villagers, the civilians),
    /// one entry a character. Not the order of the deal: the seed shuffles
    /// [`Ruleset::counts_for`]'s roles as they come (`setup::create`).
    pub fn board_for(&self, players: usize) -> Option<Vec<Role>> {
        let line = self.deal_for(players)?;
        let mut roles: Vec<Role> = self
            .counts_for(players)?
            .into_iter()
            .flat_map(|(r, k)| std::iter::repeat_n(r, k))
            .collect();
        roles.sort_by_key(|r| (!r.is_wolfish(), *r == line.rest));
        Some(roles)
    }

    /// The options that differ from the built-in ruleset of the same name, as
    /// `(option, value)` with the value as the ruleset file writes it: what a sign-up, the
    /// reveal and an export name besides the board. Empty for a ruleset that is not built in.
    pub fn changed_options(&self) -> Vec<(String, String)> {
        let Ok(base) = Ruleset::builtin(&self.name, &BTreeMap::new()) else {
            return Vec::new();
        };
        let (Ok(serde_json::Value::Object(now)), Ok(serde_json::Value::Object(was))) = (
            serde_json::to_value(&self.options),
            serde_json::to_value(&base.options),
        ) else {
            return Vec::new();
        };
        now.iter()
            .filter(|(k, v)| was.get(*k) != Some(*v))
            .map(|(k, v)| {
                let text = match v {
                    serde_json::Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                (k.clone(), text)
            })
            .collect()
    }

    /// The sheriff's vote weight in thousandths of a vote (exact integer tallies).
    pub fn sheriff_weight_milli(&self) -> i64 {
        (self.options.sheriff_weight * 1000.0).round() as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_parse_and_print() {
        assert_eq!(Span::parse("1h30m"), Ok(Span(5400)));
        assert_eq!(
            Span::parse("90m").map(|s| s.to_string()),
            Ok("1h30m".into())
        );
        assert!(Span::parse("30").is_err());
        assert!(Span::parse("3d").is_err());
    }

    #[test]
    fn builtin_rulesets_load() {
        let none = BTreeMap::new();
        let m32 = Ruleset::builtin("m32", &none).expect("m32 loads");
        assert_eq!(m32.deal_for(12).map(|d| d.roles[&Role::Wolf]), Some(4));
        assert!(m32.deal_for(11).is_none());
        let mafia = Ruleset::builtin("mafia", &none).expect("mafia loads");
        assert_eq!(mafia.deal_for(15).map(|d| d.roles[&Role::Police]), Some(4));
    }

    #[test]
    fn the_boards_load_with_their_counts_and_options() {
        let none = BTreeMap::new();
        let count = |name: &str, n: usize, r: Role| {
            Ruleset::builtin(name, &none)
                .expect("loads")
                .counts_for(n)
                .and_then(|c| c.get(&r).copied())
        };
        assert_eq!(count("idiot", 12, Role::Idiot), Some(1));
        assert_eq!(count("idiot", 12, Role::Villager), Some(4));
        assert_eq!(count("guard", 12, Role::Guard), Some(1));
        assert_eq!(count("wolf-king", 12, Role::WhiteWolfKing), Some(1));
        assert_eq!(count("wolf-king", 12, Role::Wolf), Some(3));
        assert_eq!(count("wolf-king", 12, Role::Knight), Some(1));
        assert_eq!(count("small", 9, Role::Wolf), Some(3));
        assert_eq!(
            count("small", 12, Role::Wolf),
            None,
            "played at its size only"
        );
        for name in ["idiot", "guard", "wolf-king", "small"] {
            let o = Ruleset::builtin(name, &none).expect("loads").options;
            assert_eq!(o.witch_self_save, WitchSelfSave::FirstNight);
            assert!(!o.wolves_win_at_half && !o.hunter_shoots_when_poisoned);
            assert!(o.wolf_self_destruct);
        }
        let m32 = Ruleset::builtin("m32", &none).expect("loads");
        assert_eq!(m32.options.witch_self_save, WitchSelfSave::Never);
        assert!(m32.options.wolves_win_at_half && !m32.options.wolf_self_destruct);
        assert!(m32.changed_options().is_empty());
    }

    /// The forum-features work: warnings 6 hours and 1 hour before a day's close by default, in every
    /// ruleset file and in games stored before the option; an override may change or drop
    /// them; a span of 0 is refused naming the option.
    #[test]
    fn warnings_before_the_close_default_to_six_hours_and_one_hour() {
        let none = BTreeMap::new();
        let want = vec![Span(6 * 3600), Span(3600)];
        for (name, _) in BUILTIN {
            let rs = Ruleset::builtin(name, &none).expect("loads");
            assert_eq!(rs.options.warn_before_close, want, "{name}");
        }
        let rs = Ruleset::builtin("m32", &none).expect("m32");
        let mut json = serde_json::to_value(&rs.options).expect("json");
        assert_eq!(json["warn_before_close"], serde_json::json!(["6h", "1h"]));
        json.as_object_mut().unwrap().remove("warn_before_close");
        let old: Options = serde_json::from_value(json).expect("an older game");
        assert_eq!(old.warn_before_close, want);
        let set = |v: toml::Value| {
            let o = BTreeMap::from([("warn_before_close".to_string(), v)]);
            Ruleset::builtin("m32", &o)
        };
        let three = toml::Value::Array(vec!["12h".into(), "3h".into(), "30m".into()]);
        assert_eq!(
            set(three)
                .expect("three warnings")
                .options
                .warn_before_close,
            vec![Span(12 * 3600), Span(3 * 3600), Span(1800)]
        );
        assert!(set(toml::Value::Array(vec![]))
            .expect("none")
            .options
            .warn_before_close
            .is_empty());
        let zero = set(toml::Value::Array(vec!["0m".into()])).unwrap_err();
        assert!(zero.to_string().contains("warn_before_close"), "{zero}");
    }

    #[test]
    fn the_old_boolean_witch_self_save_still_reads() {
        let mut o = BTreeMap::new();
        o.insert("witch_self_save".to_string(), toml::Value::Boolean(true));
        let rs = Ruleset::builtin("m32", &o).expect("an old override");
        assert_eq!(rs.options.witch_self_save, WitchSelfSave::Always);
        // Written back by name, and a stored game's `false` reads as "never".
        let mut json = serde_json::to_value(&rs.options).expect("json");
        assert_eq!(json["witch_self_save"], "always");
        json["witch_self_save"] = serde_json::Value::Bool(false);
        let old: Options = serde_json::from_value(json).expect("an older game");
        assert_eq!(old.witch_self_save, WitchSelfSave::Never);
        assert_eq!(
            rs.changed_options(),
            vec![("witch_self_save".to_string(), "always".to_string())]
        );
        o.insert(
            "witch_self_save".to_string(),
            toml::Value::String("sometimes".into()),
        );
        let err = Ruleset::builtin("m32", &o).unwrap_err().to_string();
        assert!(
            err.contains("witch_self_save") && err.contains("first_night"),
            "{err}"
        );
    }

    #[test]
    fn a_board_reads_wolves_first_then_the_gods_then_villagers() {
        use Role::*;
        let m32 = Ruleset::builtin("m32", &BTreeMap::new()).expect("m32");
        assert_eq!(
            m32.board_for(12),
            Some(vec![
                Wolf, Wolf, Wolf, Wolf, Seer, Witch, Hunter, Villager, Villager, Villager,
                Villager, Villager
            ])
        );
        assert_eq!(m32.board_for(1), None);
        let mafia = Ruleset::builtin("mafia", &BTreeMap::new()).expect("mafia");
        let board = mafia.board_for(13).expect("mafia seats 13");
        assert!(board[0].is_wolfish(), "{board:?}");
        assert_eq!(board.last(), Some(&Civilian), "{board:?}");
    }

    #[test]
    fn the_deal_option_replaces_the_table() {
        let mut o = BTreeMap::new();
        let deal: toml::Table =
            toml::from_str("wolf = 4\nseer = 1\nwitch = 1\nhunter = 1\nguard = 1")
                .expect("a table");
        o.insert("deal".to_string(), toml::Value::Table(deal));
        let rs = Ruleset::builtin("m32", &o).expect("a guard in m32");
        let counts = rs.counts_for(12).expect("seats 12");
        assert_eq!(counts[&Role::Guard], 1);
        assert_eq!(counts[&Role::Villager], 4);
        assert_eq!(rs.changed_options()[0].0, "deal");
        let bad: toml::Table = toml::from_str("wolf = 4\npolice = 1").expect("a table");
        o.insert("deal".to_string(), toml::Value::Table(bad));
        let err = Ruleset::builtin("m32", &o).unwrap_err().to_string();
        assert!(err.contains("deal") && err.contains("police"), "{err}");
    }

    #[test]
    fn bad_files_name_the_field() {
        let none = BTreeMap::new();
        let text = BUILTIN[0]
            .1
            .replace("vote_changes = 1", "vote_changes = \"one\"");
        let err = Ruleset::from_toml("m32", &text, &none)
            .unwrap_err()
            .to_string();
        assert!(err.contains("vote_changes"), "{err}");
        let text = BUILTIN[0]
            .1
            .replace("sheriff_weight = 1.5", "sheriff_weight = -1.0");
        let err = Ruleset::from_toml("m32", &text, &none)
            .unwrap_err()
            .to_string();
        assert!(err.contains("sheriff_weight"), "{err}");
        let mut o = BTreeMap::new();
        o.insert("no_such".to_string(), toml::Value::Boolean(true));
        let err = Ruleset::builtin("m32", &o).unwrap_err().to_string();
        assert!(err.contains("no_such"), "{err}");
        let text = BUILTIN[0]
            .1
            .replace("day_length = \"24h\"", "day_length = \"24 hours\"");
        let err = Ruleset::from_toml("m32", &text, &none)
            .unwrap_err()
            .to_string();
        assert!(err.contains("day_length"), "{err}");
    }

    #[test]
    fn phases_shorter_than_a_minute_are_refused_naming_the_option() {
        for field in [
            "day_length",
            "speedup_day_length",
            "runoff_length",
            "night_length",
            "witch_deadline",
            "decision_window",
            "night_decision_window",
        ] {
            // Short neighbours, so that only the minimum can fail: the witch's deadline not
            // before the wolves', the proxy changes' deadline inside the day.
            let mut o: BTreeMap<String, toml::Value> = [
                ("night_length", "1m"),
                ("witch_deadline", "1m"),
                ("proxy_change_deadline", "0m"),
            ]
            .into_iter()
            .map(|(k, v)| (k.to_string(), toml::Value::String(v.into())))
            .collect();
            o.insert(field.to_string(), toml::Value::String("59s".into()));
            let err = Ruleset::builtin("mafia", &o).unwrap_err().to_string();
            assert!(
                err.contains(field) && err.contains("59s") && err.contains("minimum of 1m"),
                "{err}"
            );
            o.insert(field.to_string(), toml::Value::String("1m".into()));
            Ruleset::builtin("mafia", &o).expect("a one-minute phase is allowed");
        }
        let text = BUILTIN[0]
            .1
            .replace("night_length = \"30m\"", "night_length = \"1s\"");
        let err = Ruleset::from_toml("m32", &text, &BTreeMap::new())
            .unwrap_err()
            .to_string();
        assert!(err.contains("night_length"), "a ruleset file too: {err}");
    }

    #[test]
    fn the_time_zone_is_an_iana_name_defaulting_to_utc() {
        let none = BTreeMap::new();
        let m32 = Ruleset::builtin("m32", &none).expect("m32 loads");
        assert_eq!(m32.options.time_zone, Zone::UTC);
        let mut o = BTreeMap::new();
        o.insert(
            "time_zone".to_string(),
            toml::Value::String("Asia/Shanghai".into()),
        );
        let rs = Ruleset::builtin("mafia", &o).expect("a known zone");
        assert_eq!(rs.options.time_zone, Zone::SHANGHAI);
        o.insert(
            "time_zone".to_string(),
            toml::Value::String("Beijing".into()),
        );
        let err = Ruleset::builtin("m32", &o).unwrap_err().to_string();
        assert!(err.contains("Beijing") && err.contains("IANA"), "{err}");
        // Games stored before the option existed read as UTC; the name round-trips.
        let mut json = serde_json::to_value(&rs.options).expect("json");
        assert_eq!(json["time_zone"], "Asia/Shanghai");
        json.as_object_mut().map(|m| m.remove("time_zone"));
        let old: Options = serde_json::from_value(json).expect("an older ruleset");
        assert_eq!(old.time_zone, Zone::UTC);
    }
}
