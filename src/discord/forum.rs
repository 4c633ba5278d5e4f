//! Messages members post: in a day's post they are the character's posts (removed with a
//! private tip in an anonymous game, where only relayed posts count); a DM to the bot is a
//! post in an anonymous game; edits and deletions of counted posts are reported; posts made
//! while the bot was away are counted when it comes back.

use poise::serenity_prelude as serenity;
use serenity::all::{ChannelId, CreateMessage, GetMessages, Http, Message, ReactionType};

use super::messenger::no_pings;
use super::Data;
use crate::service::{Account, Channel, Guild, Place, ThreadPost};

/// A member's new message.
pub async fn on_message(http: &Http, data: &Data, m: &Message) {
    let service = &data.service;
    let user = Account(m.author.id.get());
    if m.guild_id.is_none() {
        // A DM: the player's post as their character, in an anonymous game's day.
        match service
            .dm_post(user, &m.content, &format!("m{}", m.id))
            .await
        {
            Ok(Some(_)) => {
                data.wake.notify_one();
                let _ = m.react(http, ReactionType::Unicode("✅".into())).await;
            }
            Ok(None) => {}
            Err(e) => {
                let lang = service.dm_lang(user).await;
                let _ = m
                    .channel_id
                    .send_message(
                        http,
                        CreateMessage::new()
                            .content(e.message(lang))
                            .allowed_mentions(no_pings()),
                    )
                    .await;
            }
        }
        return;
    }
    in_thread(http, data, m).await;
}

/// A member's message in a server channel (a day post or not).
async fn in_thread(http: &Http, data: &Data, m: &Message) {
    let service = &data.service;
    let user = Account(m.author.id.get());
    let place = Place {
        guild: m.guild_id.map(|g| Guild(g.get())),
        channel: Channel(m.channel_id.get()),
        user,
    };
    let remove = match service.thread_post(&place, m.id.get(), &m.content).await {
        Ok(ThreadPost::NotGame | ThreadPost::Counted) => false,
        Ok(ThreadPost::Flagged { remove }) => remove,
        Ok(ThreadPost::Remove { tip }) => {
            if let Ok(dm) = m.author.create_dm_channel(http).await {
                let _ = dm
                    .id
                    .send_message(
                        http,
                        CreateMessage::new()
                            .content(tip)
                            .allowed_mentions(no_pings()),
                    )
                    .await;
            }
            true
        }
        Err(e) => {
            tracing::warn!(error = %e, "a post could not be handled");
            false
        }
    };
    data.wake.notify_one();
    if remove {
        if let Err(e) = m.delete(http).await {
            tracing::warn!(error = %e, "could not remove a post that shows an account");
        }
    }
}

/// A message edited or deleted: reported when it was a counted post.
pub async fn on_changed(data: &Data, channel: u64, message: u64, deleted: bool) {
    let key = format!("{}{message}", if deleted { "d" } else { "e" });
    match data
        .service
        .post_changed(Channel(channel), message, deleted, &key)
        .await
    {
        Ok(true) => data.wake.notify_one(),
        Ok(false) => {}
        Err(e) => tracing::warn!(error = %e, "an edit or deletion could not be checked"),
    }
}

/// Counts the posts made in open day posts while the bot was away (the gateway does not
/// replay them): each message is handled as when it arrives, idempotently per message
/// (the message id is the command's key), so posts already counted are not counted again.
pub async fn backfill(http: &Http, data: &Data) {
    let threads = match data.service.open_day_threads().await {
        Ok(t) => t,
        Err(e) => {
            tracing::warn!(error = %e, "could not list the open day posts");
            return;
        }
    };
    for thread in threads {
        match whole_thread(http, ChannelId::new(thread.0.max(1))).await {
            Ok(messages) => {
                // Messages read back over HTTP carry no server id: they are from a day post.
                for m in messages.iter().filter(|m| !m.author.bot) {
                    in_thread(http, data, m).await;
                }
            }
            Err(e) => tracing::warn!(error = %e, "could not read a day post"),
        }
    }
}

/// Every message of a thread, oldest first. Discord gives at most 100 a request, newest
/// first: pages go back with `before` the oldest so far until one comes short (a busy day
/// has far more than 100 posts).
async fn whole_thread(http: &Http, thread: ChannelId) -> Result<Vec<Message>, serenity::Error> {
    const PAGE: u8 = 100;
    let mut all: Vec<Message> = Vec::new();
    loop {
        let mut page = GetMessages::new().limit(PAGE);
        if let Some(oldest) = all.last() {
            page = page.before(oldest.id);
        }
        let got = thread.messages(http, page).await?;
        let short = got.len() < usize::from(PAGE);
        // Each page must reach further back; one that does not would repeat for ever.
        let older = match (all.last(), got.last()) {
            (Some(before), Some(now)) => now.id < before.id,
            _ => true,
        };
        all.extend(got);
        if short || !older {
            break;
        }
    }
    all.reverse();
    Ok(all)
}
