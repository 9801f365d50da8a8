// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * A P4Runtime client over grpc-java: pipeline push, the stream channel (mastership, packet-in,
 * packet-out), batched writes with per-update results, and reads.
 */
package org.sixflow.lab.p4rt;
