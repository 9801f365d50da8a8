// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.openapi;

import org.junit.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import static org.junit.Assert.assertEquals;

/**
 * The committed docs/generated/openapi.json, which the REST reference is rendered from, must be
 * the document the API builds (tools/docs/tests hold the rendering to this file).
 */
public class OpenApiExportTest {

    @Test
    public void committedDocumentIsTheApis() throws Exception {
        assertEquals("docs/generated/openapi.json is stale: run `make docs-generate`",
                     OpenApiExport.render(),
                     new String(Files.readAllBytes(OpenApiExport.COMMITTED.toPath()), StandardCharsets.UTF_8));
    }
}
