//! `/wolf-setup` (Manage Server), `/wolf new` and `/wolf start` (judge), and the sign-up
//! itself: `/join`, `/leave` and the sign-up post's buttons share [`join`] and [`leave`].
//!
//! Discord honours `default_member_permissions` only on top-level commands (it drops it on
//! subcommands), so the setup is a command of its own: Discord hides it from members
//! without *Manage Server*, and `/wolf` (judges' sign-up commands) from members without
//! *Manage Messages*, as `/judge`. The runtime checks stay: a server can show a command to
//! anyone in its Integrations settings.

use crate::ids::{self, Discord};
use poise::serenity_prelude as serenity;
use serenity::all::{
    ButtonStyle, ChannelType, CreateActionRow, CreateButton, CreateForumPost, CreateMessage,
    EditMessage, Http, MessageId, Permissions, Role,
};

use crate::messenger::no_pings;
use crate::{
    answer, display_name, patient, patient_as, permissions, place, roles, user_lang, Context, Data,
    Error,
};
use engine::ruleset::Zone;
use i18n::{text, Lang};
use service::camp::CampSettings;
use service::{
    board, mention, Account, GameOptions, Moderation, Refusal, ServerRole, Service, ServiceError,
    Settings, Signup, SignupId,
};

/// Sign-ups (judge)
///
/// Hidden from members as `/judge` is (see [`super::judge::judge`] for why *Manage
/// Messages*).
#[poise::command(
    slash_command,
    subcommands("new", "start", "rules"),
    guild_only,
    default_member_permissions = "MANAGE_MESSAGES"
)]
pub async fn wolf(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Choose the forum for games, the judge role and the judge's private log channel.
#[poise::command(
    slash_command,
    guild_only,
    rename = "wolf-setup",
    default_member_permissions = "MANAGE_GUILD"
)]
// Each argument is one of the command's options, as poise declares them.
#[allow(clippy::too_many_arguments)]
pub async fn setup(
    ctx: Context<'_>,
    #[description = "The forum channel games are played in"]
    #[channel_types("Forum")]
    forum: serenity::PartialChannel,
    #[description = "The role of judges"] judge_role: Role,
    #[description = "A private channel for the judge's log"]
    #[channel_types("Text")]
    log: serenity::PartialChannel,
    #[description = "The games' language: zh, zh-TW or en"] language: Option<String>,
    #[description = "The games' time zone, an IANA name (default: Asia/Shanghai for zh, UTC for en)"]
    timezone: Option<String>,
    #[description = "Whether a judge who plays in a game may judge it, without seeing roles (default: no)"]
    playing_judge: Option<bool>,
    #[description = "A role the bot gives the living players of a game (only they post in day posts)"]
    living_role: Option<Role>,
    #[description = "A role the bot gives players once their death is announced"] dead_role: Option<
        Role,
    >,
    #[description = "A role for members who watch games"] spectator_role: Option<Role>,
    #[description = "A channel where the dead (and spectators) chat"]
    #[channel_types("Text")]
    graveyard: Option<serenity::PartialChannel>,
    #[description = "A text channel the players can read, where the private camp threads open (none: no camp threads)"]
    #[channel_types("Text")]
    camp_channel: Option<serenity::PartialChannel>,
    #[description = "Mafia: a private thread for the killers and one for the police (default: no)"]
    mafia_camp_threads: Option<bool>,
    #[description = "Sign-ups mark members with a red card in their last N games (default 5, 0: off)"]
    #[min = 0]
    #[max = 50]
    red_card_games: Option<u32>,
    #[description = "A role new sign-ups ping; members opt in with a button (default: none)"]
    notify_role: Option<Role>,
    #[description = "The forum tag every game post carries (needed when the forum requires tags)"]
    #[autocomplete = "crate::tags::offer"]
    forum_tag: Option<String>,
    #[description = "Whether this server's games have web pages (default: yes)"] web_pages: Option<
        bool,
    >,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let role = |r: &Option<Role>| r.as_ref().map(|r| ids::role(r.id));
    let moderation = Moderation {
        living_role: role(&living_role),
        dead_role: role(&dead_role),
        spectator_role: role(&spectator_role),
        graveyard: graveyard.as_ref().map(|c| ids::channel(c.id)),
    };
    let result = patient(ctx, async {
        if !permissions(ctx).contains(Permissions::MANAGE_GUILD) {
            return Err(Refusal::NotJudge.into());
        }
        let guild = place(ctx).guild.ok_or(Refusal::NotSetUp)?;
        if forum.kind != ChannelType::Forum {
            return Err(ServiceError::Refused(Refusal::UnknownTarget(
                forum.name.clone().unwrap_or_default(),
            )));
        }
        if let Some(c) = camp_channel
            .as_ref()
            .filter(|c| c.kind != ChannelType::Text)
        {
            return Err(ServiceError::Refused(Refusal::UnknownTarget(
                c.name.clone().unwrap_or_default(),
            )));
        }
        let game_lang = match language.as_deref() {
            None => lang,
            Some(l) => Lang::parse(l)
                .ok_or_else(|| ServiceError::Refused(Refusal::UnknownTarget(l.to_string())))?,
        };
        // Discord tells bots no server time zone: it is named here, or follows the language.
        let time_zone = match timezone.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(z) => Some(
                Zone::parse(z)
                    .map_err(|_| ServiceError::Refused(Refusal::UnknownTimeZone(z.to_string())))?,
            ),
        };
        let s = Settings {
            guild,
            forum: ids::channel(forum.id),
            judge_role: ids::role(judge_role.id),
            log: ids::channel(log.id),
            lang: game_lang,
            time_zone,
            playing_judge: playing_judge.unwrap_or(false),
        };
        // What the bot cannot do on this server is said now, not when a game needs it:
        // nothing is saved until it can.
        let me = ctx.cache().current_user().id;
        let lacks = crate::moderation::lacking(
            ctx.http(),
            guild.discord(),
            me,
            s.forum,
            s.log,
            &moderation,
        )
        .await
        .map_err(crate::errors::platform)?;
        if !lacks.is_empty() {
            return Err(ServiceError::Refused(Refusal::MissingPermissions(lacks)));
        }
        // A forum that requires tags refuses every post without one: the tag is chosen
        // now, or the setup says which to name.
        let tags = crate::tags::read(ctx.http(), forum.id)
            .await
            .map_err(crate::errors::platform)?;
        let tag = tags.choose(forum_tag.as_deref(), forum.id.get(), lang)?;
        crate::moderation::open_to_roles(
            ctx.http(),
            guild.discord(),
            me,
            s.forum,
            s.judge_role,
            &moderation,
        )
        .await
        .map_err(crate::errors::platform_needing("manage-roles"))?;
        let service = &ctx.data().service;
        service.set_up_moderated(&s, &moderation).await?;
        service
            .store()
            .set_forum_tag(guild, tag.as_ref().map(|(id, _)| *id))
            .await?;
        let camps = CampSettings {
            channel: camp_channel.as_ref().map(|c| ids::channel(c.id)),
            mafia: mafia_camp_threads.unwrap_or(false),
        };
        service.set_camp_settings(guild, camps).await?;
        // Unnamed: the server keeps what it had (5 at first).
        if let Some(n) = red_card_games {
            service.set_red_card_window(guild, n).await?;
        }
        let window = service.red_card_window(guild).await?;
        let notify = notify_role.as_ref().map(|r| ids::role(r.id));
        service.set_notify_role(guild, notify).await?;
        // Unnamed: the server keeps what it had (pages on at first).
        if let Some(on) = web_pages {
            service.set_web_pages(guild, on).await?;
        }
        Ok((s, camps, window, notify, tag))
    })
    .await?;
    answer(ctx, result, |(s, camps, window, notify, tag)| {
        let zone = s.zone();
        let now = ctx.data().service.now();
        let done = text(
            lang,
            "ok-setup",
            &[
                ("forum", format!("<#{}>", s.forum.get())),
                ("role", format!("<@&{}>", s.judge_role.get())),
                ("log", format!("<#{}>", s.log.get())),
            ],
        );
        let clock = text(
            lang,
            "ok-setup-time-zone",
            &[
                ("zone", zone.name().to_string()),
                ("now", i18n::time(now, zone)),
            ],
        );
        let playing = text(
            lang,
            "ok-setup-playing-judge",
            &[(
                "allowed",
                if s.playing_judge { "yes" } else { "no" }.to_string(),
            )],
        );
        let shown =
            |r: Option<ServerRole>| r.map_or("—".to_string(), |r| format!("<@&{}>", r.get()));
        let moderated = text(
            lang,
            "ok-setup-moderation",
            &[
                ("living", shown(moderation.living_role)),
                ("dead", shown(moderation.dead_role)),
                ("spectator", shown(moderation.spectator_role)),
                (
                    "graveyard",
                    moderation
                        .graveyard
                        .map_or("—".to_string(), |c| format!("<#{}>", c.get())),
                ),
            ],
        );
        let camps = match camps.channel {
            Some(c) => text(
                lang,
                "ok-setup-camps",
                &[
                    ("channel", format!("<#{}>", c.get())),
                    ("mafia", if camps.mafia { "yes" } else { "no" }.to_string()),
                ],
            ),
            None => text(lang, "ok-setup-camps-none", &[]),
        };
        let red = text(lang, "ok-setup-red-cards", &[("games", window.to_string())]);
        let notify = match notify {
            Some(role) => text(
                lang,
                "ok-setup-notify",
                &[("role", format!("<@&{}>", role.get()))],
            ),
            None => text(lang, "ok-setup-no-notify", &[]),
        };
        let tagged = match tag {
            Some((_, name)) => format!("\n{}", text(lang, "ok-setup-tag", &[("tag", name)])),
            None => String::new(),
        };
        format!("{done}\n{clock}\n{playing}\n{moderated}\n{camps}\n{red}\n{notify}{tagged}")
    })
    .await
}

