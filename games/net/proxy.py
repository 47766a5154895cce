"""A TCP proxy on 127.0.0.1 that makes the loopback a slow, lossy network (tests, benchmarks).

Put between peers and a host (:class:`LossyProxy`), it delays what it carries, "loses" some of
it as TCP loses packets (they come late), and counts the bytes. Only for trying network play
on one machine: ``tests/net/test_net_proxy.py`` and ``scripts/bench_net.py``.
"""

from __future__ import annotations

import asyncio


class LossyProxy:
    """A TCP proxy on 127.0.0.1 that makes the loopback a slow, lossy network.

    Each chunk is held ``delay`` seconds each way (150 ms round trip for 0.075), and one in
    ``1 / loss`` is "lost": TCP, under WebSocket, sends a lost packet again, so the chunk (and,
    as TCP delivers in order, every chunk behind it) arrives ``resend`` seconds later. Packets
    that overtake each other are put back in order by TCP the same way; at the level a game
    sees, loss and reordering are this: late, bunched-up messages. The chances are seeded.
    """

    def __init__(self, target: str, *, delay: float = 0.075, loss: float = 0.05,
                 resend: float = 0.2, seed: int = 0) -> None:
        import random

        host, port = target.rsplit(":", 1)
        self.target = (host, int(port))
        self.delay, self.loss, self.resend = delay, loss, resend
        self.random = random.Random(seed)
        self.port = 0
        self.lost = 0
        self.chunks = 0
        self.bytes = 0  # carried, both ways

    async def start(self) -> asyncio.AbstractServer:
        server = await asyncio.start_server(self._pair, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        return server

    async def _pair(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self.target)
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer),
                             return_exceptions=True)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, chunk = await queue.get()
                await asyncio.sleep(max(0.0, due - loop.time()))
                if not chunk:
                    writer.close()
                    return
                writer.write(chunk)
                await writer.drain()

        sender = asyncio.create_task(deliver())
        last_due = 0.0
        try:
            while True:
                chunk = await reader.read(65536)
                due = loop.time() + self.delay
                if chunk:
                    self.chunks += 1
                    self.bytes += len(chunk)
                    if self.random.random() < self.loss:
                        self.lost += 1
                        due += self.resend
                last_due = max(last_due, due)  # in order, as TCP delivers
                queue.put_nowait((last_due, chunk))
                if not chunk:
                    break
            await sender
        finally:
            sender.cancel()
