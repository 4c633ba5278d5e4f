-- The tag every forum post the bot opens carries (a forum may require one), chosen with
-- `/wolf-setup`'s forum_tag; NULL: no tag.
ALTER TABLE guild_settings ADD COLUMN forum_tag BIGINT;