/// Open a sign-up post for a new game (judge), optionally a tournament's next game.
///
/// The ruleset is offered as a list of choices, one per ruleset file (see
/// [`super::board::ruleset_option`]); the other options override the ruleset for this game.
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)]
pub async fn new(
    ctx: Context<'_>,
    #[description = "The board: each choice shows its players and roles"] ruleset: String,
    #[description = "The tournament this game belongs to (its name)"] tournament: Option<String>,
    #[description = "Day length, e.g. 24h, 12h or 1d (default: the ruleset's)"] day_length: Option<
        String,
    >,
    #[description = "Deadline of the night's actions but the witch's, from nightfall, e.g. 30m"]
    night_deadline: Option<String>,
    #[description = "The witch's deadline from nightfall, e.g. 1h"] witch_deadline: Option<String>,
    #[description = "Anonymous characters, or the players' own names"] anonymous: Option<bool>,
    #[description = "Player count, where the ruleset seats several (mafia: 11–16)"]
    #[min = 1]
    #[max = 100]
    players: Option<u32>,
) -> Result<(), Error> {
    // The forum post is a Discord call of its own: answer first, within the 3 seconds.
    ctx.defer_ephemeral().await?;
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    let result = patient(ctx, async {
        let p = place(ctx);
        let guild = p.guild.ok_or(Refusal::NotSetUp)?;
        let settings = service.check_judge(guild, &roles(ctx).await).await?;
        let span = |text: &Option<String>| super::board::span(text.as_deref());
        let options = GameOptions {
            day_length: span(&day_length)?,
            night_length: span(&night_deadline)?,
            witch_deadline: span(&witch_deadline)?,
            anonymous,
            players: players.map(|n| n as usize),
            uno: None,
        };
        let s = service
            .open_signup(
                guild,
                p.user,
                ruleset.trim(),
                tournament.as_deref(),
                settings.lang,
                &options,
            )
            .await?;
        post_signup(ctx, &settings, &s, lang).await
    })
    .await?;
    answer(ctx, result, |thread| {
        text(
            lang,
            "ok-signup-opened",
            &[("post", format!("<#{thread}>"))],
        )
    })
    .await
}

