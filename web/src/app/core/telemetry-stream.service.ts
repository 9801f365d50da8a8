// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injectable, InjectionToken, inject, signal } from '@angular/core';
import { Observable } from 'rxjs';

import { SIXFLOW_API_BASE } from './sixflow-api.service';

/** Opens an EventSource; tests replace it with a fake they can drive. */
export const EVENT_SOURCE_FACTORY = new InjectionToken<(url: string) => EventSource>('EVENT_SOURCE_FACTORY', {
  providedIn: 'root',
  factory: () => (url: string) => new EventSource(url),
});

export type StreamState = 'connecting' | 'open' | 'reconnecting';

/**
 * The live telemetry stream (/telemetry/stream, server-sent events). One connection serves every
 * subscriber of every event name; it opens with the first subscriber and closes with the last.
 * EventSource reconnects by itself; `state` says whether it is connected, for the views to show.
 */
@Injectable({ providedIn: 'root' })
export class TelemetryStream {
  private readonly open = inject(EVENT_SOURCE_FACTORY);
  private readonly url = `${inject(SIXFLOW_API_BASE)}/telemetry/stream`;
  private source: EventSource | null = null;
  private subscribers = 0;

  readonly state = signal<StreamState>('connecting');

  /**
   * Parsed data of the named events (`latency`, `ports`, `event`, `occupancy`); malformed data is skipped.
   */
  events<T>(name: string): Observable<T> {
    return new Observable<T>((subscriber) => {
      const source = this.acquire();
      const onMessage = (message: MessageEvent) => {
        try {
          subscriber.next(JSON.parse(message.data as string) as T);
        } catch {
          // a malformed event is dropped; the next one may be fine
        }
      };
      source.addEventListener(name, onMessage as EventListener);
      return () => {
        source.removeEventListener(name, onMessage as EventListener);
        this.release();
      };
    });
  }

  private acquire(): EventSource {
    if (!this.source) {
      this.state.set('connecting');
      this.source = this.open(this.url);
      this.source.onopen = () => this.state.set('open');
      this.source.onerror = () => this.state.set('reconnecting');
    }
    this.subscribers++;
    return this.source;
  }

  private release(): void {
    this.subscribers--;
    if (this.subscribers === 0 && this.source) {
      this.source.close();
      this.source = null;
    }
  }
}
