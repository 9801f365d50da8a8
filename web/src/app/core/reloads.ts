// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { signal } from '@angular/core';

/** One reload request: a new count each time; a quiet one keeps the view as it is until the answer comes. */
export interface Reload {
  readonly count: number;
  readonly quiet: boolean;
}

/**
 * The reloads of a view's data, as a signal its requests follow: `refresh()` when the user asks
 * (the view shows loading), `poll()` while something shown is pending (no flicker, edits kept).
 */
export class Reloads {
  private readonly requests = signal<Reload>({ count: 0, quiet: false });
  readonly current = this.requests.asReadonly();

  refresh(): void {
    this.requests.update(({ count }) => ({ count: count + 1, quiet: false }));
  }

  poll(): void {
    this.requests.update(({ count }) => ({ count: count + 1, quiet: true }));
  }
}
