// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';

import { HistoryEvent } from '../core/api-models';
import { EVENT_SOURCE_FACTORY } from '../core/telemetry-stream.service';
import { FakeStream } from '../core/testing';
import { RecentEvents } from './recent-events';

const BASE = '/onos/sixflow/v1';
const added: HistoryEvent = { time: '2026-11-22T10:00:00Z', kind: 'DEVICE_ADDED', subject: 'device:beijing', detail: 'up' };

describe('RecentEvents', () => {
  let http: HttpTestingController;
  let stream: FakeStream;

  beforeEach(() => {
    stream = new FakeStream();
    TestBed.configureTestingModule({
      providers: [provideHttpClient(), provideHttpClientTesting(), { provide: EVENT_SOURCE_FACTORY, useValue: stream.factory }],
    });
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  it('lists the latest events and puts new ones from the stream on top', async () => {
    const fixture = TestBed.createComponent(RecentEvents);
    await fixture.whenStable();
    http.expectOne(`${BASE}/events?limit=10`).flush({ events: [added] });
    await fixture.whenStable();
    const element = fixture.nativeElement as HTMLElement;
    expect(element.querySelectorAll('tbody tr').length).toBe(1);
    stream.emit('event', { ...added, kind: 'DEVICE_AVAILABILITY_CHANGED', subject: 'device:wuhan' });
    await fixture.whenStable();
    const rows = element.querySelectorAll('tbody tr');
    expect(rows.length).toBe(2);
    expect(rows[0].textContent).toContain('device:wuhan');
  });

  it('explains an empty history and a failure', async () => {
    const fixture = TestBed.createComponent(RecentEvents);
    await fixture.whenStable();
    http.expectOne(`${BASE}/events?limit=10`).flush({ events: [] });
    await fixture.whenStable();
    expect((fixture.nativeElement as HTMLElement).textContent).toContain('No events recorded yet');
    fixture.componentRef.setInput('reload', 1);
    await fixture.whenStable();
    http.expectOne(`${BASE}/events?limit=10`).flush({ code: 500, message: 'db down' }, { status: 500, statusText: 'x' });
    await fixture.whenStable();
    expect((fixture.nativeElement as HTMLElement).querySelector('[role=alert]')?.textContent).toContain('db down');
  });

  it('loads again when the stream opens or reports a gap, listing an event that came meanwhile once', async () => {
    const fixture = TestBed.createComponent(RecentEvents);
    await fixture.whenStable();
    http.expectOne(`${BASE}/events?limit=10`).flush({ events: [added] });
    await fixture.whenStable();
    // Recorded after the first load and before the stream opened: only a new load has it.
    const missed: HistoryEvent = { ...added, time: '2026-11-22T10:00:01Z', kind: 'DEVICE_AVAILABILITY_CHANGED' };
    expect((fixture.nativeElement as HTMLElement).querySelector('.live')?.textContent).toContain('Live updates: connecting');
    stream.open();
    await fixture.whenStable();
    expect((fixture.nativeElement as HTMLElement).querySelector('.live')?.textContent).toContain('Live updates: open');
    const reload = http.expectOne(`${BASE}/events?limit=10`);
    // Recorded while that load was under way: the stream and the load both carry it.
    const both: HistoryEvent = { ...added, time: '2026-11-22T10:00:02Z', kind: 'DEVICE_REMOVED' };
    stream.emit('event', both);
    reload.flush({ events: [both, missed, added] });
    await fixture.whenStable();
    const rows = [...(fixture.nativeElement as HTMLElement).querySelectorAll('tbody tr')].map((r) => r.children[1].textContent);
    expect(rows).toEqual(['DEVICE_REMOVED', 'DEVICE_AVAILABILITY_CHANGED', 'DEVICE_ADDED']);
    stream.emit('gap', { dropped: 2 });
    await fixture.whenStable();
    http.expectOne(`${BASE}/events?limit=10`).flush({ events: [added] });
  });
});
