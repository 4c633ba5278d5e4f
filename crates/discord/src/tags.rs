//! Forum tags: a forum may require every post to carry one of its tags (Discord's channel
//! flag `REQUIRE_TAG`, "Require people to select tags when posting"), and then refuses a
//! post without one (40067). `/wolf-setup` reads the forum's flags and tags, takes the tag
//! named by its `forum_tag` option (offered by autocomplete), or refuses saying why and
//! what to do; every post the bot opens in the forum (sign-ups, days, replacements of a
//! deleted post) carries the chosen tag.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::all::{
    ChannelFlags, ChannelId, CommandDataOptionValue, CreateForumPost, ForumTagId, Http,
};

use crate::ids::Discord;
use crate::Context;
use i18n::{text, Lang};
use service::{Guild, Refusal, Service, ServiceError};

/// A forum's tags as `/wolf-setup` reads them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ForumTags {
    /// Whether every post must carry a tag.
    pub required: bool,
    /// Its tags, as (id, name), in the forum's order.
    pub tags: Vec<(u64, String)>,
}

/// Reads forum `forum`'s flags and tags from Discord.
///
/// # Errors
/// Discord's refusal (the bot cannot see the channel) or the network's.
pub async fn read(http: &Http, forum: ChannelId) -> Result<ForumTags, serenity::Error> {
    let channel = forum.to_channel(http).await?;
    Ok(match channel.guild() {
        Some(c) => ForumTags {
            required: c.flags.contains(ChannelFlags::REQUIRE_TAG),
            tags: c
                .available_tags
                .iter()
                .map(|t| (t.id.get(), t.name.clone()))
                .collect(),
        },
        None => ForumTags::default(),
    })
}

impl ForumTags {
    /// The tag posts will carry: the one `asked` names (its name, any case, or its id);
    /// none when none is asked and the forum does not require one.
    ///
    /// # Errors
    /// A refusal worded in `lang` saying why and what to do: the forum has no such tag, or
    /// it requires one and none was named.
    pub fn choose(
        &self,
        asked: Option<&str>,
        forum: u64,
        lang: Lang,
    ) -> Result<Option<(u64, String)>, ServiceError> {
        let names = || {
            let list: Vec<&str> = self.tags.iter().map(|(_, n)| n.as_str()).collect();
            list.join(&text(lang, "board-list-sep", &[]))
        };
        let forum = format!("<#{forum}>");
        let refuse = |code: &str, key: &str, args: &[(&str, String)]| {
            ServiceError::Refused(Refusal::Answered {
                code: code.to_string(),
                message: text(lang, key, args),
            })
        };
        match asked.map(str::trim).filter(|a| !a.is_empty()) {
            Some(asked) => {
                let wanted = asked.to_lowercase();
                let found = self
                    .tags
                    .iter()
                    .find(|(id, name)| name.to_lowercase() == wanted || id.to_string() == asked);
                match found {
                    Some(tag) => Ok(Some(tag.clone())),
                    None if self.tags.is_empty() => Err(refuse(
                        "forum_tag_unknown",
                        "setup-tag-unknown-none",
                        &[("tag", asked.to_string()), ("forum", forum)],
                    )),
                    None => Err(refuse(
                        "forum_tag_unknown",
                        "setup-tag-unknown",
                        &[
                            ("tag", asked.to_string()),
                            ("forum", forum),
                            ("tags", names()),
                        ],
                    )),
                }
            }
            None if !self.required => Ok(None),
            None if self.tags.is_empty() => Err(refuse(
                "forum_tag_required",
                "setup-tag-required-none",
                &[("forum", forum)],
            )),
            None => Err(refuse(
                "forum_tag_required",
                "setup-tag-required",
                &[("forum", forum), ("tags", names())],
            )),
        }
    }
}

/// `post` with the tag `guild`'s posts carry, if it chose one.
///
/// # Errors
/// Database errors.
pub async fn tagged<'a>(
    service: &Service,
    guild: Guild,
    post: CreateForumPost<'a>,
) -> Result<CreateForumPost<'a>, ServiceError> {
    Ok(match service.store().forum_tag(guild).await? {
        Some(tag) if tag > 0 => post.add_applied_tag(ForumTagId::new(tag)),
        _ => post,
    })
}

