// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injectable, InjectionToken, computed, inject, signal } from '@angular/core';
import { Observable } from 'rxjs';

import { SIXFLOW_API_BASE } from './sixflow-api.service';

/** Opens an EventSource; tests replace it with a fake they can drive. */
export const EVENT_SOURCE_FACTORY = new InjectionToken<(url: string) => EventSource>('EVENT_SOURCE_FACTORY', {
  providedIn: 'root',
  factory: () => (url: string) => new EventSource(url),
});

export type StreamState = 'connecting' | 'open' | 'reconnecting';

/** The wait before the first attempt to reconnect; it doubles after each failed attempt. */
export const RECONNECT_FIRST_MS = 1_000;
/** The longest wait between attempts. */
export const RECONNECT_MAX_MS = 30_000;

/**
 * The live telemetry stream (/telemetry/stream, server-sent events). One connection serves every
 * subscriber of every event name; it opens with the first subscriber and closes with the last.
 *
 * A broken connection is not left to EventSource's own retry (it gives up for good when the
 * server answers 503, e.g. when every stream slot is taken): the stream closes it and opens a
 * new one after 1 s, doubling the wait after each failed attempt up to 30 s, back to 1 s once a
 * connection opens. `state` and `label` say where it is ("reconnecting in 4 s"), for the views.
 */
@Injectable({ providedIn: 'root' })
export class TelemetryStream {
  private readonly open = inject(EVENT_SOURCE_FACTORY);
  private readonly url = `${inject(SIXFLOW_API_BASE)}/telemetry/stream`;
  private source: EventSource | null = null;
  private subscribers = 0;
  /** Every subscriber's listener by event name, attached again to each new connection. */
  private readonly listeners = new Map<string, Set<EventListener>>();
  private nextWaitMs = RECONNECT_FIRST_MS;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private countdownTimer: ReturnType<typeof setInterval> | null = null;

  readonly state = signal<StreamState>('connecting');
  /**
   * Bumped whenever the stream may have missed something: each time a connection opens (the
   * server sends only what happens after that, so a list loaded before, or during a reconnect,
   * lacks it) and each `gap` frame (the server dropped frames a slow client had not read). A
   * view that adds live items to a loaded list loads the list again on each bump.
   */
  readonly resyncs = signal(0);
  private readonly resync = () => this.resyncs.update((n) => n + 1);
  /** Whole seconds until the next attempt, while reconnecting. */
  readonly retryInSeconds = signal<number | null>(null);
  /** The state as the views show it: "connecting", "open" or "reconnecting in N s". */
  readonly label = computed(() => {
    const seconds = this.retryInSeconds();
    return this.state() === 'reconnecting' && seconds !== null ? `reconnecting in ${seconds} s` : this.state();
  });

  /**
   * Parsed data of the named events (`latency`, `ports`, `event`, `occupancy`, `gap`); malformed data is skipped.
   */
  events<T>(name: string): Observable<T> {
    return new Observable<T>((subscriber) => {
      const onMessage = ((message: MessageEvent) => {
        try {
          subscriber.next(JSON.parse(message.data as string) as T);
        } catch {
          // a malformed event is dropped; the next one may be fine
        }
      }) as EventListener;
      this.listen(name, onMessage);
      return () => this.unlisten(name, onMessage);
    });
  }

  private listen(name: string, listener: EventListener): void {
    let named = this.listeners.get(name);
    if (!named) {
      named = new Set();
      this.listeners.set(name, named);
    }
    named.add(listener);
    this.subscribers++;
    if (this.subscribers === 1) {
      this.connect();
    } else {
      this.source?.addEventListener(name, listener);
    }
  }

  private unlisten(name: string, listener: EventListener): void {
    this.listeners.get(name)?.delete(listener);
    this.source?.removeEventListener(name, listener);
    this.subscribers--;
    if (this.subscribers === 0) {
      this.stop();
      this.state.set('connecting');
      this.nextWaitMs = RECONNECT_FIRST_MS;
    }
  }

  private connect(): void {
    this.stopTimers();
    this.state.set('connecting');
    const source = this.open(this.url);
    this.source = source;
    this.listeners.forEach((named, name) => named.forEach((listener) => source.addEventListener(name, listener)));
    source.addEventListener('gap', this.resync);
    source.onopen = () => {
      this.nextWaitMs = RECONNECT_FIRST_MS;
      this.state.set('open');
      this.resync();
    };
    source.onerror = () => this.scheduleReconnect();
  }

  /** Gives up the broken connection and opens a new one after the current wait. */
  private scheduleReconnect(): void {
    this.stop();
    const waitMs = this.nextWaitMs;
    this.nextWaitMs = Math.min(waitMs * 2, RECONNECT_MAX_MS);
    this.state.set('reconnecting');
    this.retryInSeconds.set(Math.ceil(waitMs / 1000));
    this.countdownTimer = setInterval(() => this.retryInSeconds.update((s) => Math.max(1, (s ?? 1) - 1)), 1000);
    this.retryTimer = setTimeout(() => this.connect(), waitMs);
  }

  private stop(): void {
    this.stopTimers();
    const source = this.source;
    if (source) {
      // Nothing the old connection might still deliver reaches a subscriber.
      this.listeners.forEach((named, name) => named.forEach((listener) => source.removeEventListener(name, listener)));
      source.removeEventListener('gap', this.resync);
      source.onopen = null;
      source.onerror = null;
      source.close();
      this.source = null;
    }
  }

  private stopTimers(): void {
    if (this.retryTimer !== null) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    if (this.countdownTimer !== null) {
      clearInterval(this.countdownTimer);
      this.countdownTimer = null;
    }
    this.retryInSeconds.set(null);
  }
}
