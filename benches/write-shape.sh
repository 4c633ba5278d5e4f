#!/usr/bin/env bash
# The store's write statement alone, against pgbench -N, at the same concurrency (issue 19,
# target 2). `wolfjudge bench` measures the whole store at work: the commands, the deadline
# worker and the outbox's delivery sharing two cores with PostgreSQL. This harness asks
# how far the statement a command costs (`store::write`: the seq move, an event, an outbox
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
# The statement of src/store/mod.rs's `write`, its parameters written in place.
cat >"$script" <<EOF
\set g random(1, 1000)
WITH done AS (SELECT 1 FROM deadlines WHERE game_id = :g AND kind = NULL::TEXT
        AND due_at = NULL::TIMESTAMPTZ AND fired_at IS NOT NULL),
 moved AS (UPDATE games SET seq = seq + 1, phase = COALESCE(NULL, phase), ended = COALESCE(NULL, ended)
    WHERE id = :g AND NOT EXISTS (SELECT 1 FROM done) RETURNING id, seq),
 fd AS (UPDATE deadlines SET fired_at = now(), fired_by = NULL FROM moved
    WHERE deadlines.game_id = moved.id AND deadlines.kind = NULL::TEXT
        AND deadlines.due_at = NULL::TIMESTAMPTZ AND deadlines.fired_at IS NULL RETURNING 1),
 ev AS (INSERT INTO events (game_id, seq, at, audience, kind, body)
    SELECT moved.id, moved.seq, e.at, e.audience, e.kind, e.body FROM moved,
        UNNEST(ARRAY[now()]::TIMESTAMPTZ[], ARRAY['public']::TEXT[], ARRAY['voted']::TEXT[],
               ARRAY['$body']::JSONB[]) AS e(at, audience, kind, body)),
 ob AS (INSERT INTO outbox (game_id, event_seq, channel, body, nonce, meta)
    SELECT moved.id, moved.seq, o.channel, o.body, 'g' || moved.id || '-e' || moved.seq || '-0', o.meta
    FROM moved, UNNEST(ARRAY['thread:1']::TEXT[], ARRAY['$text']::TEXT[], ARRAY[NULL]::JSONB[])
        WITH ORDINALITY AS o(channel, body, meta, n)
    ORDER BY o.n ON CONFLICT (nonce) DO NOTHING),
 dl AS (INSERT INTO deadlines (game_id, kind, due_at)
    SELECT moved.id, d.kind, d.due_at FROM moved,
        UNNEST(ARRAY['tick']::TEXT[], ARRAY['2026-12-02T12:00:00Z']::TIMESTAMPTZ[]) AS d(kind, due_at)
    ON CONFLICT DO NOTHING),
 pl AS (INSERT INTO players (game_id, seat, player, since, seq)
    SELECT moved.id, p.seat, p.player, p.since, p.seq FROM moved,
        UNNEST(ARRAY[]::INT[], ARRAY[]::TEXT[], ARRAY[]::TIMESTAMPTZ[], ARRAY[]::BIGINT[])
        AS p(seat, player, since, seq)),
 sn AS (INSERT INTO snapshots (game_id, seq, state)
    SELECT moved.id, moved.seq, NULL::JSONB FROM moved WHERE NULL::JSONB IS NOT NULL
    ON CONFLICT DO NOTHING),
 cm AS (INSERT INTO commands (game_id, key, result, at, command)
    SELECT moved.id, 'k' || moved.seq, '{"Accepted":{"first":1,"last":1}}'::JSONB, now(),
        '{"actor":3,"action":{"Vote":{"target":7,"reason":"he claimed seer too late"}}}'::JSONB
    FROM moved)
 SELECT (SELECT count(*) FROM moved), (SELECT count(*) FROM fd), (SELECT count(*) FROM done);
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
