"""Table screen latency: from the hub publishing something to that change being on 50 connected pages.

A real hub plays a game of bots (six seats, a short think each, so events come as at a lively table) with the
table screen's real server (Starlette on uvicorn, on loopback) watching it. 50 real websocket clients, in a
process of their own (so their work does not share the server's interpreter), each keep the time every line the
hub says arrives. For each line: the time from the hub's publish (stamped on the hub's thread, just before the
server is handed the event) to its arrival on the last of the 50 pages. Both processes read CLOCK_MONOTONIC.

Prints p95 and the sample count above the last line, `web_update_p50: N ms` (target: 50 ms or less on loopback).
Run: .venv/bin/python bench/web_latency.py [pages, default 50]
"""
import asyncio
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "host"))

from dicecup.hub.snapshot import Said  # noqa: E402
from dicecup.web.server import WebTable  # noqa: E402
from dicecup.web.shots import bots_table  # noqa: E402
from quickform import sized  # noqa: E402

PAGES = sized(50, 40)  # quick, still more than the server takes from one address
RULES = sized("dudo", "dudo dice=1")  # five dice each: a long game, a few hundred lines
BOTS = sized(6, 2)
THINK = 0.02        # seconds a bot takes per move (the hub's bot_delay)


def now() -> float:
    return time.clock_gettime(time.CLOCK_MONOTONIC)


class Stamped:
    """Stands before the server on the hub: notes when each line is published, then hands the event on."""

    def __init__(self, web):
        self.web = web
        self.said = []

    def __call__(self, item):
        if isinstance(item, Said):
            self.said.append(now())
        self.web(item)

    def close(self):
        self.web.close()


async def _pages(url: str, count: int):
    """The client side (its own process): `count` websocket pages; prints, per page, the arrival times of lines."""
    from websockets.asyncio.client import connect

    async def page(index):
        arrivals = []
        # Each page from an address of its own (loopback is all of 127/8), as each screen and phone is a device of
        # its own: the server takes at most 32 connections from one address.
        async with connect(url, max_queue=None, local_addr=(f"127.0.0.{2 + index}", 0)) as ws:
            ready.append(1)
            async for text in ws:  # the time first; only the start of the text is read (50 pages, one process)
                at = now()
                if text.startswith('{"type":"said"'):
                    arrivals.append(at)
                elif text.startswith('{"type":"won"'):
                    return arrivals
        return arrivals

    ready = []
    tasks = [asyncio.ensure_future(page(index)) for index in range(count)]
    while len(ready) < count:
        refused = next((task for task in tasks if task.done()), None)
        if refused is not None:  # a page that could not connect: no figure without every page
            raise SystemExit(f"web_latency: a page could not connect: {refused.exception()!r}")
        await asyncio.sleep(0.01)
    print("ready", flush=True)
    print(json.dumps(await asyncio.gather(*tasks)), flush=True)


def main(pages: int = PAGES):
    web = Stamped(WebTable().start())
    try:
        with bots_table(RULES, seed="latency", bots=BOTS, web=web, timeout=600) as (hub, _, runner):
            hub.bot_delay = THINK
            url = web.web.url.replace("http://", "ws://").replace("/t/", "/ws/")
            clients = subprocess.Popen([sys.executable, __file__, "--pages", url, str(pages)],
                                       stdout=subprocess.PIPE, text=True)
            try:
                if clients.stdout.readline().strip() != "ready":
                    raise SystemExit("web_latency: the pages did not all connect (why is above)")
                lines_before = len(web.said)   # said before every page was there (none, with bots not started)
                runner.start()
                arrivals = json.loads(clients.stdout.readline())
                clients.wait(60)
            finally:
                if clients.poll() is None:
                    clients.kill()
    finally:
        web.close()
    published = web.said[lines_before:]
    samples = []
    for k, at in enumerate(published):
        if all(len(page) > k for page in arrivals):
            samples.append((max(page[k] for page in arrivals) - at) * 1000)
    samples.sort()
    print(f"pages: {pages}, lines timed: {len(samples)} of {len(published)}")
    print(f"web_update_p95: {samples[int(len(samples) * 0.95)]:.1f} ms")
    print(f"web_update_p50: {statistics.median(samples):.1f} ms")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--pages":
        asyncio.run(_pages(sys.argv[2], int(sys.argv[3])))
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else PAGES)
