#!/usr/bin/env bash
# The store's write statement alone, against pgbench -N, at the same concurrency (the performance round,
# target 2). `wolfjudge bench` measures the whole store at work: the commands, the deadline
# worker and the outbox's delivery sharing two cores with PostgreSQL. This harness asks
# how far the statement a command costs (`store::write`, a group of one: the seq move, an event, an outbox
# row, a deadline kept, the command's record, with the statement's other parts empty) is
# from the bound by itself: pgbench runs it with the same prepared protocol and clients.
# The event, message and record are of a typical vote's size (the bench's averages: an
# event body of 160-180 bytes, a command's record of 210).
#
# Usage: benches/write-shape.sh [clients] [seconds]   (DATABASE_URL's server; the result
# is written to target/write-shape.txt and printed).
set -euo pipefail
clients=${1:-16}
seconds=${2:-20}
export PGOPTIONS="-c client_min_messages=warning"
url=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
here=$(cd "$(dirname "$0")/.." && pwd)
pgbench=$(command -v pgbench || ls /usr/lib/postgresql/*/bin/pgbench | tail -1)
db=wolfjudge_write_shape_$$
base=${url%/*}
script=$(mktemp)
trap 'rm -f "$script"; for d in $db ${db}_pgb; do psql -q "$url" -c "DROP DATABASE IF EXISTS $d" >/dev/null 2>&1; done' EXIT
psql -q "$url" -c "CREATE DATABASE $db"
for m in "$here"/migrations/*.sql; do psql -q "$base/$db" -f "$m" >/dev/null; done
psql -q "$base/$db" -c "INSERT INTO games (key, ruleset, phase)
    SELECT 'g' || i, 'm32', 'day 1' FROM generate_series(1, 1000) i"
body='{"type":"voted","at":"2026-12-01T12:00:00Z","voter":3,"target":7,"day":2,"round":1,"reason":"he claimed seer too late and his story about night two does not add up at all"}'
text='Player 3 votes for 7: he claimed seer too late and his story about night two does not add up at all'
# The statement of src/store/statement.rs (`plans`, which `write` runs as a group of one),
# its parameters written in place. One liberty: pgbench cannot know a game's seq, so the
# seq moves by one from the row and the new rows take it from `moved` (the real statement
# checks the loaded seq and carries the new ones in its arrays).
cat >"$script" <<EOF
\set g random(1, 1000)
WITH v AS (SELECT * FROM UNNEST(ARRAY[:g]::BIGINT[], ARRAY[NULL]::TEXT[], ARRAY[NULL]::BOOL[],
                                ARRAY[NULL]::TEXT[], ARRAY[NULL]::TEXT[], ARRAY[NULL]::TIMESTAMPTZ[])
              AS v(id, phase, ended, fire_kind, fire_by, fire_due)),
 done AS (SELECT d.game_id FROM deadlines d JOIN v ON d.game_id = v.id
          AND d.kind = v.fire_kind AND d.due_at = v.fire_due WHERE d.fired_at IS NOT NULL),
 moved AS (UPDATE games SET seq = games.seq + 1, phase = COALESCE(v.phase, games.phase),
           ended = COALESCE(v.ended, games.ended)
    FROM v WHERE games.id = v.id AND v.id NOT IN (SELECT game_id FROM done)
    RETURNING games.id, games.seq),
 fd AS (UPDATE deadlines SET fired_at = now(), fired_by = v.fire_by
    FROM v JOIN moved ON moved.id = v.id
    WHERE deadlines.game_id = v.id AND deadlines.kind = v.fire_kind
        AND deadlines.due_at = v.fire_due AND deadlines.fired_at IS NULL
    RETURNING deadlines.game_id),
 ev AS (INSERT INTO events (game_id, seq, at, audience, kind, body)
    SELECT e.game_id, moved.seq, e.at, e.audience, e.kind, e.body
    FROM UNNEST(ARRAY[:g]::BIGINT[], ARRAY[now()]::TIMESTAMPTZ[], ARRAY['public']::TEXT[],
                ARRAY['voted']::TEXT[], ARRAY['$body']::JSONB[]) AS e(game_id, at, audience, kind, body)
    JOIN moved ON moved.id = e.game_id),
 ob AS (INSERT INTO outbox (game_id, event_seq, channel, body, nonce, meta)
    SELECT o.game_id, moved.seq, o.channel, o.body, 'g' || moved.id || '-e' || moved.seq || '-0', o.meta
    FROM UNNEST(ARRAY[:g]::BIGINT[], ARRAY['thread:1']::TEXT[], ARRAY['$text']::TEXT[],
                ARRAY[NULL]::JSONB[]) WITH ORDINALITY AS o(game_id, channel, body, meta, n)
    JOIN moved ON moved.id = o.game_id
    WHERE moved.seq IS NOT NULL
        OR o.game_id NOT IN (SELECT id FROM v WHERE fire_kind IS NOT NULL)
        OR o.game_id IN (SELECT game_id FROM fd)
    ORDER BY o.n ON CONFLICT (nonce) DO NOTHING),
 dl AS (INSERT INTO deadlines (game_id, kind, due_at)
    SELECT d.game_id, d.kind, d.due_at
    FROM UNNEST(ARRAY[:g]::BIGINT[], ARRAY['tick']::TEXT[], ARRAY['2026-12-02T12:00:00Z']::TIMESTAMPTZ[])
        AS d(game_id, kind, due_at)
    WHERE d.game_id IN (SELECT id FROM moved)
    ON CONFLICT DO NOTHING),
 pl AS (INSERT INTO players (game_id, seat, player, since, seq)
    SELECT p.game_id, p.seat, p.player, p.since, p.seq
    FROM UNNEST(ARRAY[]::BIGINT[], ARRAY[]::INT[], ARRAY[]::TEXT[], ARRAY[]::TIMESTAMPTZ[],
                ARRAY[]::BIGINT[]) AS p(game_id, seat, player, since, seq)
    WHERE p.game_id IN (SELECT id FROM moved)),
 sn AS (INSERT INTO snapshots (game_id, seq, state)
    SELECT s.game_id, s.seq, s.state
    FROM UNNEST(ARRAY[]::BIGINT[], ARRAY[]::BIGINT[], ARRAY[]::JSONB[]) AS s(game_id, seq, state)
    WHERE s.game_id IN (SELECT id FROM moved)
    ON CONFLICT DO NOTHING),
 cm AS (INSERT INTO commands (game_id, key, result, at, command)
    SELECT r.game_id, 'k' || moved.seq, r.result, r.at, r.command
    FROM UNNEST(ARRAY[:g]::BIGINT[], ARRAY['{"Accepted":{"first":1,"last":1}}']::JSONB[],
                ARRAY[now()]::TIMESTAMPTZ[],
                ARRAY['{"actor":3,"action":{"Vote":{"target":7,"reason":"he claimed seer too late"}}}']::JSONB[])
        AS r(game_id, result, at, command)
    JOIN moved ON moved.id = r.game_id)
 SELECT ARRAY(SELECT id FROM moved), ARRAY(SELECT game_id FROM fd), ARRAY(SELECT game_id FROM done);
EOF
run() { "$pgbench" -n -M prepared -c "$clients" -j 2 -T "$seconds" "$@" 2>&1 | grep -E '^(tps|latency average)'; }
psql -q "$url" -c "CREATE DATABASE ${db}_pgb"
"$pgbench" -i -q -s 10 "$base/${db}_pgb" >/dev/null 2>&1
write=$(run -f "$script" "$base/$db")
bound=$(run -N "$base/${db}_pgb")
tps() { sed -n 's/^tps = \([0-9.]*\).*/\1/p' <<<"$1"; }
ratio=$(python3 -c "print(round($(tps "$write") / $(tps "$bound"), 2))")
mkdir -p "$here/target"
{
    echo "clients $clients, $seconds s each"
    echo "store::write's statement alone: $(tr '\n' ' ' <<<"$write")"
    echo "pgbench -N (scale 10):          $(tr '\n' ' ' <<<"$bound")"
    echo "write statements/s ÷ pgbench -N tps: $ratio"
} | tee "$here/target/write-shape.txt"
