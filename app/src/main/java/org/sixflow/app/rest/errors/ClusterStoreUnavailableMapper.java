// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.errors;

import org.onosproject.net.flow.FlowRuleStoreException;
import org.slf4j.Logger;

import javax.ws.rs.core.Response;
import javax.ws.rs.ext.ExceptionMapper;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * ONOS's flow-rule store could not answer: on an instance that does not master a device, it asks
 * the device's master, and while a stopped or crashed master is being replaced that fails (a
 * cluster run: "Connection refused" for a second after a SIGKILL). 503 with Retry-After; the
 * cause goes to the log only.
 */
public class ClusterStoreUnavailableMapper implements ExceptionMapper<FlowRuleStoreException> {

    private static final Logger log = getLogger(ClusterStoreUnavailableMapper.class);

    @Override
    public Response toResponse(FlowRuleStoreException e) {
        log.warn("ONOS's flow-rule store did not answer: {}", e.toString());
        return JsonErrors.unavailable("ONOS could not read a device's flow rules from the instance mastering it "
                                              + "(a cluster member may be down or being replaced); try again later");
    }
}
