// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.rest;

import org.onosproject.net.DeviceId;
import org.onosproject.rest.AbstractWebResource;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.app.features.routing.api.RoutingService;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.List;
import java.util.Optional;

import static org.sixflow.app.rest.DeviceParameters.optionalDevice;

/**
 * IPv6 routes: the routing_v6 entries Sixflow keeps for hosts, host subnets and locators.
 */
@Path("routes")
public class RouteWebResource extends AbstractWebResource {

    /**
     * Every device's routes, or one device's, with the state of each entry.
     *
     * @param device only this device (optional)
     * @return 200 OK with {"routes": [{"device", "prefix", "kind", "port", "nextHopMac", "nextHops", "state"}]};
     *         400 naming the device when it is malformed or unknown
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response routes(@QueryParam("device") String device) {
        RoutingService routing = get(RoutingService.class);
        Optional<DeviceId> only = optionalDevice(device);
        List<Ipv6Route> routes = only.isPresent() ? routing.routes(only.get()) : routing.routes();
        return ok(encodeArray(Ipv6Route.class, "routes", routes)).build();
    }
}
