// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.time.Instant;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Something that happened to a device, pipeconf, tree or policy, kept in the history.
 */
public final class HistoryEvent {

    private final Instant time;
    private final String kind;
    private final String subject;
    private final String detail;

    private HistoryEvent(Instant time, String kind, String subject, String detail) {
        this.time = checkNotNull(time);
        this.kind = checkNotNull(kind);
        this.subject = checkNotNull(subject);
        this.detail = checkNotNull(detail);
        checkArgument(!kind.isEmpty(), "kind must not be empty");
    }

    /**
     * Creates an event.
     *
     * @param time    when it happened
     * @param kind    what happened, e.g. DEVICE_ADDED
     * @param subject what it happened to, e.g. a device id
     * @param detail  free text, may be empty
     * @return the event
     */
    public static HistoryEvent of(Instant time, String kind, String subject, String detail) {
        return new HistoryEvent(time, kind, subject, detail);
    }

    public Instant time() {
        return time;
    }

    public String kind() {
        return kind;
    }

    public String subject() {
        return subject;
    }

    public String detail() {
        return detail;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof HistoryEvent)) {
            return false;
        }
        HistoryEvent that = (HistoryEvent) o;
        return time.equals(that.time) && kind.equals(that.kind) && subject.equals(that.subject)
                && detail.equals(that.detail);
    }

    @Override
    public int hashCode() {
        return Objects.hash(time, kind, subject, detail);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("time", time).add("kind", kind).add("subject", subject)
                .add("detail", detail).toString();
    }
}
