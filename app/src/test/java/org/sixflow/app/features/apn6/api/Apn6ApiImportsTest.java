// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.api;

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
 * The APN6 api stands on its own: its types import no Sixflow package but the shared api and
 * their own, so REST, CLI and other apps can use them without the implementation.
 */
public class Apn6ApiImportsTest {

    private static final Path API = Paths.get("src/main/java/org/sixflow/app/features/apn6/api");

    @Test
    public void apn6ApiTypesImportNoImplementationPackage() throws IOException {
        List<Path> files;
        try (Stream<Path> all = Files.list(API)) {
            files = all.filter(p -> p.toString().endsWith(".java")).sorted().collect(Collectors.toList());
        }
        assertTrue("found the APN6 api files", files.contains(API.resolve("Apn6Policy.java")));
        for (Path file : files) {
            List<String> imports = Files.readAllLines(file).stream()
                    .filter(l -> l.startsWith("import ") && l.contains("org.sixflow.")
                            && !l.contains("org.sixflow.app.api.") && !l.contains("org.sixflow.app.features.apn6.api."))
                    .collect(Collectors.toList());
            assertEquals(file.getFileName() + " imports an implementation package", List.of(), imports);
        }
    }
}
