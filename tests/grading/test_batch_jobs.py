"""A large batch is checked by forked workers; the results are those of checking one by one."""

from __future__ import annotations

import os
import sys

import pytest

from tracer.grading.batch import MIN_FILES, jobs_for, map_in_order

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers fork on Linux only")


def test_results_come_back_in_order_from_the_workers():
    items = list(range(500))
    parent = os.getpid()
    seen = list(map_in_order(lambda n: (n * n, os.getpid() != parent), items, jobs=2))
    assert [square for square, _ in seen] == [n * n for n in items]
    assert any(in_worker for _, in_worker in seen)  # the workers did the work


def test_a_worker_that_dies_loses_no_item():
    parent = os.getpid()

    def fragile(n: int) -> int:
        if n == 137 and os.getpid() != parent:
            os._exit(1)  # a worker killed mid-batch
        return n + 1

    assert list(map_in_order(fragile, list(range(300)), jobs=2)) == list(range(1, 301))


def test_small_batches_and_tracer_jobs_1_stay_in_this_process(monkeypatch):
    monkeypatch.delenv("TRACER_JOBS", raising=False)
    assert jobs_for(MIN_FILES - 1) == 1
    monkeypatch.setenv("TRACER_JOBS", "1")
    assert jobs_for(10_000) == 1
    monkeypatch.setenv("TRACER_JOBS", "3")
    assert jobs_for(10_000) == 3


def test_the_workers_see_the_parent_s_objects_frozen_and_the_parent_gets_them_back():
    """What the workers inherit is out of their garbage collector's reach (it would copy every page it
    scans); the caller's own heap is collected as before once the batch is done, or given up."""
    import gc

    frozen_in_workers = list(map_in_order(lambda n: gc.get_freeze_count(), list(range(100)), jobs=2))
    assert min(frozen_in_workers) > 0
    assert gc.get_freeze_count() == 0
    stopped = map_in_order(lambda n: n, list(range(100)), jobs=2)
    next(stopped)
    stopped.close()  # a caller that stops reading
    assert gc.get_freeze_count() == 0


def test_workers_look_for_garbage_less_often_and_the_main_process_as_before():
    """Each file makes thousands of objects that live a moment: a worker's collector waits for
    WORKER_GC_THRESHOLD of them (issue 14), and the main process keeps its own setting."""
    import gc

    from tracer.grading.batch import WORKER_GC_THRESHOLD

    before = gc.get_threshold()
    parent = os.getpid()
    seen = list(map_in_order(lambda n: (gc.get_threshold(), os.getpid() != parent), list(range(200)), jobs=2))
    in_workers = [threshold for threshold, in_worker in seen if in_worker]
    assert in_workers and all(threshold == (WORKER_GC_THRESHOLD, *before[1:]) for threshold in in_workers)
    assert gc.get_threshold() == before and WORKER_GC_THRESHOLD > before[0]
