# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""What an ONOS instance that did not come up was doing: the ends of its logs and its JVM's
threads. A wait that fails prints it, so a failure on a machine whose folders are gone afterwards
(CI) still says where the boot stood."""
import os
import re
import subprocess

# The threads a Karaf boot moves forward in, in the order they matter to a stuck boot.
BOOT_THREADS = ("FelixStartLevel", "features-", "FelixDispatchQueue", "SCR Component Actor", "paxweb-", "main")
FRAMES = 8
COLOURS = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def without_colours(text):
    """Text without its terminal colour codes (Karaf's console and shell write them)."""
    return COLOURS.sub("", text)


def tail(path, lines):
    """The last lines of a text file without terminal colours, or a sentence saying it is not there."""
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - 64 * 1024))
            text = f.read().decode(errors="replace")
    except OSError as e:
        return [f"({os.path.basename(path)}: {e.strerror})"]
    kept = without_colours(text).splitlines()[-lines:]
    return kept or [f"({os.path.basename(path)}: empty)"]


def group_pids(pgid):
    """The processes of a process group, with their command names."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        # pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses.
        comm = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        if len(fields) > 2 and int(fields[2]) == pgid:
            found.append((int(entry), comm))
    return sorted(found)


def thread_dump(pid, java="java", timeout=60):
    """jcmd's Thread.print of a JVM (jcmd from the java that runs it), or None."""
    jcmd = os.path.join(os.path.dirname(java), "jcmd") if os.sep in java else "jcmd"
    try:
        out = subprocess.run([jcmd, str(pid), "Thread.print"], capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout if out.returncode == 0 and out.stdout.strip() else None


def boot_threads(dump, frames=FRAMES):
    """The boot's threads out of a thread dump: each one's header and its top frames."""
    kept = []
    for block in re.split(r"\n\s*\n", dump):
        lines = block.strip().splitlines()
        if not lines or not lines[0].startswith('"'):
            continue
        name = lines[0][1:lines[0].index('"', 1)] if '"' in lines[0][1:] else lines[0]
        if any(name.startswith(prefix) for prefix in BOOT_THREADS):
            kept.append([lines[0]] + [line.rstrip() for line in lines[1:1 + frames]])
    kept.sort(key=lambda t: next(i for i, p in enumerate(BOOT_THREADS) if t[0][1:].startswith(p)))
    return kept


def report(root, karaf_log, pgid, java="java", lines=12):
    """The ends of karaf.log and of Karaf's console output, and the boot threads of the instance's
    JVM (the whole dump kept in root/threads.txt)."""
    parts = ["karaf.log's last lines:"] + ["  " + line for line in tail(karaf_log, lines)]
    parts += ["Karaf's console output (karaf.out), last lines:"]
    parts += ["  " + line for line in tail(os.path.join(root, "karaf.out"), lines)]
    processes = group_pids(pgid) if pgid else []
    parts.append("processes of the instance: " + (", ".join(f"{pid} {comm}" for pid, comm in processes) or "none"))
    for pid, comm in processes:
        if comm != "java":
            continue
        dump = thread_dump(pid, java)
        if dump is None:
            parts.append(f"(no thread dump of {pid}: jcmd did not answer)")
            continue
        path = os.path.join(root, "threads.txt")
        with open(path, "w") as f:
            f.write(dump)
        parts.append(f"boot threads of JVM {pid} (whole dump: {path}):")
        for thread in boot_threads(dump):
            parts += ["  " + line for line in thread]
    return "\n".join(parts)
