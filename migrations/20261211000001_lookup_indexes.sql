-- The lookups an interaction makes (`store::resolve`) and the sign-up's server that most
-- game statements read (`signup_posts WHERE game_id = …`) had no index but the thread's:
-- each read every sign-up ever made, on every server, so a `/vote` cost more the longer the
-- bot had run (0.6 ms of PostgreSQL's time per interaction at 200 games, the largest share
-- of the interaction bench's database time).
CREATE INDEX signup_posts_game ON signup_posts (game_id);
-- The server's newest game (the fallback for a command outside any game's post).
CREATE INDEX signup_posts_guild_game ON signup_posts (guild_id, game_id);
-- The caller's newest game (the fallback in a DM): the user's seats newest first, instead
-- of all of them sorted.
DROP INDEX seats_user;
CREATE INDEX seats_user ON seats (user_id, game_id);
