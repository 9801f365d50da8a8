// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

/** What a trial's iperf3 sends. */
public enum StudyTransport {
    /** UDP at the cell's load rate, datagrams sized so that frames have the cell's size. */
    UDP,
    /** One TCP connection as fast as it goes, its MSS set so that full segments have the cell's frame size. */
    TCP
}
