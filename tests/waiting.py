"""Waiting in tests: for a condition with a generous bound, never for a fixed time.

A busy machine (CI, two cores shared with other jobs) can be ten times slower than an idle
one, so a test that sleeps "long enough" before it acts is wrong there. Instead:

* :func:`wait_until` polls a condition until it holds, and fails naming ``what`` it waited
  for after ``timeout`` seconds (:data:`WAIT_SECONDS`, two minutes, unless told): the bound
  is there so nothing hangs, not to be reached. Given the ``process`` the condition waits on,
  it fails at once, with the process's output, if the process ends first.
* :func:`finish` waits (bounded) for a process to end on its own, as after a signal.
* :func:`stop_group` kills a child started with ``start_new_session=True`` and everything in
  its process group (its workers), and reaps it. The ``spawn`` fixture in ``tests/conftest.py``
  calls it after every test, passed or failed, so no test leaves a process running.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Callable

import pytest

Spawn = Callable[..., "subprocess.Popen[str]"]  # the ``spawn`` fixture's type

WAIT_SECONDS = 120.0
POLL_SECONDS = 0.02


def wait_until(
    predicate: Callable[[], bool],
    what: str,
    *,
    timeout: float = WAIT_SECONDS,
    process: subprocess.Popen[str] | None = None,
) -> None:
    """Return as soon as ``predicate()`` is true; fail after ``timeout`` seconds, or as soon as
    ``process`` (if given) has ended, naming ``what`` was awaited."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if process is not None and process.poll() is not None:
            out, err = process.communicate()
            pytest.fail(
                f"the process ended (exit code {process.returncode}) before {what}\n"
                f"stdout: {out}\nstderr: {err}"
            )
        if time.monotonic() > deadline:
            pytest.fail(f"not within {timeout:g} s: {what}")
        time.sleep(POLL_SECONDS)


def finish(
    process: subprocess.Popen[str], what: str, *, timeout: float = WAIT_SECONDS
) -> tuple[str, str]:
    """Wait (bounded) for ``process`` to end; its stdout and stderr. Fails naming ``what`` it
    should have done (the ``spawn`` fixture kills its process group on the way out)."""
    try:
        return process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"not within {timeout:g} s: {what}")


def stop_group(process: subprocess.Popen[str]) -> None:
    """Kill ``process`` and its process group (it must lead one: ``start_new_session=True``)
    if anything of it still runs, then reap it. Safe to call on a process that has ended."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.communicate(timeout=WAIT_SECONDS)
