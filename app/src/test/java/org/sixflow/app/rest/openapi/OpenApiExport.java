// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.openapi;

import org.sixflow.app.rest.OpenApiWebResource;
import org.sixflow.app.testing.AllFeatures;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.sixflow.app.rest.SixflowWebApplication;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/**
 * Writes the API's OpenAPI document to docs/generated/openapi.json, which tools/docs/gen.py turns
 * into the site's REST reference: the document is built by reflection, so only the JVM can make
 * it, and a committed copy lets the docs build without Maven (`make docs-generate` runs this).
 */
public final class OpenApiExport {

    /** The committed copy, from the app module's folder (Maven's working directory for tests). */
    static final File COMMITTED = new File("../docs/generated/openapi.json");

    private OpenApiExport() {
    }

    /**
     * Returns the document as committed: indented JSON and a final newline, so diffs stay readable.
     *
     * @return the text
     */
    static String render() throws IOException {
        return new ObjectMapper().writerWithDefaultPrettyPrinter()
                .writeValueAsString(OpenApiWebResource.describe(AllFeatures.list())) + "\n";
    }

    /**
     * Writes the document.
     *
     * @param args the file to write (default: docs/generated/openapi.json)
     * @throws IOException when it cannot be written
     */
    public static void main(String[] args) throws IOException {
        File out = args.length > 0 ? new File(args[0]) : COMMITTED;
        Files.write(out.toPath(), render().getBytes(StandardCharsets.UTF_8));
        System.out.println("wrote " + out);
    }
}
