//! Channel moderation on Discord (the forum-features work): the outbox's moderation actions
//! ([`Moderate`]: a day post locked and archived, the living and dead roles given and taken)
//! and `/wolf-setup`'s check that the bot holds the permissions they need.
//!
//! The actions are outbox rows, so they are durable and retried like messages (serenity's
//! limiter waits out Discord's rate limits; a 5xx or the network is retried with backoff),
//! and a refusal for good (a permission taken away since the setup) is set aside with a
//! notice to the judge naming the action. Each is idempotent on Discord (giving a role twice,
//! locking a locked post), so a retry after a lost answer does no harm.

use crate::ids::Discord;
use serenity::all::{
    Channel as DiscordChannel, EditThread, GuildId, Http, PermissionOverwrite,
    PermissionOverwriteType, Permissions, Role, RoleId, UserId,
};

use std::collections::btree_map::{BTreeMap, Entry};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::messenger::refused;
use super::pace::Pace;
use crate::errors::DiscordError;
use notify::Moderate;
use service::{Channel, Lack, Moderation, Route, ServerRole, Service};
use store::outbox::SendError;

/// What the bot needs in the games' forum: to open day posts and write in them, lock and
/// archive them, relay anonymous posts through a webhook, remove a member's post there,
/// attach the reveal's images and read a post back. Keys are the catalog's `perm-<key>`.
const IN_FORUM: [(Permissions, &str); 10] = [
    (Permissions::VIEW_CHANNEL, "view-channel"),
    (Permissions::SEND_MESSAGES, "send-messages"),
    (
        Permissions::SEND_MESSAGES_IN_THREADS,
        "send-messages-in-threads",
    ),
    (Permissions::CREATE_PUBLIC_THREADS, "create-public-threads"),
    (Permissions::MANAGE_THREADS, "manage-threads"),
    (Permissions::READ_MESSAGE_HISTORY, "read-message-history"),
    (Permissions::MANAGE_WEBHOOKS, "manage-webhooks"),
    (Permissions::MANAGE_MESSAGES, "manage-messages"),
    (Permissions::ATTACH_FILES, "attach-files"),
    (Permissions::EMBED_LINKS, "embed-links"),
];

/// What it needs in the judge's log.
const IN_LOG: [(Permissions, &str); 2] = [
    (Permissions::VIEW_CHANNEL, "view-channel"),
    (Permissions::SEND_MESSAGES, "send-messages"),
];

/// What it needs server-wide: private threads for a camp's chat (wolves, killers, police).
const SERVER_WIDE: [(Permissions, &str); 1] = [(
    Permissions::CREATE_PRIVATE_THREADS,
    "create-private-threads",
)];

/// What it needs with roles to keep in sync.
const FOR_ROLES: (Permissions, &str) = (Permissions::MANAGE_ROLES, "manage-roles");

/// What it needs in the graveyard: to see it and greet the dead there.
const IN_GRAVEYARD: [(Permissions, &str); 2] = [
    (Permissions::VIEW_CHANNEL, "view-channel"),
    (Permissions::SEND_MESSAGES, "send-messages"),
];

/// A member's permissions server-wide, as Discord computes them: @everyone's (the role
/// with the server's id) and every role of theirs together; an administrator has all.
pub fn server_permissions(guild: GuildId, roles: &[Role], mine: &[RoleId]) -> Permissions {
    let everyone = RoleId::new(guild.get());
    let p = roles
        .iter()
        .filter(|r| r.id == everyone || mine.contains(&r.id))
        .fold(Permissions::empty(), |p, r| p | r.permissions);
    if p.contains(Permissions::ADMINISTRATOR) {
        Permissions::all()
    } else {
        p
    }
}

/// A member's permissions in a channel, as Discord computes them from the server-wide
/// ones: @everyone's overwrite, then the member's roles' overwrites together (denials
/// first), then the member's own. An administrator is above overwrites.
pub fn channel_permissions(
    base: Permissions,
    guild: GuildId,
    mine: &[RoleId],
    user: UserId,
    overwrites: &[PermissionOverwrite],
) -> Permissions {
    if base.contains(Permissions::ADMINISTRATOR) {
        return Permissions::all();
    }
    let everyone = RoleId::new(guild.get());
    let mut p = base;
    let apply = |p: &mut Permissions, allow: Permissions, deny: Permissions| {
        *p &= !deny;
        *p |= allow;
    };
    for o in overwrites {
        if o.kind == PermissionOverwriteType::Role(everyone) {
            apply(&mut p, o.allow, o.deny);
        }
    }
    let (allow, deny) = overwrites
        .iter()
        .filter(|o| matches!(o.kind, PermissionOverwriteType::Role(r) if r != everyone && mine.contains(&r)))
        .fold((Permissions::empty(), Permissions::empty()), |(a, d), o| {
            (a | o.allow, d | o.deny)
        });
    apply(&mut p, allow, deny);
    for o in overwrites {
        if o.kind == PermissionOverwriteType::Member(user) {
            apply(&mut p, o.allow, o.deny);
        }
    }
    p
}

