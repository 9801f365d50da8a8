// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

/** Why a cell does not measure the protocol at its rate, as the thesis marks the rates it could not reach. */
public enum CellLimit {
    /** The sender did not reach the rate asked for (it sent less than 90 % of it). */
    SENDER,
    /**
     * The lab lost more than 5 % at this rate while the same protocol and frame size lost less than
     * 1 % at the study's lowest rate: the software switches (or a userspace endpoint) ran out.
     */
    LAB_CAPACITY
}
