// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { ComponentFixture, TestBed } from '@angular/core/testing';

import { RunComparisonView } from './run-comparison';
import { BASE, PPPOE_COMPARISON_TABLES } from './fixtures.spec';

describe('RunComparisonView', () => {
  let http: HttpTestingController;
  let fixture: ComponentFixture<RunComparisonView>;

  beforeEach(async () => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    http = TestBed.inject(HttpTestingController);
    fixture = TestBed.createComponent(RunComparisonView);
    fixture.componentRef.setInput('runA', 7);
    fixture.componentRef.setInput('runB', 8);
    await fixture.whenStable();
  });

  afterEach(() => http.verify());

  const view = () => fixture.nativeElement as HTMLElement;
  const cells = (row: Element) => Array.from(row.querySelectorAll('th, td')).map((c) => c.textContent?.trim()).join(' ');

  it('shows per class both means, the difference and Welch\'s p-value', async () => {
    http.expectOne(`${BASE}/experiments/compare?a=7&b=8`).flush({ runA: 7, runB: 8, rows: [
      { cellIndex: 0, className: 'ipv6', countA: 1999, countB: 1999, meanA: 64000, meanB: 64000, difference: 0, ratio: 1, pValue: 1 },
      { cellIndex: 0, className: 'apn6', countA: 1999, countB: 1999, meanA: 73000, meanB: 70000, difference: -3000,
        ratio: 0.9589, pValue: 0.0016 },
      { cellIndex: 0, className: 'te', countA: 1, countB: 1, meanA: 80000, meanB: 80000, difference: 0, ratio: 1, pValue: null },
    ] });
    await fixture.whenStable();
    const rows = Array.from(view().querySelectorAll('table.comparison-table tbody tr')).map(cells);
    expect(rows).toEqual([
      '1 ipv6 1,999 1,999 64,000 64,000 0 1 1.0000 no',
      '1 apn6 1,999 1,999 73,000 70,000 -3,000 0.9589 0.0016 yes',
      '1 te 1 1 80,000 80,000 0 1 — cannot tell',
    ]);
    expect(view().querySelector('caption')?.textContent).toContain('difference = run 8 − run 7');
    // The answer carries no tables (an older server): none is shown.
    expect(view().querySelectorAll('.comparison-study-table').length).toBe(0);
    expect(view().querySelectorAll('app-study-table').length).toBe(0);
  });

  it('lays two PPPoE runs out in the study\'s tables, titled, numbers formatted as in the results', async () => {
    http.expectOne(`${BASE}/experiments/compare?a=7&b=8`).flush({ runA: 7, runB: 8, rows: [
      { cellIndex: 0, className: 'upstream', countA: 119476, countB: 119476, meanA: 2380, meanB: 2165.62, difference: -214.38,
        ratio: 0.9099, pValue: 0 },
    ], tables: PPPOE_COMPARISON_TABLES });
    await fixture.whenStable();
    const tables = Array.from(view().querySelectorAll('.comparison-study-table'));
    expect(tables.map((t) => t.getAttribute('data-table'))).toEqual(['packets-processing-upstream', 'packets-total-upstream']);
    expect(tables.map((t) => t.querySelector('h4')?.textContent?.trim())).toEqual(PPPOE_COMPARISON_TABLES.map((t) => t.title));
    expect(tables[0].querySelector('[role=region]')?.getAttribute('aria-label')).toBe(PPPOE_COMPARISON_TABLES[0].title);
    expect(Array.from(tables[0].querySelectorAll('thead th')).map((th) => th.textContent?.trim()))
      .toEqual(['Number of packets', 'Run 7 (ns)', 'Run 8 (ns)', '% improvement of run 8']);
    expect(Array.from(tables[0].querySelectorAll('tbody tr')).map(cells))
      .toEqual(['30 2,400.5 2,190.7 8.7398', '119,476 2,380 2,165.6235 —']);
    expect(Array.from(tables[1].querySelectorAll('tbody tr')).map(cells))
      .toEqual(['30 72,015 65,721', '119,476 284,352,880 258,738,026']);
    // The first cell names the row; the figures are right-aligned.
    expect(Array.from(tables[1].querySelectorAll('tbody tr:first-child td')).map((td) => td.classList.contains('num')))
      .toEqual([false, true, true]);
    // The class-by-class rows are still there.
    expect(view().querySelectorAll('table.comparison-table tbody tr').length).toBe(1);
  });

  it('says why two runs cannot be compared', async () => {
    http.expectOne(`${BASE}/experiments/compare?a=7&b=8`).flush({ code: 404, message: 'run 8 has no results' },
      { status: 404, statusText: 'Not Found' });
    await fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain('run 8 has no results');

    fixture.componentRef.setInput('runB', 9);
    await fixture.whenStable();
    http.expectOne(`${BASE}/experiments/compare?a=7&b=9`).flush({ runA: 7, runB: 9, rows: [] });
    await fixture.whenStable();
    expect(view().querySelector('.status.empty')?.textContent).toContain('no class of a cell in common');
  });
});
