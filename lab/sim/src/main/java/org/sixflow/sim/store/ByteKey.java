// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.store;

import java.util.Arrays;

/** A serialized key: maps hold keys as their serializer's bytes, as Atomix's maps do. */
final class ByteKey {

    private final byte[] bytes;

    ByteKey(byte[] bytes) {
        this.bytes = bytes;
    }

    /** The serialized key (not to be modified). */
    byte[] bytes() {
        return bytes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ByteKey && Arrays.equals(bytes, ((ByteKey) o).bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }
}
