-- The options a judge chose with `/wolf new` beyond the ruleset (day length, night
-- deadlines, anonymity, player count), as JSON: {"day_length": "12h", "players": 11, ...}.
-- They are applied to the game's ruleset when the sign-up starts; `{}`: the ruleset as it is.
ALTER TABLE signup_posts ADD COLUMN options JSONB NOT NULL DEFAULT '{}'::jsonb;
