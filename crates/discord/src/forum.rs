//! Messages members post: in a day's post they are the character's posts (removed with a
//! private tip in an anonymous game, where only relayed posts count); a DM to the bot is a
//! post in an anonymous game; edits and deletions of counted posts are reported; posts made
//! while the bot was away are counted when it comes back.
//!
//! No post is lost to a database outage: a message that meets a database error is tried
//! again in a task of its own, with growing pauses ([`RETRY_PAUSES`], in memory), and
//! whatever is still missing when they run out (or whatever the gateway never delivered) is
//! counted when the day post is read back just before the day closes ([`reader`],
//! scheduled by [`super::readback`]; not in anonymous games, where such a post never counts).

use crate::ids::{self, Discord};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use chrono::{DateTime, Utc};
use poise::serenity_prelude as serenity;
use serenity::all::{ChannelId, CreateMessage, GetMessages, Http, Message, ReactionType};
use tokio::sync::Notify;

use super::messenger::no_pings;
use super::pace::Pace;
use super::readback::Reader;
use super::{db_failure, failure_text, Data, DbFailure};
use runtime::outage::Outage;
use service::{Channel, Closing, Place, Refusal, Service, ServiceError, ThreadPost};

/// The pauses before each new try of a message that met a database error: about a minute
/// and a half in all, enough for a database restart. Bounded, because the read-back before
/// the day's close counts whatever is still missing.
const RETRY_PAUSES: [Duration; 8] = [
    Duration::from_millis(500),
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(4),
    Duration::from_secs(8),
    Duration::from_secs(15),
    Duration::from_secs(30),
    Duration::from_secs(30),
];

/// What a handler needs, owned, so that a retry can outlive the event.
#[derive(Clone)]
struct Hands {
    http: Arc<Http>,
    service: Service,
    wake: Arc<Notify>,
}

/// A member's message, edit or deletion to handle.
enum Job {
    /// A DM to the bot.
    Dm(Box<Message>),
    /// A message in a server channel (a day post or not).
    Thread(Box<Message>),
    /// A message edited or deleted.
    Changed {
        channel: Channel,
        message: u64,
        deleted: bool,
    },
}

impl Job {
    /// Handles it now; if it meets a database error, again later ([`Job::retry`]).
    async fn handle(self, hands: &Hands) {
        match self.attempt(hands).await {
            Ok(()) => {}
            Err(e) if db_failure(&e).is_some() => {
                let hands = hands.clone();
                tokio::spawn(async move { self.retry(&hands, e).await });
            }
            Err(e) => self.give_up(hands, &e).await,
        }
    }

    /// Tries again after each of [`RETRY_PAUSES`] while the database fails.
    async fn retry(self, hands: &Hands, mut error: ServiceError) {
        for pause in RETRY_PAUSES {
            tokio::time::sleep(pause).await;
            match self.attempt(hands).await {
                Ok(()) => return,
                Err(e) if db_failure(&e).is_some() => error = e,
                Err(e) => {
                    error = e;
                    break;
                }
            }
        }
        self.give_up(hands, &error).await;
    }

    /// One try.
    async fn attempt(&self, hands: &Hands) -> Result<(), ServiceError> {
        match self {
            Job::Dm(m) => dm(hands, m).await,
            Job::Thread(m) => in_thread(hands, m, None).await,
            Job::Changed {
                channel,
                message,
                deleted,
            } => {
                let key = format!("{}{message}", if *deleted { "d" } else { "e" });
                let reported = hands
                    .service
                    .post_changed(*channel, *message, *deleted, &key)
                    .await?;
                if reported {
                    hands.wake.notify_one();
                }
                Ok(())
            }
        }
    }

    /// The last try failed: a DM's author is told (they see no ✅ either); a post is left
    /// to the read-back before the day closes.
    async fn give_up(&self, hands: &Hands, e: &ServiceError) {
        match self {
            Job::Dm(m) => answer_dm(hands, m, e).await,
            Job::Thread(_) => {
                tracing::warn!(error = %e, "a post could not be handled; the read-back before the day closes will count it (not in an anonymous game, where it does not count)");
            }
            Job::Changed { .. } => {
                tracing::warn!(error = %e, "an edit or deletion could not be checked");
            }
        }
    }
}

