#!/usr/bin/env bash
# A club night on `referee serve`, end to end (docs/serve.md, "A club night"): a server on a free
# port with a temporary folder; an event of 12 players each for themselves over 3 Swiss rounds and
# one of 8 pairs in a Mitchell on seeded boards; every table played through the HTTP API by the
# bots, round after round; one correction by the director; the night exported, its standings
# re-derived by `referee standings --check` and compared byte for byte, its records verified and
# its journal's chain checked. The server is stopped by its own process id. Exits 0 only if every
# step held. Needs curl and jq (scripts/setup.sh --tests).
#   bash scripts/demo-club-night.sh [path/to/referee]
set -euo pipefail

referee=$(realpath "${1:-build/cli/referee}")
folder=$(mktemp -d "${TMPDIR:-/tmp}/club-night.XXXXXX")
server_pid=""
stop_server() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid"
    wait "$server_pid" || true
  fi
  server_pid=""
}
finish() {
  status=$?
  stop_server
  rm -rf "$folder"
  if [ "$status" -eq 0 ]; then echo "demo: every step held"; else echo "demo: FAILED" >&2; fi
}
trap finish EXIT

step() { echo "demo: $*"; }

# --- the server, on any free port ------------------------------------------------------------
"$referee" serve --data "$folder/data" --port 0 --poll-seconds 2 >"$folder/serve.out" \
  2>"$folder/serve.err" &
server_pid=$!
for _ in $(seq 100); do
  grep -q "^referee: serving" "$folder/serve.out" 2>/dev/null && break
  sleep 0.05
done
url=$(grep -o 'http://[0-9.]*:[0-9]*' "$folder/serve.out")
port=${url##*:}
organiser=$(cat "$folder/data/organiser.token")
step "server at $url (pid $server_pid), data in $folder/data"

post() {  # post TOKEN PATH BODY: prints the reply, fails on a status other than 200/201
  local reply status
  reply=$(curl -sS -w '\n%{http_code}' -X POST -H "Authorization: Bearer $1" \
    -H 'Content-Type: application/json' --data "$3" "$url$2")
  status=${reply##*$'\n'}
  reply=${reply%$'\n'*}
  if [ "$status" != 200 ] && [ "$status" != 201 ]; then
    echo "demo: POST $2 answered $status: $reply" >&2
    return 1
  fi
  printf '%s\n' "$reply"
}

# --- the events -----------------------------------------------------------------------------
players=$(jq -n '[range(1; 13) | {id: ("p" + (if . < 10 then "0" else "" end) + (. | tostring))}]')
jq -n --argjson players "$players" '{
  id: "swiss", league: {format: "referee-league/1", name: "Friday Swiss", game: "collusion",
                        entrants: $players},
  schedule: {method: "swiss", seed: "friday-swiss-2026", planned_rounds: 3},
  table_header: {rules: {target: 40}}}' >"$folder/swiss.json"
post "$organiser" /events "$(cat "$folder/swiss.json")" >"$folder/swiss.reply"
step "event swiss: 12 players, 3 Swiss rounds"

pairs=$(jq -n '[range(1; 9) | ("q" + (. | tostring)) as $p |
  {id: $p, players: [($p + "a"), ($p + "b")]}]')
jq -n --argjson pairs "$pairs" '{
  id: "pairs", league: {format: "referee-league/1", name: "Friday Pairs", game: "plonk",
    entrants: [$pairs[].players[] | {id: .}], partnerships: $pairs,
    scheme: {name: "duplicate", directions: {NS: [$pairs[0:4][].id], EW: [$pairs[4:8][].id]}}},
  schedule: {method: "mitchell", seed: "friday-pairs-2026", planned_rounds: 3},
  table_header: {rules: {target: 150}}}' >"$folder/pairs.json"
post "$organiser" /events "$(cat "$folder/pairs.json")" >"$folder/pairs.reply"
step "event pairs: 8 pairs in a Mitchell of 4 tables on seeded boards"

# The links of the running events, for a person to open (the token is in the fragment).
step "links of event swiss (director, then two of the seats):"
jq -r --arg url "$url" '"  director: " + $url + .director.link,
  (.players | to_entries[0:2][] | "  " + .key + ": " + $url + .value.link)' "$folder/swiss.reply"

# --- the rounds, played by the bots ---------------------------------------------------------
play_event() {  # play_event ID ROUNDS
  local id=$1 rounds=$2 director round
  director=$(jq -r .director.token "$folder/$id.reply")
  for round in $(seq "$rounds"); do
    if [ "$round" -gt 1 ]; then
      post "$director" "/events/$id/rounds" "{\"expect\": $((round + 1))}" >/dev/null
    fi
    "$referee" event play --port "$port" "$id" "$folder/$id.reply" >"$folder/$id-r$round.played"
    step "$id round $round: $(wc -l <"$folder/$id-r$round.played") tables played to their end"
  done
}
play_event swiss 2
# The director's correction, between rounds: a penalty of one point, with its reason.
director=$(jq -r .director.token "$folder/swiss.reply")
post "$director" /events/swiss/acts \
  '{"act": "penalty", "entrant": "p03", "points": 1, "why": "a card exposed, law 50"}' >/dev/null
step "the director penalised p03 one point"
post "$director" /events/swiss/rounds '{"expect": 5}' >/dev/null
"$referee" event play --port "$port" swiss "$folder/swiss.reply" >/dev/null
step "swiss round 3 played"
play_event pairs 3

# --- the night, re-derived ------------------------------------------------------------------
for id in swiss pairs; do
  status=$(curl -sS "$url/events/$id" | jq -r .status)
  [ "$status" = over ] || { echo "demo: event $id is $status, not over" >&2; exit 1; }
  curl -sS "$url/events/$id/standings?format=json" >"$folder/$id-live.json"
  "$referee" event export --data "$folder/data" "$id" "$folder/$id-export" >/dev/null
  (cd "$folder/$id-export" && "$referee" standings league.yaml --check "$folder/$id-live.json")
  (cd "$folder/$id-export" && "$referee" standings league.yaml --format json) |
    cmp - "$folder/$id-live.json"
  "$referee" verify --quiet "$folder/$id-export/records"
  "$referee" event verify "$folder/data/events/$id.journal"
  step "event $id: the export's standings are the live ones, byte for byte; every record valid"
done
jq -r '.tables[] | select(.kind == "players") | .rows[0:3][] |
  "  " + (.rank | tostring) + ". " + .entrant + " " + (.points | tostring)' "$folder/swiss-live.json" || true

stop_server
step "server stopped"
