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
    expect(stream.label()).toBe('open');
    a.unsubscribe();
    expect(sources[0].closed).toBeFalse();
    b.unsubscribe();
    expect(sources[0].closed).toBeTrue();
    stream.events('event').subscribe();
    expect(sources.length).toBe(2);
    expect(stream.state()).toBe('connecting');
  });

  it('asks views to load again when a connection opens and when the server reports a gap, not from an old connection', () => {
    const subscription = stream.events('event').subscribe();
    expect(stream.resyncs()).toBe(0);
    sources[0].onopen!();
    expect(stream.resyncs()).toBe(1);
    sources[0].emit('gap', '{"dropped":3}');
    expect(stream.resyncs()).toBe(2);
    subscription.unsubscribe();
    sources[0].emit('gap', '{"dropped":1}');
    expect(stream.resyncs()).toBe(2);
  });

  describe('after a break', () => {
    beforeEach(() => jasmine.clock().install());
    afterEach(() => jasmine.clock().uninstall());

    it('closes the broken connection, says when it tries again, and subscribers hear the new one', () => {
      const seen: unknown[] = [];
      stream.events<{ n: number }>('latency').subscribe((e) => seen.push(e));
      sources[0].onopen!();
      sources[0].onerror!();
      expect(sources[0].closed).toBeTrue();
      expect(stream.state()).toBe('reconnecting');
      expect(stream.label()).toBe('reconnecting in 1 s');
      jasmine.clock().tick(999);
      expect(sources.length).toBe(1);
      jasmine.clock().tick(1);
      expect(sources.length).toBe(2);
      expect(stream.state()).toBe('connecting');
      expect(stream.retryInSeconds()).toBeNull();
      sources[1].onopen!();
      sources[1].emit('latency', '{"n":2}');
      sources[0].emit('latency', '{"n":1}');
      expect(seen).toEqual([{ n: 2 }]);
    });

    it('waits 1 s, then twice as long after each failed attempt up to 30 s, and 1 s again once connected', () => {
      stream.events('ports').subscribe();
      for (const seconds of [1, 2, 4, 8, 16, 30, 30]) {
        const attempts = sources.length;
        sources[attempts - 1].onerror!();
        expect(stream.label()).toBe(`reconnecting in ${seconds} s`);
        jasmine.clock().tick(seconds * 1000 - 1);
        expect(sources.length).toBe(attempts);
        jasmine.clock().tick(1);
        expect(sources.length).toBe(attempts + 1);
      }
      sources[sources.length - 1].onopen!();
      sources[sources.length - 1].onerror!();
      expect(stream.label()).toBe('reconnecting in 1 s');
    });

    it('counts the seconds down while it waits', () => {
      stream.events('ports').subscribe();
      sources[0].onerror!();
      jasmine.clock().tick(1000);
      sources[1].onerror!();
      jasmine.clock().tick(2000);
      sources[2].onerror!();
      expect(stream.label()).toBe('reconnecting in 4 s');
      jasmine.clock().tick(1000);
      expect(stream.label()).toBe('reconnecting in 3 s');
      jasmine.clock().tick(2000);
      expect(stream.label()).toBe('reconnecting in 1 s');
    });

    it('stops trying when the last subscriber leaves', () => {
      const subscription = stream.events('ports').subscribe();
      sources[0].onerror!();
      subscription.unsubscribe();
      jasmine.clock().tick(60_000);
      expect(sources.length).toBe(1);
      expect(stream.state()).toBe('connecting');
      expect(stream.label()).toBe('connecting');
    });
  });
});
