// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { TestBed } from '@angular/core/testing';

import { PipeconfDetail } from '../core/api-models';
import { PipeconfDetailView } from './pipeconf-detail';

describe('PipeconfDetailView', () => {
  const detail: PipeconfDetail = {
    id: 'org.sixflow.full.bmv2', target: 'bmv2', architecture: 'v1model', extensions: [], devices: [],
    tables: [
      {
        id: 'SixflowIngress.routing.routing_v6', maxSize: 4096,
        matchFields: [{ id: 'ipv6_dst', bitWidth: 128, matchType: 'LPM' }],
        actions: ['SixflowIngress.routing.set_next_hop', 'NoAction'],
      },
      { id: 'SixflowIngress.apn6.classifier', maxSize: 1024, matchFields: [], actions: ['NoAction'] },
    ],
    counters: [{ id: 'SixflowIngress.drop_counter', size: 16, unit: 'PACKETS' }],
    registers: [],
  };

  async function render(value: PipeconfDetail): Promise<HTMLElement> {
    const fixture = TestBed.createComponent(PipeconfDetailView);
    fixture.componentRef.setInput('detail', value);
    await fixture.whenStable();
    return fixture.nativeElement as HTMLElement;
  }

  it('lists tables by name with size, match fields and actions', async () => {
    const element = await render(detail);
    const rows = Array.from(element.querySelectorAll('tbody tr'));
    expect(rows.map((r) => r.querySelector('td.name')?.textContent)).toEqual([
      'SixflowIngress.apn6.classifier',
      'SixflowIngress.routing.routing_v6',
    ]);
    const cells = rows[1].querySelectorAll('td');
    expect(cells[1].textContent?.trim()).toBe('4096');
    expect(cells[2].textContent?.replace(/\s+/g, ' ').trim()).toBe('ipv6_dst 128 bit LPM');
    expect(Array.from(cells[3].querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      'SixflowIngress.routing.set_next_hop',
      'NoAction',
    ]);
    expect(rows[0].querySelector('.none')?.textContent).toContain('default action only');
  });

  it('names the counters', async () => {
    const element = await render(detail);
    expect(element.querySelector('.counters')?.textContent?.replace(/\s+/g, ' ')).toContain(
      'SixflowIngress.drop_counter (16 cells, PACKETS)',
    );
  });

  it('says so when a pipeconf has no tables and no counters', async () => {
    const element = await render({ ...detail, tables: [], counters: [] });
    expect(element.querySelector('.status.empty')?.textContent).toContain('org.sixflow.full.bmv2 has no match-action tables');
    expect(element.querySelector('table')).toBeNull();
    expect(element.querySelector('.counters')).toBeNull();
  });
});
