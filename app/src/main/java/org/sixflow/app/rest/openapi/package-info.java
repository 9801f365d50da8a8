// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The OpenAPI 3.1 description of the REST API, built from the JAX-RS resources themselves, their
 * javadoc (as ONOS's build extracts it), the JSON schemas and the request limits.
 */
package org.sixflow.app.rest.openapi;
