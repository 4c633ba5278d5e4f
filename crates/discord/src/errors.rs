//! Discord's errors, typed once and worded once: every failed request the bot makes (a
//! message, a post, a DM, a role change, a command's own request) becomes a
//! [`DiscordError`] by the JSON `code` of Discord's answer (its HTTP status when it has
//! none), and each kind is one catalog message (`discord-error-*`) that says, in the
//! reader's language, what happened and what to do. No text of Discord's reaches a reader:
//! an unknown code is named by its number.
//!
//! The judge's notes (the outbox's set-aside messages, a member who left) word these in
//! [`crate::notes`]; a command's reply words them through
//! [`Refusal::Platform`](service::Refusal::Platform) ([`platform`]).

use serenity::all::HttpError;

use i18n::{self, Lang};
use service::{PlatformRefusal, Refusal, ServiceError};

/// What went wrong with a request to Discord, by Discord's error code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DiscordError {
    /// 10003: the channel (or post, or thread) does not exist (deleted).
    #[error("unknown channel (10003)")]
    UnknownChannel,
    /// 10008: the message does not exist (deleted).
    #[error("unknown message (10008)")]
    UnknownMessage,
    /// 10007: the account is not a member of the server (it left, or was removed); the
    /// member when the request was about one.
    #[error("unknown member (10007)")]
    UnknownMember { user: Option<u64> },
    /// 10013: no such account.
    #[error("unknown user (10013)")]
    UnknownUser,
    /// 50001: the bot cannot see the channel.
    #[error("missing access (50001)")]
    MissingAccess,
    /// 50013: the bot lacks a permission; which one (its catalog key, `perm-<key>`) when
    /// the request tells.
    #[error("missing permissions (50013): {permission:?}")]
    MissingPermissions { permission: Option<&'static str> },
    /// 50007: the user does not accept DMs from the bot (closed, blocked, or no server in
    /// common).
    #[error("cannot send messages to this user (50007)")]
    CannotDm,
    /// 40067: the forum requires a tag on every new post.
    #[error("a tag is required (40067)")]
    TagRequired,
    /// 160005: the thread is locked.
    #[error("thread locked (160005)")]
    ThreadLocked,
    /// 50083: the thread is archived.
    #[error("thread archived (50083)")]
    ThreadArchived,
    /// 160006: the server has as many active threads as Discord allows.
    #[error("maximum active threads (160006)")]
    MaxActiveThreads,
    /// A text longer than Discord allows, refused by serenity before it was sent.
    #[error("too long")]
    TooLong,
    /// 429: Discord's rate limit.
    #[error("rate limited")]
    RateLimited,
    /// A 5xx, a timeout, the network: Discord did not answer.
    #[error("Discord did not answer")]
    Unavailable,
    /// Any other refusal: its HTTP status and Discord's code (0: none).
    #[error("refused: HTTP {status}, code {code}")]
    Other { status: u16, code: i64 },
}

