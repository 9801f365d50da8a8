// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

/** Why a study run, or one protocol of it, cannot go on: the message is the run's reason. */
final class StudyFailure extends Exception {

    private static final long serialVersionUID = 1L;

    StudyFailure(String message) {
        super(message);
    }
}
