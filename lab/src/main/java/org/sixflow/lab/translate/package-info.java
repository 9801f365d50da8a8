// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ONOS's protocol-independent objects to and from P4Runtime messages: flow rules to table
 * entries, ALL and CLONE groups to PRE entries, packets and counters, following ONOS 2.7's own
 * translators and codecs (each class says where it differs).
 */
package org.sixflow.lab.translate;
