// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injector, runInInjectionContext, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';

import { RunEndWatch } from './run-end';

interface Run { id: number; state: string }

describe('RunEndWatch', () => {
  function watch(shown: ReturnType<typeof signal<Run | null>>) {
    const ended = jasmine.createSpy('ended');
    const w = runInInjectionContext(TestBed.inject(Injector),
      () => new RunEndWatch(() => shown(), (r: Run) => r.state === 'RUNNING', ended));
    return { ended, w };
  }

  it('calls back once when the run it saw running is seen final', () => {
    const shown = signal<Run | null>({ id: 1, state: 'RUNNING' });
    const { ended } = watch(shown);
    TestBed.tick();
    shown.set({ id: 1, state: 'DONE' });
    TestBed.tick();
    shown.set({ id: 1, state: 'DONE' });
    TestBed.tick();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('does not call back for another run, nor for one seen final only', () => {
    const shown = signal<Run | null>({ id: 1, state: 'RUNNING' });
    const { ended } = watch(shown);
    TestBed.tick();
    shown.set({ id: 2, state: 'DONE' });
    TestBed.tick();
    shown.set(null);
    TestBed.tick();
    expect(ended).not.toHaveBeenCalled();
  });

  it('forgets the run it followed on reset', () => {
    const shown = signal<Run | null>({ id: 1, state: 'RUNNING' });
    const { ended, w } = watch(shown);
    TestBed.tick();
    w.reset();
    shown.set({ id: 1, state: 'DONE' });
    TestBed.tick();
    expect(ended).not.toHaveBeenCalled();
  });
});
