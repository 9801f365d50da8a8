// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.drivers;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * A P4Runtime device's management address, as netcfg gives it: {@code grpc://host:port?device_id=N}.
 */
final class ManagementUris {

    private static final String DEVICE_ID = "device_id=";

    private ManagementUris() {
    }

    /**
     * The P4Runtime device id the address names.
     *
     * @param uri the management address, or null
     * @return its {@code device_id}, or null when it has none or not a number
     */
    static Long p4DeviceId(URI uri) {
        if (uri == null || uri.getRawQuery() == null) {
            return null;
        }
        for (String parameter : uri.getRawQuery().split("&")) {
            if (parameter.startsWith(DEVICE_ID)) {
                try {
                    return Long.parseUnsignedLong(URLDecoder.decode(parameter.substring(DEVICE_ID.length()),
                                                                    StandardCharsets.UTF_8));
                } catch (NumberFormatException e) {
                    return null;
                }
            }
        }
        return null;
    }
}
