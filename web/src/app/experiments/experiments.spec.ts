// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpTestingController } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { ExperimentRun } from '../core/api-models';
import { routedView } from '../core/testing';
import { ExperimentsView } from './experiments';
import { APN6, BASE, RESULTS, run, summary } from './fixtures.spec';

const EXPERIMENT = `${BASE}/experiments/apn6-vs-ipv6`;

describe('ExperimentsView', () => {
  let http: HttpTestingController;
  let harness: RouterTestingHarness;

  beforeEach(async () => {
    harness = await routedView('experiments', ExperimentsView);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  const view = () => harness.routeNativeElement!;
  const button = (text: string) =>
    Array.from(view().querySelectorAll('button')).find((b) => b.textContent?.trim().startsWith(text))!;
  const stable = () => harness.fixture.whenStable();
  const url = () => TestBed.inject(Router).url;

  /** Opens a URL of the page and answers the list, the presets and, when one is chosen, the experiment. */
  async function open(path: string, lastRun: ExperimentRun | null, runs: ExperimentRun[] = []): Promise<void> {
    await harness.navigateByUrl(path);
    http.expectOne(`${BASE}/experiments`).flush({ experiments: [summary(lastRun)] });
    http.expectOne(`${BASE}/experiments/presets`).flush({ presets: [] });
    http.expectOne(`${BASE}/gtpu/tunnels?limit=1000`).flush({ tunnels: [], total: 0, next: null });
    http.expectOne(`${BASE}/bng/sessions`).flush({ sessions: [] });
    if (path.includes('experiment=')) http.expectOne(EXPERIMENT).flush({ ...APN6, runs });
    await stable();
  }

  /** Answers the results of a finished run and the samples its chart asks for. */
  async function answerResults(runId: number): Promise<void> {
    http.expectOne(`${EXPERIMENT}/runs/${runId}/results`).flush({ ...RESULTS, runId });
    await stable();
    for (const request of http.match((r) => r.url.endsWith('/samples'))) request.flush({ samples: [] });
    await stable();
  }

  it('says when there are no experiments, and when they cannot be loaded', async () => {
    await harness.navigateByUrl('/experiments');
    http.expectOne(`${BASE}/experiments`).flush({ experiments: [] });
    http.expectOne(`${BASE}/experiments/presets`).flush({ presets: [] });
    http.expectOne(`${BASE}/gtpu/tunnels?limit=1000`).flush({ tunnels: [], total: 0, next: null });
    http.expectOne(`${BASE}/bng/sessions`).flush({ sessions: [] });
    await stable();
    expect(view().querySelector('.status.empty')?.textContent).toContain('No experiments yet');

    button('Refresh').click();
    await stable();
    expect(view().querySelector('.status.loading')?.textContent).toContain('Loading experiments');
    http.expectOne(`${BASE}/experiments`).flush({ code: 503, message: 'experiments need the history database' },
      { status: 503, statusText: 'Service Unavailable' });
    await stable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain('experiments need the history database');
  });

  it('lists experiments with their last run, and opens one with its newest run and its results', async () => {
    await open('/experiments', run(8, 'DONE', 4000));
    expect(view().querySelector('table.experiments .last-run')?.textContent).toContain('Done run 8');
    button('apn6-vs-ipv6').click();
    await stable();
    expect(url()).toBe('/experiments?experiment=apn6-vs-ipv6');
    http.expectOne(EXPERIMENT).flush({ ...APN6, runs: [run(8, 'DONE', 4000), run(7, 'DONE', 4000)] });
    await stable();
    expect(view().querySelector('#detail-heading')?.textContent).toContain('Experiment apn6-vs-ipv6');
    expect(view().querySelector('.definition')?.textContent).toContain('policy apn6-ietf109');
    expect(view().querySelectorAll('table.runs tbody tr').length).toBe(2);
    http.expectOne(`${EXPERIMENT}/runs/8`).flush(run(8, 'DONE', 4000, { resultsMillis: 120 }));
    await stable();
    expect(view().querySelector('.run-state')?.textContent).toContain('State: Done');
    expect(view().querySelector('.run .hint')?.textContent).toContain('results 120 ms after the last packet');
    await answerResults(8);
    expect(view().querySelector('#results-heading')?.textContent).toContain('Results of run 8');
    expect(view().querySelectorAll('table.latency-table tbody tr').length).toBe(2);

    button('Run 7').click();
    await stable();
    expect(url()).toBe('/experiments?experiment=apn6-vs-ipv6&run=7');
    http.expectOne(`${EXPERIMENT}/runs/7`).flush(run(7, 'DONE', 4000));
    await stable();
    await answerResults(7);
    expect(view().querySelector('#results-heading')?.textContent).toContain('Results of run 7');
  });

  it('follows a queued run every second, quietly, until it is done, then shows its results', async () => {
    jasmine.clock().install();
    try {
      await open('/experiments?experiment=apn6-vs-ipv6&run=9', run(9, 'QUEUED'), [run(9, 'QUEUED')]);
      http.expectOne(`${EXPERIMENT}/runs/9`).flush(run(9, 'QUEUED'));
      await stable();
      expect(view().querySelector('.run-state')?.textContent).toContain('Queued — waiting for its turn');
      http.expectNone(`${EXPERIMENT}/runs/9`);

      jasmine.clock().tick(1000);
      await stable();
      // Still shown while the poll's answer is on its way: a poll does not blank the run.
      expect(view().querySelector('.run-state')?.textContent).toContain('Queued');
      http.expectOne(`${EXPERIMENT}/runs/9`).flush(run(9, 'RUNNING', 2000));
      await stable();
      expect(view().querySelector('.run-state')?.textContent).toContain('State: Running');
      expect((view().querySelector('progress') as HTMLProgressElement).value).toBe(0.5);
      expect(view().querySelector('.sent')?.textContent).toContain('2,000 of 4,000 packets (50%)');
      expect(view().querySelector('table.runs tbody tr')?.textContent).toContain('2,000 / 4,000');
      // The samples are stored at the end: the page says when the charts come rather than drawing partial ones.
      expect(view().querySelector('.charts-later')?.textContent).toContain('appear when the run is done');
      expect(view().querySelector('app-run-charts')).toBeNull();

      jasmine.clock().tick(1000);
      await stable();
      http.expectOne(`${EXPERIMENT}/runs/9`).flush(run(9, 'DONE', 4000));
      await stable();
      // The run ended: the list and the experiment catch up (quietly), and its results load.
      http.expectOne(`${BASE}/experiments`).flush({ experiments: [summary(run(9, 'DONE', 4000))] });
      http.expectOne(EXPERIMENT).flush({ ...APN6, runs: [run(9, 'DONE', 4000)] });
      await answerResults(9);
      expect(view().querySelector('.run-state')?.textContent).toContain('State: Done');
      expect(view().querySelector('table.experiments .last-run')?.textContent).toContain('Done');
      expect(view().querySelector('.charts-later')).toBeNull();

      jasmine.clock().tick(5000);
      await stable();
      http.expectNone(`${EXPERIMENT}/runs/9`);
      http.expectNone(`${BASE}/experiments`);
    } finally {
      jasmine.clock().uninstall();
    }
  });

  it('keeps the list current while a run of another experiment is going', async () => {
    jasmine.clock().install();
    try {
      await open('/experiments', run(3, 'RUNNING', 100));
      expect(view().querySelector('table.experiments .last-run')?.textContent).toContain('Running run 3, 3%');
      jasmine.clock().tick(2000);
      await stable();
      http.expectOne(`${BASE}/experiments`).flush({ experiments: [summary(run(3, 'CANCELLED', 100))] });
      await stable();
      expect(view().querySelector('table.experiments .last-run')?.textContent).toContain('Cancelled');
      jasmine.clock().tick(4000);
      await stable();
      http.expectNone(`${BASE}/experiments`);
    } finally {
      jasmine.clock().uninstall();
    }
  });

  it('starts a run and shows it, and cancels it', async () => {
    await open('/experiments?experiment=apn6-vs-ipv6', null, []);
    expect(view().querySelector('.status.empty')?.textContent).toContain('Not run yet');
    button('Start a run').click();
    http.expectOne({ method: 'POST', url: `${EXPERIMENT}/runs` }).flush(run(4, 'QUEUED'), { status: 202, statusText: 'Accepted' });
    await stable();
    expect(view().querySelector('.notice')?.textContent).toContain('Run 4 of apn6-vs-ipv6 queued');
    expect(url()).toBe('/experiments?experiment=apn6-vs-ipv6&run=4');
    http.expectOne(`${BASE}/experiments`).flush({ experiments: [summary(run(4, 'QUEUED'))] });
    http.expectOne(EXPERIMENT).flush({ ...APN6, runs: [run(4, 'QUEUED')] });
    http.expectOne(`${EXPERIMENT}/runs/4`).flush(run(4, 'QUEUED'));
    await stable();

    button('Cancel run 4').click();
    http.expectOne({ method: 'POST', url: `${EXPERIMENT}/runs/4/cancel` })
      .flush(run(4, 'CANCELLED', 0, { reason: 'cancelled before it started' }));
    await stable();
    expect(view().querySelector('.notice')?.textContent).toContain('Run 4 cancelled.');
    http.expectOne(`${BASE}/experiments`).flush({ experiments: [summary(run(4, 'CANCELLED'))] });
    http.expectOne(EXPERIMENT).flush({ ...APN6, runs: [run(4, 'CANCELLED', 0, { reason: 'cancelled before it started' })] });
    http.expectOne(`${EXPERIMENT}/runs/4`).flush(run(4, 'CANCELLED', 0, { reason: 'cancelled before it started' }));
    await stable();
    expect(view().querySelector('.run-state')?.textContent).toContain('Cancelled — cancelled before it started');
    expect(button('Cancel run')).toBeUndefined();
  });

  it('deletes after asking, and says why the server refused', async () => {
    await open('/experiments?experiment=apn6-vs-ipv6', run(5, 'QUEUED'), [run(5, 'QUEUED')]);
    http.expectOne(`${EXPERIMENT}/runs/5`).flush(run(5, 'QUEUED'));
    await stable();
    button('Delete experiment').click();
    await stable();
    expect(document.activeElement?.id).toBe('confirm-delete');
    button('Really delete').click();
    http.expectOne({ method: 'DELETE', url: EXPERIMENT }).flush(
      { code: 409, message: 'experiment apn6-vs-ipv6 has a queued or running run: cancel it first' },
      { status: 409, statusText: 'Conflict' });
    await stable();
    expect(view().querySelector('.action-error')?.textContent).toContain('cancel it first');

    button('Delete experiment').click();
    await stable();
    button('Keep it').click();
    await stable();
    expect(button('Really delete')).toBeUndefined();
    button('Delete experiment').click();
    await stable();
    button('Really delete').click();
    http.expectOne({ method: 'DELETE', url: EXPERIMENT }).flush(null, { status: 204, statusText: 'No Content' });
    await stable();
    expect(view().querySelector('.notice')?.textContent).toContain('Experiment apn6-vs-ipv6 removed');
    expect(url()).toBe('/experiments');
    http.expectOne(`${BASE}/experiments`).flush({ experiments: [] });
    await stable();
    expect(view().querySelector('.status.empty')?.textContent).toContain('No experiments yet');
  });

  it('compares the shown run with another finished run from a shared URL', async () => {
    const runs = [run(8, 'DONE', 4000), run(7, 'DONE', 4000), run(6, 'FAILED', 10, { reason: 'no reports' })];
    await open('/experiments?experiment=apn6-vs-ipv6&run=8', runs[0], runs);
    http.expectOne(`${EXPERIMENT}/runs/8`).flush(runs[0]);
    await stable();
    await answerResults(8);
    const options = Array.from(view().querySelectorAll('#compare-with option')).map((o) => o.textContent?.trim());
    expect(options.length).toBe(2);
    expect(options[1]).toContain('Run 7');
    const select = view().querySelector('#compare-with') as HTMLSelectElement;
    select.value = '7';
    select.dispatchEvent(new Event('change'));
    await stable();
    button('Compare').click();
    await stable();
    expect(url()).toBe('/experiments?experiment=apn6-vs-ipv6&run=8&compare=7');
    http.expectOne(`${BASE}/experiments/compare?a=8&b=7`).flush({ runA: 8, runB: 7, rows: [
      { cellIndex: 0, className: 'apn6', countA: 1999, countB: 1999, meanA: 370.56, meanB: 364, difference: -6.56,
        ratio: 0.98, pValue: 0.0001 }] });
    await stable();
    expect(view().querySelector('#comparison-heading')?.textContent).toContain('Run 8 against run 7');
    expect(view().querySelector('table.comparison-table tbody tr')?.textContent).toContain('0.0001');

    button('Stop comparing').click();
    await stable();
    expect(url()).toBe('/experiments?experiment=apn6-vs-ipv6&run=8');
    expect(view().querySelector('app-run-comparison')).toBeNull();
  });

  it('opens the experiment the form created', async () => {
    await harness.navigateByUrl('/experiments');
    http.expectOne(`${BASE}/experiments`).flush({ experiments: [] });
    const { runs: _runs, ...preset } = APN6;
    http.expectOne(`${BASE}/experiments/presets`).flush({ presets: [preset] });
    http.expectOne(`${BASE}/gtpu/tunnels?limit=1000`).flush({ tunnels: [], total: 0, next: null });
    http.expectOne(`${BASE}/bng/sessions`).flush({ sessions: [] });
    await stable();
    const select = view().querySelector('#exp-preset') as HTMLSelectElement;
    select.value = preset.id;
    select.dispatchEvent(new Event('change'));
    await stable();
    button('Use preset').click();
    await stable();
    button('Create experiment').click();
    http.expectOne({ method: 'POST', url: `${BASE}/experiments` }).flush(preset, { status: 201, statusText: 'Created' });
    await stable();
    expect(view().querySelector('.notice')?.textContent).toContain('Experiment apn6-vs-ipv6 created: 4,000 packets a run.');
    expect(url()).toBe('/experiments?experiment=apn6-vs-ipv6');
    http.expectOne(`${BASE}/experiments`).flush({ experiments: [summary(null)] });
    http.expectOne(EXPERIMENT).flush({ ...APN6, runs: [] });
    await stable();
    expect(view().querySelector('#detail-heading')?.textContent).toContain('Experiment apn6-vs-ipv6');
  });
});
