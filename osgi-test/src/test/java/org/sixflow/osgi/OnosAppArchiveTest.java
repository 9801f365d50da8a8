// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.osgi;

import org.junit.Test;

import static org.junit.Assert.assertEquals;

/**
 * Bundle locations from an archive's Maven layout.
 */
public class OnosAppArchiveTest {

    @Test
    public void repositoryPathBecomesTheMvnUrlOnosInstallsBy() {
        assertEquals("mvn:org.sixflow/sixflow-app/0.1.0-SNAPSHOT",
                     OnosAppArchive.mavenUrl("org/sixflow/sixflow-app/0.1.0-SNAPSHOT/sixflow-app-0.1.0-SNAPSHOT.jar"));
        assertEquals("mvn:com.zaxxer/HikariCP/6.3.3", OnosAppArchive.mavenUrl("com/zaxxer/HikariCP/6.3.3/HikariCP-6.3.3.jar"));
        assertEquals("mvn:io.netty/netty-tcnative/2.0.25/jar/linux-x86_64",
                     OnosAppArchive.mavenUrl("io/netty/netty-tcnative/2.0.25/netty-tcnative-2.0.25-linux-x86_64.jar"));
    }
}
