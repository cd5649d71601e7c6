#!/usr/bin/env python3
"""Measures how many idle room WebSockets (each past `hello`, as a watcher) `draughts serve`
holds and the memory of each, then whether /api/health still answers (issue 18; figures in
docs/api.md, "Limits"). The client needs N open files of its own.

    python3 tools/measure_websockets.py N          # DRAUGHTS_BIN: the binary (target/debug/draughts)
"""
import asyncio, subprocess, sys, time, os, re, json, tempfile, base64
BIN = os.environ.get("DRAUGHTS_BIN", "target/debug/draughts")
def rss(pid):
    s = open(f"/proc/{pid}/status").read()
    return int(re.search(r"VmRSS:\s+(\d+)", s).group(1))
def frame(text):
    b = text.encode(); mask = b"\x01\x02\x03\x04"
    return bytes([0x81, 0x80 | len(b)]) + mask + bytes(c ^ mask[i % 4] for i, c in enumerate(b))
async def ws(port, room, src):
    r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(src, 0))
    key = base64.b64encode(os.urandom(16)).decode()
    w.write(f"GET /ws/rooms/{room} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    await w.drain()
    head = await asyncio.wait_for(r.readuntil(b"\r\n\r\n"), 30)
    if b" 101 " not in head.split(b"\r\n")[0]:
        return None, head.split(b"\r\n")[0]
    w.write(frame('{"type":"hello","v":2,"join":false}')); await w.drain()
    first = await asyncio.wait_for(r.read(1), 30)
    if first != b"\x81":
        # A close frame (0x88): refused over a cap with code 1013.
        return None, "closed after the upgrade"
    return (r, w), None
async def main():
    n = int(sys.argv[1])
    db = tempfile.gettempdir() + "/draughts-measure-w.sqlite3"
    for f in [db, db + "-wal", db + "-shm"]:
        if os.path.exists(f): os.remove(f)
    p = subprocess.Popen([BIN, "serve", "--addr", "127.0.0.1:0", "--db", db, "--max-connections-per-address", "100000"], stdout=subprocess.PIPE, stderr=open(tempfile.gettempdir() + "/draughts-measure-ws.log", "w"))
    for line in p.stdout:
        line = line.decode()
        if line.startswith("Open http://"):
            port = int(line.strip().rstrip("/").rsplit(":", 1)[1]); break
    r, w = await asyncio.open_connection("127.0.0.1", port)
    w.write(b'POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 22\r\nConnection: close\r\n\r\n{"variant": "english"}'); await w.drain()
    room = json.loads((await r.read()).split(b"\r\n\r\n", 1)[1])["id"]
    time.sleep(0.3)
    base = rss(p.pid)
    held, refused = [], {}
    for i in range(0, n, 200):
        res = await asyncio.gather(*[ws(port, room, f"127.2.{1 + j // 250}.{1 + j % 250}") for j in range(i, min(n, i + 200))], return_exceptions=True)
        for x in res:
            if isinstance(x, Exception): refused[repr(x)[:50]] = refused.get(repr(x)[:50], 0) + 1
            elif x[0] is None: refused[x[1]] = refused.get(x[1], 0) + 1
            else: held.append(x[0])
    await asyncio.sleep(2)
    after = rss(p.pid)
    r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.9.9.9", 0))
    w.write(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"); await w.drain()
    h = await asyncio.wait_for(r.read(), 10)
    print(f"{len(held)} idle WebSockets held (after hello), others {refused}; RSS {base} -> {after} KiB, {(after-base)/max(1,len(held)):.1f} KiB each; health {h.split(b' ')[1].decode()}")
    p.terminate(); p.wait()
asyncio.run(main())
