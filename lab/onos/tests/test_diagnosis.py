# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""What a failed wait reports of an instance: its logs' ends, its processes, its JVM's boot threads."""
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import diagnosis  # noqa: E402

DUMP = '''2026-12-01 14:20:00
Full thread dump OpenJDK 64-Bit Server VM (17.0.13+11-Debian-2deb12u1 mixed mode, sharing):

"main" #1 prio=5 os_prio=0 cpu=1.00ms elapsed=60.00s tid=0x1 nid=0x2 waiting on condition
   java.lang.Thread.State: TIMED_WAITING (sleeping)
\tat java.lang.Thread.sleep(java.base@17.0.13/Native Method)
\tat org.apache.karaf.main.Main.awaitShutdown(Main.java:600)

"Reference Handler" #2 daemon prio=10 os_prio=0 tid=0x3 nid=0x4 waiting on condition
   java.lang.Thread.State: RUNNABLE
\tat java.lang.ref.Reference.waitForReferencePendingList(java.base@17.0.13/Native Method)

"FelixStartLevel" #20 daemon prio=5 os_prio=0 tid=0x5 nid=0x6 in Object.wait()
   java.lang.Thread.State: WAITING (on object monitor)
\tat java.lang.Object.wait(java.base@17.0.13/Native Method)
\tat org.apache.felix.framework.StatefulResolver.acquireGlobalLock(StatefulResolver.java:100)
'''


class BootThreadsTest(unittest.TestCase):
    def test_the_boot_threads_are_kept_in_order_with_their_top_frames(self):
        threads = diagnosis.boot_threads(DUMP, frames=3)
        self.assertEqual(['"FelixStartLevel"', '"main"'], [t[0].split()[0] for t in threads])
        self.assertIn("acquireGlobalLock", threads[0][3])
        self.assertEqual(4, len(threads[0]))   # the header, the state, two frames

    def test_a_dump_without_threads_gives_none(self):
        self.assertEqual([], diagnosis.boot_threads("jcmd: no such process"))


class TailTest(unittest.TestCase):
    def test_tail_says_what_is_missing_or_empty(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.assertIn("No such file", diagnosis.tail(os.path.join(tmp, "karaf.log"), 5)[0])
            path = os.path.join(tmp, "karaf.out")
            open(path, "w").close()
            self.assertEqual(["(karaf.out: empty)"], diagnosis.tail(path, 5))
            with open(path, "w") as f:
                f.write("".join(f"line {i}\n" for i in range(100)))
            self.assertEqual(["line 98", "line 99"], diagnosis.tail(path, 2))
            with open(path, "w") as f:
                f.write("\x1b[90m14:20:17.737\x1b[0m \x1b[1;32mINFO \x1b[m Started\n")
            self.assertEqual(["14:20:17.737 INFO  Started"], diagnosis.tail(path, 2))


class ReportTest(unittest.TestCase):
    def test_a_report_names_the_group_s_processes_and_the_logs_ends(self):
        with tempfile.TemporaryDirectory() as tmp:
            karaf = os.path.join(tmp, "karaf")
            os.makedirs(os.path.join(karaf, "data", "log"))
            with open(os.path.join(karaf, "data", "log", "karaf.log"), "w") as f:
                f.write("INFO | the last word\n")
            sleeper = subprocess.Popen(["sleep", "30"], start_new_session=True)
            try:
                text = diagnosis.report(tmp, os.path.join(karaf, "data", "log", "karaf.log"), sleeper.pid)
            finally:
                sleeper.kill()
                sleeper.wait()
        self.assertIn("the last word", text)
        self.assertIn("(karaf.out: No such file or directory)", text)
        self.assertIn(f"{sleeper.pid} sleep", text)


if __name__ == "__main__":
    unittest.main()
