#!/usr/bin/env python3
"""The Python example, slowed down: each request waits FLOWCHECK_EXAMPLE_DELAY seconds (default 0.05) before the
example answers it. The kit's interruption tests use it to stop a run that is waiting on an implementation."""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ["FLOWCHECK_EXAMPLE_NO_BATCH"] = "1"
import navigator  # noqa: E402

DELAY = float(os.environ.get("FLOWCHECK_EXAMPLE_DELAY", "0.05"))
original = navigator.handle


def slow(nav, request):
    if request.get("cmd") != "hello":
        time.sleep(DELAY)
    return original(nav, request)


navigator.handle = slow
navigator.main()
