// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

import org.onosproject.net.DeviceId;

import java.util.Map;

/**
 * GTP-U path management (3GPP TS 29.281 section 7.2) at the routers' N3 addresses: the data
 * plane punts each Echo Request addressed to a local N3 address, and the controller answers it,
 * if a tunnel of the device has that N3 address, with an Echo Response out of the port it came in
 * by. This service says how many were answered and what became of the others.
 */
public interface GtpuEchoService {

    /**
     * Echo requests answered, per device that punted them; a device that answered none is absent.
     *
     * @return answered requests by device
     */
    Map<DeviceId, Long> answeredRequests();

    /**
     * Echo requests answered for one device.
     *
     * @param deviceId the device
     * @return how many, 0 for a device that answered none
     */
    long answeredRequests(DeviceId deviceId);

    /**
     * Punted GTP-U packets by what became of them, every outcome present (zeros included).
     *
     * @return counts by outcome
     */
    Map<Outcome, Long> outcomes();

    /** What became of a punted GTP-U packet (IPv6, UDP to port 2152). */
    enum Outcome {
        /** An Echo Response went back out of the port the request came in by. */
        ANSWERED,
        /** Over the rate the device's answers are limited to. */
        RATE_LIMITED,
        /** A GTP-U message other than an Echo Request or the messages below: not the controller's to answer. */
        NOT_ECHO_REQUEST,
        /**
         * An Echo Response (section 7.2.2): a peer answers the controller's path supervision,
         * org.sixflow.app.features.gtpu.impl.echo.GtpuPathSupervisor's.
         */
        ECHO_RESPONSE,
        /**
         * An Error Indication (TS 29.281 section 7.3.1): the peer received a G-PDU for a TEID it
         * does not know. Punted by the data plane for the controller; recorded by
         * org.sixflow.app.features.gtpu.impl.signalling.GtpuSignallingRecorder.
         */
        ERROR_INDICATION,
        /** An End Marker (section 7.3.2): a path's last packet before it moves. Recorded likewise. */
        END_MARKER,
        /**
         * A Supported Extension Headers Notification (section 7.2.3): the extension headers the
         * peer takes. Recorded likewise.
         */
        SUPPORTED_EXTENSION_HEADERS,
        /**
         * A G-PDU: one for a TEID no tunnel of its N3 address has, which the data plane punts for
         * org.sixflow.app.features.gtpu.impl.signalling.GtpuErrorIndicationSender's Error Indication.
         */
        G_PDU,
        /** Truncated, lengths or UDP checksum wrong, not GTP version 1, or an unusable address. */
        MALFORMED,
        /** Carries an extension header whose comprehension is required, which the responder has none of. */
        UNSUPPORTED_EXTENSION,
        /**
         * Addressed to no N3 address of the device: no tunnel the tunnel service knows has it as
         * its N3 address with the device as its decap device (an address in the device's locator
         * included).
         */
        NOT_LOCAL,
        /** From a device with no valid Sixflow configuration. */
        NOT_SIXFLOW_DEVICE
    }
}
