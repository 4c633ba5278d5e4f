-- The club day (RULES.md §3, 步步为赢): one event of a UNO contest and a Mafia contest for
-- the same members. A tournament belongs to at most one club day, named in its server.
ALTER TABLE tournaments ADD COLUMN club_day TEXT;
CREATE INDEX tournaments_club_day ON tournaments (guild_id, club_day) WHERE club_day IS NOT NULL;
