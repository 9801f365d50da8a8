// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.nio.ByteBuffer;
import java.util.Map;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * What every component that answers packets the data plane punts shares: its packet processor (a
 * director at its priority, seeing only packets no one handled before it), the count of what
 * became of the packets it looked at, and the per-device rate its answers are limited to. The
 * component calls {@link #start} and {@link #stop} from its own activate and deactivate.
 *
 * @param <O> what can become of a punted packet
 */
public abstract class PuntResponder<O extends Enum<O>> {

    protected final Logger log = getLogger(getClass());
    /** Punted packets by what became of them. */
    protected final OutcomeCounts<O> outcomes;
    /** Answers each device may send. */
    protected final DeviceRateLimits limits;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PacketService packetService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    private final PacketProcessor processor = this::inspect;
    private final int priority;

    /**
     * A responder.
     *
     * @param outcomes  what can become of a packet
     * @param perSecond answers a device may send a second, on average
     * @param burst     ... and at once
     * @param priority  its place among the directors (after those with lower numbers)
     */
    protected PuntResponder(Class<O> outcomes, long perSecond, long burst, int priority) {
        this.outcomes = new OutcomeCounts<>(outcomes);
        this.limits = new DeviceRateLimits(perSecond, burst);
        this.priority = priority;
    }

    /** Starts seeing packet-ins. */
    protected void start() {
        packetService.addProcessor(processor, PacketProcessor.director(priority));
        log.info("Started");
    }

    /** Stops seeing packet-ins. */
    protected void stop() {
        packetService.removeProcessor(processor);
        log.info("Stopped");
    }

    /**
     * Punted packets by what became of them, every outcome present (zeros included).
     *
     * @return counts by outcome
     */
    public Map<O, Long> outcomes() {
        return outcomes.snapshot();
    }

    /**
     * Looks at a packet-in no processor before this one handled; takes it (blocks it) when it
     * answers it.
     *
     * @param context the packet-in
     */
    protected abstract void process(PacketContext context);

    /**
     * Sends an answer back the way a punted packet came in: out of its port, or through the
     * pipeline when it came in by the recirculation port ({@link AnswerOut}).
     *
     * @param port  the device and port the punted packet came in by
     * @param frame the answer, from the router's station MAC
     */
    protected void sendOut(ConnectPoint port, byte[] frame) {
        packetService.emit(new AnswerOut(pipeconfService).back(port, frame));
    }

    /**
     * A frame's bytes, from its start whatever the buffer's position.
     *
     * @param frame the frame
     * @return a copy of its bytes
     */
    protected static byte[] bytesOf(ByteBuffer frame) {
        ByteBuffer bytes = frame.duplicate();
        bytes.rewind();
        byte[] copy = new byte[bytes.remaining()];
        bytes.get(copy);
        return copy;
    }

    private void inspect(PacketContext context) {
        if (!context.isHandled()) {
            process(context);
        }
    }
}