/// What the bot lacks for a setup with its forum, log and moderation, in the order the
/// server's settings would be fixed: server-wide, then channel by channel, then the roles'
/// order. Asks Discord for the server's roles, the bot's member and each channel's
/// overwrites (a handful of requests, once per setup).
///
/// # Errors
/// When Discord does not answer these (they need no permission but the bot's membership).
pub async fn lacking(
    http: &Http,
    guild: GuildId,
    me: UserId,
    forum: Channel,
    log: Channel,
    m: &Moderation,
) -> Result<Vec<Lack>, serenity::Error> {
    let roles = http.get_guild_roles(guild).await?;
    let member = http.get_member(guild, me).await?;
    let mine = &member.roles;
    let base = server_permissions(guild, &roles, mine);
    let mut out = Vec::new();
    let mut server: Vec<(Permissions, &'static str)> = SERVER_WIDE.to_vec();
    let roles_set = m.roles();
    if !roles_set.is_empty() {
        server.push(FOR_ROLES);
    }
    for (p, key) in server {
        if !base.contains(p) {
            out.push(Lack::Permission { key, channel: None });
        }
    }
    // Setting who may write in the forum's posts and who may read the graveyard
    // ([`open_to_roles`]) asks for Manage Roles in that channel.
    let mut in_forum = IN_FORUM.to_vec();
    if m.living_role.is_some() {
        in_forum.push(FOR_ROLES);
    }
    let mut places: Vec<(Channel, Vec<(Permissions, &'static str)>)> =
        vec![(forum, in_forum), (log, IN_LOG.to_vec())];
    if let Some(g) = m.graveyard {
        let mut needs = IN_GRAVEYARD.to_vec();
        needs.push(FOR_ROLES);
        places.push((g, needs));
    }
    for (channel, needs) in places {
        let overwrites = overwrites_of(http, channel).await?;
        let have = channel_permissions(base, guild, mine, me, &overwrites);
        for (p, key) in needs {
            if !have.contains(p) {
                out.push(Lack::Permission {
                    key,
                    channel: Some(channel),
                });
            }
        }
    }
    // Discord lets a member give only roles below their highest one (the owner and
    // administrators too, for a bot).
    let top = roles
        .iter()
        .filter(|r| mine.contains(&r.id))
        .map(|r| r.position)
        .max()
        .unwrap_or(0);
    for role in roles_set {
        let position = roles
            .iter()
            .find(|r| r.id.get() == role.get())
            .map(|r| r.position);
        if position.is_none_or(|p| p >= top) {
            out.push(Lack::Below(role));
        }
    }
    Ok(out)
}

/// What members may do where, once a server keeps the living and dead roles (Discord's
/// permission overwrites, set by `/wolf-setup`): in the games' forum only the living role
/// (and the judges) write in posts, @everyone and the spectators read; the graveyard is
/// hidden from @everyone (the living must not read the dead's talk) and open to the dead,
/// the spectators and the judges. The bot gives itself what it needs in both, since a
/// denial to @everyone holds for it too unless its role is above overwrites.
///
/// Each overwrite is merged into the one the channel has for that role or member (other
/// permissions the server set there are kept), so running the setup again changes nothing.
///
/// # Errors
/// When Discord refuses one (Manage Roles was taken away since the check); the ones set
/// before it stay, and running the setup again completes them.
pub async fn open_to_roles(
    http: &Http,
    guild: GuildId,
    me: UserId,
    forum: Channel,
    judge: ServerRole,
    m: &Moderation,
) -> Result<(), serenity::Error> {
    let write_in_posts = Permissions::SEND_MESSAGES_IN_THREADS;
    let read = Permissions::VIEW_CHANNEL | Permissions::READ_MESSAGE_HISTORY;
    let chat = read | Permissions::SEND_MESSAGES;
    let role = |r: ServerRole| PermissionOverwriteType::Role(r.discord());
    let everyone = PermissionOverwriteType::Role(RoleId::new(guild.get()));
    let bot = PermissionOverwriteType::Member(me);
    let none = Permissions::empty();
    let mut plan: Vec<(Channel, PermissionOverwriteType, Permissions, Permissions)> = Vec::new();
    if let Some(living) = m.living_role {
        plan.push((forum, everyone, none, write_in_posts));
        plan.push((forum, role(living), write_in_posts, none));
        plan.push((forum, role(judge), write_in_posts, none));
        plan.push((forum, bot, write_in_posts | read, none));
        if let Some(s) = m.spectator_role {
            plan.push((forum, role(s), read, write_in_posts));
        }
    }
    if let Some(g) = m.graveyard {
        plan.push((g, everyone, none, Permissions::VIEW_CHANNEL));
        plan.push((g, bot, chat, none));
        plan.push((g, role(judge), chat, none));
        for r in [m.dead_role, m.spectator_role].into_iter().flatten() {
            plan.push((g, role(r), chat, none));
        }
    }
    let mut current: BTreeMap<u64, Vec<PermissionOverwrite>> = BTreeMap::new();
    for (channel, kind, allow, deny) in plan {
        let id = channel.discord();
        if let Entry::Vacant(e) = current.entry(channel.get()) {
            e.insert(overwrites_of(http, channel).await?);
        }
        let had = current
            .get(&channel.get())
            .and_then(|o| o.iter().find(|o| o.kind == kind))
            .map_or((none, none), |o| (o.allow, o.deny));
        let (allow, deny) = ((had.0 | allow) & !deny, (had.1 | deny) & !allow);
        if (allow, deny) == had {
            continue;
        }
        let set = PermissionOverwrite { allow, deny, kind };
        id.create_permission(http, set.clone()).await?;
        if let Some(o) = current.get_mut(&channel.get()) {
            o.retain(|o| o.kind != kind);
            o.push(set);
        }
    }
    Ok(())
}

/// A channel's permission overwrites as Discord has them now (none for a channel that is
/// not a server's).
async fn overwrites_of(
    http: &Http,
    channel: Channel,
) -> Result<Vec<PermissionOverwrite>, serenity::Error> {
    Ok(match http.get_channel(channel.discord()).await? {
        DiscordChannel::Guild(c) => c.permission_overwrites,
        _ => Vec::new(),
    })
}

/// Members' roles as Discord last told the bot, by server and member: from the gateway
/// (`GUILD_MEMBER_ADD` and `GUILD_MEMBER_UPDATE`, sent only with the Server Members intent,
/// for every change of a member's roles, the bot's own included) and from the answers to
/// the bot's own changes. With them, the roles of a member that change at one moment (a
/// death: the living role taken, the dead role given) are one request (Discord's Modify
/// Guild Member with the whole `roles` list) instead of one per role, and a role the member
/// does not hold is not taken. A member it does not know (no gateway in this process, no
/// intent) gets a request per role, as before. A member who leaves is forgotten.
#[derive(Clone, Default)]
pub struct MemberRoles(Arc<Mutex<RolesByMember>>);

/// Members' roles by (server, member).
type RolesByMember = HashMap<(u64, u64), Vec<RoleId>>;

impl MemberRoles {
    /// What Discord says `user` holds in `guild` now.
    pub fn set(&self, guild: GuildId, user: UserId, roles: Vec<RoleId>) {
        if let Ok(mut m) = self.0.lock() {
            m.insert((guild.get(), user.get()), roles);
        }
    }

    /// `user` left `guild`.
    pub fn forget(&self, guild: GuildId, user: UserId) {
        if let Ok(mut m) = self.0.lock() {
            m.remove(&(guild.get(), user.get()));
        }
    }

    /// Forgets every member: a new gateway session (a resumed one replays what it missed)
    /// may have missed changes.
    pub fn clear(&self) {
        if let Ok(mut m) = self.0.lock() {
            m.clear();
        }
    }

    /// The roles `user` holds in `guild`, if known.
    pub fn get(&self, guild: GuildId, user: UserId) -> Option<Vec<RoleId>> {
        self.0.lock().ok()?.get(&(guild.get(), user.get())).cloned()
    }
}

/// The roles one member is given and those taken from them at one moment.
struct Change {
    user: UserId,
    give: Vec<RoleId>,
    take: Vec<RoleId>,
}

impl Change {
    fn of(user: UserId, give: Option<ServerRole>, take: &[Option<ServerRole>]) -> Change {
        Change {
            user,
            give: give.iter().map(|r| r.discord()).collect(),
            take: take.iter().flatten().map(|r| r.discord()).collect(),
        }
    }
}

/// Carries out a moderation action of game `route`; returns the id it concerns (the post,
/// or the server). A post the game never opened, or roles the server does not use, need
/// nothing. Roles go to each seat's player now; a player who left the server is skipped
/// (Discord refuses for good: the others still get theirs, then the action is reported).
pub async fn carry_out(
    http: &Http,
    pace: &Pace,
    members: &MemberRoles,
    service: &Service,
    route: &Route,
    action: &Moderate,
) -> Result<u64, SendError> {
    let guild = route.guild.discord();
    let users = |seats: &[u16]| -> Vec<UserId> {
        seats
            .iter()
            .filter_map(|s| route.seats.get(s))
            .map(|a| a.discord())
            .collect()
    };
    let m = || async {
        service
            .moderation(route.guild)
            .await
            .map_err(|e| SendError::new(e.to_string()))
    };
    let changes: Vec<Change> = match action {
        Moderate::LockDay { day } | Moderate::Lock { day } => {
            let Some(post) = route.days.get(day) else {
                return Ok(route.guild.get());
            };
            let edit = EditThread::new().locked(true);
            let edit = if matches!(action, Moderate::LockDay { .. }) {
                edit.archived(true)
            } else {
                edit
            };
            pace.step().await;
            post.discord()
                .edit_thread(http, edit)
                .await
                .map_err(refused)?;
            return Ok(post.get());
        }
        Moderate::Living { seats } => {
            let living = m().await?.living_role;
            users(seats)
                .into_iter()
                .map(|u| Change::of(u, living, &[]))
                .collect()
        }
        Moderate::Dead { seats } => {
            let m = m().await?;
            users(seats)
                .into_iter()
                .map(|u| Change::of(u, m.dead_role, &[m.living_role]))
                .collect()
        }
        Moderate::Replaced { seat, old, alive } => {
            let m = m().await?;
            let held = if *alive { m.living_role } else { m.dead_role };
            // A player text that is no Discord account (a game begun elsewhere) has no
            // role to take back.
            if let Some(old) = old.parse::<u64>().ok().filter(|u| *u > 0) {
                // A player who left the server (10007) has no role left to take back.
                let back = [Change::of(UserId::new(old), None, &[held])];
                match change_roles(http, pace, members, guild, &back).await {
                    Err(e)
                        if matches!(
                            DiscordError::in_send(&e),
                            Some(DiscordError::UnknownMember { .. })
                        ) => {}
                    r => r?,
                }
            }
            users(&[*seat])
                .into_iter()
                .map(|u| Change::of(u, held, &[]))
                .collect()
        }
        // Both roles taken from everyone: each holds one of them, so a member known holds
        // costs one request.
        Moderate::Clear { seats, dead } => {
            let m = m().await?;
            let dead = users(dead);
            users(seats)
                .into_iter()
                .map(|u| {
                    let also = if dead.contains(&u) { m.dead_role } else { None };
                    Change::of(u, None, &[m.living_role, also])
                })
                .collect()
        }
    };
    change_roles(http, pace, members, guild, &changes).await?;
    Ok(route.guild.get())
}

/// Makes each change, going on past a refusal for good (reported once all were tried); any
/// other failure stops it, to be retried whole. A member whose roles are known gets one
/// request for all their changes (none if they hold what they should already), else one a
/// role.
async fn change_roles(
    http: &Http,
    pace: &Pace,
    members: &MemberRoles,
    guild: GuildId,
    changes: &[Change],
) -> Result<(), SendError> {
    let mut refusal = None;
    for c in changes {
        let user = c.user;
        if let Some(held) = members.get(guild, user) {
            let mut want: Vec<RoleId> = held
                .iter()
                .copied()
                .filter(|r| !c.take.contains(r))
                .collect();
            want.extend(c.give.iter().filter(|r| !held.contains(r)));
            let added: Vec<RoleId> = want.iter().copied().filter(|r| !held.contains(r)).collect();
            let taken: Vec<RoleId> = held.iter().copied().filter(|r| !want.contains(r)).collect();
            let r = match (added.as_slice(), taken.as_slice()) {
                ([], []) => continue,
                // One role: the request that changes only it, racing no other change.
                ([role], []) => {
                    pace.step().await;
                    http.add_member_role(guild, user, *role, Some("wolfjudge"))
                        .await
                        .map(|()| members.set(guild, user, want))
                }
                ([], [role]) => {
                    pace.step().await;
                    http.remove_member_role(guild, user, *role, Some("wolfjudge"))
                        .await
                        .map(|()| members.set(guild, user, want))
                }
                _ => {
                    pace.step().await;
                    let body = serde_json::json!({ "roles": want });
                    http.edit_member(guild, user, &body, Some("wolfjudge"))
                        .await
                        .map(|m| members.set(guild, user, m.roles))
                }
            };
            keep_going(r.map_err(|e| for_member(e, user)), &mut refusal)?;
            continue;
        }
        for role in &c.take {
            pace.step().await;
            let r = http
                .remove_member_role(guild, user, *role, Some("wolfjudge"))
                .await;
            keep_going(r.map_err(|e| for_member(e, user)), &mut refusal)?;
        }
        for role in &c.give {
            pace.step().await;
            let r = http
                .add_member_role(guild, user, *role, Some("wolfjudge"))
                .await;
            keep_going(r.map_err(|e| for_member(e, user)), &mut refusal)?;
        }
    }
    refusal.map_or(Ok(()), Err)
}

/// A role change's failure for `user`: when Discord says they are not a member (they
/// left), the judge's note names whose player left ([`crate::notes`]).
fn for_member(e: serenity::Error, user: UserId) -> SendError {
    let kind = DiscordError::of(&e).about(user.get());
    let mut sent = refused(e);
    sent.source = Some(Box::new(kind));
    sent
}

/// A role change's outcome: a refusal for good is kept (a member who left first, else the
/// first) and the others go on; anything else stops the action.
fn keep_going(r: Result<(), SendError>, refusal: &mut Option<SendError>) -> Result<(), SendError> {
    match r {
        Ok(()) => Ok(()),
        Err(e) if e.permanent => {
            let left = |e: &SendError| {
                matches!(
                    DiscordError::in_send(e),
                    Some(DiscordError::UnknownMember { user: Some(_) })
                )
            };
            if refusal.as_ref().is_none_or(|r| !left(r) && left(&e)) {
                *refusal = Some(e);
            }
            Ok(())
        }
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overwrite(
        kind: PermissionOverwriteType,
        allow: Permissions,
        deny: Permissions,
    ) -> PermissionOverwrite {
        PermissionOverwrite { allow, deny, kind }
    }

    /// Discord's order: @everyone's overwrite, the roles' (a role's allow beats another
    /// role's deny... and @everyone's deny), then the member's own, which beats them all.
    #[test]
    fn channel_overwrites_apply_in_discords_order() {
        let guild = GuildId::new(10);
        let (mine, me) = (RoleId::new(11), UserId::new(12));
        let base = Permissions::VIEW_CHANNEL | Permissions::MANAGE_THREADS;
        let everyone = PermissionOverwriteType::Role(RoleId::new(10));
        let deny_threads = overwrite(everyone, Permissions::empty(), Permissions::MANAGE_THREADS);
        let p = channel_permissions(
            base,
            guild,
            &[mine],
            me,
            std::slice::from_ref(&deny_threads),
        );
        assert!(!p.contains(Permissions::MANAGE_THREADS));
        let role_allows = overwrite(
            PermissionOverwriteType::Role(mine),
            Permissions::MANAGE_THREADS,
            Permissions::empty(),
        );
        let p = channel_permissions(base, guild, &[mine], me, &[deny_threads, role_allows]);
        assert!(p.contains(Permissions::MANAGE_THREADS));
        let member_denies = overwrite(
            PermissionOverwriteType::Member(me),
            Permissions::empty(),
            Permissions::VIEW_CHANNEL,
        );
        let p = channel_permissions(base, guild, &[mine], me, &[member_denies]);
        assert!(!p.contains(Permissions::VIEW_CHANNEL));
        // An administrator is above overwrites.
        let admin = Permissions::all();
        let p = channel_permissions(
            admin,
            guild,
            &[mine],
            me,
            &[overwrite(
                everyone,
                Permissions::empty(),
                Permissions::all(),
            )],
        );
        assert!(p.contains(Permissions::MANAGE_THREADS));
    }
}
