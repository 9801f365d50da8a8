// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { TestBed } from '@angular/core/testing';

import { THEME_KEY, ThemeService } from './theme.service';

/** A stand-in for matchMedia('(prefers-color-scheme: dark)') whose answer a test can change. */
class FakeColorScheme {
  private listener: ((event: MediaQueryListEvent) => void) | null = null;
  constructor(public matches: boolean) {}
  addEventListener(_: string, listener: (event: MediaQueryListEvent) => void): void {
    this.listener = listener;
  }
  removeEventListener(): void {
    this.listener = null;
  }
  change(matches: boolean): void {
    this.matches = matches;
    this.listener?.({ matches } as MediaQueryListEvent);
  }
}

describe('ThemeService', () => {
  let scheme: FakeColorScheme;

  beforeEach(() => {
    localStorage.removeItem(THEME_KEY);
    scheme = new FakeColorScheme(true);
    spyOn(window, 'matchMedia').and.returnValue(scheme as unknown as MediaQueryList);
  });

  afterEach(() => {
    localStorage.removeItem(THEME_KEY);
    delete document.documentElement.dataset['theme'];
  });

  it('follows the system preference until the person chooses, and saves nothing for it', () => {
    const theme = TestBed.inject(ThemeService);
    TestBed.tick();
    expect(theme.theme()).toBe('dark');
    expect(document.documentElement.dataset['theme']).toBe('dark');

    scheme.change(false);
    TestBed.tick();
    expect(theme.theme()).toBe('light');
    expect(document.documentElement.dataset['theme']).toBe('light');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
  });

  it('starts from the saved choice over the system preference', () => {
    localStorage.setItem(THEME_KEY, 'light');
    const theme = TestBed.inject(ThemeService);
    expect(theme.theme()).toBe('light');
  });

  it('ignores a saved value that is no theme', () => {
    localStorage.setItem(THEME_KEY, 'sepia');
    expect(TestBed.inject(ThemeService).theme()).toBe('dark');
  });

  it('saves and applies a toggle, which then outranks the system preference', () => {
    const theme = TestBed.inject(ThemeService);
    theme.toggle();
    TestBed.tick();
    expect(theme.theme()).toBe('light');
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
    expect(document.documentElement.dataset['theme']).toBe('light');

    scheme.change(true);
    TestBed.tick();
    expect(theme.theme()).toBe('light');
  });
});