/// Posts sign-up `s` in the server's forum (with the server's tag) and records the post;
/// members who asked to be told of new games get one ping in it. The post's id.
///
/// # Errors
/// The forum's refusal (worded: an untagged post where tags are required, a missing
/// permission); database errors.
pub(crate) async fn post_signup(
    ctx: Context<'_>,
    settings: &Settings,
    s: &Signup,
    lang: Lang,
) -> Result<u64, ServiceError> {
    let service = &ctx.data().service;
    let guild = settings.guild;
    let post = crate::tags::tagged(service, guild, signup_post(s)).await?;
    let post = match settings
        .forum
        .discord()
        .create_forum_post(ctx.http(), post)
        .await
    {
        Ok(post) => post,
        Err(e) => {
            let why = crate::tags::untagged(ctx.http(), service, settings, lang).await;
            return Err(why.unwrap_or_else(|| crate::errors::platform_needing("send-messages")(e)));
        }
    };
    // A forum post's opening message has the post's id.
    service
        .signup_posted(
            s.row.id,
            ids::channel(post.id),
            ids::message(MessageId::from(post.id.get())),
        )
        .await?;
    if let Some(role) = service.notify_role(guild).await? {
        super::signups::ping_opening(ctx.http(), s, role, ids::channel(post.id)).await;
    }
    Ok(post.id.get())
}

