// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ComponentFixture, TestBed } from '@angular/core/testing';

import { RUN } from './fixtures.spec';
import { RunGrid } from './run-grid';

describe('RunGrid', () => {
  let fixture: ComponentFixture<RunGrid>;

  beforeEach(async () => {
    fixture = TestBed.createComponent(RunGrid);
    fixture.componentRef.setInput('run', RUN);
    await fixture.whenStable();
  });

  const view = () => fixture.nativeElement as HTMLElement;
  const tables = () => Array.from(view().querySelectorAll('table.grid'));
  const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim();

  it('draws a table per protocol and sharing level: loads down, frame sizes across in column groups', () => {
    expect(Array.from(view().querySelectorAll('h5')).map(text)).toEqual(['IPv6', 'ILNP, load sharing 80/20']);
    const [ipv6] = tables();
    const groups = Array.from(ipv6.querySelectorAll('thead tr:first-child th'));
    expect(groups.map((th) => [text(th), th.getAttribute('scope'), th.getAttribute('colspan')])).toEqual([
      ['Load', 'col', null], ['128-byte frames', 'colgroup', '7'], ['1514-byte frames', 'colgroup', '7']]);
    const measures = Array.from(ipv6.querySelectorAll('thead tr:nth-child(2) th'));
    expect(measures.length).toBe(14);
    expect(measures.slice(0, 7).map(text)).toEqual(['Goodput Mbit/s (± 95% CI)', 'Loss %', 'Byte loss %', 'Jitter ms',
      'Reordered', 'RTT mean ms', 'Uplink shares']);
    expect(measures.every((th) => th.getAttribute('scope') === 'col')).toBeTrue();
    expect(Array.from(ipv6.querySelectorAll('tbody th')).map((th) => [text(th), th.getAttribute('scope')])).toEqual([
      ['UDP 10 Mbit/s', 'row'], ['UDP 100 Mbit/s', 'row'], ['UDP 1,000 Mbit/s', 'row'], ['TCP', 'row']]);
    expect(ipv6.querySelectorAll('colgroup').length).toBe(3);
  });

  it('shows each cell\'s goodput with its confidence interval, losses, jitter, reordering, RTT and uplink shares', () => {
    const first = Array.from(tables()[0].querySelectorAll('tbody tr')[0].querySelectorAll('td'));
    expect(first.map(text)).toEqual(['9.98 ± 0.12', '0.02', '0.03', '0.012', '4', '0.41', 'device:sbr/2 100%', 'not in this run']);
    expect(first[7].getAttribute('colspan')).toBe('7');
    // No interval without one; ILNP's shares per uplink, in order.
    const ilnp = Array.from(tables()[1].querySelectorAll('tbody tr')[0].querySelectorAll('td'));
    expect(text(ilnp[0])).toBe('9.97');
    expect(Array.from(ilnp[6].querySelectorAll('.share')).map(text)).toEqual(['device:sbr/2 79%', 'device:sbr/3 21%']);
    const tcp = Array.from(tables()[1].querySelectorAll('tbody tr')[2].querySelectorAll('td'));
    expect(tcp.map(text)).toEqual(['not in this run', '911.5', '0', '0', '0.012', '0', '—', 'device:sbr/2 100%']);
  });

  it('greys a cell whose rate was not reached, with why as its title and the thesis\'s footnote', () => {
    const [ipv6, ilnp] = tables();
    const sender = Array.from(ipv6.querySelectorAll('tbody tr')[1].querySelectorAll('td'));
    expect(sender.slice(0, 7).every((td) => td.classList.contains('limited'))).toBeTrue();
    expect(sender[7].classList).not.toContain('limited');
    expect(sender[0].getAttribute('title')).toBe('the sender could not reach this rate');
    expect(text(sender[0])).toBe('61.3† (the sender could not reach this rate)');
    expect(sender[0].querySelector('.mark')?.getAttribute('aria-hidden')).toBe('true');

    const capacity = ilnp.querySelectorAll('tbody tr')[1].querySelectorAll('td')[1];
    expect(capacity.classList).toContain('limited');
    expect(capacity.getAttribute('title')).toBe('beyond what the lab can carry: the lab\'s links carry 940 Mbit/s at most');
    expect(ipv6.querySelectorAll('td.limited').length).toBe(7);

    const footnotes = Array.from(view().querySelectorAll('.footnote')).map((p) => [p.getAttribute('data-limit'), text(p)]);
    expect(footnotes).toEqual([['SENDER', '† the sender could not reach this rate'], ['LAB_CAPACITY', '* beyond what the lab can carry']]);
  });

  it('says when no cell is measured yet', async () => {
    fixture.componentRef.setInput('run', { ...RUN, grid: [], cells: [] });
    await fixture.whenStable();
    expect(view().querySelector('.status.empty')?.textContent).toContain('No cell of the grid measured yet');
  });
});
