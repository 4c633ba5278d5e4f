//! Every interaction is handled in a tracing span of its own, `interaction`, with the
//! command's name (a slash command with its subcommands, `wolf new`; a component's or a
//! modal's custom id), the interaction's key (the service's idempotency key for it), the
//! server and the channel; the service records the game in it once it knows it
//! ([`service::record_game`]). A line logged while the interaction is handled (a
//! [`service::Failure`]'s, the messenger's) then names all of them, as the log's format
//! prints the spans a line is in.
//!
//! The span is opened around poise's own dispatch ([`Spanned`]), so the slash commands, the
//! components and the modals all run in it without each handler opening one.

use std::future::Future;
use std::pin::Pin;

use poise::serenity_prelude as serenity;
use serenity::all::{CommandDataOptionValue, CommandInteraction, Interaction};
use serenity::framework::Framework;
use tracing::Instrument;

/// A framework (poise's) whose interactions are each handled in an `interaction` span.
pub struct Spanned<F>(pub F);

impl<F: Framework> Framework for Spanned<F> {
    fn init<'a, 'b, 'c>(
        &'a mut self,
        client: &'b serenity::Client,
    ) -> Pin<Box<dyn Future<Output = ()> + Send + 'c>>
    where
        'a: 'c,
        'b: 'c,
        Self: 'c,
    {
        self.0.init(client)
    }

    fn dispatch<'a, 'b>(
        &'a self,
        ctx: serenity::Context,
        event: serenity::FullEvent,
    ) -> Pin<Box<dyn Future<Output = ()> + Send + 'b>>
    where
        'a: 'b,
        Self: 'b,
    {
        match span(&event) {
            Some(span) => Box::pin(self.0.dispatch(ctx, event).instrument(span)),
            None => self.0.dispatch(ctx, event),
        }
    }
}

/// The span an event is handled in, when it is an interaction.
pub fn span(event: &serenity::FullEvent) -> Option<tracing::Span> {
    let serenity::FullEvent::InteractionCreate { interaction } = event else {
        return None;
    };
    Some(interaction_span(interaction))
}

/// The span of an interaction: what it is, its key, where.
pub fn interaction_span(interaction: &Interaction) -> tracing::Span {
    let (command, key, guild, channel) = match interaction {
        Interaction::Command(c) | Interaction::Autocomplete(c) => (
            command_name(c),
            crate::commands::interaction_key(c.id),
            c.guild_id,
            Some(c.channel_id),
        ),
        Interaction::Component(c) => (
            c.data.custom_id.clone(),
            crate::components::press_key(c.id),
            c.guild_id,
            Some(c.channel_id),
        ),
        Interaction::Modal(m) => (
            m.data.custom_id.clone(),
            crate::components::press_key(m.id),
            m.guild_id,
            Some(m.channel_id),
        ),
        Interaction::Ping(p) => ("ping".to_string(), p.id.to_string(), None, None),
        _ => (String::new(), interaction.id().to_string(), None, None),
    };
    tracing::info_span!(
        "interaction",
        command = command.as_str(),
        key = key.as_str(),
        guild = guild.map(|g| g.get()),
        channel = channel.map(|c| c.get()),
        game = tracing::field::Empty,
    )
}

/// A slash command's name with its subcommand group and subcommand (`wolf new`).
fn command_name(c: &CommandInteraction) -> String {
    let mut name = c.data.name.clone();
    let mut options = &c.data.options;
    while let Some(o) = options.first() {
        match &o.value {
            CommandDataOptionValue::SubCommand(inner)
            | CommandDataOptionValue::SubCommandGroup(inner) => {
                name.push(' ');
                name.push_str(&o.name);
                options = inner;
            }
            _ => break,
        }
    }
    name
}
