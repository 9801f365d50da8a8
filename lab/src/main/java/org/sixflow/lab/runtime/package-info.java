// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * What OSGi and ONOS's cluster give components, for one lab process: service wiring and
 * activation, one event dispatch thread, a single node that masters and leads everything,
 * application ids and component properties.
 */
package org.sixflow.lab.runtime;
