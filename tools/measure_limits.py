#!/usr/bin/env python3
"""Measures `draughts serve` under hostile load (issue 18; figures in docs/api.md, "Limits"):
peak RSS and threads under 64 and 1,000 concurrent hint requests, then the memory of N idle TCP
connections and whether /api/health still answers. Clients spread over 127.0.0.0/8 source
addresses; the per-address cap is lifted so that the engine's bound is what is measured.

    python3 tools/measure_limits.py [N_IDLE]        # DRAUGHTS_BIN: the binary (target/debug/draughts)
"""
import asyncio, subprocess, sys, time, os, re, json, tempfile
BIN = os.environ.get("DRAUGHTS_BIN", "target/debug/draughts")

def rss(pid):
    s = open(f"/proc/{pid}/status").read()
    g = lambda k: int(re.search(k + r":\s+(\d+)", s).group(1))
    return g("VmRSS"), g("VmHWM"), g("Threads")

async def hint(addr, port, src):
    try:
        r, w = await asyncio.open_connection(addr, port, local_addr=(src, 0))
        body = b"{}"
        w.write(b"POST /api/games/international/hint HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n" + body)
        await w.drain()
        data = await asyncio.wait_for(r.read(), 120)
        w.close()
        return int(data.split(b" ")[1])
    except Exception as e:
        return repr(e)[:40]

async def main():
    db = tempfile.gettempdir() + "/draughts-measure-m.sqlite3"
    for f in [db, db + "-wal", db + "-shm"]:
        if os.path.exists(f): os.remove(f)
    p = subprocess.Popen([BIN, "serve", "--addr", "127.0.0.1:0", "--db", db, "--max-connections-per-address", "100000"], stdout=subprocess.PIPE, stderr=open(tempfile.gettempdir() + "/draughts-measure-serve.log", "w"))
    port = None
    for line in p.stdout:
        line = line.decode()
        if line.startswith("Open http://"):
            port = int(line.strip().rstrip("/").rsplit(":", 1)[1]); break
    time.sleep(0.5)
    print("start rss KiB, hwm, threads", rss(p.pid))
    for n in [64, 1000]:
        peak = [0, 0]
        async def sample():
            while True:
                r, h, t = rss(p.pid); peak[0] = max(peak[0], r); peak[1] = max(peak[1], t)
                await asyncio.sleep(0.02)
        s = asyncio.create_task(sample())
        t0 = time.time()
        res = await asyncio.gather(*[hint("127.0.0.1", port, f"127.0.{1 + i // 250}.{1 + i % 250}") for i in range(n)])
        s.cancel()
        counts = {}
        for x in res: counts[x] = counts.get(x, 0) + 1
        print(f"{n} concurrent hints: {counts}, peak RSS {peak[0]/1024:.1f} MiB, peak threads {peak[1]}, {time.time()-t0:.1f} s")
    # idle connections
    base = rss(p.pid)[0]
    conns = []
    want = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    for i in range(want):
        try:
            r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(f"127.1.{1 + i // 250}.{1 + i % 250}", 0))
            conns.append(w)
        except Exception as e:
            print("connect failed at", i, e); break
    await asyncio.sleep(2)
    after = rss(p.pid)[0]
    r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.9.9.9", 0))
    w.write(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"); await w.drain()
    h = await asyncio.wait_for(r.read(), 10)
    print(f"{len(conns)} idle connections: RSS {base} -> {after} KiB, {(after-base)/max(1,len(conns)):.1f} KiB each; health {h.split(b' ')[1].decode()}")
    print("log:", [l for l in open(tempfile.gettempdir() + '/draughts-measure-serve.log').read().splitlines() if 'limit' in l][:3])
    p.terminate(); p.wait()
asyncio.run(main())
