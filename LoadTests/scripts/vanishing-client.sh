#!/usr/bin/env bash
# A client that vanishes without FIN or RST (its packets dropped) must lose its connection
# within the idle timeout and its seat after the reconnect grace, while its room goes on.
# Needs root: two network namespaces joined by a veth pair whose client end is taken down;
# no traffic leaves them. Usage: bash LoadTests/scripts/vanishing-client.sh [path/to/doodle-server]
set -euo pipefail
cd "$(dirname "$0")/../.."
server=${1:-.build/debug/doodle-server}
[ -x "$server" ] || { echo "vanishing-client: build the server first (swift build), or pass its path" >&2; exit 1; }
python3 -c "import websockets" 2>/dev/null || pip install --quiet websockets

idle=10 grace=5
scratch=$(mktemp -d)
ns="doodle-vanish-$$"
cleanup() {
  for side in server client; do
    ip netns pids "$ns-$side" 2>/dev/null | xargs -r kill 2>/dev/null || true
    ip netns del "$ns-$side" 2>/dev/null || true
  done
  rm -rf "$scratch"
}
trap cleanup EXIT

# The shipped rules with a shorter idle timeout and grace, so the run takes seconds, not minutes.
cp -r GameRules "$scratch/GameRules"
python3 - "$scratch/GameRules/rules.json" "$idle" "$grace" <<'PY'
import json, sys
path, idle, grace = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rules = json.load(open(path))
rules["timing"].update(idleTimeoutSeconds=idle, pingIntervalSeconds=2, reconnectGraceSeconds=grace)
json.dump(rules, open(path, "w"))
PY

# The server's namespace and the client's, joined by one veth pair on 127.77.0.0/24 (a
# loopback-range subnet that exists only between these two namespaces).
ip netns add "$ns-server"
ip netns add "$ns-client"
ip link add "vs$$" type veth peer name "vc$$"
ip link set "vs$$" netns "$ns-server"
ip link set "vc$$" netns "$ns-client"
for side in server client; do
  ip netns exec "$ns-$side" sysctl -qw net.ipv4.conf.all.route_localnet=1
  ip netns exec "$ns-$side" ip link set lo up
done
ip netns exec "$ns-server" ip addr add 127.77.0.1/24 dev "vs$$"
ip netns exec "$ns-client" ip addr add 127.77.0.2/24 dev "vc$$"
ip netns exec "$ns-server" ip link set "vs$$" up
ip netns exec "$ns-client" ip link set "vc$$" up

host=127.77.0.1 port=18099
ip netns exec "$ns-server" "$server" --host "$host" --port "$port" --rules "$scratch/GameRules" \
  --database "$scratch/doodle.sqlite" --log-level warning &
for _ in $(seq 100); do
  ip netns exec "$ns-server" python3 -c "import socket; socket.create_connection(('$host', $port), 0.2)" 2>/dev/null && break
  sleep 0.1
done
probe=LoadTests/scripts/vanishing_client_probe.py
ip netns exec "$ns-client" python3 "$probe" bob "$host" "$port" "$scratch/code" &
ip netns exec "$ns-server" python3 "$probe" ada "$host" "$port" "$idle" "$grace" "$scratch/code" \
  ip -n "$ns-client" link set "vc$$" down