/// Post the current game's board, roles and options here
///
/// For everyone, in the game's language: a game's own ruleset (with its options) and
/// roles; before it starts, the open sign-up's.
#[poise::command(slash_command, guild_only)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    // Posted for everyone: a deferral (when the database keeps it waiting) is public too.
    let result = patient_as(ctx, false, rules_here(ctx)).await?;
    match result {
        Ok(t) => super::board::public(ctx, &t).await,
        Err(e) => answer(ctx, Err::<(), _>(e), |_| String::new()).await,
    }
}

/// The board, roles and options of the game in this channel (in the game's language), or
/// of the sign-up open here: what `/wolf rules` posts and `/rules` shows privately.
///
/// # Errors
/// [`Refusal::NoGame`] when there is neither; database errors.
pub(crate) async fn rules_here(ctx: Context<'_>) -> Result<String, ServiceError> {
    let service = &ctx.data().service;
    let p = place(ctx);
    match service.game_at(&p).await {
        Ok(id) => {
            let g = service.store().load(id).await?;
            let lang = service.route(id).await?.lang;
            let mut counts = std::collections::BTreeMap::new();
            for c in g.chars() {
                *counts.entry(c.role).or_insert(0usize) += 1;
            }
            let counts: Vec<_> = counts.into_iter().collect();
            Ok(board::rules_text(g.ruleset(), &counts, lang))
        }
        Err(ServiceError::Refused(Refusal::NoGame)) => {
            let s = service.signup_at(&p).await?;
            let r = s.rules.clone().ok_or_else(|| {
                ServiceError::Refused(Refusal::UnknownRuleset(s.row.ruleset.clone()))
            })?;
            let counts = s
                .options
                .players
                .map(|n| board::deal_counts(&r, n))
                .unwrap_or_default();
            Ok(board::rules_text(&r, &counts, s.row.lang))
        }
        Err(e) => Err(e),
    }
}

/// Start the game when enough players have signed up (judge).
#[poise::command(slash_command, guild_only)]
pub async fn start(ctx: Context<'_>) -> Result<(), Error> {
    start_signup(ctx, None).await
}

/// Starts the sign-up a start in this place is about (of ruleset `only`, when given) and
/// answers with the game; then the sign-up post shows it started.
///
/// # Errors
/// When Discord does not take the answer.
pub(crate) async fn start_signup(ctx: Context<'_>, only: Option<&str>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    let result = patient(ctx, async {
        let p = place(ctx);
        let guild = p.guild.ok_or(Refusal::NotSetUp)?;
        service.check_judge(guild, &roles(ctx).await).await?;
        // A repeated start (a retry, or two at once) answers with the game already started.
        let s = service.signup_to_start(&p).await?;
        if only.is_some_and(|r| r != s.row.ruleset) {
            return Err(Refusal::UnknownRuleset(s.row.ruleset).into());
        }
        let game = service.start(s.row.id).await?;
        Ok((game, s.row.id))
    })
    .await?;
    let started = result.as_ref().ok().map(|(_, id)| *id);
    answer(ctx, result, |(g, _)| {
        text(lang, "ok-started", &[("game", g.0.to_string())])
    })
    .await?;
    // After the answer: the post's edit may wait behind the sign-up's joins (5 edits per
    // 5 s a channel), and the answer must come within 3 s.
    if let Some(id) = started {
        refresh_signup(ctx.http(), ctx.data(), id).await;
    }
    Ok(())
}

