// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { TestBed } from '@angular/core/testing';

import { GtpuPath, GtpuPaths, GtpuTunnel } from './gtpu-models';
import { Loadable } from '../../core/loadable';
import { GtpuPathsTable, pathOf, stateMeaning } from './paths';

/** beijing's two N3 addresses' paths to one peer: one answering, one gone down. */
export const PATHS: GtpuPaths = {
  echoIntervalSeconds: 60, echoMisses: 3, nextRound: '2026-12-05T12:01:00Z',
  paths: [
    { device: 'device:beijing', n3Address: 'fd00:1:1::2152', peerAddress: 'fd00:7::1', state: 'UP', requestsSent: 1200,
      responses: 1199, missed: 0, lastRequest: '2026-12-05T12:00:00Z', lastResponse: '2026-12-05T12:00:00.004Z',
      notEchoed: null, nextRequest: '2026-12-05T12:01:00Z' },
    { device: 'device:beijing', n3Address: 'fd00:1:1::2153', peerAddress: 'fd00:7::1', state: 'DOWN', requestsSent: 5,
      responses: 1, missed: 4, lastRequest: '2026-12-05T12:00:00Z', lastResponse: null, notEchoed: null,
      nextRequest: '2026-12-05T12:01:00Z' },
    { device: 'device:nanjing', n3Address: 'fd00:1:2::2152', peerAddress: 'fd00:7::9', state: 'UNKNOWN', requestsSent: 0,
      responses: 0, missed: 0, lastRequest: null, lastResponse: null,
      notEchoed: 'no installed route from device:nanjing to fd00:7::9', nextRequest: null },
  ],
};

describe('GtpuPathsTable', () => {
  async function shown(answer: Loadable<GtpuPaths>): Promise<HTMLElement> {
    const fixture = TestBed.createComponent(GtpuPathsTable);
    fixture.componentRef.setInput('answer', answer);
    await fixture.whenStable();
    return fixture.nativeElement as HTMLElement;
  }
  const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim();

  it('lists each path with its state, counts and times, and says how the echoes run', async () => {
    const view = await shown({ state: 'ready', data: PATHS });
    expect(text(view.querySelector('.paths-note'))).toContain('An Echo Request every 60 s');
    expect(text(view.querySelector('.paths-note'))).toContain('DOWN after 3 unanswered in a row');
    expect(text(view.querySelector('.paths-note'))).toContain("This controller's next round at");
    const rows = Array.from(view.querySelectorAll('table.paths tbody tr'));
    expect(rows.length).toBe(3);
    const cells = (row: Element) => Array.from(row.querySelectorAll('td')).map((c) => text(c));
    expect(cells(rows[0]).slice(0, 7)).toEqual(['device:beijing', 'fd00:1:1::2152', 'fd00:7::1', 'UP', '1,200', '1,199', '0']);
    expect(rows[0].querySelector('.path-state')?.getAttribute('data-state')).toBe('UP');
    expect(rows[0].querySelector('.path-state')?.getAttribute('title')).toBe('the peer answered the last Echo Request');
    expect(cells(rows[1]).slice(3, 7)).toEqual(['DOWN', '5', '1', '4']);
    expect(rows[1].querySelector('.path-state')?.getAttribute('title')).toBe('4 Echo Requests in a row unanswered (DOWN from 3)');
    expect(cells(rows[1])[9]).toBe('never');
    expect(cells(rows[1])[8]).toMatch(/\d:\d\d:\d\d/);
    expect(text(rows[2].querySelector('.path-state'))).toBe('UNKNOWN');
    expect(text(rows[2].querySelector('.not-echoed'))).toBe('not echoed: no installed route from device:nanjing to fd00:7::9');
    expect(cells(rows[2]).slice(7)).toEqual(['never', 'not planned', 'never']);
    expect(view.querySelector('.table-scroll')?.getAttribute('tabindex')).toBe('0');
  });

  it('says when no path is in use, when supervision is not running, and when the paths cannot be read', async () => {
    let view = await shown({ state: 'ready', data: { ...PATHS, nextRound: null, paths: [] } });
    expect(text(view.querySelector('.paths-empty'))).toBe('No paths: no tunnel is in use.');
    expect(text(view.querySelector('.paths-note'))).toContain('Supervision is not running.');
    expect(view.querySelector('table.paths')).toBeNull();
    view = await shown({ state: 'error', message: 'HTTP 503: not running' });
    expect(text(view.querySelector('.paths-error'))).toBe('The paths could not be read: HTTP 503: not running');
    view = await shown({ state: 'loading' });
    expect(text(view.querySelector('.status.loading'))).toBe('Loading paths…');
  });

  it('finds a tunnel\'s path by its decap device, N3 address and peer', () => {
    const tunnel = { decapDevice: 'device:beijing', n3Address: 'fd00:1:1::2153', peerAddress: 'fd00:7::1' } as GtpuTunnel;
    expect(pathOf(PATHS, tunnel)?.state).toBe('DOWN');
    expect(pathOf(PATHS, { ...tunnel, decapDevice: 'device:wuhan' })).toBeNull();
    expect(pathOf(null, tunnel)).toBeNull();
    const waiting: GtpuPath = { ...PATHS.paths[2], notEchoed: 'came into use after the last round' };
    expect(stateMeaning(waiting, 3)).toBe('no request sent yet');
    expect(stateMeaning({ ...waiting, requestsSent: 2, notEchoed: null }, 3)).toBe('no answer yet');
  });
});
