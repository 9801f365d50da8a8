// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.translate;

import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.net.pi.runtime.PiCounterCellId;
import p4.v1.P4RuntimeOuterClass.CounterEntry;

/**
 * Indirect counter cells, after ONOS 2.7's CounterEntryCodec: a read of a whole counter is a
 * CounterEntry with only its id (every cell), and each cell read back becomes a PiCounterCell.
 */
public final class CounterCodec {

    private final P4InfoIndex p4Info;

    /**
     * Creates a codec for one pipeline.
     *
     * @param p4Info the pipeline's P4Info
     */
    public CounterCodec(P4InfoIndex p4Info) {
        this.p4Info = p4Info;
    }

    /**
     * Returns the read request entity for every cell of a counter.
     *
     * @param counterId the counter
     * @return the wildcard entry
     * @throws TranslationException if the P4Info has no such counter
     */
    public CounterEntry allCells(PiCounterId counterId) throws TranslationException {
        return CounterEntry.newBuilder()
                .setCounterId(p4Info.counter(counterId.id()).getPreamble().getId()).build();
    }

    /**
     * Decodes a cell read back.
     *
     * @param message the message
     * @return the cell
     * @throws TranslationException if the P4Info has no such counter
     */
    public PiCounterCell decode(CounterEntry message) throws TranslationException {
        String name = p4Info.counter(message.getCounterId()).getPreamble().getName();
        return new PiCounterCell(PiCounterCellId.ofIndirect(PiCounterId.of(name), message.getIndex().getIndex()),
                                 message.getData().getPacketCount(), message.getData().getByteCount());
    }
}
