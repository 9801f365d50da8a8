// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { ComponentFixture, TestBed } from '@angular/core/testing';
import { Router, provideRouter } from '@angular/router';

import { ExperimentResults } from '../core/api-models';
import { RunResultsView } from './run-results';
import { BASE, PPPOE_PACKETS_TABLE, RESULTS } from './fixtures.spec';

describe('RunResultsView', () => {
  let http: HttpTestingController;
  let fixture: ComponentFixture<RunResultsView>;

  beforeEach(async () => {
    TestBed.configureTestingModule({ providers: [provideRouter([]), provideHttpClient(), provideHttpClientTesting()] });
    http = TestBed.inject(HttpTestingController);
    fixture = TestBed.createComponent(RunResultsView);
    fixture.componentRef.setInput('experimentId', 'apn6-vs-ipv6');
    fixture.componentRef.setInput('runId', 7);
    await fixture.whenStable();
  });

  afterEach(() => http.verify());

  const view = () => fixture.nativeElement as HTMLElement;
  const rows = (selector: string) => Array.from(view().querySelectorAll(`${selector} tbody tr`));
  const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  /** A table row's cells, one space apart. */
  const cells = (row: Element) => Array.from(row.querySelectorAll('th, td')).map(text).join(' ');

  async function answer(results: ExperimentResults): Promise<void> {
    http.expectOne(`${BASE}/experiments/apn6-vs-ipv6/runs/7/results`).flush(results);
    await fixture.whenStable();
    for (const request of http.match((r) => r.url.endsWith('/samples'))) request.flush({ samples: [] });
    await fixture.whenStable();
  }

  it('shows per class the latency figures, loss, stability and stages, with export links', async () => {
    expect(view().querySelector('.status.loading')?.textContent).toContain('Loading the results of run 7');
    await answer(RESULTS);
    const latency = rows('table.latency-table');
    expect(latency.length).toBe(2);
    expect(cells(latency[1])).toContain('apn6 FEATURE apn6-insert at device:beijing 1,999 370.56 30 900 310.56 460.56 370.56 410.56 450.56 0.02 (—)');
    expect(cells(rows('table.loss-table')[1])).toBe('apn6 2,000 0 1,999 1 0.05% 0 2 12.5 1.02 1.01');
    expect(cells(rows('table.stability-table')[0])).toBe('ipv6 1,998 1.20e-3 1.00e-3 2.00e-3 4.00e-3 1.00e-2');
    const stages = rows('table.stages-table');
    expect(stages.map((r) => r.querySelector('td')?.textContent)).toEqual(['device:beijing', 'device:wuhan']);
    expect(cells(stages[1])).toContain('apn6-transit 0 3 1,990 300 400 250 420');
    expect(view().querySelector('table.repetitions-table')).toBeNull();
    const links = Array.from(view().querySelectorAll('.exports a')).map((a) => a.getAttribute('href'));
    expect(links).toEqual([`${BASE}/experiments/apn6-vs-ipv6/runs/7/export?format=csv`,
      `${BASE}/experiments/apn6-vs-ipv6/runs/7/export?format=json`]);
    expect(text(view().querySelector('.pacing'))).toContain('4,000 packets asked one every 1 ms');
  });

  it('compares each feature with the baseline as the studies do, and carries their tables', async () => {
    await answer(RESULTS);
    const comparison = view().querySelector('.comparison')!;
    expect(text(comparison.querySelector('.diff-mean'))).toBe('6.56 ns');
    expect(text(comparison)).toContain('overhead K = 1.8% ± 11%');
    expect(rows('table.one-packet').map(cells)).toEqual(['1.8% 6.55 0.5', '2% 7.28 0.507']);
    expect(text(view().querySelector('table.mean-of caption'))).toBe('P(K ≤ x) for the mean of 10,000 packets');
    const tables = Array.from(view().querySelectorAll('details.study-table'));
    expect(tables.map((t) => t.getAttribute('data-table'))).toEqual(['latency', 'overhead-one-packet']);
    expect(text(tables[0].querySelector('summary'))).toBe('Latency (ns)');
    expect(Array.from(tables[0].querySelectorAll('tbody tr')).map(cells)[2]).toBe('DIFF (apn6 − ipv6) 6.56 0 0 0 —');
  });

  it('shows a PPPoE run\'s table by number of packets like any other, a column per switch', async () => {
    await answer({ ...RESULTS, tables: [...RESULTS.tables, PPPOE_PACKETS_TABLE] });
    const table = view().querySelector('details.study-table[data-table="packets-upstream"]')!;
    expect(text(table.querySelector('summary'))).toBe(PPPOE_PACKETS_TABLE.title);
    expect(Array.from(table.querySelectorAll('thead th')).map(text)).toEqual(['Number of packets',
      'device:bng-access mean (ns)', 'device:bng-forward mean (ns)', 'Path mean (ns)', 'Path total (ns)']);
    expect(Array.from(table.querySelectorAll('tbody tr')).map(cells)).toEqual([
      '30 1,210.5 980.2 2,190.7 65,721', '119,476 1,190.1235 975.5 2,165.6235 258,738,026']);
  });

  it('says which classes the switch queued for, and compares nothing with them', async () => {
    const cell = RESULTS.cells[0];
    const queued: ExperimentResults = {
      ...RESULTS, comparisons: [], tables: RESULTS.tables.filter((t) => t.id === 'latency'),
      cells: [{ ...cell, classes: cell.classes.map((c) => (c.className === 'apn6'
        ? { ...c, queueing: '3.5% of packets took longer than the 1000 µs send interval' } : c)) }],
    };
    await answer(queued);
    const alert = view().querySelector('.queued[role="alert"]');
    expect(text(alert)).toContain('The switch queued while these classes were measured');
    expect(Array.from(alert!.querySelectorAll('li')).map(text))
      .toEqual(['apn6: 3.5% of packets took longer than the 1000 µs send interval']);
    expect(view().querySelector('.comparison')).toBeNull();
    expect(text(view().querySelector('.status.empty'))).toContain('without the switch queueing');
  });

  it('shows no queueing notice when the switch kept up', async () => {
    await answer(RESULTS);
    expect(view().querySelector('.queued')).toBeNull();
  });

  it('shows the cell the URL names, and a chosen one goes into the URL', async () => {
    const second = { ...RESULTS.cells[0], cell: { index: 1, frameSize: 1514, intervalNanos: 2_000_000, loadMbps: 5 },
      classes: RESULTS.cells[0].classes.map((c) => ({ ...c, repetitions: [c.repetitions[0], { repetition: 1, sent: 2000, received: 2000, mean: 380 }] })) };
    fixture.componentRef.setInput('cell', '1');
    await answer({ ...RESULTS, cells: [RESULTS.cells[0], second], comparisons: [] });
    expect((view().querySelector('#results-cell') as HTMLSelectElement).value).toBe('1');
    expect(view().querySelector('.hint')?.textContent).toContain('Cell 2 of 2: 1514-byte frames, 5 Mbps');
    expect(rows('table.repetitions-table').length).toBe(4);
    expect(view().querySelector('.status.empty')?.textContent).toContain('No comparison');

    const navigate = spyOn(TestBed.inject(Router), 'navigate').and.resolveTo(true);
    const select = view().querySelector('#results-cell') as HTMLSelectElement;
    select.value = '0';
    select.dispatchEvent(new Event('change'));
    expect(navigate).toHaveBeenCalledWith([], { queryParams: { cell: '0' }, queryParamsHandling: 'merge' });
  });

  it('says why a run has no results', async () => {
    http.expectOne(`${BASE}/experiments/apn6-vs-ipv6/runs/7/results`).flush(
      { code: 404, message: 'Run 7 has no results (it is FAILED: no reports)' }, { status: 404, statusText: 'Not Found' });
    await fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain('Run 7 has no results (it is FAILED: no reports)');
  });
});