impl DiscordError {
    /// The kind of a failed request, from Discord's answer.
    pub fn of(e: &serenity::Error) -> DiscordError {
        match e {
            serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
                DiscordError::from_answer(r.status_code.as_u16(), r.error.code as i64)
            }
            serenity::Error::Model(serenity::all::ModelError::MessageTooLong(_)) => {
                DiscordError::TooLong
            }
            serenity::Error::Model(_) => DiscordError::Other { status: 0, code: 0 },
            _ => DiscordError::Unavailable,
        }
    }

    /// The kind of Discord's answer with HTTP `status` and JSON `code`.
    pub fn from_answer(status: u16, code: i64) -> DiscordError {
        match code {
            10003 => DiscordError::UnknownChannel,
            10007 => DiscordError::UnknownMember { user: None },
            10008 => DiscordError::UnknownMessage,
            10013 => DiscordError::UnknownUser,
            50001 => DiscordError::MissingAccess,
            50007 => DiscordError::CannotDm,
            50013 => DiscordError::MissingPermissions { permission: None },
            40067 => DiscordError::TagRequired,
            50083 => DiscordError::ThreadArchived,
            160005 => DiscordError::ThreadLocked,
            160006 => DiscordError::MaxActiveThreads,
            _ if status == 429 => DiscordError::RateLimited,
            _ if status >= 500 => DiscordError::Unavailable,
            _ => DiscordError::Other { status, code },
        }
    }

    /// The same, naming the permission the request needed when Discord said one is
    /// missing (`perm-<key>`).
    pub fn needing(self, permission: &'static str) -> DiscordError {
        match self {
            DiscordError::MissingPermissions { permission: None } => {
                DiscordError::MissingPermissions {
                    permission: Some(permission),
                }
            }
            other => other,
        }
    }

    /// The same, naming the member the request was about when Discord said they are not
    /// one.
    pub fn about(self, user: u64) -> DiscordError {
        match self {
            DiscordError::UnknownMember { user: None } => {
                DiscordError::UnknownMember { user: Some(user) }
            }
            other => other,
        }
    }

    /// Its catalog message's key: stable (tests and other messages name them).
    pub fn key(&self) -> &'static str {
        match self {
            DiscordError::UnknownChannel => "discord-error-unknown-channel",
            DiscordError::UnknownMessage => "discord-error-unknown-message",
            DiscordError::UnknownMember { .. } => "discord-error-unknown-member",
            DiscordError::UnknownUser => "discord-error-unknown-user",
            DiscordError::MissingAccess => "discord-error-missing-access",
            DiscordError::MissingPermissions {
                permission: Some(_),
            } => "discord-error-missing-permission",
            DiscordError::MissingPermissions { permission: None } => {
                "discord-error-missing-permissions"
            }
            DiscordError::CannotDm => "discord-error-cannot-dm",
            DiscordError::TagRequired => "discord-error-tag-required",
            DiscordError::ThreadLocked => "discord-error-thread-locked",
            DiscordError::ThreadArchived => "discord-error-thread-archived",
            DiscordError::MaxActiveThreads => "discord-error-max-active-threads",
            DiscordError::TooLong => "discord-error-too-long",
            DiscordError::RateLimited => "discord-error-rate-limited",
            DiscordError::Unavailable => "discord-error-unavailable",
            DiscordError::Other { .. } => "discord-error-other",
        }
    }

    /// What happened and what to do, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let args = match *self {
            DiscordError::MissingPermissions {
                permission: Some(p),
            } => vec![("permission", i18n::text(lang, &format!("perm-{p}"), &[]))],
            DiscordError::Other { status, code } => {
                vec![("status", status.to_string()), ("code", code.to_string())]
            }
            _ => Vec::new(),
        };
        i18n::text(lang, self.key(), &args)
    }

    /// Whether it is about the channel (or the server) rather than one message: every
    /// message there meets it until someone acts, so the judge is told once.
    pub fn about_the_channel(&self) -> bool {
        !matches!(
            self,
            DiscordError::UnknownMessage
                | DiscordError::TooLong
                | DiscordError::RateLimited
                | DiscordError::Unavailable
                | DiscordError::Other { .. }
        )
    }

    /// A short stable name, for the keys of notes written once.
    pub fn name(&self) -> &'static str {
        self.key().trim_start_matches("discord-error-")
    }

    /// The kind a messenger's failure carries, if it came from Discord.
    pub fn in_send(e: &runtime::dispatch::SendError) -> Option<DiscordError> {
        e.source
            .as_deref()
            .and_then(|s| s.downcast_ref::<DiscordError>())
            .copied()
    }
}

impl PlatformRefusal for DiscordError {
    fn text(&self, lang: Lang) -> String {
        DiscordError::text(self, lang)
    }
}

/// A command's failed request to Discord, as the command's answer says it.
pub fn platform(e: serenity::Error) -> ServiceError {
    tracing::warn!(error = %e, "Discord refused a command's request");
    ServiceError::Refused(Refusal::Platform(Box::new(DiscordError::of(&e))))
}

