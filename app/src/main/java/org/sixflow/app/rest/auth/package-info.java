// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Who may use Sixflow's web context: HTTP basic credentials checked against ONOS's JAAS realm
 * (karaf), each outcome remembered for a few seconds so that a busy API does not run a JAAS login
 * per request (inside ONOS every login serialises on the JDK's and Felix's locks).
 */
package org.sixflow.app.rest.auth;
