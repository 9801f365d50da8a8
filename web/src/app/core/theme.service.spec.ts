// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { TestBed } from '@angular/core/testing';

import { THEME_KEY, ThemeService } from './theme.service';

describe('ThemeService', () => {
  afterEach(() => localStorage.removeItem(THEME_KEY));

  it('starts from the saved choice', () => {
    localStorage.setItem(THEME_KEY, 'dark');
    const theme = TestBed.inject(ThemeService);
    expect(theme.theme()).toBe('dark');
  });

  it('saves and applies a toggle', () => {
    localStorage.setItem(THEME_KEY, 'dark');
    const theme = TestBed.inject(ThemeService);
    theme.toggle();
    TestBed.tick();
    expect(theme.theme()).toBe('light');
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
    expect(document.documentElement.dataset['theme']).toBe('light');
  });
});
