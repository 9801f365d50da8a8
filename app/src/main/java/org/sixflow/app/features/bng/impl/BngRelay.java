// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.behaviour.BngProgrammable.Attachment;
import org.onosproject.net.behaviour.BngProgrammable.BngCounterType;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.bng.api.BngConfig;
import org.sixflow.app.features.bng.api.BngLine;
import org.sixflow.app.features.bng.api.BngLineMeter;
import org.sixflow.app.features.bng.api.BngSession;
import org.sixflow.app.features.bng.api.BngSessionState;
import org.sixflow.app.features.bng.impl.BngSessionMachine.Change;
import org.sixflow.app.features.bng.impl.BngSessionMachine.Direction;
import org.slf4j.Logger;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.LongSupplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The PPPoE relay between subscriber lines and the configured server, and the sessions it
 * follows. A punted frame keeps the tags it came with (bng.p4 punts frames as received), so the
 * server sees each line's S-tag and C-tag, and its answers come back in them; what the relay
 * changes is the Ethernet addresses: towards the subscriber the source becomes the BNG's MAC
 * (the device's {@code bngMac}, the MAC the data plane's downstream frames come from and its
 * upstream frames must go to), towards the server the destination becomes the server's MAC
 * (learnt from its PADO). Discovery is followed per (S-VID, C-VID, subscriber MAC) until PADS
 * gives the session id; the session stage by (S-VID, C-VID, subscriber MAC, session id).
 *
 * <p>A session's entries are installed through its device's BngProgrammable when the session
 * comes up (one attachment per address family; in a split BNG each attachment's halves on the
 * line's device and the forwarding device, {@link AttachmentPlacement}) and removed when it ends; an ended session is
 * kept one echo interval so that its last frames (Terminate-Ack, PADT) are still carried.
 * Malformed frames, frames of unknown sessions and data frames are dropped and counted; none of
 * them changes a session. Lines, discoveries and sessions are at most {@link #MAX_ENTRIES} each
 * (a line that floods PADIs from new MACs cannot grow them without bound). Not thread-safe: the manager calls it from its work thread only.
 */
final class BngRelay {

    /** Drop reasons (REST "dropped"). */
    static final String MALFORMED = "malformed";
    static final String UNKNOWN_SESSION = "unknownSession";
    static final String UNEXPECTED = "unexpectedDiscovery";
    static final String DATA = "data";
    static final String IPV6_IGNORED = "ipv6Ignored";
    static final String NO_SERVER = "noServer";
    static final String NO_BNG_MAC = "noBngMac";

    static final String TOO_MANY = "tooMany";

    private static final long MILLIS = 1000;
    private static final int PPP_IPV6 = 0x0057;
    /** The session's own IPv6 prefix: the link's /64. */
    private static final int IPV6_LINK_PREFIX = 64;
    /** Most lines, subscribers in discovery and sessions followed: twice the data plane's 8192 lines. */
    static final int MAX_ENTRIES = 16384;

    private final Logger log = getLogger(getClass());
    private final ApplicationId appId;
    private final BngDataPlane dataPlane;
    private final AttachmentPlacement placement;
    private final LongSupplier clock;
    private BngConfig config = BngConfig.NONE;

    private final Map<String, LineRecord> lines = new TreeMap<>();
    private final Map<String, Pending> discovery = new LinkedHashMap<>();
    private final Map<String, Session> sessions = new LinkedHashMap<>();
    private final Map<String, Long> dropped = new TreeMap<>();
    /** The /64s and delegated prefixes going sessions hold. */
    private final HeldPrefixes heldLinks = new HeldPrefixes();
    private final HeldPrefixes heldDelegations = new HeldPrefixes();
    private long nextId = 1;

    /** A line's record. */
    private static final class LineRecord {
        final ConnectPoint port;
        final int sVid;
        final int cVid;
        int lineId;
        long frames;
        long lastSeen;

        LineRecord(ConnectPoint port, int sVid, int cVid) {
            this.port = port;
            this.sVid = sVid;
            this.cVid = cVid;
        }

        /** The line as shown, with the meter the configuration gives it. */
        BngLine view(BngLineMeter meter) {
            return new BngLine(port, sVid, cVid, lineId, frames, lastSeen, meter);
        }
    }

    /** A subscriber in discovery: its line, and the server's MAC once a PADO came. */
    private static final class Pending {
        final LineRecord line;
        final long since;
        MacAddress serverMac;

        Pending(LineRecord line, long since) {
            this.line = line;
            this.since = since;
        }
    }

    /** A session and what is installed for it. */
    private static final class Session {
        final long id;
        final LineRecord line;
        final int sessionId;
        final MacAddress subscriberMac;
        final MacAddress serverMac;
        final BngSessionMachine machine;
        final long started;
        /** Each attachment installed, and where (PlacedAttachment: one device, or both of a split). */
        final Map<Attachment, PlacedAttachment> installed = new LinkedHashMap<>();
        final SubscriberIpv6 ipv6 = new SubscriberIpv6();
        Ip6Prefix prefix;
        Ip6Prefix delegatable;
        InstallStatus status = InstallStatus.REQUESTED;
        long endedAt = -1;

        Session(long id, LineRecord line, int sessionId, MacAddress subscriberMac, MacAddress serverMac, long now) {
            this.id = id;
            this.line = line;
            this.sessionId = sessionId;
            this.subscriberMac = subscriberMac;
            this.serverMac = serverMac;
            this.machine = new BngSessionMachine(now);
            this.started = now;
        }
    }

    /**
     * Creates the relay.
     *
     * @param appId     the application the entries belong to
     * @param dataPlane packet-outs, BNG MACs, BngProgrammable
     * @param clock     epoch milliseconds
     */
    BngRelay(ApplicationId appId, BngDataPlane dataPlane, LongSupplier clock) {
        this.appId = appId;
        this.dataPlane = dataPlane;
        this.placement = new AttachmentPlacement(dataPlane, this::config);
        this.clock = clock;
    }

    /**
     * Takes a new configuration (sessions going keep their /64); the lines of going sessions
     * whose meter it changes have their meter cells re-written.
     *
     * @param config the configuration
     */
    void configure(BngConfig config) {
        BngConfig before = this.config;
        this.config = config;
        for (Session session : sessions.values()) {
            BngLineMeter meter = config.meterFor(session.line.sVid, session.line.cVid);
            if (!session.installed.isEmpty() && !meter.equals(before.meterFor(session.line.sVid, session.line.cVid))) {
                remeter(session, meter);
            }
        }
    }

    /** Re-writes a session's attachments where they are, with its line's new meter. */
    private void remeter(Session session, BngLineMeter meter) {
        Map<Attachment, PlacedAttachment> metered = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (Map.Entry<Attachment, PlacedAttachment> installed : session.installed.entrySet()) {
            PlacedAttachment placed = installed.getValue().metered(meter);
            metered.put(((PppoeAttachment) installed.getKey()).metered(meter), placed);
            try {
                placement.rewrite(placed);
            } catch (BngProgrammableException | RuntimeException e) {
                problems.add(e.getMessage());
            }
        }
        // Re-keyed: an equal key would keep the attachment of the old meter.
        session.installed.clear();
        session.installed.putAll(metered);
        if (!problems.isEmpty()) {
            session.status = InstallStatus.failed(session.line.port.deviceId(),
                                                  "re-metering the line: " + String.join("; ", problems));
            log.warn("BNG session {} on {}: re-metering: {}", session.id, lineView(session.line).name(), problems);
        }
    }

    BngConfig config() {
        return config;
    }

    /**
     * Whether a frame is PPPoE (after up to two VLAN tags): the frames this relay takes.
     *
     * @param frame an Ethernet frame
     * @return true for EtherType 0x8863 or 0x8864
     */
    static boolean isPppoe(byte[] frame) {
        int offset = 12;
        for (int tags = 0; tags <= 2 && frame.length >= offset + 2; tags++) {
            int type = ByteBuffer.wrap(frame).getShort(offset) & 0xffff;
            if (type == PppoeFrame.ETHERTYPE_DISCOVERY || type == PppoeFrame.ETHERTYPE_SESSION) {
                return true;
            }
            if (type != PppoeFrame.ETHERTYPE_QINQ && type != PppoeFrame.ETHERTYPE_VLAN) {
                return false;
            }
            offset += 4;
        }
        return false;
    }

    /**
     * Takes a punted PPPoE frame.
     *
     * @param from   where it came in
     * @param lineId the data plane's line id (packet_in.ingress_line), 0 for none
     * @param bytes  the frame
     */
    void receive(ConnectPoint from, int lineId, byte[] bytes) {
        PppoeFrame frame;
        try {
            frame = PppoeFrame.decode(bytes);
        } catch (MalformedFrameException e) {
            drop(MALFORMED, from, e.getMessage());
            return;
        }
        Optional<ConnectPoint> server = config.server();
        if (server.isEmpty()) {
            drop(NO_SERVER, from, "no server configured");
            return;
        }
        if (server.get().equals(from)) {
            fromServer(frame);
        } else {
            fromSubscriber(from, lineId, frame);
        }
    }

    private void fromSubscriber(ConnectPoint from, int lineId, PppoeFrame frame) {
        long now = clock.getAsLong();
        String name = lineName(from, frame.sVid(), frame.cVid());
        if (!lines.containsKey(name) && lines.size() >= MAX_ENTRIES) {
            drop(TOO_MANY, from, "already " + MAX_ENTRIES + " lines");
            return;
        }
        LineRecord line = lines.computeIfAbsent(name, k -> new LineRecord(from, frame.sVid(), frame.cVid()));
        line.frames++;
        line.lastSeen = now;
        if (lineId != 0) {
            line.lineId = lineId;
        }
        MacAddress subscriber = frame.src();
        if (frame.discovery()) {
            String key = key(frame.sVid(), frame.cVid(), subscriber);
            switch (frame.code()) {
                case PppoeFrame.PADI:
                    if (!discovery.containsKey(key) && discovery.size() >= MAX_ENTRIES) {
                        drop(TOO_MANY, from, "already " + MAX_ENTRIES + " subscribers in discovery");
                        return;
                    }
                    discovery.put(key, new Pending(line, now));
                    send(config.server().get(), frame.bytes());
                    return;
                case PppoeFrame.PADR:
                    Pending pending = discovery.get(key);
                    if (pending == null || pending.serverMac == null) {
                        drop(UNEXPECTED, from, "PADR before the server's PADO");
                        return;
                    }
                    send(config.server().get(), frame.withAddresses(pending.serverMac, subscriber));
                    return;
                case PppoeFrame.PADT:
                    Session ending = sessions.get(key(frame.sVid(), frame.cVid(), subscriber, frame.sessionId()));
                    if (ending == null) {
                        drop(UNKNOWN_SESSION, from, "PADT of session " + frame.sessionId());
                        return;
                    }
                    send(config.server().get(), frame.withAddresses(ending.serverMac, subscriber));
                    apply(ending, ending.machine.onPadt(Direction.FROM_SUBSCRIBER));
                    return;
                default:
                    drop(UNEXPECTED, from, frame.name() + " from a subscriber line");
                    return;
            }
        }
        Session session = sessions.get(key(frame.sVid(), frame.cVid(), subscriber, frame.sessionId()));
        if (session == null) {
            drop(UNKNOWN_SESSION, from, "session " + frame.sessionId() + " from " + subscriber);
            return;
        }
        relaySession(session, frame, Direction.FROM_SUBSCRIBER, config.server().get(),
                     frame.withAddresses(session.serverMac, subscriber));
    }

    private void fromServer(PppoeFrame frame) {
        ConnectPoint from = config.server().get();
        MacAddress subscriber = frame.dst();
        if (frame.discovery()) {
            String key = key(frame.sVid(), frame.cVid(), subscriber);
            Pending pending = discovery.get(key);
            switch (frame.code()) {
                case PppoeFrame.PADO:
                case PppoeFrame.PADS:
                    if (pending == null) {
                        drop(UNEXPECTED, from, frame.name() + " to " + subscriber + " that sent no PADI");
                        return;
                    }
                    Optional<MacAddress> bngMac = bngMac(pending.line);
                    if (bngMac.isEmpty()) {
                        return;
                    }
                    if (frame.code() == PppoeFrame.PADO) {
                        pending.serverMac = frame.src();
                    } else {
                        discovery.remove(key);
                        if (frame.sessionId() != 0) {
                            startSession(pending.line, frame.sessionId(), subscriber, frame.src());
                        }
                    }
                    send(pending.line.port, frame.withAddresses(subscriber, bngMac.get()));
                    return;
                case PppoeFrame.PADT:
                    Session ending = sessions.get(key(frame.sVid(), frame.cVid(), subscriber, frame.sessionId()));
                    if (ending == null) {
                        drop(UNKNOWN_SESSION, from, "PADT of session " + frame.sessionId());
                        return;
                    }
                    bngMac(ending.line).ifPresent(
                            mac -> send(ending.line.port, frame.withAddresses(subscriber, mac)));
                    apply(ending, ending.machine.onPadt(Direction.FROM_SERVER));
                    return;
                default:
                    drop(UNEXPECTED, from, frame.name() + " from the server");
                    return;
            }
        }
        Session session = sessions.get(key(frame.sVid(), frame.cVid(), subscriber, frame.sessionId()));
        if (session == null) {
            drop(UNKNOWN_SESSION, from, "session " + frame.sessionId() + " to " + subscriber);
            return;
        }
        Optional<MacAddress> bngMac = bngMac(session.line);
        if (bngMac.isPresent()) {
            relaySession(session, frame, Direction.FROM_SERVER, session.line.port,
                         frame.withAddresses(subscriber, bngMac.get()));
        }
    }

    /** A session-stage frame: decoded first (a malformed one goes nowhere), then carried and followed. */
    private void relaySession(Session session, PppoeFrame frame, Direction direction, ConnectPoint to, byte[] out) {
        int protocol = frame.pppProtocol();
        if (protocol == PPP_IPV6 && direction == Direction.FROM_SUBSCRIBER) {
            // The data plane punts only link-scope and multicast IPv6: RS and DHCPv6 are the BNG's to answer.
            subscriberIpv6(session, frame.pppInformation());
            return;
        }
        if (protocol == 0x0021 || protocol == PPP_IPV6) {
            // IPv4, IPv6 (link-local and multicast the data plane punts): never relayed to the server.
            drop(DATA, to, String.format("PPP data protocol 0x%04x", protocol));
            return;
        }
        PppControl control = null;
        if (PppControl.known(protocol)) {
            try {
                control = PppControl.decode(protocol, frame.pppInformation());
            } catch (MalformedFrameException e) {
                drop(MALFORMED, to, "session " + session.sessionId + ": " + e.getMessage());
                return;
            }
        }
        send(to, out);
        if (control != null) {
            apply(session, session.machine.onControl(direction, control, clock.getAsLong()));
        }
    }

    private void startSession(LineRecord line, int sessionId, MacAddress subscriber, MacAddress serverMac) {
        String key = key(line.sVid, line.cVid, subscriber, sessionId);
        if (!sessions.containsKey(key) && sessions.size() >= MAX_ENTRIES) {
            drop(TOO_MANY, line.port, "already " + MAX_ENTRIES + " sessions");
            return;
        }
        Session old = sessions.remove(key);
        if (old != null) {
            apply(old, old.machine.end("its session id was given again"));
        }
        sessions.put(key, new Session(nextId++, line, sessionId, subscriber, serverMac, clock.getAsLong()));
    }

    /**
     * Time passed: echo loss and silence end sessions; sessions ended more than an echo interval
     * ago are forgotten, and so are discoveries without a PADS for echo misses × interval.
     */
    void tick() {
        long now = clock.getAsLong();
        long interval = config.echoIntervalSeconds() * MILLIS;
        for (Session session : new ArrayList<>(sessions.values())) {
            apply(session, session.machine.onTick(now, interval, config.echoMisses()));
            if (session.endedAt < 0) {
                link(session).ifPresent(link -> session.ipv6.tick(now, link));
            }
        }
        sessions.values().removeIf(s -> s.endedAt >= 0 && now - s.endedAt >= interval);
        // A discovery that did not reach PADS in as long as silence ends a session is given up.
        discovery.values().removeIf(p -> now - p.since >= interval * config.echoMisses());
    }

    /**
     * Cuts a session: PADT to the subscriber (from the BNG's MAC) and to the server (from the
     * subscriber's MAC, as the server knows the session), its entries removed.
     *
     * @param id the controller's session id
     * @return false if no such session is going
     */
    boolean cut(long id) {
        Optional<Session> found = sessions.values().stream().filter(s -> s.id == id).findFirst();
        if (found.isEmpty() || found.get().machine.state() == BngSessionState.ENDED) {
            return false;
        }
        Session session = found.get();
        String why = "cut by the operator";
        bngMac(session.line).ifPresent(mac -> send(session.line.port, PppoeFrame.padt(
                session.subscriberMac, mac, session.line.sVid, session.line.cVid, session.sessionId, why)));
        config.server().ifPresent(server -> send(server, PppoeFrame.padt(
                session.serverMac, session.subscriberMac, session.line.sVid, session.line.cVid,
                session.sessionId, why)));
        apply(session, session.machine.end(why));
        return true;
    }

    /** Writes what a change means to the data plane. */
    private void apply(Session session, Change change) {
        switch (change) {
            case UP:
            case ADDRESSES:
                install(session);
                return;
            case ENDED:
                session.endedAt = clock.getAsLong();
                link(session).ifPresent(session.ipv6::end);
                uninstall(session);
                heldLinks.release(session.prefix);
                heldDelegations.release(session.delegatable);
                return;
            default:
        }
    }

    private void install(Session session) {
        boolean hadIpv6 = hasIpv6(session);
        List<PppoeAttachment> wanted = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        session.machine.ipv4().ifPresent(ip -> wanted.add(attachment(session, ip)));
        Optional<byte[]> iid = session.machine.interfaceId();
        if (iid.isPresent()) {
            if (session.prefix == null) {
                session.prefix = prefixFor(session).orElse(null);
            }
            if (session.prefix == null) {
                problems.add("IPv6CP opened but no /64 is configured for line " + lineView(session.line).name()
                                     + " (linePrefixes or prefixPool)");
            } else {
                wanted.add(attachment(session, ipv6(session.prefix, iid.get())));
            }
        }
        for (PppoeAttachment attachment : wanted) {
            if (session.installed.containsKey(attachment)) {
                continue;
            }
            try {
                session.installed.put(attachment, placement.setup(session.line.port.deviceId(), attachment));
            } catch (BngProgrammableException | RuntimeException e) {
                problems.add(e.getMessage());
            }
        }
        session.status = problems.isEmpty() ? InstallStatus.INSTALLED
                : InstallStatus.failed(session.line.port.deviceId(), String.join("; ", problems));
        if (!problems.isEmpty()) {
            log.warn("BNG session {} on {}: {}", session.id, lineView(session.line).name(), problems);
        }
        if (!hadIpv6 && hasIpv6(session)) {
            // The session's IPv6 is up: tell the subscriber its /64 and default router now.
            link(session).ifPresent(link -> session.ipv6.advertise(clock.getAsLong(), link));
        }
    }

    /** Whether the session's own IPv6 address (its /64) is in the data plane. */
    private static boolean hasIpv6(Session session) {
        return session.installed.keySet().stream().anyMatch(a -> a.ipAddress() != null && a.ipAddress().isIp6()
                && ((PppoeAttachment) a).prefixLength() == IPV6_LINK_PREFIX);
    }

    /** A subscriber's IPv6 packet the data plane punted (link-scope or multicast). */
    private void subscriberIpv6(Session session, byte[] packet) {
        Optional<SubscriberIpv6.Link> link = link(session);
        if (link.isEmpty()) {
            drop(NO_BNG_MAC, session.line.port, session.line.port.deviceId() + " has no bngMac annotation");
            return;
        }
        try {
            Optional<String> ignored = session.ipv6.receive(packet, clock.getAsLong(), link.get());
            ignored.ifPresent(why -> drop(SubscriberIpv6.NOT_FOR_BNG.equals(why) ? DATA : IPV6_IGNORED,
                                          session.line.port, "session " + session.sessionId + ": " + why));
        } catch (MalformedFrameException e) {
            drop(MALFORMED, session.line.port, "session " + session.sessionId + ": " + e.getMessage());
        }
    }

    /** The session as its IPv6 provisioning acts on it; empty when its device has no BNG MAC. */
    private Optional<SubscriberIpv6.Link> link(Session session) {
        Optional<MacAddress> mac = dataPlane.bngMac(session.line.port.deviceId());
        if (mac.isEmpty()) {
            return Optional.empty();
        }
        MacAddress bngMac = mac.get();
        return Optional.of(new SubscriberIpv6.Link() {
            @Override
            public MacAddress bngMac() {
                return bngMac;
            }

            @Override
            public Optional<Ip6Prefix> lan64() {
                return hasIpv6(session) ? Optional.ofNullable(session.prefix) : Optional.empty();
            }

            @Override
            public Optional<Ip6Prefix> delegatable() {
                if (session.delegatable == null) {
                    session.delegatable = delegatedFor(session).orElse(null);
                }
                return Optional.ofNullable(session.delegatable);
            }

            @Override
            public void send(byte[] ipv6) {
                BngRelay.this.send(session.line.port, PppoeFrame.session(
                        session.subscriberMac, bngMac, session.line.sVid, session.line.cVid, session.sessionId,
                        PPP_IPV6, ipv6));
            }

            @Override
            public boolean install(Ip6Prefix delegated) {
                PppoeAttachment attachment = delegatedAttachment(session, delegated);
                try {
                    session.installed.put(attachment, placement.setup(session.line.port.deviceId(), attachment));
                    return true;
                } catch (BngProgrammableException | RuntimeException e) {
                    session.status = InstallStatus.failed(session.line.port.deviceId(),
                                                          "delegated prefix " + delegated + ": " + e.getMessage());
                    log.warn("BNG session {}: delegated prefix {} refused: {}", session.id, delegated, e.getMessage());
                    return false;
                }
            }

            @Override
            public void uninstall(Ip6Prefix delegated) {
                PlacedAttachment placed = session.installed.remove(delegatedAttachment(session, delegated));
                if (placed == null) {
                    return;
                }
                try {
                    // The session's other addresses keep the line's shared entries (a release during
                    // the session; at its end, the last of them takes them).
                    placement.remove(session.installed.isEmpty() ? placed : placed.leavingOthers());
                } catch (BngProgrammableException | RuntimeException e) {
                    session.status = InstallStatus.failed(session.line.port.deviceId(),
                                                          "removing delegated prefix " + delegated + ": "
                                                                  + e.getMessage());
                }
            }
        });
    }

    private PppoeAttachment delegatedAttachment(Session session, Ip6Prefix delegated) {
        return new PppoeAttachment(appId, session.line.sVid, session.line.cVid, session.subscriberMac,
                                   delegated.address(), session.sessionId, delegated.prefixLength())
                .metered(config.meterFor(session.line.sVid, session.line.cVid));
    }

    /**
     * Removes a session's attachments, the line's shared entries with the last one only: each
     * removal finds the line's id in the device's entries, so they must still be there (ONOS
     * applies removals on its own executor; an earlier removal of them may or may not show yet).
     */
    private void uninstall(Session session) {
        List<String> problems = new ArrayList<>();
        List<PlacedAttachment> all = new ArrayList<>(session.installed.values());
        for (int i = 0; i < all.size(); i++) {
            try {
                placement.remove(i < all.size() - 1 ? all.get(i).leavingOthers() : all.get(i));
            } catch (BngProgrammableException | RuntimeException e) {
                problems.add(e.getMessage());
            }
        }
        session.installed.clear();
        if (!problems.isEmpty()) {
            session.status = InstallStatus.failed(session.line.port.deviceId(), "removing: " + String.join("; ", problems));
        } else if (session.status.state() == InstallStatus.State.INSTALLED) {
            // Nothing of it is in the data plane any more.
            session.status = InstallStatus.REQUESTED;
        }
    }

    private PppoeAttachment attachment(Session session, IpAddress ip) {
        return new PppoeAttachment(appId, session.line.sVid, session.line.cVid, session.subscriberMac, ip,
                                   session.sessionId).metered(config.meterFor(session.line.sVid, session.line.cVid));
    }

    /** The line's configured /64, else the lowest /64 of the pool no going session holds. */
    private Optional<Ip6Prefix> prefixFor(Session session) {
        Ip6Prefix configured = config.linePrefixes().get(BngConfig.lineKey(session.line.sVid, session.line.cVid));
        Optional<Ip6Prefix> prefix = configured != null ? Optional.of(configured)
                : config.prefixPool().flatMap(pool -> heldLinks.lowestFree(pool, IPV6_LINK_PREFIX));
        prefix.ifPresent(heldLinks::hold);
        return prefix;
    }

    /** The line's configured delegated prefix, else the lowest of the delegated pool no going session holds. */
    private Optional<Ip6Prefix> delegatedFor(Session session) {
        Ip6Prefix configured = config.lineDelegated().get(BngConfig.lineKey(session.line.sVid, session.line.cVid));
        Optional<Ip6Prefix> prefix = configured != null ? Optional.of(configured)
                : config.delegatedPool().flatMap(pool -> heldDelegations.lowestFree(pool, config.delegatedLength()));
        prefix.ifPresent(heldDelegations::hold);
        return prefix;
    }

    /** A /64 and an interface identifier. */
    static Ip6Address ipv6(Ip6Prefix prefix, byte[] interfaceId) {
        byte[] octets = prefix.address().toOctets();
        System.arraycopy(interfaceId, 0, octets, 8, 8);
        return Ip6Address.valueOf(octets);
    }

    /**
     * A session's counters, read through the first address's attachment from each device it is
     * on (in a split: upstream and control from the access device, downstream from the forwarding
     * device).
     *
     * @param id the controller's session id
     * @return the counters; empty when nothing is installed or they cannot be read
     */
    Map<BngCounterType, PiCounterCellData> counters(long id) {
        Optional<Session> found = sessions.values().stream().filter(s -> s.id == id).findFirst();
        if (found.isEmpty() || found.get().installed.isEmpty()) {
            return Map.of();
        }
        Session session = found.get();
        try {
            return placement.counters(session.installed.values().iterator().next());
        } catch (BngProgrammableException | RuntimeException e) {
            log.warn("BNG session {}: counters unreadable: {}", id, e.getMessage());
            return Map.of();
        }
    }

    List<BngLine> lines() {
        return lines.values().stream().map(this::lineView).collect(ImmutableList.toImmutableList());
    }

    private BngLine lineView(LineRecord line) {
        return line.view(config.meterFor(line.sVid, line.cVid));
    }

    List<BngSession> sessions() {
        return sessions.values().stream().sorted(Comparator.comparingLong(s -> s.id)).map(this::view)
                .collect(ImmutableList.toImmutableList());
    }

    Optional<BngSession> session(long id) {
        return sessions.values().stream().filter(s -> s.id == id).findFirst().map(this::view);
    }

    Map<String, Long> dropped() {
        return Map.copyOf(dropped);
    }

    private BngSession view(Session s) {
        BngSessionMachine m = s.machine;
        return BngSession.builder().id(s.id).line(lineView(s.line)).sessionId(s.sessionId)
                .subscriberMac(s.subscriberMac).serverMac(s.serverMac).state(m.state()).user(m.user().orElse(null))
                .ipv4(m.ipv4().orElse(null))
                .ipv6(s.prefix == null ? null : m.interfaceId().map(iid -> ipv6(s.prefix, iid)).orElse(null))
                .ipv6Prefix(s.prefix).delegatedPrefix(s.ipv6.delegated().orElse(null)).endReason(m.endReason().orElse(null)).status(s.status)
                .startedMillis(s.started).build();
    }

    private Optional<MacAddress> bngMac(LineRecord line) {
        Optional<MacAddress> mac = dataPlane.bngMac(line.port.deviceId());
        if (mac.isEmpty()) {
            drop(NO_BNG_MAC, line.port, line.port.deviceId() + " has no bngMac annotation");
        }
        return mac;
    }

    private void send(ConnectPoint to, byte[] frame) {
        dataPlane.send(to, frame);
    }

    private void drop(String reason, ConnectPoint where, String detail) {
        dropped.merge(reason, 1L, Long::sum);
        log.debug("BNG relay dropped a frame at {} ({}): {}", where, reason, detail);
    }

    private static String lineName(ConnectPoint port, int sVid, int cVid) {
        return port + "/" + sVid + "/" + cVid;
    }

    private static String key(int sVid, int cVid, MacAddress subscriber) {
        return sVid + "/" + cVid + "/" + subscriber;
    }

    private static String key(int sVid, int cVid, MacAddress subscriber, int sessionId) {
        return key(sVid, cVid, subscriber) + "/" + sessionId;
    }
}
