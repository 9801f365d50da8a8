// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.api;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * The four 32-bit fields of the APN6 Application-aware ID option (Structure I), unsigned.
 */
public final class ApplicationAwareId {

    /** Largest value of a 32-bit field. */
    public static final long MAX = 0xFFFF_FFFFL;

    private final long slaLevel;
    private final long appId;
    private final long userId;
    private final long flowId;

    private ApplicationAwareId(long slaLevel, long appId, long userId, long flowId) {
        this.slaLevel = slaLevel;
        this.appId = appId;
        this.userId = userId;
        this.flowId = flowId;
    }

    /**
     * Returns the option fields.
     *
     * @param slaLevel SLA level
     * @param appId    APP ID
     * @param userId   User ID
     * @param flowId   Flow ID
     * @return the value
     * @throws IllegalArgumentException naming the field that is outside 0..2^32-1
     */
    public static ApplicationAwareId of(long slaLevel, long appId, long userId, long flowId) {
        check("slaLevel", slaLevel);
        check("appId", appId);
        check("userId", userId);
        check("flowId", flowId);
        return new ApplicationAwareId(slaLevel, appId, userId, flowId);
    }

    private static void check(String field, long value) {
        checkArgument(value >= 0 && value <= MAX, "%s must be 0..%s (32 bits), got %s", field, MAX, value);
    }

    public long slaLevel() {
        return slaLevel;
    }

    public long appId() {
        return appId;
    }

    public long userId() {
        return userId;
    }

    public long flowId() {
        return flowId;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ApplicationAwareId)) {
            return false;
        }
        ApplicationAwareId that = (ApplicationAwareId) o;
        return slaLevel == that.slaLevel && appId == that.appId && userId == that.userId && flowId == that.flowId;
    }

    @Override
    public int hashCode() {
        return Objects.hash(slaLevel, appId, userId, flowId);
    }

    @Override
    public String toString() {
        return "sla=" + slaLevel + ",app=" + appId + ",user=" + userId + ",flow=" + flowId;
    }
}