/// [`platform`], naming the permission the request needed (`perm-<key>`) if Discord says
/// one is missing.
pub fn platform_needing(permission: &'static str) -> impl Fn(serenity::Error) -> ServiceError {
    move |e| {
        tracing::warn!(error = %e, "Discord refused a command's request");
        ServiceError::Refused(Refusal::Platform(Box::new(
            DiscordError::of(&e).needing(permission),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code the bot can meet has its own message, in both languages, with no text of
    /// Discord's in it; an unknown code is named by its number.
    #[test]
    fn each_discord_code_has_its_message_in_both_languages() {
        let codes = [
            (404, 10003, "discord-error-unknown-channel"),
            (404, 10008, "discord-error-unknown-message"),
            (404, 10007, "discord-error-unknown-member"),
            (403, 50001, "discord-error-missing-access"),
            (403, 50013, "discord-error-missing-permissions"),
            (403, 50007, "discord-error-cannot-dm"),
            (400, 40067, "discord-error-tag-required"),
            (403, 160005, "discord-error-thread-locked"),
            (400, 50083, "discord-error-thread-archived"),
            (400, 160006, "discord-error-max-active-threads"),
            (404, 10013, "discord-error-unknown-user"),
            (429, 0, "discord-error-rate-limited"),
            (502, 0, "discord-error-unavailable"),
            (400, 50035, "discord-error-other"),
        ];
        let english = [
            "Unknown",
            "Missing",
            "Cannot send",
            "tag is required",
            "locked",
            "archived",
            "Maximum",
        ];
        for (status, code, key) in codes {
            let kind = DiscordError::from_answer(status, code);
            assert_eq!(kind.key(), key, "code {code}");
            for lang in [Lang::Zh, Lang::En] {
                let said = kind.text(lang);
                assert!(
                    i18n::try_text(lang, key, &[("status", "1".into()), ("code", "2".into())])
                        .is_ok(),
                    "{key} in {lang:?}"
                );
                assert!(!said.contains('⟦'), "{key} in {lang:?}: {said}");
            }
            let zh = kind.text(Lang::Zh);
            for word in english {
                assert!(!zh.contains(word), "{key}: Discord's English in {zh}");
            }
            assert!(!zh.is_ascii(), "{key} is Chinese: {zh}");
        }
        let other = DiscordError::from_answer(400, 50035).text(Lang::Zh);
        assert!(other.contains("50035") && other.contains("400"), "{other}");
    }

    /// A missing permission is named when the request says which it needed; the forum's
    /// tag says where to choose one.
    #[test]
    fn a_missing_permission_is_named_and_a_required_tag_says_where_to_choose_one() {
        let kind = DiscordError::from_answer(403, 50013).needing("manage-roles");
        for lang in [Lang::Zh, Lang::En] {
            let said = kind.text(lang);
            let name = i18n::text(lang, "perm-manage-roles", &[]);
            assert!(said.contains(&name), "{said}");
        }
        // Another kind is not changed by it.
        assert_eq!(
            DiscordError::CannotDm.needing("manage-roles"),
            DiscordError::CannotDm
        );
        let setup = |lang| i18n::text(lang, "cmd-wolf-setup", &[]);
        for lang in [Lang::Zh, Lang::En] {
            let said = DiscordError::TagRequired.text(lang);
            assert!(said.contains(&format!("/{}", setup(lang))), "{said}");
        }
    }

    /// A command's reply says Discord refused, and why, in the reader's language: a forum
    /// that requires tags is not called a permission problem.
    #[test]
    fn a_commands_reply_words_the_refusal_in_the_readers_language() {
        for lang in [Lang::Zh, Lang::En] {
            let e = ServiceError::Refused(Refusal::Platform(Box::new(DiscordError::from_answer(
                400, 40067,
            ))));
            let said = e.message(lang);
            assert!(
                said.contains(&DiscordError::TagRequired.text(lang)),
                "{said}"
            );
            assert!(!said.contains("A tag is required"), "{said}");
            let perm = i18n::text(lang, "perm-manage-roles", &[]);
            assert!(!said.contains(&perm), "{said}");
        }
    }

    /// serenity's own refusals and failures to reach Discord are typed too.
    #[test]
    fn failures_before_an_answer_are_typed() {
        let too_long = serenity::Error::Model(serenity::all::ModelError::MessageTooLong(2001));
        assert_eq!(DiscordError::of(&too_long), DiscordError::TooLong);
        let other = serenity::Error::Other("connection reset");
        assert_eq!(DiscordError::of(&other), DiscordError::Unavailable);
    }
}
