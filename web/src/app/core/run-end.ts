// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { effect, untracked } from '@angular/core';

/** A run as the watch sees it: its number (whether it is going, the caller says). */
export interface WatchedRun {
  id: number;
}

/**
 * Calls back once when the run a view shows ends: the same run, seen queued or running, now seen
 * final (the view's lists and summaries then catch up with it). A full refresh reloads everything
 * anyway: {@link RunEndWatch#reset} forgets the run followed. Create in an injection context.
 */
export class RunEndWatch<R extends WatchedRun> {
  private followed: number | null = null;

  constructor(shown: () => R | null | undefined, active: (run: R) => boolean, ended: () => void) {
    effect(() => {
      const run = shown();
      if (!run) return;
      if (run.id === this.followed && !active(run)) untracked(ended);
      this.followed = active(run) ? run.id : null;
    });
  }

  reset(): void {
    this.followed = null;
  }
}
