// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Observable, catchError, map, of, startWith } from 'rxjs';

import { ApiError } from './api-error';

/** What a view shows while data loads, once it arrived, or when it failed. */
export type Loadable<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'error'; message: string };

/** The message a person reads for a failure. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : String(error);
}

/**
 * Wraps a request: loading first, then its data or its error message. A quiet reload skips the loading
 * state, so what the view shows stays until the new answer replaces it (no flicker when polling).
 */
export function loadable<T>(source: Observable<T>, quiet = false): Observable<Loadable<T>> {
  const answers = source.pipe(
    map((data): Loadable<T> => ({ state: 'ready', data })),
    catchError((error: unknown) => of<Loadable<T>>({ state: 'error', message: messageOf(error) })),
  );
  return quiet ? answers : answers.pipe(startWith<Loadable<T>>({ state: 'loading' }));
}

/** The data of a loadable once ready, else null (so templates need no type guards). */
export function dataOf<T>(value: Loadable<T> | null | undefined): T | null {
  return value?.state === 'ready' ? value.data : null;
}

/** The error message of a loadable that failed, else null. */
export function errorOf<T>(value: Loadable<T> | null | undefined): string | null {
  return value?.state === 'error' ? value.message : null;
}
