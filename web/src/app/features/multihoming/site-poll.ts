// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Signal, computed, inject } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { Observable, switchMap } from 'rxjs';

import { Loadable, loadable } from '../../core/loadable';
import { reloadWhile } from '../../core/reload-while';
import { Reloads } from '../../core/reloads';
import { PAGE_VISIBLE } from './page-visible';

/** How often a site's panels read again while the page is shown. */
export const SITE_POLL_MS = 2000;

/**
 * One of a site's readings, read when the site changes and again every SITE_POLL_MS while the page
 * is shown, whether the last reading came or failed (a quiet reload: the panel keeps what it shows
 * until the answer comes). The site panels' one loader. Call in an injection context.
 */
export function pollSite<T>(site: Signal<string>, read: (site: string) => Observable<T>): Signal<Loadable<T>> {
  const visible = inject(PAGE_VISIBLE);
  const reloads = new Reloads();
  const load = toSignal(
    toObservable(computed(() => ({ site: site(), reload: reloads.current() }))).pipe(
      switchMap(({ site, reload }) => loadable(read(site), reload.quiet))),
    { initialValue: { state: 'loading' } as Loadable<T> },
  );
  reloadWhile(() => visible() && load().state !== 'loading', () => reloads.poll(), SITE_POLL_MS);
  return load;
}
