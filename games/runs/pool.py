"""Many independent jobs, run here, on a local process pool, or on a Dask distributed scheduler.

:func:`run_jobs` is what ``wobbletop regress`` and ``wobbletop sweep`` share: it calls a
module-level function on each job and yields ``(index, result)`` as each finishes (any order),
with a progress bar on stderr (done, per second, time left). Where the jobs run:

* ``workers=1``: in this process, one after another (no start-up cost; a traceback is a bug);
* ``workers=N``: a local pool of ``N`` processes (``concurrent.futures``), each job built fresh
  in its worker, at most ``2 N`` jobs in flight. A worker that dies (a crash in C code, the
  out-of-memory killer) breaks the pool: the jobs that were in flight are then run again one at
  a time in a pool of their own, so the one that kills its worker alone is reported through
  ``lost(job, why)`` and the others give their results; the remaining jobs go on in a new pool;
* ``scheduler="ADDRESS"``: the same jobs sent to a running Dask distributed scheduler
  (``dask.distributed.Client(ADDRESS)``), so a lab's cluster runs them unchanged. Dask is an
  optional extra, imported only here and only then; without it the command says how to install
  it (:data:`DASK_MISSING`). A job whose worker dies is retried by Dask on another worker, and
  reported through ``lost`` once Dask gives up on it (``KilledWorker``). Losing the scheduler
  itself ends the run with a :class:`PoolError` (the results already yielded are kept).
  A scheduler with no worker is never waited on in silence: when none has connected after
  :data:`NOTICE_SECONDS`, one line on stderr says so (``waiting for workers on ADDRESS; none
  connected yet``), and after ``worker_wait`` seconds (:data:`WORKER_WAIT_SECONDS` unless
  given) the run gives up with a :class:`PoolError`, before any job is sent. The same watch
  goes on while the jobs run: a run whose workers have all gone (and whose jobs have stopped
  finishing) says so and gives up after the same wait.

Workers ignore Ctrl-C (the main process reports it once); leaving the generator early (Ctrl-C,
an error in the caller) terminates the local workers at once, and cancels the Dask jobs.
"""

from __future__ import annotations

import itertools
import signal
import sys
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

J = TypeVar("J")
R = TypeVar("R")
Results = Generator[tuple[int, R], None, None]

DASK_MISSING = (
    "--scheduler needs Dask, an optional extra: pip install -e '.[cluster]' "
    "(or pip install 'dask[distributed]')"
)
CONNECT_SECONDS = 10
WORKER_WAIT_SECONDS = 60.0  # how long a scheduler may have no worker before the run gives up
NOTICE_SECONDS = 2.0  # no worker after this long: one line on stderr says so
CHECK_SECONDS = 2.0  # while nothing finishes, how often the scheduler is asked for its workers
POLL_SECONDS = 0.1  # how often a run looks for finished jobs (as Dask's as_completed does)
DASK_IN_FLIGHT = 10_000  # jobs sent to a scheduler ahead of their results
CLOSE_SECONDS = 30  # closing the client
WORKER_DIED = "its worker process died while running it"


class PoolError(ValueError):
    """Jobs that cannot be started (bad worker count, no Dask, no scheduler); one line."""


def run_jobs(
    func: Callable[[J], R],
    jobs: Iterable[J],
    *,
    lost: Callable[[J, str], R],
    total: int | None = None,
    workers: int = 1,
    scheduler: str | None = None,
    worker_wait: float | None = None,
    progress: bool = False,
    unit: str = "job",
) -> Results[R]:
    """Yield ``(index into jobs, func(job))`` for every job as it finishes (see the module doc).

    ``jobs`` may be any iterable: it is read only as workers take jobs (at most ``2 N`` in
    flight locally, :data:`DASK_IN_FLIGHT` on a scheduler), so ten million jobs made one at a
    time start at once; ``total`` (else ``len(jobs)``) is the progress bar's length.

    ``func`` must be a module-level function (it is pickled by name) that returns a result for
    every job, failures included; ``lost(job, why)`` makes the result of a job whose worker died.
    A bad worker count, a missing Dask, an unreachable scheduler or one that has no worker for
    ``worker_wait`` seconds raise :class:`PoolError` here, before any job runs; a scheduler lost
    (or left without workers) on the way raises it from the iteration.
    """
    if workers < 1:
        raise PoolError(f"-j {workers}: allowed: a whole number of at least 1")
    count = total if total is not None else len(jobs)  # type: ignore[arg-type]
    source: Results[R]
    if scheduler is not None:
        wait = WORKER_WAIT_SECONDS if worker_wait is None else worker_wait
        source = _dask(func, jobs, scheduler, lost, wait)
    elif workers == 1:
        source = ((index, func(job)) for index, job in enumerate(jobs))
    else:
        source = _local(func, jobs, max(1, min(workers, count)), lost)
    return _counted(source, _progress_bar(count, progress, unit))


