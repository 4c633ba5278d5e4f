//! UNO on Discord (rules §5 *On Discord*): `/uno new` opens a sign-up post in the forum
//! (Join and Leave as every sign-up), `/uno start` deals, and the game runs in that post:
//! the table message edited in place, the log of plays, the player whose turn it is
//! mentioned (the outbox's messages, `notify::uno::outgoing`). "My hand" on the table
//! message answers its presser alone with their hand and the moves open to them now.
//!
//! Component ids: `wu:<game>:hand` (the table's button), `wu:<game>:play` (the hand's menu
//! of cards, the value a move's code) and `wu:<game>:m:<code>` (Draw, a catch). As every id,
//! nothing in them is trusted: the service checks the server, the seat and the rules.

use std::collections::BTreeMap;

use crate::ids;
use poise::serenity_prelude as serenity;
use serenity::all::{
    ButtonStyle, ComponentInteraction, ComponentInteractionDataKind, CreateActionRow, CreateButton,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
};

use crate::{answer, patient, place, roles, user_lang, Context, Data, Error};
use i18n::{text, Lang};
use service::uno::Hand;
use service::{GameId, Refusal, ServiceError};

/// UNO games (judge)
#[poise::command(
    slash_command,
    subcommands("new", "start"),
    guild_only,
    default_member_permissions = "MANAGE_MESSAGES"
)]
pub async fn uno(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a sign-up post for a UNO game (judge)
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)]
pub async fn new(
    ctx: Context<'_>,
    #[description = "Each turn's time limit, e.g. 2m or 90s (default 2 minutes)"] turn_time: Option<
        String,
    >,
    #[description = "The total that wins the game (default 500)"]
    #[min = 1]
    target_score: Option<u32>,
    #[description = "Play this many rounds instead, the highest total winning (1: one round)"]
    #[min = 1]
    #[max = 100]
    rounds: Option<u32>,
    #[description = "A forgotten UNO costs 2 cards at once, or only when caught"]
    uno_penalty: Option<String>,
    #[description = "No 0, skip, reverse or wild as one's last card (default: on)"]
    last_card_rule: Option<bool>,
    #[description = "Wrong plays, calls and catches cost 2 cards; a timeout 2 (default: off)"]
    strict_penalties: Option<bool>,
    #[description = "The UNO contest this game is the next game of (then it is one round)"]
    tournament: Option<String>,
) -> Result<(), Error> {
    // The forum post is a Discord call of its own: answer first, within the 3 seconds.
    ctx.defer_ephemeral().await?;
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    let mut chosen = BTreeMap::new();
    let mut choose = |k: &str, v: Option<String>| {
        if let Some(v) = v {
            chosen.insert(k.to_string(), v.trim().to_string());
        }
    };
    choose("turn_time", turn_time);
    choose("target_score", target_score.map(|n| n.to_string()));
    choose("rounds", rounds.map(|n| n.to_string()));
    choose("uno_penalty", uno_penalty);
    choose("last_card_rule", last_card_rule.map(|b| b.to_string()));
    choose("strict_penalties", strict_penalties.map(|b| b.to_string()));
    let result = patient(ctx, async {
        let p = place(ctx);
        let guild = p.guild.ok_or(Refusal::NotSetUp)?;
        let settings = service.check_judge(guild, &roles(ctx).await).await?;
        let s = service
            .open_uno_signup_for(guild, p.user, chosen, settings.lang, tournament.as_deref())
            .await?;
        super::wolf::post_signup(ctx, &settings, &s, lang).await
    })
    .await?;
    answer(ctx, result, |thread| {
        text(
            lang,
            "ok-uno-signup-opened",
            &[("post", format!("<#{thread}>"))],
        )
    })
    .await
}

/// Deal the UNO game when 2 to 10 players have signed up (judge)
#[poise::command(slash_command, guild_only)]
pub async fn start(ctx: Context<'_>) -> Result<(), Error> {
    super::wolf::start_signup(ctx, Some(store::uno_games::RULESET)).await
}

/// `/uno new`'s `uno_penalty`: the two ways, as string choices.
pub fn penalty_option(b: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
    crate::localize::string_choices(b, "cmd-uno-new-uno_penalty", &["automatic", "caught"])
}

/// The table message's "My hand" button.
pub fn hand_button(game: GameId, lang: Lang) -> CreateActionRow {
    CreateActionRow::Buttons(vec![CreateButton::new(format!("wu:{}:hand", game.0))
        .label(text(lang, "uno-button-hand", &[]))
        .style(ButtonStyle::Primary)])
}

/// A press on a UNO component: `(game, what)` of a `wu:<game>:<what>` id.
pub fn parse(id: &str) -> Option<(GameId, &str)> {
    let rest = id.strip_prefix("wu:")?;
    let (game, what) = rest.split_once(':')?;
    Some((GameId(game.parse().ok()?), what))
}

/// The components of the private answer "My hand" gives: a menu of the cards one may
/// play now, and Draw or a catch as buttons.
pub fn hand_rows(hand: &Hand, lang: Lang) -> Vec<CreateActionRow> {
    let mut rows = Vec::new();
    let (plays, others): (Vec<_>, Vec<_>) =
        hand.moves.iter().partition(|(c, _)| c.starts_with("p:"));
    if !plays.is_empty() {
        let options = plays
            .iter()
            .take(25)
            .map(|(code, label)| CreateSelectMenuOption::new(label.as_str(), code.as_str()))
            .collect();
        rows.push(CreateActionRow::SelectMenu(
            CreateSelectMenu::new(
                format!("wu:{}:play", hand.game.0),
                CreateSelectMenuKind::String { options },
            )
            .placeholder(text(lang, "uno-moves-placeholder", &[])),
        ));
    }
    if !others.is_empty() {
        rows.push(CreateActionRow::Buttons(
            others
                .iter()
                .take(5)
                .map(|(code, label)| {
                    CreateButton::new(format!("wu:{}:m:{code}", hand.game.0))
                        .label(label.as_str())
                        .style(ButtonStyle::Secondary)
                })
                .collect(),
        ));
    }
    rows
}

/// What a UNO press comes to: the presser's hand ("My hand"), or the move's result with
/// their hand after it; a refusal (out of turn, not a player, a move the rules refuse)
/// as text, nothing changed. Always private.
pub async fn pressed(
    data: &Data,
    c: &ComponentInteraction,
    game: GameId,
    what: &str,
    lang: Lang,
) -> Result<(String, Option<Hand>), ServiceError> {
    let service = &data.service;
    let user = ids::account(c.user.id);
    let guild = c.guild_id.map(ids::guild);
    let state = service.uno_game(game).await?;
    if state.guild.is_some() && state.guild != guild {
        return Err(Refusal::ForeignGame.into());
    }
    let code = match (what, &c.data.kind) {
        ("hand", _) => {
            let hand = service.uno_hand(game, user, lang).await?;
            return Ok((hand.text.clone(), Some(hand)));
        }
        ("play", ComponentInteractionDataKind::StringSelect { values }) => {
            values.first().cloned().unwrap_or_default()
        }
        (other, _) => other.strip_prefix("m:").unwrap_or_default().to_string(),
    };
    let moved = service
        .uno_move(game, user, &code, &format!("i{}", c.id), lang)
        .await?;
    data.wake.notify_one();
    Ok((
        format!("{}\n{}", moved.text, moved.hand.text),
        Some(moved.hand),
    ))
}
