// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.packet;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.DeserializationException;
import org.onlab.packet.Ethernet;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.DefaultPacketRequest;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketInFilter;
import org.onosproject.net.packet.PacketPriority;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketProcessorEntry;
import org.onosproject.net.packet.PacketRequest;
import org.onosproject.net.packet.PacketService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.sixflow.sim.net.SimIdentities.LOCAL_NODE;

/**
 * ONOS's packet service over simulated switches. The simulation injects packet-ins
 * ({@link #inject}); they pass the filters and then every processor in priority order (lowest
 * first), on the injecting thread, as ONOS's packet manager runs them on its provider's thread.
 * Packet requests are recorded and can be listed; no switch is programmed for them. A packet
 * emitted to a connected switch is recorded (the latest {@value #EMITTED_KEPT}) and handed to
 * the emit listeners; one to an unknown or disconnected switch is dropped, as ONOS drops it.
 */
public final class SimPacketService implements PacketService {

    /** How many emitted packets are kept for {@link #emitted()}. */
    public static final int EMITTED_KEPT = 10_000;

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final DeviceService devices;
    private final List<SimProcessorEntry> processors = new CopyOnWriteArrayList<>();
    private final List<PacketInFilter> filters = new CopyOnWriteArrayList<>();
    private final List<PacketEmitListener> emitListeners = new CopyOnWriteArrayList<>();
    // Guarded by this.
    private final Set<PacketRequest> requests = new LinkedHashSet<>();
    // Guarded by itself.
    private final Deque<OutboundPacket> emitted = new ArrayDeque<>();
    private final AtomicLong dropped = new AtomicLong();

    /**
     * Creates the service.
     *
     * @param devices the device service, which says which switches can send and receive
     */
    public SimPacketService(DeviceService devices) {
        this.devices = checkNotNull(devices, "Device service cannot be null");
    }

    @Override
    public synchronized void addProcessor(PacketProcessor processor, int priority) {
        checkNotNull(processor, "Processor cannot be null");
        int i = 0;
        while (i < processors.size() && priority >= processors.get(i).priority()) {
            i++;
        }
        processors.add(i, new SimProcessorEntry(processor, priority));
    }

    @Override
    public synchronized void removeProcessor(PacketProcessor processor) {
        checkNotNull(processor, "Processor cannot be null");
        for (SimProcessorEntry entry : processors) {
            if (entry.processor() == processor) {
                processors.remove(entry);
                return;
            }
        }
    }

    @Override
    public List<PacketProcessorEntry> getProcessors() {
        return ImmutableList.copyOf(processors);
    }

    @Override
    public void addFilter(PacketInFilter filter) {
        filters.add(checkNotNull(filter, "Filter cannot be null"));
    }

    @Override
    public void removeFilter(PacketInFilter filter) {
        filters.remove(filter);
    }

    @Override
    public List<PacketInFilter> getFilters() {
        return ImmutableList.copyOf(filters);
    }

    @Override
    public void clearFilters() {
        filters.forEach(PacketInFilter::stop);
        filters.clear();
    }

    @Override
    public void requestPackets(TrafficSelector selector, PacketPriority priority, ApplicationId appId) {
        request(selector, priority, appId, Optional.empty());
    }

    @Override
    public void requestPackets(TrafficSelector selector, PacketPriority priority, ApplicationId appId,
                               Optional<DeviceId> deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        request(selector, priority, appId, deviceId);
    }

    private synchronized void request(TrafficSelector selector, PacketPriority priority, ApplicationId appId,
                                      Optional<DeviceId> deviceId) {
        requests.add(packetRequest(selector, priority, appId, deviceId));
    }

    @Override
    public void cancelPackets(TrafficSelector selector, PacketPriority priority, ApplicationId appId) {
        cancel(selector, priority, appId, Optional.empty());
    }

    @Override
    public void cancelPackets(TrafficSelector selector, PacketPriority priority, ApplicationId appId,
                              Optional<DeviceId> deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        cancel(selector, priority, appId, deviceId);
    }

    private synchronized void cancel(TrafficSelector selector, PacketPriority priority, ApplicationId appId,
                                     Optional<DeviceId> deviceId) {
        requests.remove(packetRequest(selector, priority, appId, deviceId));
    }

    private static PacketRequest packetRequest(TrafficSelector selector, PacketPriority priority,
                                               ApplicationId appId, Optional<DeviceId> deviceId) {
        checkNotNull(selector, "Selector cannot be null");
        checkNotNull(priority, "Priority cannot be null");
        checkNotNull(appId, "Application id cannot be null");
        return new DefaultPacketRequest(selector, priority, appId, LOCAL_NODE, deviceId);
    }

    @Override
    public synchronized List<PacketRequest> getRequests() {
        return ImmutableList.copyOf(requests);
    }

