// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { TestBed } from '@angular/core/testing';

import { SIXFLOW_API_BASE } from './sixflow-api.service';
import { EVENT_SOURCE_FACTORY, TelemetryStream } from './telemetry-stream.service';

/** An EventSource stand-in: a real EventTarget the test dispatches named events on. */
class FakeEventSource extends EventTarget {
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
  }
  close(): void {
    this.closed = true;
  }
  emit(name: string, data: string): void {
    this.dispatchEvent(new MessageEvent(name, { data }));
  }
}

describe('TelemetryStream', () => {
  let sources: FakeEventSource[];
  let stream: TelemetryStream;

  beforeEach(() => {
    sources = [];
    TestBed.configureTestingModule({
      providers: [
        { provide: SIXFLOW_API_BASE, useValue: '/api' },
        { provide: EVENT_SOURCE_FACTORY, useValue: (url: string) => {
          const source = new FakeEventSource(url);
          sources.push(source);
          return source as unknown as EventSource;
        } },
      ],
    });
    stream = TestBed.inject(TelemetryStream);
  });

  it('delivers parsed events of one name and skips malformed ones', () => {
    const seen: unknown[] = [];
    const subscription = stream.events<{ device: string }>('latency').subscribe((e) => seen.push(e));
    expect(sources.length).toBe(1);
    expect(sources[0].url).toBe('/api/telemetry/stream');
    sources[0].emit('latency', '{"device":"device:beijing"}');
    sources[0].emit('latency', 'not json');
    sources[0].emit('ports', '{"device":"device:wuhan"}');
    expect(seen).toEqual([{ device: 'device:beijing' }]);
    subscription.unsubscribe();
    expect(sources[0].closed).toBeTrue();
  });

  it('shares one connection among all event names and reports its state', () => {
    const a = stream.events('latency').subscribe();
    const b = stream.events('ports').subscribe();
    expect(sources.length).toBe(1);
    expect(stream.state()).toBe('connecting');
    sources[0].onopen!();
    expect(stream.state()).toBe('open');
    sources[0].onerror!();
    expect(stream.state()).toBe('reconnecting');
    a.unsubscribe();
    expect(sources[0].closed).toBeFalse();
    b.unsubscribe();
    expect(sources[0].closed).toBeTrue();
    stream.events('event').subscribe();
    expect(sources.length).toBe(2);
    expect(stream.state()).toBe('connecting');
  });
});
