// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { effect } from '@angular/core';

/** How long a view waits before asking again about something its owner instance has not confirmed. */
export const PENDING_RELOAD_MS = 1000;

/**
 * Reloads a view while what it shows is still pending (a tree or policy REQUESTED: its owner ONOS
 * instance installs it a moment after the REST call returns), so the view settles on the state and
 * entries the devices confirmed without the user pressing refresh. Call in an injection context.
 */
export function reloadWhile(pending: () => boolean, reload: () => void, periodMs = PENDING_RELOAD_MS): void {
  effect((onCleanup) => {
    if (!pending()) return;
    const timer = setTimeout(reload, periodMs);
    onCleanup(() => clearTimeout(timer));
  });
}
