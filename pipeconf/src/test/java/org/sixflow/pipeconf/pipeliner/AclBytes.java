// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.pipeliner;

/**
 * Expected P4Runtime bytestrings, written out byte by byte so that a test does not compute
 * them the way the code under test does.
 */
final class AclBytes {

    private AclBytes() {
    }

    /**
     * Returns the given octets.
     *
     * @param octets values 0..255, most significant first
     * @return the bytes
     */
    static byte[] bytes(int... octets) {
        byte[] out = new byte[octets.length];
        for (int i = 0; i < octets.length; i++) {
            out[i] = (byte) octets[i];
        }
        return out;
    }
}