def _counted(source: Results[R], bar: Any) -> Results[R]:
    try:
        for item in source:
            yield item
            bar.update(1)
    finally:
        bar.close()
        source.close()  # stops the workers if the caller left early


def dask_client(address: str) -> Any:
    """A ``dask.distributed.Client`` connected to ``address``, or a one-line :class:`PoolError`."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise PoolError(DASK_MISSING) from None
    try:
        return Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as error:
        reason = " ".join(str(error).split()) or type(error).__name__
        raise PoolError(
            f"--scheduler {address}: cannot connect ({reason}); "
            "allowed: the address of a running dask scheduler, such as tcp://127.0.0.1:8786"
        ) from None


def _dask(
    func: Callable[[J], R],
    jobs: Iterable[J],
    address: str,
    lost: Callable[[J, str], R],
    worker_wait: float,
) -> Results[R]:
    # Both raise before the first job, so the caller sees a bad scheduler at once.
    client = dask_client(address)
    try:
        wait_for_a_worker(client, address, worker_wait)
    except BaseException:
        client.close(timeout=CLOSE_SECONDS)
        raise
    return _dask_results(client, address, func, jobs, lost, worker_wait)


def waiting_line(address: str, when: str = "yet") -> str:
    """The line on stderr while a scheduler has no worker."""
    return f"wobbletop: waiting for workers on {address}; none connected {when}"


def no_workers(address: str, seconds: float) -> str:
    """The :class:`PoolError` of a scheduler that had no worker for ``seconds``."""
    return (
        f"--scheduler {address}: no worker connected in {seconds:g} s; start one with "
        f"`dask worker {address}`, or wait longer with --worker-wait SECONDS"
    )


def wait_for_a_worker(client: Any, address: str, seconds: float) -> None:
    """Return once the scheduler has a running worker; one line on stderr if none has after
    :data:`NOTICE_SECONDS`, and a :class:`PoolError` if none has after ``seconds``."""
    from dask.distributed import TimeoutError as DaskTimeout

    started = time.monotonic()
    try:
        client.wait_for_workers(1, timeout=min(NOTICE_SECONDS, seconds))
        return
    except (TimeoutError, DaskTimeout):
        pass
    print(waiting_line(address), file=sys.stderr, flush=True)
    left = seconds - (time.monotonic() - started)
    if left > 0:
        try:
            client.wait_for_workers(1, timeout=left)
            return
        except (TimeoutError, DaskTimeout):
            pass
    raise PoolError(no_workers(address, seconds))


def _dask_results(
    client: Any,
    address: str,
    func: Callable[[J], R],
    jobs: Iterable[J],
    lost: Callable[[J, str], R],
    worker_wait: float,
) -> Results[R]:
    from dask.distributed import as_completed

    futures: dict[Any, tuple[int, J, Any]] = {}  # key: (position, job, future), in flight
    watch = _Watch(client, address, worker_wait)
    waiting = enumerate(jobs)
    try:
        done = as_completed()

        def send_more() -> None:
            if len(futures) > DASK_IN_FLIGHT // 2:
                return
            chunk = list(itertools.islice(waiting, DASK_IN_FLIGHT - len(futures)))
            if chunk:
                sent = client.map(func, [job for _, job in chunk], pure=False)
                for (position, job), future in zip(chunk, sent, strict=True):
                    futures[future.key] = (position, job, future)
                done.update(sent)

        send_more()
        while futures:
            batch = done.next_batch(block=False)
            if not batch:
                time.sleep(POLL_SECONDS)
                watch.waited()
                continue
            watch.saw_work()
            for future in batch:
                position, job, _ = futures.pop(future.key)
                try:
                    result = _result(future, watch)
                except PoolError:
                    raise
                except (KeyboardInterrupt, SystemExit, GeneratorExit):
                    raise
                except BaseException as error:  # a cancelled job's error is a BaseException
                    name = type(error).__name__
                    if name != "KilledWorker":  # the scheduler went away: nothing more will run
                        raise PoolError(
                            f"--scheduler {address}: lost the scheduler ({name})"
                        ) from None
                    result = lost(job, f"{WORKER_DIED} (KilledWorker)")  # Dask gave up
                yield position, result
                future.release()
            send_more()
    finally:
        if futures:
            client.cancel([future for _, _, future in futures.values()])
        client.close(timeout=CLOSE_SECONDS)


def _result(future: Any, watch: _Watch) -> Any:
    """``future.result()``, watching the workers while it waits: a finished job's result lives
    on its worker, and when that worker goes the job is run again, which needs a worker."""
    from dask.distributed import TimeoutError as DaskTimeout

    while True:
        try:
            return future.result(timeout=CHECK_SECONDS)
        except (TimeoutError, DaskTimeout):
            watch.waited()


class _Watch:
    """The workers of a scheduler a run is waiting on: :meth:`waited` (called while nothing
    arrives) asks for them every :data:`CHECK_SECONDS`, says once on stderr when there are
    none, and raises :class:`PoolError` when there have been none for ``worker_wait`` seconds."""

    def __init__(self, client: Any, address: str, worker_wait: float) -> None:
        self.client = client
        self.address = address
        self.worker_wait = worker_wait
        self.saw_work()

    def saw_work(self) -> None:
        """Something finished: there was a worker a moment ago."""
        self.seen = self.checked = time.monotonic()
        self.told = False

    def waited(self) -> None:
        now = time.monotonic()
        if now - self.checked < CHECK_SECONDS:
            return
        self.checked = now
        if self._workers():
            self.seen = now
            self.told = False
            return
        if not self.told:
            from tqdm import tqdm  # the progress bar may be on: write above it

            tqdm.write(waiting_line(self.address, "now"), file=sys.stderr)
            self.told = True
        if now - self.seen >= self.worker_wait:
            raise PoolError(no_workers(self.address, self.worker_wait))

    def _workers(self) -> int:
        try:
            return len(self.client.nthreads())
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as error:  # the scheduler cannot be asked: nothing more will run
            name = type(error).__name__
            raise PoolError(f"--scheduler {self.address}: lost the scheduler ({name})") from None


def _local(
    func: Callable[[J], R], jobs: Iterable[J], workers: int, lost: Callable[[J, str], R]
) -> Results[R]:
    waiting: Iterator[tuple[int, J]] = enumerate(jobs)
    retry: list[tuple[int, J]] = []  # never started when a pool broke: first into the next
    more = True
    while more or retry:
        suspects: list[tuple[int, J]] = []
        executor = ProcessPoolExecutor(workers, initializer=_ignore_interrupts)
        finished = False
        try:
            in_flight: dict[Future[R], tuple[int, J]] = {}
            while more or retry or in_flight:
                broken = False
                while len(in_flight) < 2 * workers:
                    if retry:
                        item = retry.pop()
                    else:
                        next_item = next(waiting, None)
                        if next_item is None:
                            more = False
                            break
                        item = next_item
                    try:
                        in_flight[executor.submit(func, item[1])] = item
                    except BrokenProcessPool:  # a worker died since the last look
                        retry.append(item)  # never started: it goes to the next pool
                        broken = True
                        break
                if broken:
                    suspects.extend(in_flight.values())
                    break
                if not in_flight:
                    break
                done, _ = wait(in_flight, return_when=FIRST_COMPLETED)
                for future in done:
                    item = in_flight.pop(future)
                    try:
                        result = future.result()
                    except BrokenProcessPool:
                        broken = True
                        suspects.append(item)
                        continue
                    yield item[0], result
                if broken:
                    suspects.extend(in_flight.values())
                    break
            finished = True
        finally:
            _stop(executor, finished)
        for position, job in sorted(suspects, key=lambda item: item[0]):
            yield position, _alone(func, job, lost)


def _alone(func: Callable[[J], R], job: J, lost: Callable[[J, str], R]) -> R:
    """Run one job in a pool of its own: its result, or ``lost`` if it kills its worker."""
    executor = ProcessPoolExecutor(1, initializer=_ignore_interrupts)
    finished = False
    try:
        try:
            result = executor.submit(func, job).result()
        except BrokenProcessPool:
            result = lost(job, WORKER_DIED)
        finished = True
        return result
    finally:
        _stop(executor, finished)


def _stop(executor: ProcessPoolExecutor, finished: bool) -> None:
    """Shut the pool down; unless it finished its work, end its workers at once."""
    if not finished:
        # No public way to end running workers before Python 3.14's terminate_workers().
        processes = getattr(executor, "_processes", None) or {}
        for process in list(processes.values()):
            if process.is_alive():
                process.terminate()
    executor.shutdown(wait=finished, cancel_futures=True)


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is the main process's to report; SIGTERM (how the pool stops its
    workers) and SIGHUP end the worker quietly, not through the command's handler."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)


def _progress_bar(total: int, enabled: bool, unit: str) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, unit=unit, file=sys.stderr, disable=not enabled, leave=False)
