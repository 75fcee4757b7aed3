#!/usr/bin/env python3
"""The arbiters of the mixed soak (backend/web/bench/mixed_soak.sh): result entry through the
JSON API, several arbiters at once on the same round, spread over every instance.

Usage: mixed_soak_writers.py TOKEN TOURNAMENT ROUND DURATION WRITERS RATE OUT.json URL [URL ...]

Each writer (a thread, `WRITERS` of them, each on the instances in turn) enters a random result
(1-0, 0-1, 1/2-1/2, a pending result) for a random game of round ROUND at `RATE` results a second
in all, naming the version it last read; a `409` (another arbiter changed the game meanwhile) is
expected: it reads the game's current version from the answer and goes on. Any other answer but
`200`, or a failed connection, is an error. At the end it reads every game back and checks that
nothing was lost: each game's version grew by exactly the number of `200` answers it got, and its
result is the one of the `200` that gave the final version. Writes a JSON summary to OUT.json and
exits 1 on an error or a lost update. Python's standard library only.
"""

import http.client
import json
import random
import sys
import threading
import time
import urllib.parse


def request(conn, method, path, token, body=None):
    headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body)
        headers["Content-Type"] = "application/json"
    conn.request(method, path, body=data, headers=headers)
    answer = conn.getresponse()
    raw = answer.read()
    return answer.status, raw


def connect(url):
    u = urllib.parse.urlsplit(url)
    return http.client.HTTPConnection(u.hostname, u.port, timeout=30)


def main():
    token, tournament, rnd, duration, writers, rate, out = sys.argv[1:8]
    urls = sys.argv[8:]
    duration, writers, rate = float(duration), int(writers), float(rate)
    conn = connect(urls[0])
    status, raw = request(conn, "GET", f"/api/v1/tournaments/{tournament}/rounds/{rnd}", token)
    if status != 200:
        sys.exit(f"reading round {rnd}: {status} {raw[:300]!r}")
    games = json.loads(raw)["games"]
    initial = {g["id"]: g["version"] for g in games}
    lock = threading.Lock()
    # Per game: the number of 200 answers, and (version, codes) of each.
    wins = {g: [] for g in initial}
    latencies = []
    counts = {"ok": 0, "conflict": 0, "error": 0}
    errors = []
    results = [("1", "0"), ("0", "1"), ("=", "="), ("", "")]
    period = writers / rate
    stop_at = time.monotonic() + duration

    def writer(k):
        rng = random.Random(k)
        known = dict(initial)
        n = 0
        conns = [connect(u) for u in urls]
        next_at = time.monotonic() + rng.random() * period
        while True:
            now = time.monotonic()
            if now >= stop_at:
                break
            if next_at > now:
                time.sleep(next_at - now)
            next_at += period
            game = rng.choice(games)["id"]
            white, black = rng.choice(results)
            body = {"white": white, "black": black, "version": known[game]}
            c = conns[n % len(conns)]
            n += 1
            k_conn = (n - 1) % len(conns)
            t0 = time.perf_counter()
            try:
                try:
                    status, raw = request(c, "PUT", f"/api/v1/games/{game}/result", token, body)
                except http.client.RemoteDisconnected:
                    # The server closed the kept-alive connection before reading the request
                    # (its keep-alive timeout): nothing was done; again on a new connection.
                    t0 = time.perf_counter()
                    conns[k_conn] = c = connect(urls[k_conn])
                    status, raw = request(c, "PUT", f"/api/v1/games/{game}/result", token, body)
            except OSError as e:
                status, raw = None, str(e).encode()
                conns[k_conn] = connect(urls[k_conn])
            ms = (time.perf_counter() - t0) * 1000
            with lock:
                latencies.append(ms)
                if status == 200:
                    stored = json.loads(raw)
                    known[game] = stored["version"]
                    wins[game].append((stored["version"], white, black))
                    counts["ok"] += 1
                elif status == 409:
                    current = json.loads(raw)["current"]
                    known[game] = current["version"]
                    counts["conflict"] += 1
                else:
                    counts["error"] += 1
                    if len(errors) < 20:
                        errors.append(f"{status}: {raw[:300]!r}")

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    # Read every game back: nothing lost, nothing half-written.
    lost = []
    conn = connect(urls[0])
    status, raw = request(conn, "GET", f"/api/v1/tournaments/{tournament}/rounds/{rnd}", token)
    final = {g["id"]: g for g in json.loads(raw)["games"]}
    for game, got in wins.items():
        g = final[game]
        if g["version"] != initial[game] + len(got):
            lost.append(f"{game}: version {g['version']}, expected {initial[game]} + {len(got)}")
            continue
        if got:
            version, white, black = max(got)
            if version != g["version"]:
                lost.append(f"{game}: last answered version {version}, stored {g['version']}")
            want = {"1": "1", "0": "0", "=": "=", "": ""}
            if (g["white_code"], g["black_code"]) != (want[white], want[black]):
                lost.append(f"{game}: stored {g['white_code']}:{g['black_code']}, last answered {white}:{black}")
    latencies.sort()

    def pct(p):
        return latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))] if latencies else 0

    summary = {
        "writes": len(latencies),
        "ok": counts["ok"],
        "conflict": counts["conflict"],
        "error": counts["error"],
        "errors": errors,
        "lost": lost,
        "games": len(games),
        "p50_ms": round(pct(50), 2),
        "p99_ms": round(pct(99), 2),
        "max_ms": round(latencies[-1], 2) if latencies else 0,
    }
    with open(out, "w") as f:
        json.dump(summary, f, indent=1)
    sys.exit(1 if counts["error"] or lost else 0)


if __name__ == "__main__":
    main()