/// Sign up for the open game.
#[poise::command(slash_command, guild_only)]
pub async fn join(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let p = place(ctx);
    let name = display_name(ctx).await;
    let service = &ctx.data().service;
    let result = patient(ctx, async {
        let s = service.signup_at(&p).await?;
        service.join_self(s.row.id, p.user, &name).await
    })
    .await?;
    let joined = result.as_ref().ok().map(|s| s.row.id);
    // Answered first: the DM check and the post's edit are two more calls (see [`welcome`]).
    answer(ctx, result, |s| joined_text(&s, p.user, lang)).await?;
    if let Some(id) = joined {
        welcome(ctx.http(), ctx.data(), id, p.user, lang).await;
    }
    Ok(())
}

/// Take yourself off the open game's sign-up.
#[poise::command(slash_command, guild_only)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let p = place(ctx);
    let result = patient(ctx, async {
        let s = ctx.data().service.signup_at(&p).await?;
        take_off(&ctx.data().service, s.row.id, p.user).await
    })
    .await?;
    let left = result.as_ref().ok().cloned();
    answer(ctx, result, |_| text(lang, "ok-left", &[])).await?;
    if let Some((s, up)) = left {
        after_leave(ctx.http(), ctx.data(), &s, up).await;
    }
    Ok(())
}

/// Takes `user` off sign-up `id`: the sign-up after, and who moved up from the waiting
/// list into the freed seat (if anyone waited).
///
/// # Errors
/// As [`Service::leave`].
pub async fn take_off(
    service: &Service,
    id: SignupId,
    user: Account,
) -> Result<(Signup, Option<Account>), ServiceError> {
    let before = service.signup(id).await?;
    let after = service.leave(id, user).await?;
    let up = after
        .players
        .iter()
        .map(|(a, _, _)| *a)
        .find(|a| !before.players.iter().any(|(b, _, _)| b == a));
    Ok((after, up))
}

/// After someone left (and was answered): the sign-up post shows it, and the member who
/// moved up from the waiting list is told by DM, in the game's language (best effort).
pub async fn after_leave(http: &Http, data: &Data, s: &Signup, up: Option<Account>) {
    refresh_signup(http, data, s.row.id).await;
    let Some(user) = up else {
        return;
    };
    let note = text(
        s.row.lang,
        "dm-moved-up",
        &[("ruleset", s.row.ruleset.clone())],
    );
    if let Err(e) = dm(http, user, note).await {
        tracing::warn!(error = %e, "could not tell a member they moved up from the waiting list");
    }
}

/// Sends `user` a DM (opening the DM channel first), pinging nobody.
async fn dm(http: &Http, user: Account, content: String) -> Result<(), serenity::Error> {
    let channel = user.discord().create_dm_channel(http).await?;
    channel
        .id
        .send_message(
            http,
            CreateMessage::new()
                .content(content)
                .allowed_mentions(no_pings()),
        )
        .await?;
    Ok(())
}

/// Sign-up `s`'s forum post: its title, and its text and buttons as [`signup_message`]
/// draws them (without the server's tag, see [`crate::tags::tagged`]).
pub fn signup_post(s: &Signup) -> CreateForumPost<'static> {
    let (content, buttons) = signup_message(s);
    CreateForumPost::new(
        text(
            s.row.lang,
            "signup-title",
            &[("ruleset", board::board_name(&s.row.ruleset, s.row.lang))],
        ),
        CreateMessage::new()
            .content(content)
            .components(buttons)
            .allowed_mentions(no_pings()),
    )
}

