// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.sixflow.pipeconf.codegen.PipeconfPaths;

import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The committed Tofino parsers choose their transitions by what they read. A bf-p4c whose parser
 * match register allocation drops the ordinary registers (upstream p4c from #5063 until #5753;
 * pipeconf/tools/build-bf-p4c.sh applies the fix) compiles without an error, but every state
 * keeps only its first transition: its resource report (pipe/logs/resources.json) then shows
 * states with several transitions that match on nothing. Such an output is refused here.
 */
public class TofinoParsersTest {

    private static final String TOFINO = PipeconfTarget.TOFINO.id();
    /** The compiler's own padding states (min_parse_depth_*) match on its parser counter. */
    private static final String COUNTER_STATES = "min_parse_depth_";

    /** State name -> how many of its transitions match on nothing, for states with several. */
    static Map<String, Integer> unmatchedChoices(JsonNode resources) {
        Map<String, List<JsonNode>> transitions = new LinkedHashMap<>();
        for (JsonNode parser : resources.path("resources").path("parser").path("parsers")) {
            for (JsonNode row : parser.path("states")) {
                String state = parser.path("gress").asText() + "/" + parser.path("parser_id").asInt() + "/"
                        + row.path("previous_state_name").asText();
                transitions.computeIfAbsent(state, s -> new ArrayList<>()).add(row);
            }
        }
        Map<String, Integer> unmatched = new LinkedHashMap<>();
        transitions.forEach((state, rows) -> {
            long blind = rows.stream().filter(row -> row.path("matchesOn").isEmpty()).count();
            if (rows.size() > 1 && blind > 0 && !state.contains("/" + COUNTER_STATES)) {
                unmatched.put(state, (int) blind);
            }
        });
        return unmatched;
    }

    @Test
    public void everyChoiceMatchesOnThePacket() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        int checked = 0;
        List<String> problems = new ArrayList<>();
        for (PipeconfProfile profile : PipeconfProfiles.all()) {
            File resources = new File(PipeconfPaths.artifacts(profile.name(), TOFINO),
                                      SixflowPipeconfs.TOFINO_RESOURCES_FILE);
            if (!resources.isFile()) {
                continue;  // an absent Tofino output: CompiledArtifactsTest says so
            }
            Map<String, Integer> unmatched = unmatchedChoices(mapper.readTree(resources));
            if (!unmatched.isEmpty()) {
                problems.add(profile.name() + "/tofino: " + unmatched);
            }
            checked++;
        }
        assertTrue("no Tofino output to check", checked > 0);
        assertTrue("parser states with transitions that match nothing (a bf-p4c without the match register "
                           + "fix: rebuild it with pipeconf/tools/build-bf-p4c.sh, then the outputs): " + problems,
                   problems.isEmpty());
    }

    @Test
    public void aParserWhoseChoicesMatchNothingIsRefused() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode broken = mapper.readTree("{\"resources\": {\"parser\": {\"parsers\": [{\"gress\": \"ingress\", "
                + "\"parser_id\": 0, \"states\": ["
                + "{\"previous_state_name\": \"parse_ipv6\", \"next_state_name\": \"parse_gtpu\", \"matchesOn\": []},"
                + "{\"previous_state_name\": \"parse_ipv6\", \"next_state_name\": \"parse_udp\", \"matchesOn\": []},"
                + "{\"previous_state_name\": \"parse_udp\", \"next_state_name\": \"END\", \"matchesOn\": []},"
                + "{\"previous_state_name\": \"min_parse_depth_accept_initial\", \"matchesOn\": []},"
                + "{\"previous_state_name\": \"min_parse_depth_accept_initial\", \"matchesOn\": []}]}]}}}");
        assertEquals(Map.of("ingress/0/parse_ipv6", 2), unmatchedChoices(broken));
        JsonNode sound = mapper.readTree("{\"resources\": {\"parser\": {\"parsers\": [{\"gress\": \"ingress\", "
                + "\"parser_id\": 0, \"states\": ["
                + "{\"previous_state_name\": \"parse_ipv6\", \"matchesOn\": [{\"value\": \"0x11\"}]},"
                + "{\"previous_state_name\": \"parse_ipv6\", \"matchesOn\": [{\"value\": \"0x**\"}]}]}]}}}");
        assertTrue(unmatchedChoices(sound).isEmpty());
    }
}
