// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.InstallStatus;

import javax.ws.rs.core.Response;
import javax.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The answers every feature's REST resource gives about the objects users ask it to install
 * (policies, tunnels, mappings, sites), written once: a page of them with their statuses, a
 * created one with its Location, a removal, the entries per device.
 */
public final class OwnedJson {

    private OwnedJson() {
    }

    /**
     * A page of objects, each with its status: {"FIELD": [...], "total", "next"}.
     *
     * @param mapper   the resource's JSON mapper
     * @param field    the array's name, e.g. "mappings"
     * @param page     which objects
     * @param all      every object, in order
     * @param statuses each object's status by id
     * @param id       an object's id
     * @param encode   an object's JSON with its status
     * @param <T>      the objects
     * @return the page's JSON
     */
    public static <T> ObjectNode page(ObjectMapper mapper, String field, Paging page, List<T> all,
                                      Map<String, InstallStatus> statuses, Function<T, String> id,
                                      BiFunction<T, Optional<InstallStatus>, ObjectNode> encode) {
        ObjectNode json = mapper.createObjectNode();
        ArrayNode objects = json.putArray(field);
        page.slice(all).forEach(o -> objects.add(encode.apply(o, Optional.ofNullable(statuses.get(id.apply(o))))));
        return page.describe(json, all.size());
    }

    /**
     * 201 Created with {"FIELD": the object} and the object's Location.
     *
     * @param mapper  the resource's JSON mapper
     * @param uriInfo the request's URI
     * @param id      the new object's id
     * @param field   the member's name, e.g. "mapping"
     * @param object  the object's JSON
     * @return the answer
     */
    public static Response created(ObjectMapper mapper, UriInfo uriInfo, String id, String field, ObjectNode object) {
        ObjectNode json = mapper.createObjectNode();
        json.set(field, object);
        return Response.created(uriInfo.getAbsolutePathBuilder().path(id).build()).entity(json).build();
    }

    /**
     * 204 No Content for an object removed; 404 naming it when there was none.
     *
     * @param removed  whether the service removed one
     * @param notFound the 404's message, e.g. "No NPTv6 mapping m1"
     * @return the answer
     * @throws ItemNotFoundException if nothing was removed
     */
    public static Response removed(boolean removed, String notFound) {
        if (!removed) {
            throw new ItemNotFoundException(notFound);
        }
        return Response.noContent().build();
    }

    /**
     * Adds "deviceEntries": {device: [entry, ...]} to an object's JSON.
     *
     * @param json    the object's JSON
     * @param entries its entries per device, described
     * @return the same JSON
     */
    public static ObjectNode withDeviceEntries(ObjectNode json, Map<DeviceId, List<String>> entries) {
        ObjectNode byDevice = json.putObject("deviceEntries");
        entries.forEach((device, list) -> {
            ArrayNode array = byDevice.putArray(device.toString());
            list.forEach(array::add);
        });
        return json;
    }
}
