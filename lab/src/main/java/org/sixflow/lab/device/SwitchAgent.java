// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.device;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.sixflow.lab.config.LabState;
import org.sixflow.lab.p4rt.P4RuntimeConnection;
import org.sixflow.lab.p4rt.P4RuntimeException;
import org.sixflow.lab.p4rt.WriteResult;
import org.sixflow.lab.translate.PipelineTranslator;
import p4.v1.P4RuntimeOuterClass.Entity;
import p4.v1.P4RuntimeOuterClass.PacketIn;
import p4.v1.P4RuntimeOuterClass.PacketOut;
import p4.v1.P4RuntimeOuterClass.Update;
import org.slf4j.Logger;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.BMV2_JSON;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * One switch as the controller drives it: a P4Runtime session that is master, with the device's
 * pipeconf pushed, and the translator of that pipeline. {@link #connect()} (re)establishes all of
 * that and leaves the agent connected (it can be written) but not ready: the southbound writes
 * back what the device must hold, then calls {@link #markReady()}, after which applications'
 * writes go through. The stream's end makes the agent neither until the next connect.
 */
public final class SwitchAgent {

    /** What an agent tells its owner. Called on gRPC threads. */
    public interface Callbacks {
        /**
         * A packet-in arrived from the device.
         *
         * @param deviceId the device
         * @param packet   the packet
         */
        void packetIn(DeviceId deviceId, PacketIn packet);

        /**
         * The session ended.
         *
         * @param deviceId the device
         * @param reason   why
         */
        void disconnected(DeviceId deviceId, String reason);
    }

    private static final long ARBITRATION_SECONDS = 10;

    private final Logger log = getLogger(getClass());
    private final LabState.Switch target;
    private final PiPipeconf pipeconf;
    private final PipelineTranslator translator;
    private final Callbacks callbacks;
    private final long electionId;
    private volatile P4RuntimeConnection connection;
    private volatile boolean connected;
    private volatile boolean ready;

    /**
     * Creates the agent of a switch; nothing connects until {@link #connect()}.
     *
     * @param target     the switch
     * @param pipeconf   the pipeconf to run on it
     * @param translator the translator of that pipeline for this device
     * @param electionId the election id the session claims mastership with
     * @param callbacks  who hears packet-ins and disconnections
     */
    public SwitchAgent(LabState.Switch target, PiPipeconf pipeconf, PipelineTranslator translator, long electionId,
                       Callbacks callbacks) {
        this.target = target;
        this.pipeconf = pipeconf;
        this.translator = translator;
        this.electionId = electionId;
        this.callbacks = callbacks;
    }

    /** The device. */
    public DeviceId deviceId() {
        return target.deviceId();
    }

    /** The switch as the state file describes it. */
    public LabState.Switch target() {
        return target;
    }

    /** The pipeconf it runs. */
    public PiPipeconf pipeconf() {
        return pipeconf;
    }

    /** The translator of its pipeline. */
    public PipelineTranslator translator() {
        return translator;
    }

    /** True while the session is open, master, the pipeline pushed and the device's state written back. */
    public boolean isReady() {
        return ready;
    }

    /** True while the session is open, master, and the pipeline pushed (writes go through). */
    public boolean isConnected() {
        return connected;
    }

    /** The device holds what it must again: applications' writes may go through. */
    public void markReady() {
        if (connected) {
            ready = true;
        }
    }

    /** The current session, or null before the first connect. */
    public P4RuntimeConnection connection() {
        return connection;
    }

    /**
     * Opens a session, becomes master and pushes the pipeline (VERIFY_AND_COMMIT, which clears
     * the device's entries: the owner replays what the device must hold).
     *
     * @throws P4RuntimeException if any step fails (the agent stays unready)
     */
    public synchronized void connect() throws P4RuntimeException {
        ready = false;
        connected = false;
        if (connection != null) {
            connection.close();
        }
        StreamListener listener = new StreamListener();
        connection = new P4RuntimeConnection(target.deviceId().toString(),
                                             P4RuntimeConnection.channel(target.grpcHost(), target.grpcPort()),
                                             target.p4rtDeviceId(), electionId, listener);
        listener.owner = connection;
        boolean master;
        try {
            master = connection.openStream().get(ARBITRATION_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new P4RuntimeException("Arbitration with " + target.deviceId(), Status.Code.CANCELLED, e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof P4RuntimeException) {
                throw (P4RuntimeException) e.getCause();
            }
            throw new P4RuntimeException("Arbitration with " + target.deviceId(), Status.Code.UNAVAILABLE,
                                         e.getCause());
        } catch (TimeoutException e) {
            throw new P4RuntimeException("Arbitration with " + target.deviceId(), Status.Code.DEADLINE_EXCEEDED, e);
        }
        if (!master) {
            throw new P4RuntimeException("Arbitration with " + target.deviceId() + " (another client is master)",
                                         Status.Code.ALREADY_EXISTS, null);
        }
        connection.setPipelineConfig(translator.p4Info().p4Info(), deviceConfig(), pipeconf.fingerprint());
        connected = true;
        log.info("Connected to {} at {}:{} (P4Runtime device {}), pipeconf {} pushed", target.deviceId(),
                 target.grpcHost(), target.grpcPort(), target.p4rtDeviceId(), pipeconf.id());
    }

    private ByteString deviceConfig() throws P4RuntimeException {
        InputStream json = pipeconf.extension(BMV2_JSON).orElseThrow(() -> new P4RuntimeException(
                "Pipeline push to " + target.deviceId() + " (pipeconf " + pipeconf.id() + " has no bmv2 JSON)",
                Status.Code.FAILED_PRECONDITION, null));
        try (InputStream in = json) {
            return ByteString.readFrom(in);
        } catch (IOException e) {
            throw new P4RuntimeException("Reading the bmv2 JSON of " + pipeconf.id(), Status.Code.INTERNAL, e);
        }
    }

    /**
     * Writes updates in one request.
     *
     * @param updates the updates
     * @return their statuses
     * @throws P4RuntimeException if the agent is not connected or the call failed as a whole
     */
    public WriteResult write(List<Update> updates) throws P4RuntimeException {
        return session().write(updates);
    }

    /**
     * Reads entities.
     *
     * @param entities what to read
     * @return what the device holds
     * @throws P4RuntimeException if the agent is not connected or the read failed
     */
    public List<Entity> read(List<Entity> entities) throws P4RuntimeException {
        return session().read(entities);
    }

    /**
     * Sends a packet-out.
     *
     * @param packet the packet
     * @throws P4RuntimeException if the agent is not connected
     */
    public void packetOut(PacketOut packet) throws P4RuntimeException {
        session().packetOut(packet);
    }

    private P4RuntimeConnection session() throws P4RuntimeException {
        P4RuntimeConnection current = connection;
        if (!connected || current == null) {
            throw new P4RuntimeException("Using " + target.deviceId() + " (not connected)", Status.Code.UNAVAILABLE,
                                         null);
        }
        return current;
    }

    /** Closes the session. */
    public synchronized void close() {
        ready = false;
        connected = false;
        if (connection != null) {
            connection.close();
        }
    }

    /** Hears one session's stream; a replaced session's late news is ignored. */
    private final class StreamListener implements P4RuntimeConnection.Listener {
        private volatile P4RuntimeConnection owner;

        private boolean current() {
            return owner != null && owner == connection;
        }

        @Override
        public void packetIn(PacketIn packet) {
            if (current()) {
                callbacks.packetIn(target.deviceId(), packet);
            }
        }

        @Override
        public void mastershipChanged(boolean master) {
            if (!master && connected && current()) {
                log.warn("{}: another client took mastership", target.deviceId());
                ready = false;
                connected = false;
                callbacks.disconnected(target.deviceId(), "another client took mastership");
            }
        }

        @Override
        public void streamClosed(String reason) {
            if (!current()) {
                return;
            }
            boolean wasConnected = connected;
            ready = false;
            connected = false;
            if (wasConnected) {
                callbacks.disconnected(target.deviceId(), reason);
            }
        }
    }
}