/// The sign-up post's text (with the live count) and its buttons.
pub fn signup_message(s: &Signup) -> (String, Vec<CreateActionRow>) {
    let names: Vec<String> = s
        .players
        .iter()
        .enumerate()
        .map(|(i, (a, name, dm_ok))| {
            let warn = if *dm_ok { "" } else { " ⚠" };
            let red = red_mark(s, *a);
            format!("{}. {} {}{warn}{red}", i + 1, name, mention(*a))
        })
        .collect();
    let state = if s.row.game.is_some() {
        match &s.page {
            Some(url) => format!(
                "{}\n{}",
                text(s.row.lang, "signup-started", &[]),
                text(s.row.lang, "web-link", &[("url", url.clone())])
            ),
            None => text(s.row.lang, "signup-started", &[]),
        }
    } else {
        text(s.row.lang, "signup-open", &[])
    };
    let content = format!(
        "{}\n{}{}\n{}",
        text(
            s.row.lang,
            "signup-body",
            &[
                ("ruleset", board::board_name(&s.row.ruleset, s.row.lang)),
                ("judge", mention(s.row.judge)),
                ("count", s.players.len().to_string()),
                ("seats", s.seats()),
            ],
        ),
        board_lines(s),
        names.join("\n"),
        state
    );
    let content = if s.waiting.is_empty() {
        content
    } else {
        let waiting: Vec<String> = s
            .waiting
            .iter()
            .enumerate()
            .map(|(i, (a, name, _))| {
                format!("{}. {} {}{}", i + 1, name, mention(*a), red_mark(s, *a))
            })
            .collect();
        format!(
            "{content}\n{}\n{}",
            text(s.row.lang, "signup-waiting", &[]),
            waiting.join("\n")
        )
    };
    let content = if s.card_record.red.is_empty() {
        content
    } else {
        let legend = text(
            s.row.lang,
            "signup-red-card-legend",
            &[("games", s.card_record.window.to_string())],
        );
        format!("{content}\n{legend}")
    };
    let content = if s.card_record.barred.is_empty() {
        content
    } else {
        format!(
            "{content}\n{}",
            text(s.row.lang, "signup-barred-legend", &[])
        )
    };
    let content = format!("{content}{}", super::signups::bench_lines(s));
    // Volunteering for the bench stays open while the game runs.
    let bench = super::signups::bench_buttons(s);
    let buttons = if s.row.game.is_some() {
        vec![bench]
    } else {
        vec![
            CreateActionRow::Buttons(vec![
                CreateButton::new(format!("wj:signup:{}:join", s.row.id.0))
                    .label(text(s.row.lang, "button-join", &[]))
                    .style(ButtonStyle::Primary),
                CreateButton::new(format!("wj:signup:{}:leave", s.row.id.0))
                    .label(text(s.row.lang, "button-leave", &[]))
                    .style(ButtonStyle::Secondary),
            ]),
            bench,
        ]
    };
    (content, buttons)
}

/// The marks after a member with a red card in their last games, or barred by the
/// server's sanctions (see [`Service::card_record`]): empty for the others.
fn red_mark(s: &Signup, user: Account) -> String {
    let red = match s.card_record.red.get(&user) {
        Some(n) => text(s.row.lang, "signup-red-card", &[("count", n.to_string())]),
        None => String::new(),
    };
    match s.card_record.barred.get(&user) {
        Some(bar) => format!(
            "{red}{}",
            text(
                s.row.lang,
                "signup-barred",
                &[("end", service::penalties::bar_end(bar, s.row.lang))]
            )
        ),
        None => red,
    }
}

/// The sign-up post's board (the roles dealt at the game's size, or each size's) and the
/// options that differ from the ruleset file, each line ending in a newline.
fn board_lines(s: &Signup) -> String {
    let Some(r) = &s.rules else {
        return String::new();
    };
    let deal = match s.options.players {
        Some(n) => vec![text(
            s.row.lang,
            "board-deal",
            &[
                ("players", n.to_string()),
                (
                    "roles",
                    board::counts_text(&board::deal_counts(r, n), s.row.lang),
                ),
            ],
        )],
        None => board::deal_lines(r, s.row.lang),
    };
    let sep = text(s.row.lang, "board-lines-sep", &[]);
    let mut out = text(
        s.row.lang,
        "signup-board",
        &[
            ("board", board::board_name(&s.row.ruleset, s.row.lang)),
            ("deal", deal.join(&sep)),
        ],
    );
    out.push('\n');
    let differ = board::differing_options(r, s.row.lang);
    if !differ.is_empty() {
        let list = differ.join(&text(s.row.lang, "board-list-sep", &[]));
        out.push_str(&text(s.row.lang, "signup-options", &[("options", list)]));
        out.push('\n');
    }
    out
}

/// What a member who joined is told: the count, or their place on the waiting list.
pub fn joined_text(s: &Signup, user: Account, lang: Lang) -> String {
    match s.waiting_place(user) {
        Some(place) => text(
            lang,
            "ok-joined-waiting",
            &[("seats", s.seats()), ("place", place.to_string())],
        ),
        None => text(
            lang,
            "ok-joined",
            &[("count", s.players.len().to_string()), ("seats", s.seats())],
        ),
    }
}

