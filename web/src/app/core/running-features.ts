// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injectable, inject, signal } from '@angular/core';

import { ApiHttp } from './api-http';

/** A feature as GET features lists it. */
export interface RunningFeature {
  name: string;
  title: string;
  paths: string[];
  dashboardPage: string | null;
}

/**
 * The app's features running in the instance the dashboard talks to (GET features, asked once):
 * the menu shows the pages of those only. Until the answer comes, or if none comes, nothing is
 * hidden.
 */
@Injectable({ providedIn: 'root' })
export class RunningFeatures {
  private readonly http = inject(ApiHttp);
  private readonly known = signal<ReadonlySet<string> | null>(null);
  /** The running features' names, or null while unknown. */
  readonly names = this.known.asReadonly();

  constructor() {
    this.http.get<{ features: RunningFeature[] }>('features').subscribe({
      next: (body) => this.known.set(new Set(body.features.map((f) => f.name))),
      error: () => this.known.set(null),
    });
  }

  /**
   * Tells whether a page serving these features belongs in the menu.
   *
   * @param serves the features a page serves
   */
  shows(serves: readonly string[]): boolean {
    const names = this.known();
    return names === null || serves.some((name) => names.has(name));
  }
}
