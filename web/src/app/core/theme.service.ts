// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DOCUMENT } from '@angular/common';
import { DestroyRef, Injectable, computed, effect, inject, signal } from '@angular/core';

export type Theme = 'light' | 'dark';

/** Storage key of the chosen theme. */
export const THEME_KEY = 'sixflow-theme';

/**
 * Light or dark: the person's saved choice, else the system's preference (followed live until they
 * choose). Applied as data-theme on <html>; styles.css picks the colours from it.
 */
@Injectable({ providedIn: 'root' })
export class ThemeService {
  private readonly document = inject(DOCUMENT);
  private readonly chosen = signal<Theme | null>(this.saved());
  private readonly systemDark = signal(false);

  readonly theme = computed<Theme>(() => this.chosen() ?? (this.systemDark() ? 'dark' : 'light'));

  constructor() {
    const query = this.document.defaultView?.matchMedia?.('(prefers-color-scheme: dark)');
    if (query) {
      this.systemDark.set(query.matches);
      const follow = (event: MediaQueryListEvent) => this.systemDark.set(event.matches);
      query.addEventListener('change', follow);
      inject(DestroyRef).onDestroy(() => query.removeEventListener('change', follow));
    }
    effect(() => {
      this.document.documentElement.dataset['theme'] = this.theme();
    });
  }

  /** Switches to the other theme and remembers the choice. */
  toggle(): void {
    const next: Theme = this.theme() === 'dark' ? 'light' : 'dark';
    this.chosen.set(next);
    try {
      this.document.defaultView?.localStorage.setItem(THEME_KEY, next);
    } catch {
      // storage disabled or full: the choice still holds for this page
    }
  }

  private saved(): Theme | null {
    try {
      const saved = this.document.defaultView?.localStorage.getItem(THEME_KEY);
      return saved === 'light' || saved === 'dark' ? saved : null;
    } catch {
      return null;
    }
  }
}
