// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.config.basics.BasicDeviceConfig;

import java.net.URI;
import java.util.Optional;

/**
 * A device's P4Runtime endpoint as ONOS's drivers find it: the netcfg management address
 * (grpc://host:port?device_id=N). ONOS's gRPC channel controller keys the device's channel by
 * that very URI, and N is the P4Runtime device id every request carries.
 */
public final class P4RuntimeAddress {

    private final URI uri;
    private final long p4DeviceId;

    private P4RuntimeAddress(URI uri, long p4DeviceId) {
        this.uri = uri;
        this.p4DeviceId = p4DeviceId;
    }

    /**
     * Parses a management address.
     *
     * @param address e.g. grpc://mininet:50001?device_id=1
     * @return the address
     * @throws IllegalArgumentException naming what is wrong with it
     */
    public static P4RuntimeAddress parse(String address) {
        URI uri = URI.create(address);
        if (!"grpc".equals(uri.getScheme()) && !"grpcs".equals(uri.getScheme())) {
            throw new IllegalArgumentException("management address " + address + " is not grpc://host:port");
        }
        String query = uri.getQuery() == null ? "" : uri.getQuery();
        for (String pair : query.split("&")) {
            if (pair.startsWith("device_id=")) {
                try {
                    return new P4RuntimeAddress(uri, Long.parseUnsignedLong(pair.substring("device_id=".length())));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("device_id in " + address + " is not a number");
                }
            }
        }
        throw new IllegalArgumentException("management address " + address + " has no device_id");
    }

    /**
     * Returns the address of a device from netcfg.
     *
     * @param configService netcfg
     * @param deviceId      the device
     * @return the address, or empty when netcfg gives none
     * @throws IllegalArgumentException when it gives a malformed one
     */
    public static Optional<P4RuntimeAddress> of(NetworkConfigService configService, DeviceId deviceId) {
        BasicDeviceConfig basic = configService.getConfig(deviceId, BasicDeviceConfig.class);
        if (basic == null || basic.managementAddress() == null) {
            return Optional.empty();
        }
        return Optional.of(parse(basic.managementAddress()));
    }

    /** The channel URI. */
    public URI uri() {
        return uri;
    }

    /** P4Runtime device id. */
    public long p4DeviceId() {
        return p4DeviceId;
    }
}
