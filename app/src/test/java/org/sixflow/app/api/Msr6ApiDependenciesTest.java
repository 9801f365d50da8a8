// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.junit.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The MSR6 part of api/ depends on no implementation package: REST, CLI and other apps use trees
 * through it alone.
 */
public class Msr6ApiDependenciesTest {

    private static final Path API = Paths.get("src/main/java/org/sixflow/app/api");

    @Test
    public void msr6ApiTypesImportNothingFromTheImplementation() throws IOException {
        List<Path> files;
        try (Stream<Path> all = Files.list(API)) {
            files = all.filter(p -> p.getFileName().toString().matches("(Msr6|Tree).*\\.java"))
                    .collect(Collectors.toList());
        }
        assertTrue("found the MSR6 api files", files.size() >= 10);
        for (Path file : files) {
            List<String> implementation = Files.readAllLines(file).stream()
                    .filter(line -> line.startsWith("import org.sixflow.") && !line.startsWith("import org.sixflow.app.api."))
                    .collect(Collectors.toList());
            assertEquals(file.getFileName().toString(), List.of(), implementation);
        }
    }
}
