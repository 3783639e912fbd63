#!/usr/bin/env python3
"""The Python example with a hang: a navigate command on a stack of FLOWCHECK_EXAMPLE_HANG_DEPTH entries or more
(default 5) never answers. The kit's interruption tests stop a run while it shrinks or describes such a hang."""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ["FLOWCHECK_EXAMPLE_NO_BATCH"] = "1"
import navigator  # noqa: E402

DEPTH = int(os.environ.get("FLOWCHECK_EXAMPLE_HANG_DEPTH", "5"))
original = navigator.handle


def hanging(nav, request):
    if request.get("cmd") == "navigate" and len(nav.stack) >= DEPTH:
        time.sleep(3600)
    return original(nav, request)


navigator.handle = hanging
navigator.main()
