// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * APN6 (Application-aware IPv6 Networking): policies that give matching packets an
 * application-aware option at the ingress edge, SLA treatment in transit and the option stripped
 * at the egress if asked. Formats and limits: docs/features/apn6.md.
 */
package org.sixflow.app.features.apn6.api;
