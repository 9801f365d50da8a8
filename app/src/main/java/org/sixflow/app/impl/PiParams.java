// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.runtime.PiActionParam;

/**
 * Action parameters as wide as P4Info declares them (ONOS's PI translation refuses a value
 * wider than its parameter).
 */
public final class PiParams {

    private PiParams() {
    }

    /**
     * Makes an action parameter.
     *
     * @param id    the parameter (P4InfoConstants)
     * @param value its value
     * @param bits  its width (P4InfoConstants' *_BITWIDTH)
     * @return the parameter
     * @throws IllegalArgumentException if the value does not fit
     */
    public static PiActionParam param(PiActionParamId id, long value, int bits) {
        try {
            return new PiActionParam(id, ImmutableByteSequence.copyFrom(value).fit(bits));
        } catch (ImmutableByteSequence.ByteSequenceTrimException e) {
            throw new IllegalArgumentException(id + " value " + value + " does not fit " + bits + " bits", e);
        }
    }

    /**
     * Makes an action parameter of octets (an address).
     *
     * @param id    the parameter (P4InfoConstants)
     * @param value its octets, most significant first
     * @param bits  its width (P4InfoConstants' *_BITWIDTH)
     * @return the parameter
     * @throws IllegalArgumentException if the value does not fit
     */
    public static PiActionParam param(PiActionParamId id, byte[] value, int bits) {
        try {
            return new PiActionParam(id, ImmutableByteSequence.copyFrom(value).fit(bits));
        } catch (ImmutableByteSequence.ByteSequenceTrimException e) {
            throw new IllegalArgumentException(id + " value of " + value.length + " octets does not fit " + bits
                                                       + " bits", e);
        }
    }
}