fn hands(http: &Arc<Http>, data: &Data) -> Hands {
    Hands {
        http: http.clone(),
        service: data.service.clone(),
        wake: data.wake.clone(),
    }
}

/// A member's new message.
pub async fn on_message(http: &Arc<Http>, data: &Data, m: &Message) {
    let job = if m.guild_id.is_none() {
        Job::Dm(Box::new(m.clone()))
    } else {
        Job::Thread(Box::new(m.clone()))
    };
    job.handle(&hands(http, data)).await;
}

/// A DM: the player's post as their character, in an anonymous game's day.
async fn dm(hands: &Hands, m: &Message) -> Result<(), ServiceError> {
    let user = ids::account(m.author.id);
    let posted = hands
        .service
        .dm_post(user, &m.content, &format!("m{}", m.id))
        .await;
    match posted {
        Ok(Some(_)) => {
            hands.wake.notify_one();
            let _ = m
                .react(&hands.http, ReactionType::Unicode("✅".into()))
                .await;
            Ok(())
        }
        Ok(None) => Ok(()),
        Err(e) if db_failure(&e).is_some() => Err(e),
        // A flood: the first post beyond the pace was told when the next may be; the rest
        // until then get no answer (they show no ✅), or the answers would be a flood of
        // the bot's own.
        Err(ServiceError::Refused(Refusal::PostingTooFast { told: true, .. })) => Ok(()),
        Err(e) => {
            // A refusal (not a day, not anonymous, …): said at once, not tried again.
            answer_dm(hands, m, &e).await;
            Ok(())
        }
    }
}

/// Tells a DM's author why it was not taken, in their game's language (a DM carries none).
async fn answer_dm(hands: &Hands, m: &Message, e: &ServiceError) {
    let lang = hands.service.dm_lang(ids::account(m.author.id)).await;
    let _ = m
        .channel_id
        .send_message(
            &hands.http,
            CreateMessage::new()
                .content(failure_text(e, lang))
                .allowed_mentions(no_pings()),
        )
        .await;
}

