// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * CLI of APN6 policies: sixflow:policies, sixflow:policy-add, sixflow:policy-show,
 * sixflow:policy-remove. Talks only to the feature's api.
 */
package org.sixflow.app.features.apn6.cli;
