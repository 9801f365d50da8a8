// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * IPv6 unicast routing: routing_v6 entries for hosts, host subnets and locators along shortest
 * paths, and Neighbor Advertisements for the routers' own addresses.
 */
package org.sixflow.app.routing;
