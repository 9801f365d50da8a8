// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.junit.Test;
import org.sixflow.pipeconf.codegen.PipeconfPaths;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The group-id plan against the P4 sources: every clone session a program defines stays in the
 * clone range, and every multicast group id fits the programs' group field.
 */
public class GroupIdsTest {

    private static List<Integer> cloneSessions(String arch) throws Exception {
        File file = new File(PipeconfPaths.P4SRC, arch + "/define_" + arch + ".p4");
        Matcher matcher = Pattern.compile("(?m)^#define (\\w+_CLONE_SESSION) (\\d+)")
                .matcher(new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8));
        List<Integer> ids = new ArrayList<>();
        while (matcher.find()) {
            ids.add(Integer.parseInt(matcher.group(2)));
        }
        assertFalse("no clone session in " + file, ids.isEmpty());
        return ids;
    }

    @Test
    public void everyCloneSessionOfBothTargetsIsInTheCloneRange() throws Exception {
        for (String arch : List.of("v1model", "tna")) {
            for (int id : cloneSessions(arch)) {
                assertTrue(arch + " clone session " + id, GroupIds.isCloneSession(id));
            }
        }
        assertTrue(GroupIds.isCloneSession(CloneSessions.TELEMETRY));
    }

    @Test
    public void treeGroupsFitTheGroupFieldBelowTheServersLimit() {
        int limit = 1 << P4InfoConstants.GROUP_BITWIDTH;
        assertEquals(GroupIds.FIRST_TREE_GROUP, GroupIds.treeGroup(1));
        assertEquals(GroupIds.splitDeliveryGroup(1) - 1, GroupIds.treeGroup(GroupIds.MAX_TREE_NUMBER));
        assertEquals(GroupIds.LIMIT - 1, GroupIds.splitDeliveryGroup(GroupIds.MAX_TREE_NUMBER));
        assertTrue(GroupIds.LIMIT <= limit);
        assertFalse(GroupIds.isCloneSession(GroupIds.treeGroup(1)));
        // The tree number also fills the lower 16 bits of a SID's Function.
        assertTrue(GroupIds.MAX_TREE_NUMBER <= 0xFFFF);
    }

    @Test
    public void ecmpGroupsFollowTheTreesAndFitTheEcmpKey() {
        assertEquals(GroupIds.splitDeliveryGroup(GroupIds.MAX_TREE_NUMBER) + 1, GroupIds.ecmpGroup(0));
        int last = GroupIds.ecmpGroup(P4Defines.ECMP_GROUPS - 1);
        assertTrue("fits the ecmp table's group_id", last < 1 << P4InfoConstants.HDR_GROUP_ID_BITWIDTH);
        assertTrue(GroupIds.isEcmpGroup(last) && !GroupIds.isEcmpGroup(last + 1)
                           && !GroupIds.isEcmpGroup(GroupIds.FIRST_ECMP_GROUP - 1));
    }

    @Test
    public void refusesNumbersOutsideThePlan() {
        for (Runnable bad : List.<Runnable>of(() -> GroupIds.treeGroup(0),
                                              () -> GroupIds.treeGroup(GroupIds.MAX_TREE_NUMBER + 1),
                                              () -> GroupIds.splitDeliveryGroup(0),
                                              () -> GroupIds.splitDeliveryGroup(GroupIds.MAX_TREE_NUMBER + 1),
                                              () -> GroupIds.ecmpGroup(-1),
                                              () -> GroupIds.ecmpGroup(P4Defines.ECMP_GROUPS))) {
            try {
                bad.run();
                fail("accepted");
            } catch (IllegalArgumentException e) {
                // expected
            }
        }
    }
}
