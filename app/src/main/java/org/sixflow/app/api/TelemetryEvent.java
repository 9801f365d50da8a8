// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.event.AbstractEvent;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Fresh telemetry: a batch of latency samples, a device's port counters, or a table's occupancy.
 * The type says which subject class the event carries.
 */
public class TelemetryEvent extends AbstractEvent<TelemetryEvent.Type, TelemetrySubject> {

    /** What was measured; each type has one subject class. */
    public enum Type {
        /** Latency samples of one class were collected; subject {@link LatencyBatch}. */
        LATENCY_BATCH(LatencyBatch.class),
        /** A port's counters were read; subject {@link PortStatistics}. */
        PORT_COUNTERS(PortStatistics.class),
        /** A P4 table's entries were counted; subject {@link TableOccupancy}. */
        TABLE_OCCUPANCY(TableOccupancy.class);

        private final Class<? extends TelemetrySubject> subjectClass;

        Type(Class<? extends TelemetrySubject> subjectClass) {
            this.subjectClass = subjectClass;
        }

        /**
         * Returns the class of this type's subject.
         *
         * @return subject class
         */
        public Class<? extends TelemetrySubject> subjectClass() {
            return subjectClass;
        }
    }

    /**
     * Creates an event.
     *
     * @param type    what was measured
     * @param subject the measurement, of the type's subject class
     * @throws IllegalArgumentException if the subject does not fit the type
     */
    public TelemetryEvent(Type type, TelemetrySubject subject) {
        super(type, subject);
        checkArgument(type.subjectClass().isInstance(subject), "%s needs a %s subject, got %s", type,
                      type.subjectClass().getSimpleName(), subject.getClass().getSimpleName());
    }

    /**
     * Creates a latency batch event.
     *
     * @param batch the batch
     * @return the event
     */
    public static TelemetryEvent of(LatencyBatch batch) {
        return new TelemetryEvent(Type.LATENCY_BATCH, batch);
    }

    /**
     * Creates a port counters event.
     *
     * @param statistics the port's counters and rates
     * @return the event
     */
    public static TelemetryEvent of(PortStatistics statistics) {
        return new TelemetryEvent(Type.PORT_COUNTERS, statistics);
    }

    /**
     * Creates a table occupancy event.
     *
     * @param occupancy the table's occupancy
     * @return the event
     */
    public static TelemetryEvent of(TableOccupancy occupancy) {
        return new TelemetryEvent(Type.TABLE_OCCUPANCY, occupancy);
    }

    /**
     * Returns the subject as the class its type promises.
     *
     * @param subjectClass the expected class
     * @param <S>          subject type
     * @return the subject
     * @throws IllegalArgumentException if the event carries another class
     */
    public <S extends TelemetrySubject> S subject(Class<S> subjectClass) {
        checkArgument(subjectClass.isInstance(subject()), "%s event carries a %s, not a %s", type(),
                      subject().getClass().getSimpleName(), subjectClass.getSimpleName());
        return subjectClass.cast(subject());
    }
}
