// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.codec.CodecContext;
import org.onosproject.net.PortNumber;
import org.sixflow.app.api.InvalidFieldsException;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.testing.PlainCodecContext;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/**
 * JSON of ILNP sites: the round trip, every refusal naming its field, all in one answer, and the
 * body of a weight change.
 */
public class IlnpSiteCodecTest {

    private static final CodecContext CONTEXT = new PlainCodecContext();
    private static final ObjectMapper MAPPER = CONTEXT.mapper();
    static final String GOOD = "{\"name\": \"site-a\", \"device\": \"device:sbr\", \"internalLocator\": \"fd00:5:1:1::/64\","
            + " \"uplinks\": [{\"port\": 3, \"locator\": \"2001:db8:b:1::/64\", \"routerMac\": \"00:aa:00:00:03:01\","
            + " \"nextHopMac\": \"00:bb:00:00:00:03\", \"weight\": 20},"
            + " {\"port\": 2, \"locator\": \"2001:db8:a:1::/64\", \"routerMac\": \"00:aa:00:00:02:01\","
            + " \"nextHopMac\": \"00:bb:00:00:00:02\", \"weight\": 80}]}";

    private final IlnpSiteCodec codec = new IlnpSiteCodec();

    private static ObjectNode json(String text) throws IOException {
        return (ObjectNode) MAPPER.readTree(text);
    }

    private List<String> refusals(String body) throws IOException {
        try {
            IlnpSite accepted = codec.decode(json(body), CONTEXT);
            fail("accepted " + accepted + " from " + body);
            return List.of();
        } catch (InvalidFieldsException e) {
            return e.errors().stream().map(f -> f.field() + ": " + f.message()).collect(Collectors.toList());
        }
    }

    @Test
    public void roundTripsInPortOrderWithTheSiteIdAndRevision() throws IOException {
        IlnpSite site = codec.decode(json(GOOD), CONTEXT);
        ObjectNode encoded = codec.encode(site, CONTEXT);
        assertEquals(json("{\"name\": \"site-a\", \"device\": \"device:sbr\", \"internalLocator\": \"fd00:5:1:1::/64\","
                                  + " \"siteId\": 2, \"revision\": 0, \"uplinks\": [{\"port\": 2, \"locator\":"
                                  + " \"2001:db8:a:1::/64\", \"routerMac\": \"00:aa:00:00:02:01\", \"nextHopMac\":"
                                  + " \"00:bb:00:00:00:02\", \"weight\": 80}, {\"port\": 3, \"locator\":"
                                  + " \"2001:db8:b:1::/64\", \"routerMac\": \"00:aa:00:00:03:01\", \"nextHopMac\":"
                                  + " \"00:bb:00:00:00:03\", \"weight\": 20}]}"), encoded);
        encoded.remove("siteId");
        encoded.remove("revision");
        assertEquals(site, codec.decode(encoded, CONTEXT));
    }

    @Test
    public void namesEveryBadFieldOfTheSyntax() throws IOException {
        assertEquals(List.of(
                "color: unknown field; a site has device, internalLocator, name, uplinks",
                "name: must be a string such as site-a, not number",
                "internalLocator: fd00:5:1:1::/48 is not a /64; a locator is the upper 64 bits of an address",
                "uplinks[0].extra: unknown field; an uplink has locator, nextHopMac, port, routerMac, weight",
                "uplinks[0].port: must be a whole number, not string",
                "uplinks[0].routerMac: 00:aa:00:00:03 is no MAC address (six hex pairs, colon-separated)",
                "uplinks[1].locator: 2001:db8:a:1::1/64 has bits set past 64 (did you mean 2001:db8:a:1::/64?)",
                "uplinks[1].weight: is required (a whole number)"),
                     refusals(GOOD.replace("{\"name\": \"site-a\"", "{\"color\": 1, \"name\": 7")
                                      .replace("fd00:5:1:1::/64", "fd00:5:1:1::/48")
                                      .replace("{\"port\": 3", "{\"extra\": true, \"port\": \"3\"")
                                      .replace("00:aa:00:00:03:01", "00:aa:00:00:03")
                                      .replace("2001:db8:a:1::/64", "2001:db8:a:1::1/64")
                                      .replace(", \"weight\": 80", "")));
        assertEquals(List.of("name: is required (a string such as site-a)", "device: is required (a string such as"
                + " device:sbr)", "internalLocator: is required (a string such as 2001:db8:a:1::/64)",
                             "uplinks: is required (a list of uplinks)"), refusals("{}"));
        assertEquals(List.of("uplinks: must be a list of uplinks, not object"),
                     refusals(GOOD.replaceAll("\\[.*\\]", "{}")));
    }

    @Test
    public void namesEveryBadFieldOfTheMeaningInOneAnswer() throws IOException {
        assertEquals(List.of(
                "name: must be 1-64 letters, digits, '.', '_' or '-' (not \".\" or \"..\")",
                "uplinks[1].port: port 300 is not 1..255 (the port is the uplink's index in the 256-cell"
                        + " ilnp_uplink_in/out counters)",
                "uplinks[1].locator: 2001:db8:b:1::/64 is another uplink's already (ilnp_inbound is keyed by the"
                        + " locator alone)",
                "uplinks: the weights sum to 70, not 100"),
                     refusals(GOOD.replace("site-a", "..").replace("\"port\": 2", "\"port\": 300")
                                      .replace("2001:db8:a:1::/64", "2001:db8:b:1::/64")
                                      .replace("\"weight\": 80", "\"weight\": 50")));
        assertEquals(List.of("uplinks: the weights sum to 0, not 100 (with every weight 0 no flow would have an"
                                     + " uplink: remove the site instead)"),
                     refusals(GOOD.replace("\"weight\": 80", "\"weight\": 0").replace("\"weight\": 20",
                                                                                      "\"weight\": 0")));
        assertEquals(List.of("uplinks[0].weight: 120 is not 0..100", "uplinks[1].weight: -20 is not 0..100"),
                     refusals(GOOD.replace("\"weight\": 20", "\"weight\": 120").replace("\"weight\": 80",
                                                                                        "\"weight\": -20")));
    }

    @Test
    public void readsAndRefusesWeightChanges() throws IOException {
        assertEquals(Map.of(PortNumber.portNumber(2), 80, PortNumber.portNumber(3), 20),
                     IlnpSiteCodec.weights(json("{\"weights\": {\"2\": 80, \"3\": 20}}")));
        try {
            IlnpSiteCodec.weights(json("{\"weights\": {\"two\": 80, \"3\": \"20\"}, \"x\": 1}"));
            fail("took bad weights");
        } catch (InvalidFieldsException e) {
            assertEquals(List.of("x: unknown field; a weight change has weights", "weights.two: is not a port number",
                                 "weights.3: must be a whole number 0..100, not string"),
                         e.errors().stream().map(f -> f.field() + ": " + f.message()).collect(Collectors.toList()));
        }
        try {
            IlnpSiteCodec.weights(json("{}"));
            fail("took no weights");
        } catch (InvalidFieldsException e) {
            assertEquals("weights", e.errors().get(0).field());
        }
    }
}
