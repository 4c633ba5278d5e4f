#!/usr/bin/env bash
# Instructions per operation of the hot in-process paths (crates/store/benches/instructions.rs:
# an accepted vote, a day's close, a UNO move), counted by callgrind: a count that does not
# depend on the machine or what else runs on it. Each operation runs at N=1 and N=101
# repetitions; the difference over 100 is one operation, the setup cancelled out.
#
# Writes target/instructions.txt and compares it with benches/instructions.txt (the figures
# recorded in BENCHMARKS.md): fails when an operation costs more than 10% more than recorded.
# A check to run before a performance-sensitive change, not part of `cargo test`.
#
# Usage: benches/instructions.sh [--record]   (--record: write the figures as the new record)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
command -v valgrind >/dev/null || { echo "valgrind is needed (Debian: valgrind)" >&2; exit 2; }
bin=$(cargo build --release -p wolfjudge-store --bench instructions --message-format=json 2>/dev/null |
  python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "instructions" and m.get("executable"):
        print(m["executable"])')
[ -x "$bin" ] || { echo "the instructions bench did not build" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
count() { # op n -> total instructions
  valgrind --tool=callgrind --callgrind-out-file="$tmp/$1.$2" "$bin" "$1" "$2" >/dev/null 2>&1
  awk '/^(summary|totals):/ {print $2; exit}' "$tmp/$1.$2"
}
out=target/instructions.txt
mkdir -p target
{
  echo "# operation instructions_per_op ($(date -u +%F), $(rustc --version))"
  for op in vote close uno; do
    one=$(count "$op" 1)
    many=$(count "$op" 101)
    echo "$op $(( (many - one) / 100 ))"
  done
} >"$out"
cat "$out"
record=benches/instructions.txt
if [ "${1:-}" = "--record" ]; then
  cp "$out" "$record"
  echo "recorded in $record"
  exit 0
fi
[ -f "$record" ] || { echo "no record yet: run with --record" >&2; exit 2; }
fail=0
while read -r op now; do
  case "$op" in "#"*|"") continue ;; esac
  was=$(awk -v op="$op" '$1 == op {print $2}' "$record")
  [ -n "$was" ] || { echo "$op: not recorded"; continue; }
  ratio=$(awk -v a="$now" -v b="$was" 'BEGIN {printf "%.3f", a / b}')
  echo "$op: $now instructions, $ratio x the recorded $was"
  if awk -v r="$ratio" 'BEGIN {exit !(r > 1.10)}'; then
    echo "$op grew by more than 10%" >&2
    fail=1
  fi
done <"$out"
exit $fail
