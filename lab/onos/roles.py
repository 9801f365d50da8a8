# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Waits out ONOS 2.7's second mastership round after P4Runtime switches connect.

ONOS's DeviceManager starts a 10 s timer each time it applies a role to a device and checks the
timers every 10 s. When a switch connects, the last MASTER it applies names the election id the
switch already has, so no arbitration answer comes back, the timer expires, and 10-20 s after
connecting ONOS relinquishes every such device and asks for it again ("Failed to assert role onto
device ... no response"): a new mastership term, the device's flows re-synchronised. A lab that
hands over before that sees tree installs land in the middle of it. The only record of a role
being applied is karaf.log, so the wait reads it: settled once no role was applied or given up
for longer than ONOS's timeout and check period together.
"""
import datetime
import re
import time

# DeviceManager's ROLE_TIMEOUT_SECONDS plus its role checker's period.
QUIET_SECONDS = 21.0
_ROLE_LINE = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d,\d{3}) .*"
                        r"(Local role is |Failed to assert role|Requesting new role)")


def last_role_change(lines):
    """The time of the last line in a karaf.log that applies or gives up a role, or None."""
    last = None
    for line in lines:
        match = _ROLE_LINE.match(line)
        if match:
            last = datetime.datetime.strptime(match.group(1), "%Y-%m-%dT%H:%M:%S,%f")
    return last


def wait_settled(log_path, timeout, quiet=QUIET_SECONDS, now=datetime.datetime.now, sleep=time.sleep):
    """Waits until karaf.log at log_path has applied no role for `quiet` seconds; returns the
    seconds waited. Gives up (returning them too) after `timeout` seconds: roles that keep changing
    are for the tests to see, not for the lab to hide."""
    started = now()
    last, offset = None, 0
    while True:
        # Only what karaf.log gained since the last look is read (it is megabytes by then).
        with open(log_path, "rb") as f:
            f.seek(offset)
            chunk = f.read()
        complete = chunk[:chunk.rfind(b"\n") + 1]
        offset += len(complete)
        last = last_role_change(complete.decode(errors="replace").splitlines()) or last
        current = now()
        waited = (current - started).total_seconds()
        if last is None or (current - last).total_seconds() >= quiet or waited >= timeout:
            return waited
        sleep(min(1.0, quiet - (current - last).total_seconds()))
