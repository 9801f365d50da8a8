// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Type } from '@angular/core';

/**
 * A feature's page in the dashboard, declared in its folder (features/<f>/feature.ts).
 * tools/features-index.mjs lists every folder that has one in index.generated.ts before each
 * build and test run: the routes and the menu are built from that list, so adding a feature
 * edits no shared file.
 */
export interface DashboardFeature {
  /** The app's features (their names in GET features) this page serves: the menu shows it while one runs. */
  readonly serves: readonly string[];
  /** Place in the menu among the features' pages (smaller first). */
  readonly order: number;
  /** The route, e.g. 'tunnels'. */
  readonly path: string;
  /** The menu's label. */
  readonly label: string;
  /** The document title on the page. */
  readonly title: string;
  /** Loads the page's component (lazily, as its own chunk). */
  readonly load: () => Promise<Type<unknown>>;
}
