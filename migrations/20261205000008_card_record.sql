-- Records across games (issue 18 item 8): the sign-up post marks members with a red card
-- in their last N finished games of the server; N is set in `/wolf-setup` (0: no marks).
ALTER TABLE guild_settings ADD COLUMN red_card_window INT NOT NULL DEFAULT 5;
