// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DOCUMENT } from '@angular/common';
import { InjectionToken, Signal, inject } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { fromEvent, map } from 'rxjs';

/**
 * Whether the browser shows the page (false while its tab is in the background or the window is
 * minimised): what reads the devices live pauses meanwhile. A token, so a test can decide.
 */
export const PAGE_VISIBLE = new InjectionToken<Signal<boolean>>('PAGE_VISIBLE', {
  providedIn: 'root',
  factory: () => {
    const document = inject(DOCUMENT);
    const visible = () => document.visibilityState !== 'hidden';
    return toSignal(fromEvent(document, 'visibilitychange').pipe(map(visible)), { initialValue: visible() });
  },
});