    @Override
    public void emit(OutboundPacket packet) {
        checkNotNull(packet, "Packet cannot be null");
        DeviceId through = packet.sendThrough();
        if (devices.getDevice(through) == null || !devices.isAvailable(through)) {
            dropped.incrementAndGet();
            log.debug("Packet-out to {} dropped: the device is unknown or disconnected", through);
            return;
        }
        synchronized (emitted) {
            if (emitted.size() == EMITTED_KEPT) {
                emitted.removeFirst();
            }
            emitted.addLast(packet);
        }
        for (PacketEmitListener listener : emitListeners) {
            try {
                listener.emitted(packet);
            } catch (RuntimeException e) {
                log.warn("Emit listener {} failed on a packet-out to {}", listener, through, e);
            }
        }
    }

    /**
     * Delivers a frame a switch received and sent to the controller: the filters, then every
     * processor in priority order, on the caller's thread.
     *
     * @param receivedAt the port it came in at
     * @param frame      the Ethernet frame
     * @return the packet's context, after every processor saw it
     * @throws IllegalArgumentException if the port is unknown or the frame is no Ethernet frame
     * @throws IllegalStateException    if the switch is disconnected (it sends no packet-ins)
     */
    public PacketContext inject(ConnectPoint receivedAt, byte[] frame) {
        return inject(receivedAt, frame, Optional.empty());
    }

    /**
     * Delivers a frame a switch received and sent to the controller with its packet-in's cookie:
     * what a P4Runtime device's interpreter makes of the packet-in's metadata (Sixflow's
     * pipeconfs: the punt reason and subscriber line); otherwise as {@link #inject(ConnectPoint, byte[])}.
     *
     * @param receivedAt the port it came in at
     * @param frame      the Ethernet frame
     * @param cookie     the inbound packet's cookie
     * @return the packet's context, after every processor saw it
     * @throws IllegalArgumentException if the port is unknown or the frame is no Ethernet frame
     * @throws IllegalStateException    if the switch is disconnected (it sends no packet-ins)
     */
    public PacketContext inject(ConnectPoint receivedAt, byte[] frame, Optional<Long> cookie) {
        checkNotNull(receivedAt, "Connect point cannot be null");
        checkNotNull(frame, "Frame cannot be null");
        checkNotNull(cookie, "Cookie cannot be null");
        checkArgument(devices.getPort(receivedAt) != null, "No port %s to receive a packet at", receivedAt);
        if (!devices.isAvailable(receivedAt.deviceId())) {
            throw new IllegalStateException("Device " + receivedAt.deviceId() + " is disconnected: it sends no "
                                                    + "packet-ins");
        }
        Ethernet parsed;
        try {
            parsed = Ethernet.deserializer().deserialize(frame, 0, frame.length);
        } catch (DeserializationException e) {
            throw new IllegalArgumentException("Frame received at " + receivedAt + " is no Ethernet frame: "
                                                       + e.getMessage(), e);
        }
        byte[] copy = frame.clone();
        SimPacketContext context = new SimPacketContext(
                System.currentTimeMillis(), new DefaultInboundPacket(receivedAt, parsed, ByteBuffer.wrap(copy), cookie),
                new DefaultOutboundPacket(receivedAt.deviceId(), null, ByteBuffer.wrap(copy)), this);
        process(context);
        return context;
    }

    private void process(PacketContext context) {
        for (PacketInFilter filter : filters) {
            PacketInFilter.FilterAction action = filter.preProcess(context);
            if (action == PacketInFilter.FilterAction.PACKET_DENY) {
                log.trace("Packet-in dropped by filter {}", filter.name());
                return;
            }
            if (action == PacketInFilter.FilterAction.PACKET_ALLOW) {
                break;
            }
        }
        for (SimProcessorEntry entry : processors) {
            try {
                long start = System.nanoTime();
                entry.processor().process(context);
                entry.addNanos(System.nanoTime() - start);
            } catch (RuntimeException e) {
                log.warn("Packet processor {} threw an exception", entry.processor(), e);
            }
        }
    }

    /**
     * Adds a listener to every packet a connected switch sends.
     *
     * @param listener the listener
     */
    public void addEmitListener(PacketEmitListener listener) {
        emitListeners.add(checkNotNull(listener, "Emit listener cannot be null"));
    }

    /**
     * Removes an emit listener.
     *
     * @param listener the listener
     */
    public void removeEmitListener(PacketEmitListener listener) {
        emitListeners.remove(listener);
    }

    /**
     * Returns the packets connected switches sent, oldest first (at most the latest {@value #EMITTED_KEPT}).
     *
     * @return packets
     */
    public List<OutboundPacket> emitted() {
        synchronized (emitted) {
            return ImmutableList.copyOf(emitted);
        }
    }

    /** Forgets the packets sent so far. */
    public void clearEmitted() {
        synchronized (emitted) {
            emitted.clear();
        }
    }

    /**
     * Returns how many packets were dropped because their switch was unknown or disconnected.
     *
     * @return packets dropped
     */
    public long droppedCount() {
        return dropped.get();
    }
}