/// A member's message in a server channel (a day post or not), counted as of `at` (`None`:
/// now).
async fn in_thread(
    hands: &Hands,
    m: &Message,
    at: Option<DateTime<Utc>>,
) -> Result<(), ServiceError> {
    let service = &hands.service;
    let http = &*hands.http;
    let user = ids::account(m.author.id);
    let place = Place {
        guild: m.guild_id.map(ids::guild),
        channel: ids::channel(m.channel_id),
        user,
    };
    let at = at.unwrap_or_else(|| service.now());
    let remove = match service
        .thread_post_at(&place, m.id.get(), &m.content, at)
        .await?
    {
        ThreadPost::NotGame | ThreadPost::Counted => false,
        ThreadPost::Flagged { remove } => remove,
        ThreadPost::Remove { tip } => {
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
    };
    hands.wake.notify_one();
    if remove {
        if let Err(e) = m.delete(http).await {
            tracing::warn!(error = %e, "could not remove a post that shows an account");
        }
    }
    Ok(())
}

/// A message edited or deleted: reported when it was a counted post.
pub async fn on_changed(
    http: &Arc<Http>,
    data: &Data,
    channel: Channel,
    message: u64,
    deleted: bool,
) {
    let job = Job::Changed {
        channel,
        message,
        deleted,
    };
    job.handle(&hands(http, data)).await;
}

/// A thread deleted (by a moderator, or with its forum): when it was a post a game still
/// needs (a running game's latest day post, a sign-up's post), a new post replaces it
/// ([`super::messenger::DiscordMessenger::replace_lost_post`]). Should this fail, the
/// outbox's next message to the post meets Discord's 10003 and replaces it then.
pub async fn on_thread_deleted(http: &Arc<Http>, data: &Data, thread: Channel) {
    let messenger = super::messenger::DiscordMessenger::new(http.clone(), data.service.clone());
    match messenger.replace_lost_post(thread).await {
        Ok(Some(_)) => data.wake.notify_one(),
        Ok(None) => {}
        Err(e) => tracing::warn!(error = %e, "could not replace a deleted post"),
    }
}

/// Counts the posts made in open day posts while the bot was away (the gateway does not
/// replay them): each message is handled as when it arrives, idempotently per message
/// (the message id is the command's key), so posts already counted are not counted again.
pub async fn backfill(http: &Arc<Http>, data: &Data) {
    let threads = match data.service.open_day_threads().await {
        Ok(t) => t,
        Err(e) => {
            tracing::warn!(error = %e, "could not list the open day posts");
            return;
        }
    };
    let hands = hands(http, data);
    for thread in threads {
        match whole_thread(http, None, thread.discord()).await {
            Ok(messages) => {
                // Messages read back over HTTP carry no server id: they are from a day post.
                for m in messages.into_iter().filter(|m| !m.author.bot) {
                    Job::Thread(Box::new(m)).handle(&hands).await;
                }
            }
            Err(e) => tracing::warn!(error = %e, "could not read a day post"),
        }
    }
}

/// How the bot's worker reads a closing day's post back ([`super::readback`]): the messages
/// not counted yet are counted as of just before the close, so that a post the gateway
/// missed or that met a database error counts at the close (no wrongful lurking card).
/// Each request waits for `pace`, the outbox's, since several posts are read at once.
///
/// Discord failing to give the post back does not hold the close (it is logged once per
/// outage); the database failing does: the read ends with the error and is started again.
pub(super) fn reader(http: &Arc<Http>, data: &Data, pace: Pace) -> Reader {
    let hands = hands(http, data);
    let discord = Arc::new(Mutex::new(Outage::new("day-post read-back (Discord)")));
    Box::new(move |c| {
        let (hands, pace, discord) = (hands.clone(), pace.clone(), discord.clone());
        Box::pin(async move { read_back(&hands, &pace, &c, &discord).await })
    })
}

/// One closing day's post read back ([`reader`]).
async fn read_back(
    hands: &Hands,
    pace: &Pace,
    c: &Closing,
    discord: &Mutex<Outage>,
) -> Result<(), ServiceError> {
    let outage = || discord.lock().unwrap_or_else(PoisonError::into_inner);
    let messages = match whole_thread(&hands.http, Some(pace), c.thread.discord()).await {
        Ok(messages) => {
            outage().recovered();
            messages
        }
        Err(e) => {
            outage().failed(&e);
            return Ok(());
        }
    };
    let counted = hands.service.counted_posts(c.game, c.thread).await?;
    let at = hands
        .service
        .now()
        .min(c.closes - chrono::Duration::milliseconds(1));
    let members = messages
        .iter()
        .filter(|m| !m.author.bot && m.webhook_id.is_none() && !counted.contains(&m.id.get()));
    for m in members {
        match in_thread(hands, m, Some(at)).await {
            Ok(()) => {}
            // The database is down: the close is read again, this message with it.
            Err(e) if db_failure(&e) == Some(DbFailure::Unanswered) => return Err(e),
            // Anything else is this message's: it must not hold up the close.
            Err(e) => tracing::warn!(error = %e, "a post read back could not be counted"),
        }
    }
    Ok(())
}

/// Every message of a thread, oldest first. Discord gives at most 100 a request, newest
/// first: pages go back with `before` the oldest so far until one comes short (a busy day
/// has far more than 100 posts).
/// With `pace`, each request waits for it first.
async fn whole_thread(
    http: &Http,
    pace: Option<&Pace>,
    thread: ChannelId,
) -> Result<Vec<Message>, serenity::Error> {
    const PAGE: u8 = 100;
    let mut all: Vec<Message> = Vec::new();
    loop {
        let mut page = GetMessages::new().limit(PAGE);
        if let Some(oldest) = all.last() {
            page = page.before(oldest.id);
        }
        if let Some(pace) = pace {
            pace.step().await;
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
