// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injectable, InjectionToken, inject, signal } from '@angular/core';
import { Observable, share } from 'rxjs';

import { SIXFLOW_API_BASE } from './sixflow-api.service';

/** Opens an EventSource; tests replace it with a fake they can drive. */
export const EVENT_SOURCE_FACTORY = new InjectionToken<(url: string) => EventSource>('EVENT_SOURCE_FACTORY', {
  providedIn: 'root',
  factory: () => (url: string) => new EventSource(url),
});

export type StreamState = 'connecting' | 'open' | 'reconnecting';

/**
 * The live telemetry stream (/telemetry/stream, server-sent events). One connection is shared by every
 * subscriber of every event name; it opens with the first subscriber and closes with the last.
 * EventSource reconnects by itself; `state` says whether it is connected, for the views to show.
 */
@Injectable({ providedIn: 'root' })
export class TelemetryStream {
  private readonly open = inject(EVENT_SOURCE_FACTORY);
  private readonly url = `${inject(SIXFLOW_API_BASE)}/telemetry/stream`;
  private readonly shared = new Map<string, Observable<unknown>>();

  readonly state = signal<StreamState>('connecting');

  /**
   * Parsed data of the named events (`latency`, `ports`, `event`, `occupancy`); malformed data is skipped.
   */
  events<T>(name: string): Observable<T> {
    let events = this.shared.get(name);
    if (!events) {
      events = new Observable<unknown>((subscriber) => {
        const source = this.open(this.url);
        this.state.set('connecting');
        const onMessage = (message: MessageEvent) => {
          try {
            subscriber.next(JSON.parse(message.data as string));
          } catch {
            // a malformed event is dropped; the next one may be fine
          }
        };
        source.addEventListener(name, onMessage as EventListener);
        source.onopen = () => this.state.set('open');
        source.onerror = () => this.state.set('reconnecting');
        return () => {
          source.removeEventListener(name, onMessage as EventListener);
          source.close();
        };
      }).pipe(share());
      this.shared.set(name, events);
    }
    return events as Observable<T>;
  }
}
