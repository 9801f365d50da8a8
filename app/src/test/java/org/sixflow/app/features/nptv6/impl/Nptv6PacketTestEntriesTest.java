// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.TestApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiFieldMatch;
import org.onosproject.net.pi.runtime.PiLpmFieldMatch;
import org.sixflow.app.features.nptv6.api.Nptv6Mapping;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.Assert.assertEquals;

/**
 * The NPTv6 packet tests (pipeconf/ptf/tests/test_nptv6.py) install exactly what this app's
 * compiler makes of their mappings, which are generated here (seeded): the committed
 * pipeconf/ptf/tests/nptv6_entries.json must be this test's output. Regenerate it with
 * {@code -Dnptv6.writeEntries=true}.
 */
public class Nptv6PacketTestEntriesTest {

    /** The packet tests' ports: the site's side, and one uplink per provider. */
    static final int INSIDE_PORT = 1;
    static final int[] UPLINK_PORTS = {2, 3};
    /** Destinations behind the uplinks (3fff::/20, RFC 9637's documentation prefix): no mapping may touch them. */
    static final Ip6Prefix OUTSIDE = Ip6Prefix.valueOf("3fff::/16");
    /** Lengths of the generated internal prefixes (each mapped to one external prefix per uplink). */
    static final int[] LENGTHS = {16, 24, 32, 36, 40, 44, 47, 48, 48};

    private static final Nptv6EntryCompiler COMPILER = new Nptv6EntryCompiler(TestApplicationId.create("test"));

    private static File fixture() {
        File dir = new File(System.getProperty("user.dir")).getAbsoluteFile();
        while (!new File(dir, "pipeconf/profiles.json").isFile()) {
            dir = dir.getParentFile();
        }
        return new File(dir, "pipeconf/ptf/tests/nptv6_entries.json");
    }

    private static Ip6Prefix random(Random random, int length, int firstOctet, int firstMask) {
        byte[] octets = new byte[16];
        random.nextBytes(octets);
        octets[0] = (byte) ((octets[0] & ~firstMask) | firstOctet);
        return Ip6Prefix.valueOf(Ip6Address.valueOf(octets), length);
    }

    private static boolean overlaps(Ip6Prefix prefix, List<Ip6Prefix> taken) {
        return taken.stream().anyMatch(p -> p.contains(prefix) || prefix.contains(p));
    }

    /** The generated mappings: pairwise disjoint prefixes, internal ones in fd00::/8, external ones in 2000::/3. */
    static List<Nptv6Mapping> mappings() {
        Random random = new Random(6296);
        List<Ip6Prefix> taken = new ArrayList<>(List.of(OUTSIDE));
        List<Nptv6Mapping> mappings = new ArrayList<>();
        for (int length : LENGTHS) {
            Ip6Prefix internal;
            do {
                internal = random(random, length, 0xfd, 0xff);
            } while (overlaps(internal, taken));
            taken.add(internal);
            for (int port : UPLINK_PORTS) {
                Ip6Prefix external;
                do {
                    external = random(random, length, 0x20, 0xe0);
                } while (overlaps(external, taken));
                taken.add(external);
                mappings.add(Nptv6Mapping.of(internal, external,
                                             ConnectPoint.deviceConnectPoint("device:sbr/" + port)));
            }
        }
        return mappings;
    }

    private static String hex(byte[] octets) {
        StringBuilder text = new StringBuilder("0x");
        for (byte b : octets) {
            text.append(String.format("%02x", b & 0xff));
        }
        return text.toString();
    }

    private static Map<String, Object> entry(FlowRule rule) {
        Map<String, Object> match = new LinkedHashMap<>();
        PiCriterion criterion = (PiCriterion) rule.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
        for (PiFieldMatch field : criterion.fieldMatches()) {
            if (field instanceof PiLpmFieldMatch) {
                PiLpmFieldMatch lpm = (PiLpmFieldMatch) field;
                match.put(field.fieldId().id(), List.of(Ip6Address.valueOf(lpm.value().asArray()).toString(),
                                                        lpm.prefixLength()));
            } else {
                long value = 0;
                for (byte b : ((PiExactFieldMatch) field).value().asArray()) {
                    value = (value << 8) | (b & 0xff);
                }
                match.put(field.fieldId().id(), value);
            }
        }
        PiAction action = (PiAction) ((PiInstruction) rule.treatment().allInstructions().get(0)).action();
        Map<String, Object> params = new LinkedHashMap<>();
        action.parameters().stream().sorted((a, b) -> a.id().id().compareTo(b.id().id()))
                .forEach((PiActionParam p) -> params.put(p.id().id(), hex(p.value().asArray())));
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("table", rule.table().toString());
        entry.put("match", match);
        entry.put("action", action.id().id());
        entry.put("params", params);
        return entry;
    }

    static String render() throws Exception {
        List<Object> mappings = new ArrayList<>();
        for (Nptv6Mapping mapping : mappings()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("internal", mapping.internalPrefix().toString());
            m.put("external", mapping.externalPrefix().toString());
            m.put("uplink_port", mapping.uplink().port().toLong());
            List<Object> entries = new ArrayList<>();
            for (FlowRule rule : COMPILER.compile(mapping)) {
                entries.add(entry(rule));
            }
            m.put("entries", entries);
            mappings.add(m);
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("_comment", "Generated by app Nptv6PacketTestEntriesTest (-Dnptv6.writeEntries=true): the"
                + " mappings test_nptv6.py uses and the entries the app's Nptv6EntryCompiler makes of them.");
        root.put("inside_port", INSIDE_PORT);
        root.put("outside", OUTSIDE.toString());
        root.put("mappings", mappings);
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root) + "\n";
    }

    @Test
    public void committedEntriesAreTheCompilers() throws Exception {
        String expected = render();
        File file = fixture();
        if (Boolean.getBoolean("nptv6.writeEntries")) {
            Files.write(file.toPath(), expected.getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(file + " is stale: run this test with -Dnptv6.writeEntries=true", expected,
                     new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8));
    }
}
