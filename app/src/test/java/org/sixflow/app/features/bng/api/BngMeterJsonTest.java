// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.sixflow.app.api.InvalidFieldsException;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The configuration's meters: a default and a line's own (which replaces it) read and written
 * back the same; every wrong field of a rate named at once (missing, out of range, a burst below
 * one full-size frame, a peak below the committed rate, unknown), and a wrong configuration
 * taking the place of none.
 */
public class BngMeterJsonTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String RATE = "{\"cirKbps\":10000,\"cbsBytes\":15000,\"pirKbps\":20000,\"pbsBytes\":30000}";

    @Test
    public void readsAndWritesADefaultAndALinesOwn() throws Exception {
        String text = "{\"server\":\"device:bng/2\",\"echoIntervalSeconds\":30,\"echoMisses\":4,\"linePrefixes\":[],"
                + "\"prefixPool\":null,\"delegatedPool\":null,\"delegatedLength\":56,\"forwardDevice\":null,"
                + "\"defaultMeter\":{\"upstream\":" + RATE + ",\"downstream\":null},"
                + "\"lineMeters\":[{\"sTag\":100,\"cTag\":10,\"upstream\":null,\"downstream\":" + RATE + "}]}";
        BngConfig config = BngConfigJson.read(MAPPER.readTree(text));
        BngMeterRate rate = new BngMeterRate(10_000, 15_000, 20_000, 30_000);
        assertEquals(new BngLineMeter(rate, null), config.defaultMeter());
        assertEquals("the line's own replaces the default", new BngLineMeter(null, rate), config.meterFor(100, 10));
        assertEquals(new BngLineMeter(rate, null), config.meterFor(100, 11));
        assertEquals(MAPPER.readTree(text), BngConfigJson.write(config, MAPPER));
    }

    @Test
    public void withoutMetersEveryLineIsUnmetered() throws Exception {
        BngConfig config = BngConfigJson.read(MAPPER.readTree("{\"server\":\"device:bng/2\"}"));
        assertEquals(BngLineMeter.UNMETERED, config.meterFor(100, 10));
        assertTrue(config.meterFor(0, 0).isUnmetered());
        assertEquals("unmetered", BngLineMeter.UNMETERED.toString());
    }

    @Test
    public void namesEveryWrongFieldOfARate() throws Exception {
        String text = "{\"server\":\"device:bng/2\","
                + "\"defaultMeter\":{\"upstream\":{\"cirKbps\":20000,\"cbsBytes\":1500,\"pirKbps\":10000},"
                + "\"sideways\":1,\"downstream\":7},"
                + "\"lineMeters\":[{\"sTag\":100,\"cTag\":4095,\"upstream\":{\"cirKbps\":0,\"cbsBytes\":15000,"
                + "\"pirKbps\":100000001,\"pbsBytes\":\"lots\",\"ebs\":1}},"
                + "{\"sTag\":100,\"cTag\":10,\"downstream\":" + RATE + "},"
                + "{\"sTag\":100,\"cTag\":10,\"upstream\":" + RATE + "}, 3]}";
        try {
            BngConfigJson.read(MAPPER.readTree(text));
            fail("read");
        } catch (InvalidFieldsException e) {
            List<String> fields = e.errors().stream().map(InvalidFieldsException.FieldError::field)
                    .collect(Collectors.toList());
            assertEquals(List.of("defaultMeter.sideways", "defaultMeter.upstream.cbsBytes",
                                 "defaultMeter.upstream.pbsBytes", "defaultMeter.upstream.pirKbps",
                                 "defaultMeter.downstream",
                                 "lineMeters[0].cTag", "lineMeters[0].upstream.ebs", "lineMeters[0].upstream.cirKbps",
                                 "lineMeters[0].upstream.pirKbps", "lineMeters[0].upstream.pbsBytes",
                                 "lineMeters[2]", "lineMeters[3]"), fields);
            String message = e.getMessage();
            for (String part : new String[]{"unknown field", "never lets it through", "is required (1522..",
                    "below cirKbps 20000", "or null for unmetered", "must be an integer 1..100000000 kbit/s, not 0",
                    "not 100000001", "not string", "is given twice", "must be an object {sTag"}) {
                assertTrue(part + " in " + message, message.contains(part));
            }
        }
    }

    @Test
    public void refusesMetersThatAreNotObjectsOrArrays() throws Exception {
        try {
            BngConfigJson.read(MAPPER.readTree("{\"server\":\"device:bng/2\",\"defaultMeter\":\"fast\","
                                                       + "\"lineMeters\":{}}"));
            fail("read");
        } catch (InvalidFieldsException e) {
            assertEquals(List.of("defaultMeter", "lineMeters"), e.errors().stream()
                    .map(InvalidFieldsException.FieldError::field).collect(Collectors.toList()));
        }
    }

    @Test(expected = IllegalArgumentException.class)
    public void aRateBelowOneFrameOfBurstIsRefusedInTheApiToo() {
        new BngMeterRate(1000, 1500, 1000, 3000);
    }
}
