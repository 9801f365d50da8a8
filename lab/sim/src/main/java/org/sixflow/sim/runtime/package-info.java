// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * A small component runtime doing what Apache Felix SCR does for ONOS: it reads bundles' Declarative
 * Services descriptors, instantiates their components, injects their references, calls their
 * lifecycle methods and registers the services they provide, in dependency order.
 */
package org.sixflow.sim.runtime;
