#!/usr/bin/env bash
# Two doodle-server nodes (DOODLE_NODES=N for more) on one throwaway PostgreSQL cluster, `doodle-load --servers` against
# them, then (when doodle-pair-hop-bench is built) pair uploads sent to the node hosting the
# pair's room and to the other one, which hands them over LISTEN/NOTIFY, short and past a
# NOTIFY's 8,000 bytes; then what the room directory cost: each directory statement's calls and
# mean execution time from pg_stat_statements, and a pgbench run of one room's directory statements (claim,
# three seats, a lookup of each kind, release) for their round-trip latency on this machine.
#
#   bash LoadTests/scripts/cluster-on-postgres.sh [BUILD_FOLDER] [DOODLE-LOAD FLAG...]
#
# BUILD_FOLDER defaults to .build/release (doodle-server and doodle-load must be built there);
# the flags default to `--rooms 10 --players 4 --window 10 --warmup 3`. Needs PostgreSQL's
# server binaries (bash .ci/setup installs them). Everything is removed afterwards.
set -euo pipefail

build="${1:-.build/release}"
shift || true
load_flags=("$@")
[ ${#load_flags[@]} -gt 0 ] || load_flags=(--rooms 10 --players 4 --window 10 --warmup 3)
for tool in doodle-server doodle-load; do
  [ -x "$build/$tool" ] || { echo "cluster-on-postgres: $build/$tool is not built" >&2; exit 1; }
done
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
[ -x "$bin/initdb" ] || { echo "cluster-on-postgres: no PostgreSQL server (run: bash .ci/setup)" >&2; exit 1; }

scratch="$(mktemp -d "${TMPDIR:-/tmp}/doodle-cluster.XXXXXX")"
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres: "$scratch"
  as_owner=(runuser -u postgres --)
fi
node_pids=()
cleanup() {
  status=$?
  for pid in "${node_pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${node_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  "${as_owner[@]}" "$bin/pg_ctl" -D "$scratch/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$scratch"
  exit "$status"
}
trap cleanup EXIT

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

"${as_owner[@]}" "$bin/initdb" -D "$scratch/data" --username=postgres --auth=trust --encoding=UTF8 --locale=C >"$scratch/initdb.log"
pg_port="$(free_port)"
"${as_owner[@]}" "$bin/pg_ctl" -D "$scratch/data" -l "$scratch/server.log" -w -o \
  "-c listen_addresses=127.0.0.1 -p $pg_port -k $scratch -c shared_preload_libraries=pg_stat_statements" start >/dev/null
psql=("$bin/psql" -X -q -h 127.0.0.1 -p "$pg_port" -U postgres)
"${psql[@]}" -d postgres -c "CREATE DATABASE doodle"
"${psql[@]}" -d doodle -c "CREATE EXTENSION pg_stat_statements"
database="postgres://postgres@127.0.0.1:$pg_port/doodle?sslmode=disable"

# Every load client is on 127.0.0.1: the nodes run on GameRules with the per-address connection
# limit (20, for strangers on the internet) raised, as doodle-load does for the servers it starts.
rules="$scratch/GameRules"
python3 - "$PWD/GameRules" "$rules" <<'PY'
import json, os, sys
source, target = sys.argv[1], sys.argv[2]
os.makedirs(target)
for linked in ("words", "blocklists"):
    if os.path.isdir(os.path.join(source, linked)):
        os.symlink(os.path.join(source, linked), os.path.join(target, linked))
with open(os.path.join(source, "rules.json")) as f:
    rules = json.load(f)
rules.setdefault("limits", {})["connectionsPerAddress"] = 1000000
with open(os.path.join(target, "rules.json"), "w") as f:
    json.dump(rules, f)
PY

urls=()
node_count="${DOODLE_NODES:-2}"
[[ "$node_count" =~ ^[2-9]$ ]] || { echo "cluster-on-postgres: DOODLE_NODES must be 2–9" >&2; exit 1; }
for name in $(seq "$node_count"); do
  port="$(free_port)"
  "$build/doodle-server" --database "$database" --port "$port" --node-url "ws://127.0.0.1:$port/v1/ws" \
    --rules "$rules" --log-level warning >"$scratch/node-$name.log" 2>&1 &
  node_pids+=($!)
  urls+=("ws://127.0.0.1:$port/v1/ws")
  for _ in $(seq 100); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 0.2)" 2>/dev/null && break
    sleep 0.1
  done
done
servers="$(IFS=,; echo "${urls[*]}")"
# A node takes rooms once it has joined the cluster (its lease is in cluster_node), a moment
# after its port opens.
for _ in $(seq 100); do
  joined="$("${psql[@]}" -d doodle -t -A -c "SELECT count(*) FROM cluster_node WHERE expires_at > now()")"
  [ "$joined" -eq "$node_count" ] && break
  sleep 0.1
done
[ "$joined" -eq "$node_count" ] || { echo "cluster-on-postgres: only $joined of $node_count nodes joined the cluster" >&2; exit 1; }
"${psql[@]}" -d doodle -c "SELECT pg_stat_statements_reset()" >/dev/null

echo "== doodle-load --servers $servers ${load_flags[*]}"
"$build/doodle-load" --servers "$servers" "${load_flags[@]}"

if [ -x "$build/doodle-pair-hop-bench" ]; then
  for points in 2 3000; do
    echo "== doodle-pair-hop-bench --servers ${urls[0]},${urls[1]} --points $points (uploads handed over LISTEN/NOTIFY)"
    "$build/doodle-pair-hop-bench" --servers "${urls[0]},${urls[1]}" --points "$points" --uploads 300
  done
fi

echo "== room directory statements during the run (pg_stat_statements; server-side execution time)"
"${psql[@]}" -d doodle -c "
  SELECT calls, round(mean_exec_time::numeric, 3) AS mean_ms, round(max_exec_time::numeric, 3) AS max_ms,
         left(regexp_replace(query, '\s+', ' ', 'g'), 70) AS statement
  FROM pg_stat_statements
  WHERE query ~ '(cluster_node|room_directory|seat_directory)' AND query !~ '^(CREATE|SELECT pg_)'
  ORDER BY calls DESC"

echo "== one room's directory statements, round trips from pgbench (4 clients, 10 s)"
"${psql[@]}" -d doodle -c \
  "INSERT INTO cluster_node (id, url, expires_at) VALUES ('n_bench', 'ws://bench/v1/ws', now() + interval '1 hour')"
cat >"$scratch/room.sql" <<'SQL'
\set room random(1, 1000000000)
INSERT INTO room_directory AS d (code, node_id) SELECT 'B' || :room, 'n_bench' WHERE EXISTS (SELECT 1 FROM cluster_node WHERE id = 'n_bench' AND expires_at > now()) ON CONFLICT (code) DO UPDATE SET node_id = EXCLUDED.node_id, claimed_at = now() WHERE NOT EXISTS (SELECT 1 FROM cluster_node n WHERE n.id = d.node_id AND n.expires_at > now()) RETURNING node_id;
INSERT INTO seat_directory (player_id, code, node_id) SELECT 'p1_' || :room, 'B' || :room, 'n_bench' WHERE EXISTS (SELECT 1 FROM room_directory WHERE code = 'B' || :room AND node_id = 'n_bench') ON CONFLICT (player_id) DO UPDATE SET code = EXCLUDED.code, node_id = EXCLUDED.node_id;
INSERT INTO seat_directory (player_id, code, node_id) SELECT 'p2_' || :room, 'B' || :room, 'n_bench' WHERE EXISTS (SELECT 1 FROM room_directory WHERE code = 'B' || :room AND node_id = 'n_bench') ON CONFLICT (player_id) DO UPDATE SET code = EXCLUDED.code, node_id = EXCLUDED.node_id;
INSERT INTO seat_directory (player_id, code, node_id) SELECT 'p3_' || :room, 'B' || :room, 'n_bench' WHERE EXISTS (SELECT 1 FROM room_directory WHERE code = 'B' || :room AND node_id = 'n_bench') ON CONFLICT (player_id) DO UPDATE SET code = EXCLUDED.code, node_id = EXCLUDED.node_id;
SELECT n.id, n.url FROM room_directory d JOIN cluster_node n ON n.id = d.node_id WHERE d.code = 'B' || :room AND n.expires_at > now();
SELECT s.code, n.id, n.url FROM seat_directory s JOIN room_directory d ON d.code = s.code AND d.node_id = s.node_id JOIN cluster_node n ON n.id = s.node_id WHERE s.player_id = 'p1_' || :room AND n.expires_at > now();
DELETE FROM seat_directory WHERE player_id = 'p3_' || :room AND code = 'B' || :room AND node_id = 'n_bench';
DELETE FROM room_directory WHERE code = 'B' || :room AND node_id = 'n_bench';
SQL
"$bin/pgbench" -n -r -c 4 -j 2 -T 10 -f "$scratch/room.sql" -h 127.0.0.1 -p "$pg_port" -U postgres doodle 2>&1 |
  grep -E "tps|latency average|^ +[0-9.]+ +[0-9]+ +(INSERT|SELECT|DELETE)" | sed -E 's/(.{150}).*/\1…/'
