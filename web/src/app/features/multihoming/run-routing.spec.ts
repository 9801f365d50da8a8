// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ComponentFixture, TestBed } from '@angular/core/testing';

import { RUN } from './fixtures.spec';
import { RunRouting, routesByDevice } from './run-routing';

describe('RunRouting', () => {
  let fixture: ComponentFixture<RunRouting>;

  beforeEach(async () => {
    fixture = TestBed.createComponent(RunRouting);
    fixture.componentRef.setInput('run', RUN);
    await fixture.whenStable();
  });

  const view = () => fixture.nativeElement as HTMLElement;
  const rows = (selector: string) => Array.from(view().querySelectorAll(`${selector} tbody tr`))
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent?.trim()));

  it('lists each protocol\'s failover: the uplink, when, the time without traffic and the probes answered', () => {
    expect(rows('table.failovers')).toEqual([
      ['IPv6', 'device:sbr/2', '2', '3,380', '580 / 750', 'the host took the other provider\'s address'],
      ['NPTv6', 'device:sbr/2', '2', 'never restored', '100 / 750', ''],
      ['ILNP', 'device:sbr/2', '2', '120', '744 / 750', 'the border router moved the flows to uplink 3'],
    ]);
    expect(view().querySelector('table.failovers td.bad')?.textContent).toContain('never restored');
  });

  it('counts the site-specific routes outside the site per protocol against the thesis\'s claim', () => {
    expect(rows('table.claims')).toEqual([
      ['IPv6', '2001:db8:a01::10', '2', 'adds some', 'yes'],
      ['NPTv6', '2001:db8:b01::10', '1', 'adds none', 'no'],
      ['ILNP', '2001:db8:a01:1::10', '0', 'adds none', 'yes'],
    ]);
    expect(view().querySelectorAll('table.claims td.bad').length).toBe(1);
  });

  it('shows each protocol\'s routes per device, marking the site-specific ones', () => {
    const ipv6 = view().querySelector('table.routes[data-protocol="IPV6"]')!;
    expect(ipv6.querySelector('caption')?.textContent).toContain('IPv6: the routes per device');
    const groups = Array.from(ipv6.querySelectorAll('tbody'));
    expect(groups.map((g) => [g.querySelector('th')?.textContent, g.querySelector('th')?.getAttribute('scope'),
      g.querySelector('th')?.getAttribute('rowspan')])).toEqual([['device:pa', 'rowgroup', '2'], ['device:pb', 'rowgroup', '1']]);
    expect(Array.from(ipv6.querySelectorAll('tr.site-specific td:first-of-type')).map((td) => td.textContent))
      .toEqual(['2001:db8:a01::/48', '2001:db8:a01::/48']);
    expect(routesByDevice([])).toEqual([]);
  });

  it('says when the run has no failover or routing state yet', async () => {
    fixture.componentRef.setInput('run', { ...RUN, failovers: [], siteRoutes: [] });
    await fixture.whenStable();
    expect(Array.from(view().querySelectorAll('.status.empty')).map((p) => p.textContent?.trim().split(' (')[0].split('.')[0]))
      .toEqual(['No failover measured in this run', 'No routing state recorded in this run yet']);
  });
});
