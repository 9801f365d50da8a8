// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import com.google.common.hash.Hashing;
import org.onosproject.net.intent.WorkPartitionService;

import java.nio.charset.StandardCharsets;
import java.util.function.Function;

/**
 * Which instance owns an object a manager installs (a policy, a tunnel): the one whose work
 * partition the object's id falls in, hashed the same way on every instance.
 */
public final class Owners {

    /** Maps an id onto a work partition, the same way on every instance. */
    public static final Function<String, Long> HASHER =
            id -> Hashing.murmur3_128().hashString(id, StandardCharsets.UTF_8).asLong() & Long.MAX_VALUE;

    private Owners() {
    }

    /**
     * Tells whether this instance owns an object.
     *
     * @param partitions ONOS's work partitions
     * @param id         the object's id
     * @return true if its partition is this instance's
     */
    public static boolean isMine(WorkPartitionService partitions, String id) {
        return partitions.isMine(id, HASHER);
    }
}
