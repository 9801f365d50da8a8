// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Devices of the lab: pipeconfs, one P4Runtime agent per switch (connection, pipeline push,
 * reconnection), the device service over them, and the ports' link state from the kernel.
 */
package org.sixflow.lab.device;
