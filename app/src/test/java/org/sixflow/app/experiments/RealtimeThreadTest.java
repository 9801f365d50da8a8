// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The sending thread is put under SCHED_FIFO by its own id and back under the normal scheduler
 * afterwards; whatever goes wrong leaves it as it was and says why. A /proc of links in a
 * temporary folder and recorded commands stand in for the system; the last test asks this
 * machine's own /proc.
 */
public class RealtimeThreadTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private final List<List<String>> ran = new ArrayList<>();

    private Path threadSelf(String target) throws IOException {
        Path link = folder.getRoot().toPath().resolve("thread-self");
        Files.createSymbolicLink(link, Paths.get(target));
        return link;
    }

    private RealtimeThread.Commands answering(int status, String output) {
        return command -> {
            ran.add(command);
            return new RealtimeThread.Result(status, output);
        };
    }

    @Test
    public void theThreadIsRaisedByItsIdAndPutBackWhenClosed() throws IOException {
        RealtimeThread threads = new RealtimeThread(threadSelf("4242/task/4250"), answering(0, ""));
        try (RealtimeThread.Raised raised = threads.raise(10)) {
            assertNull(raised.refusal());
            assertEquals(List.of(List.of("chrt", "-f", "-p", "10", "4250")), ran);
        }
        assertEquals(List.of("chrt", "-o", "-p", "0", "4250"), ran.get(1));
    }

    @Test
    public void priorityZeroLeavesTheThreadAlone() throws IOException {
        RealtimeThread threads = new RealtimeThread(threadSelf("1/task/2"), answering(0, ""));
        try (RealtimeThread.Raised raised = threads.raise(0)) {
            assertNull(raised.refusal());
        }
        assertTrue(ran.isEmpty());
    }

    @Test
    public void aRefusedChrtIsReportedAndNothingIsUndone() throws IOException {
        RealtimeThread threads = new RealtimeThread(threadSelf("7/task/9"),
                                                    answering(1, "chrt: failed to set pid 9's policy: "
                                                            + "Operation not permitted\n"));
        try (RealtimeThread.Raised raised = threads.raise(5)) {
            assertEquals("chrt -f -p 5 9 exited with 1: chrt: failed to set pid 9's policy: Operation not permitted",
                         raised.refusal());
        }
        assertEquals(1, ran.size());
    }

    @Test
    public void aMissingChrtIsReported() throws IOException {
        RealtimeThread threads = new RealtimeThread(threadSelf("7/task/9"), command -> {
            throw new IOException("Cannot run program \"chrt\": error=2, No such file or directory");
        });
        try (RealtimeThread.Raised raised = threads.raise(5)) {
            assertTrue(raised.refusal(), raised.refusal().startsWith("chrt -f -p 5 9 did not run: Cannot run"));
        }
    }

    @Test
    public void noProcIsReported() {
        RealtimeThread threads = new RealtimeThread(folder.getRoot().toPath().resolve("absent"), answering(0, ""));
        try (RealtimeThread.Raised raised = threads.raise(5)) {
            assertTrue(raised.refusal(), raised.refusal().startsWith("no thread id"));
        }
        assertTrue(ran.isEmpty());
    }

    @Test
    public void prioritiesOutsideFifosRangeAreRefused() {
        RealtimeThread threads = new RealtimeThread(folder.getRoot().toPath(), answering(0, ""));
        for (int priority : new int[] {-1, 100}) {
            try {
                threads.raise(priority);
                fail("priority " + priority + " accepted");
            } catch (IllegalArgumentException e) {
                assertEquals("a SCHED_FIFO priority is 1 to 99 (0: unchanged)", e.getMessage());
            }
        }
    }

    @Test
    public void thisMachinesProcNamesTheCallingThread() throws IOException {
        Path self = Paths.get("/proc/thread-self");
        org.junit.Assume.assumeTrue("no /proc/thread-self here", Files.exists(self));
        String tid = Files.readSymbolicLink(self).getFileName().toString();
        assertTrue(Files.isDirectory(Paths.get("/proc/self/task", tid)));
        new RealtimeThread(self, answering(0, "")).raise(1).close();
        assertEquals(List.of("chrt", "-f", "-p", "1", tid), ran.get(0));
    }
}