/// Why a post in the server's forum was refused, when it is the forum's tags: the forum
/// requires one (a moderator turned it on after the setup) and the server chose none, or
/// its tag is gone. A refusal worded in `lang` saying what to do; `None` when it is not
/// that (or the forum cannot be read).
pub async fn untagged(
    http: &Http,
    service: &Service,
    settings: &service::Settings,
    lang: Lang,
) -> Option<ServiceError> {
    let forum = read(http, settings.forum.discord()).await.ok()?;
    let tag = service.store().forum_tag(settings.guild).await.ok()?;
    let kept = tag.is_some_and(|t| forum.tags.iter().any(|(id, _)| *id == t));
    if kept || !forum.required {
        return None;
    }
    let names: Vec<&str> = forum.tags.iter().map(|(_, n)| n.as_str()).collect();
    Some(ServiceError::Refused(Refusal::Answered {
        code: "forum_tag_required".into(),
        message: text(
            lang,
            "signup-tag-required",
            &[
                ("forum", format!("<#{}>", settings.forum.get())),
                ("tags", names.join(&text(lang, "board-list-sep", &[]))),
            ],
        ),
    }))
}

/// How long autocomplete may wait for the forum's tags (an autocomplete cannot be
/// deferred: Discord's 3 s).
const BUDGET: Duration = Duration::from_millis(2000);

/// Autocomplete of `/wolf-setup`'s `forum_tag`: the tags of the forum named in the `forum`
/// option whose names contain what was typed (none before a forum is named).
pub async fn offer(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let forum = match ctx {
        poise::Context::Application(a) => a
            .interaction
            .data
            .options
            .iter()
            .find(|o| o.name == "forum")
            .and_then(|o| match &o.value {
                CommandDataOptionValue::Channel(c) => Some(*c),
                CommandDataOptionValue::String(s) => s.parse().ok().map(ChannelId::new),
                _ => None,
            }),
        poise::Context::Prefix(_) => None,
    };
    let typed = partial.to_lowercase();
    let tags = match forum {
        Some(f) if f.get() > 0 => tokio::time::timeout(BUDGET, read(ctx.http(), f))
            .await
            .ok()
            .and_then(Result::ok)
            .map(|t| t.tags)
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    let choices: Vec<serenity::AutocompleteChoice> = tags
        .into_iter()
        .filter(|(_, name)| name.to_lowercase().contains(&typed))
        .take(25)
        .map(|(_, name)| serenity::AutocompleteChoice::from(name))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forum(required: bool) -> ForumTags {
        ForumTags {
            required,
            tags: vec![(11, "狼人杀".into()), (12, "Mafia".into())],
        }
    }

    /// A tag is found by name (any case) or id; a forum that requires one refuses none,
    /// naming its tags; an unknown tag is refused whether or not the forum requires one.
    #[test]
    fn the_tag_is_named_or_refused_with_the_forums_tags() {
        let f = forum(true);
        assert_eq!(
            f.choose(Some(" mafia "), 1, Lang::En).ok().flatten(),
            Some((12, "Mafia".into()))
        );
        assert_eq!(
            f.choose(Some("11"), 1, Lang::En).ok().flatten(),
            Some((11, "狼人杀".into()))
        );
        for lang in [Lang::Zh, Lang::En] {
            let Err(e) = f.choose(None, 1, lang) else {
                panic!("a required tag must be named");
            };
            let said = e.message(lang);
            assert!(said.contains("狼人杀") && said.contains("Mafia"), "{said}");
            assert!(!said.contains('⟦'), "{said}");
            let Err(e) = forum(false).choose(Some("Uno"), 1, lang) else {
                panic!("an unknown tag is refused");
            };
            assert!(e.message(lang).contains("Uno"));
            let bare = ForumTags {
                required: true,
                tags: Vec::new(),
            };
            let Err(e) = bare.choose(None, 1, lang) else {
                panic!("a forum requiring tags without any is refused");
            };
            assert!(!e.message(lang).contains('⟦'));
        }
        assert_eq!(forum(false).choose(None, 1, Lang::Zh).ok(), Some(None));
    }
}
