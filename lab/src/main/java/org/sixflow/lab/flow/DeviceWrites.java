// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.flow;

import org.sixflow.lab.device.SwitchAgent;
import org.sixflow.lab.p4rt.P4RuntimeException;
import org.sixflow.lab.p4rt.UpdateStatus;
import org.sixflow.lab.p4rt.WriteResult;
import p4.v1.P4RuntimeOuterClass.Update;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import io.grpc.Status;

/**
 * The updates one operation makes on one device, each with what to do with its outcome, written
 * in as few WriteRequests as possible: one per {@link #CHUNK} updates.
 */
final class DeviceWrites {

    /** Most updates in one WriteRequest (a few hundred bytes each: well under gRPC's 4 MB). */
    static final int CHUNK = 4000;

    private final List<Update> updates = new ArrayList<>();
    private final List<Consumer<UpdateStatus>> outcomes = new ArrayList<>();

    /**
     * Adds an update.
     *
     * @param update  the update
     * @param outcome called with the server's answer for it
     */
    void add(Update update, Consumer<UpdateStatus> outcome) {
        updates.add(update);
        outcomes.add(outcome);
    }

    boolean isEmpty() {
        return updates.isEmpty();
    }

    int size() {
        return updates.size();
    }

    /**
     * Writes everything and reports each update's outcome, in order.
     *
     * @param agent the device's agent, or null when the lab does not run the device
     * @return how many requests were sent
     */
    int write(SwitchAgent agent) {
        int requests = 0;
        for (int from = 0; from < updates.size(); from += CHUNK) {
            int to = Math.min(updates.size(), from + CHUNK);
            List<Update> chunk = updates.subList(from, to);
            List<UpdateStatus> statuses;
            if (agent == null) {
                statuses = failAll(chunk.size(), UpdateStatus.of(Status.Code.NOT_FOUND, "the lab runs no such device"));
            } else {
                try {
                    WriteResult result = agent.write(chunk);
                    statuses = result.statuses();
                    requests++;
                } catch (P4RuntimeException e) {
                    statuses = failAll(chunk.size(), UpdateStatus.of(e.code(), e.getMessage()));
                }
            }
            for (int i = 0; i < statuses.size(); i++) {
                outcomes.get(from + i).accept(statuses.get(i));
            }
        }
        return requests;
    }

    private static List<UpdateStatus> failAll(int count, UpdateStatus status) {
        List<UpdateStatus> statuses = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            statuses.add(status);
        }
        return statuses;
    }
}
