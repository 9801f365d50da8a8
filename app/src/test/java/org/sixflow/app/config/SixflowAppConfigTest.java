// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.TestApplicationId;
import org.onosproject.net.config.InvalidFieldException;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Application netcfg: the database block.
 */
public class SixflowAppConfigTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static SixflowAppConfig config(String json) throws Exception {
        SixflowAppConfig config = new SixflowAppConfig();
        config.init(TestApplicationId.create("org.sixflow.app"), SixflowAppConfig.KEY,
                    (ObjectNode) MAPPER.readTree(json), MAPPER, null);
        return config;
    }

    @Test
    public void readsDatabaseSettings() throws Exception {
        SixflowAppConfig config = config(
                "{\"database\": {\"url\": \"jdbc:postgresql://db:5432/sixflow\", \"user\": \"sixflow\", "
                        + "\"password\": \"secret\"}}");
        assertTrue(config.isValid());
        assertEquals(new DatabaseSettings("jdbc:postgresql://db:5432/sixflow", "sixflow", "secret"),
                     config.database().orElseThrow());
    }

    @Test
    public void databaseIsOptional() throws Exception {
        SixflowAppConfig config = config("{}");
        assertTrue(config.isValid());
        assertFalse(config.database().isPresent());
    }

    @Test
    public void rejectsNonPostgresUrlAndMissingUser() throws Exception {
        try {
            config("{\"database\": {\"url\": \"jdbc:mysql://db/x\", \"user\": \"u\"}}").isValid();
            fail("accepted a MySQL URL");
        } catch (InvalidFieldException e) {
            assertTrue(e.getMessage().contains("jdbc:postgresql://"));
        }
        try {
            config("{\"database\": {\"url\": \"jdbc:postgresql://db/x\"}}").isValid();
            fail("accepted no user");
        } catch (InvalidFieldException e) {
            assertTrue(e.getMessage().contains("user"));
        }
    }

    @Test
    public void retentionDaysDefaultsToThirtyAndCanBeSet() throws Exception {
        String block = "{\"database\": {\"url\": \"jdbc:postgresql://db/x\", \"user\": \"u\"%s}}";
        assertEquals(DatabaseSettings.DEFAULT_RETENTION_DAYS,
                     config(String.format(block, "")).database().orElseThrow().retentionDays());
        assertEquals(30, DatabaseSettings.DEFAULT_RETENTION_DAYS);
        SixflowAppConfig config = config(String.format(block, ", \"retentionDays\": 7"));
        assertTrue(config.isValid());
        assertEquals(new DatabaseSettings("jdbc:postgresql://db/x", "u", "", 7), config.database().orElseThrow());
        assertEquals(1, config(String.format(block, ", \"retentionDays\": 1")).database().orElseThrow()
                .retentionDays());
        assertEquals(3650, config(String.format(block, ", \"retentionDays\": 3650")).database().orElseThrow()
                .retentionDays());
    }

    @Test
    public void rejectsRetentionDaysOutOfRangeOrNotAWholeNumber() throws Exception {
        String block = "{\"database\": {\"url\": \"jdbc:postgresql://db/x\", \"user\": \"u\", "
                + "\"retentionDays\": %s}}";
        for (String bad : new String[]{"0", "-1", "3651", "30.5", "\"30\"", "true", "9999999999"}) {
            try {
                config(String.format(block, bad)).isValid();
                fail("accepted retentionDays " + bad);
            } catch (InvalidFieldException e) {
                assertTrue(e.getMessage(), e.getMessage().contains("database.retentionDays"));
                assertTrue(e.getMessage(), e.getMessage().contains("1 to 3650"));
            }
        }
    }

    @Test
    public void settingsThemselvesRefuseRetentionOutOfRange() {
        for (int bad : new int[]{0, 3651}) {
            try {
                new DatabaseSettings("jdbc:postgresql://db/x", "u", "", bad);
                fail("accepted retentionDays " + bad);
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage(), e.getMessage().contains("retentionDays"));
            }
        }
    }

    @Test
    public void passwordNeverAppearsInToString() {
        assertFalse(new DatabaseSettings("jdbc:postgresql://db/x", "u", "hunter2").toString().contains("hunter2"));
    }
}
