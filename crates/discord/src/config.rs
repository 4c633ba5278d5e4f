//! `config/wolfjudge.toml` and the environment: what `wolfjudge run` needs to start.

use std::path::Path;
use std::time::Duration;

use serde::Deserialize;

use engine::ruleset::Span;
use engine::Ruleset;
use service::Overrides;

/// The bot's configuration file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    #[serde(default)]
    pub worker: Worker,
    /// What the worker prunes, and how often (`store::retention`).
    #[serde(default)]
    pub retention: Retention,
    /// Ruleset name → option overrides.
    #[serde(default)]
    pub rulesets: Overrides,
    /// What the gateway connection asks Discord for.
    #[serde(default)]
    pub gateway: Gateway,
    /// The game pages' server (the web adapter serves them; the bot links to them).
    #[serde(default)]
    pub web: service::pages::WebConfig,
}

/// The gateway's intents that an operator chooses: the Server Members intent is
/// privileged, so it is asked for only where it is switched on in the Developer Portal.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gateway {
    /// Ask for the Server Members intent: a player who leaves the server is reported to
    /// the judge at once (else only when a DM or role change for them fails).
    pub members_intent: bool,
}

impl Default for Gateway {
    fn default() -> Gateway {
        Gateway {
            members_intent: true,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Worker {
    pub name: String,
    pub poll_ms: u64,
}

impl Default for Worker {
    fn default() -> Worker {
        Worker {
            name: "wolfjudge".into(),
            poll_ms: 1000,
        }
    }
}

/// The worker's retention pass (`Store::prune`): delivered messages (and ended games'
/// fired deadlines) older than `keep_delivered` go, and the events and command log of games
/// that ended before then are packed (never pruned), every `every`.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Retention {
    pub keep_delivered: Span,
    pub every: Span,
}

impl Default for Retention {
    fn default() -> Retention {
        Retention {
            keep_delivered: Span(7 * 86_400),
            every: Span(3_600),
        }
    }
}

impl Worker {
    pub fn poll(&self) -> Duration {
        Duration::from_millis(self.poll_ms.max(10))
    }
}

/// Why the bot cannot start.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path} is not valid: {message}")]
    Invalid { path: String, message: String },
    #[error(
        "DISCORD_TOKEN is not set. Create an application at https://discord.com/developers/applications, \
         open Bot → Reset Token, and run again with DISCORD_TOKEN=<the token> (see README, \"Running the bot\")."
    )]
    NoToken,
}

impl Config {
    /// Reads a configuration file.
    ///
    /// # Errors
    /// [`ConfigError::Read`], [`ConfigError::Invalid`] naming the problem.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.display().to_string(),
            source,
        })?;
        Config::parse(&text).map_err(|message| ConfigError::Invalid {
            path: path.display().to_string(),
            message,
        })
    }

    /// Parses a configuration's text and checks every ruleset override against its ruleset,
    /// so that a bad override stops the bot at start (naming the field) instead of every
    /// `/wolf new` failing later. The check is the ruleset's own, so it includes its limits
    /// (a phase shorter than `engine::limits::MIN_PHASE` is refused naming the option).
    ///
    /// # Errors
    /// The parser's message, or `[rulesets.NAME]` and what is wrong with it.
    pub fn parse(text: &str) -> Result<Config, String> {
        let config: Config = toml::from_str(text).map_err(|e| e.to_string())?;
        for (name, overrides) in &config.rulesets {
            Ruleset::builtin(name, overrides).map_err(|e| format!("[rulesets.{name}]: {e}"))?;
        }
        Ok(config)
    }
}

/// A value that must not reach a log (the bot's token): its `Debug` prints `[redacted]`,
/// and it has no `Display`; [`Secret::expose`] gives it to the one place that uses it.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// The value itself.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[redacted]")
    }
}

impl From<String> for Secret {
    fn from(s: String) -> Secret {
        Secret(s)
    }
}

impl From<&str> for Secret {
    fn from(s: &str) -> Secret {
        Secret(s.to_string())
    }
}

/// The bot token from the environment.
///
/// # Errors
/// [`ConfigError::NoToken`] when it is missing or empty.
pub fn token() -> Result<Secret, ConfigError> {
    match std::env::var("DISCORD_TOKEN") {
        Ok(t) if !t.trim().is_empty() => Ok(Secret(t.trim().to_string())),
        _ => Err(ConfigError::NoToken),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_is_redacted_in_debug() {
        let token = Secret::from("MTIz.secret.token");
        assert_eq!(format!("{token:?}"), "[redacted]");
        assert_eq!(token.expose(), "MTIz.secret.token");
    }

    #[test]
    fn the_committed_example_parses() {
        let c = Config::load(Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../config/wolfjudge.toml"
        )))
        .expect("config/wolfjudge.toml parses");
        assert_eq!(c.worker.poll(), Duration::from_millis(1000));
        // The pages are off until an operator turns them on, on the loopback address.
        assert!(!c.web.enabled);
        assert_eq!(c.web.bind, "127.0.0.1:8080");
        assert_eq!(c.web.game_url("abc"), None);
    }

    #[test]
    fn the_web_section_gives_the_pages_address() {
        let c = Config::parse(
            "[web]\nenabled = true\nbind = \"0.0.0.0:9000\"\npublic_url = \"https://wolf.example.org/\"\n",
        )
        .expect("parses");
        assert_eq!(c.web.bind, "0.0.0.0:9000");
        assert_eq!(
            c.web.game_url("abc").as_deref(),
            Some("https://wolf.example.org/g/abc")
        );
        let e = Config::parse("[web]\nport = 1\n").expect_err("an unknown key refused");
        assert!(e.contains("port"), "{e}");
    }

    #[test]
    fn a_bad_ruleset_override_is_refused_at_start_naming_it() {
        let e = Config::parse("[rulesets.m32]\nday_length = \"banana\"\n")
            .expect_err("a bad duration refused");
        assert!(
            e.contains("[rulesets.m32]") && e.contains("day_length"),
            "{e}"
        );
        let e = Config::parse("[rulesets.m32]\nno_such_option = 1\n")
            .expect_err("an unknown option refused");
        assert!(e.contains("no_such_option"), "{e}");
        let e = Config::parse("[rulesets.nope]\nday_length = \"1h\"\n")
            .expect_err("an unknown ruleset refused");
        assert!(
            e.contains("[rulesets.nope]") && e.contains("unknown ruleset"),
            "{e}"
        );
        Config::parse("[rulesets.m32]\nday_length = \"12h\"\n").expect("a good override");
    }

    #[test]
    fn an_override_below_the_minimum_phase_length_is_refused_at_start() {
        let e = Config::parse("[rulesets.mafia]\nrunoff_length = \"30s\"\n")
            .expect_err("a 30-second tie round refused");
        assert!(
            e.contains("[rulesets.mafia]")
                && e.contains("runoff_length")
                && e.contains("minimum of 1m"),
            "{e}"
        );
        Config::parse("[rulesets.mafia]\nrunoff_length = \"1m\"\n").expect("one minute is allowed");
    }

    #[test]
    fn an_unknown_field_is_named() {
        let e = Config::parse("[worker]\nname = \"a\"\npoll_ms = 5\nspeed = 1\n")
            .expect_err("unknown field refused");
        assert!(e.contains("speed"), "{e}");
    }
}
