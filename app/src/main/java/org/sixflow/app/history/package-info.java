// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * History kept in PostgreSQL: connection, migrations, writes.
 */
package org.sixflow.app.history;