/// Edits sign-up `id`'s post to show its state now. A burst of joins would queue one
/// edit each behind Discord's 5 edits per 5 s a channel, each showing a state already
/// gone: while an edit is under way, later calls only mark the post changed, and the edit
/// under way is followed by one more with the latest state.
pub async fn refresh_signup(http: &Http, data: &Data, id: SignupId) {
    let service = &data.service;
    let refreshing = || data.refreshing.lock().unwrap_or_else(|e| e.into_inner());
    {
        let mut busy = refreshing();
        if let Some(changed) = busy.get_mut(&id.0) {
            *changed = true;
            return;
        }
        busy.insert(id.0, false);
    }
    loop {
        match service.signup(id).await {
            Ok(mut s) => {
                // The judge sees members' card records before the game starts.
                match service.card_record(&s).await {
                    Ok(record) => s.card_record = record,
                    Err(e) => tracing::warn!(error = %e, "could not read the card records"),
                }
                // Once started, the post links to the game's page.
                if let Some(game) = s.row.game {
                    match service.page_url(game).await {
                        Ok(page) => s.page = page,
                        Err(e) => tracing::warn!(error = %e, "could not read the game's page"),
                    }
                }
                refresh(http, &s).await
            }
            Err(e) => tracing::warn!(error = %e, "could not read a sign-up to show it"),
        }
        let mut busy = refreshing();
        if busy.get(&id.0) == Some(&true) {
            busy.insert(id.0, false);
        } else {
            busy.remove(&id.0);
            return;
        }
    }
}

/// Edits the sign-up post to show who is in (best effort: the sign-up itself is stored).
pub async fn refresh(http: &Http, s: &Signup) {
    let (Some(thread), Some(message)) = (s.row.thread, s.row.message) else {
        return;
    };
    let (content, buttons) = signup_message(s);
    if let Err(e) = thread
        .discord()
        .edit_message(
            http,
            message.discord(),
            EditMessage::new()
                .content(content)
                .components(buttons)
                .allowed_mentions(no_pings()),
        )
        .await
    {
        tracing::warn!(error = %e, "could not update the sign-up post");
    }
}

/// After a member signed up (and was answered): checks that the bot can DM them, and if
/// not, tells them in the sign-up post to open their DMs and warns the judge, before the
/// game starts; then shows them in the sign-up post. Best effort: the sign-up is stored.
///
/// These are two to four Discord calls, made after the interaction is answered: under
/// Discord's rate limits a burst of joins could otherwise miss the 3-second deadline for an
/// answer, and the answer (the count) does not depend on them.
pub async fn welcome(http: &Http, data: &Data, id: SignupId, user: Account, lang: Lang) {
    if let Err(e) = check_dms(http, &data.service, id, user, lang).await {
        tracing::warn!(error = %e, "could not check a new sign-up's DMs");
    }
    refresh_signup(http, data, id).await;
}

async fn check_dms(
    http: &Http,
    service: &Service,
    id: SignupId,
    user: Account,
    lang: Lang,
) -> Result<(), ServiceError> {
    let s = service.signup(id).await?;
    let hello = text(lang, "dm-joined", &[("ruleset", s.row.ruleset.clone())]);
    let dm_ok = dm(http, user, hello).await.is_ok();
    if !dm_ok {
        service.set_dm_ok(id, user, false).await?;
        let warn = text(s.row.lang, "signup-dm-closed", &[("player", mention(user))]);
        if let Some(thread) = s.row.thread {
            let _ = thread
                .discord()
                .send_message(
                    http,
                    CreateMessage::new()
                        .content(&warn)
                        .allowed_mentions(no_pings()),
                )
                .await;
        }
        if let Ok(settings) = service.settings(s.row.guild).await {
            let _ = settings
                .log
                .discord()
                .send_message(
                    http,
                    CreateMessage::new()
                        .content(&warn)
                        .allowed_mentions(no_pings()),
                )
                .await;
        }
    }
    Ok(())
}

/// The sign-up whose buttons were pressed (component id `wj:signup:<id>:join|leave`).
pub fn parse_signup_button(id: &str) -> Option<(SignupId, bool)> {
    let rest = id.strip_prefix("wj:signup:")?;
    let (n, what) = rest.split_once(':')?;
    let n = n.parse().ok()?;
    match what {
        "join" => Some((SignupId(n), true)),
        "leave" => Some((SignupId(n), false)),
        _ => None,
    }
}
