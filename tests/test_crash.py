"""Every acknowledged command survives SIGKILL at a random moment."""

import multiprocessing as mp
import os
import random
import signal
import time

from tracker.core.dungeon import AdvanceTurn, EnterDungeon
from tracker.service import Campaign

KILLS = 50


def _writer(saves, conn):
    """Dispatch commands forever; report each command id once it is durable."""
    c = Campaign.open(saves, "crash")
    n = 0
    while True:
        cid = f"{os.getpid()}-{n}"
        c.dispatch(AdvanceTurn(1 + n % 3), command_id=cid)
        conn.send(cid)  # acknowledged: dispatch returned, so it is committed
        n += 1


def test_sigkill_loses_no_acknowledged_command(saves):
    c = Campaign.create(saves, "crash", "dolmenwood", 3)
    c.dispatch(EnterDungeon("Deep"))
    c.close()
    ctx = mp.get_context("fork")
    rng = random.Random(1)
    acknowledged = []
    for _ in range(KILLS):
        recv, send = ctx.Pipe(duplex=False)
        p = ctx.Process(target=_writer, args=(saves, send))
        p.start()
        send.close()
        recv.poll(30)  # its first command is durable: a loaded machine starts slowly
        time.sleep(rng.uniform(0.005, 0.08))
        os.kill(p.pid, signal.SIGKILL)
        p.join()
        while True:
            try:
                acknowledged.append(recv.recv())
            except (EOFError, OSError):
                break
        recv.close()
    c = Campaign.open(saves, "crash")
    logged = {r[4] for r in c.store.rows()}
    assert len(acknowledged) >= KILLS, "the writer hardly got going"
    missing = [cid for cid in acknowledged if cid not in logged]
    assert not missing
    assert c.state.dungeon.turn > 0
    c.close()
