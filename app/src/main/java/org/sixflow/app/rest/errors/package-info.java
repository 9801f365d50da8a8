// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * How the REST API answers errors: every one as JSON {"code", "message"} with the status that
 * fits (400, 404, 405, 406, 409, 413, 415, 503 with Retry-After, 500), never an HTML page, a stack
 * trace or the database's own text.
 */
package org.sixflow.app.rest.errors;
