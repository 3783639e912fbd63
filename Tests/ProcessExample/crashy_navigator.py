#!/usr/bin/env python3
"""The Python example, crashing: after FLOWCHECK_EXAMPLE_CRASH_AFTER requests (default 500) a process kills itself
with SIGSEGV, as an SDK with a memory bug would. The kit's tests use it to check that a crash while shrinking keeps
the failure already found."""
import os
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ["FLOWCHECK_EXAMPLE_NO_BATCH"] = "1"
import navigator  # noqa: E402

LIMIT = int(os.environ.get("FLOWCHECK_EXAMPLE_CRASH_AFTER", "500"))
original = navigator.handle
count = 0


def crashy(nav, request):
    global count
    count += 1
    if count > LIMIT:
        os.kill(os.getpid(), signal.SIGSEGV)
    return original(nav, request)


navigator.handle = crashy
navigator.main()
