// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The Sixflow pipeconfs' Pipeliner: flow objectives (the packet requests of ONOS's LLDP and
 * host providers above all) turned into entries of the P4 {@code acl} table, one translator
 * per objective type.
 */
package org.sixflow.pipeconf.pipeliner;
