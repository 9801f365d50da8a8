// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpTestingController } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { MultihomingRun, MultihomingRunSummary, MultihomingStudy } from './multihoming-models';
import { routedView } from '../../core/testing';
import { BASE, RUN, THESIS, summary } from './fixtures.spec';
import { StudiesView, studyExists } from './studies';

const STUDIES = `${BASE}/multihoming/studies`;
const PRESETS = `${BASE}/multihoming/presets`;
const RUNS = `${BASE}/multihoming/studies/thesis/runs`;
const run = (id: number) => `${BASE}/multihoming/runs/${id}`;

/** A run with nothing measured yet. */
function bare(s: MultihomingRunSummary): MultihomingRun {
  return { ...s, cells: [], grid: [], failovers: [], siteRoutes: [] };
}

describe('StudiesView', () => {
  let http: HttpTestingController;
  let harness: RouterTestingHarness;

  beforeEach(async () => {
    harness = await routedView('multihoming', StudiesView);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  const view = () => harness.routeNativeElement!;
  const button = (label: string) =>
    Array.from(view().querySelectorAll('button')).find((b) => b.textContent?.trim().startsWith(label)) as HTMLButtonElement;
  const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim();

  /** Opens the page: the studies and the presets, then (with ?study=) the study's runs and its newest run. */
  async function open(url: string, studies: MultihomingStudy[], runs?: MultihomingRunSummary[], shown?: MultihomingRun): Promise<void> {
    await harness.navigateByUrl(url);
    http.expectOne(STUDIES).flush({ studies });
    http.expectOne(PRESETS).flush({ presets: [THESIS] });
    await harness.fixture.whenStable();
    if (runs) {
      http.expectOne(RUNS).flush({ runs });
      await harness.fixture.whenStable();
    }
    if (shown) {
      http.expectOne(run(shown.id)).flush(shown);
      await harness.fixture.whenStable();
    }
  }

  it('says how to create a study when there is none, and offers the presets', async () => {
    await open('/multihoming', []);
    expect(text(view().querySelector('.no-studies'))).toContain('No studies yet. Create one from a preset below');
    expect(text(view().querySelector('ul.presets li'))).toContain('Create "thesis" from preset ILNP thesis grid');
  });

  it('shows the API\'s message when the studies cannot be read (ONOS or the database down)', async () => {
    await harness.navigateByUrl('/multihoming');
    http.expectOne(STUDIES).flush({ code: 503, message: 'The history database is unavailable: connection refused' },
      { status: 503, statusText: 'Service Unavailable' });
    http.expectOne(PRESETS).flush({ presets: [THESIS] });
    await harness.fixture.whenStable();
    expect(text(view().querySelector('[role=alert]')))
      .toBe('The studies could not be loaded: The history database is unavailable: connection refused');
  });

  it('creates a study from a preset, and says clearly when its id is taken (409)', async () => {
    await open('/multihoming', [THESIS]);
    expect(Array.from(view().querySelectorAll('table.studies tbody tr')).map((r) =>
      Array.from(r.querySelectorAll('th, td')).map(text))).toEqual([
      ['thesis', 'ILNP thesis grid', 'IPv6, NPTv6, ILNP', '128, 1514 B', '3', '2026-11-30 01:00']]);

    button('Create "thesis" from preset').click();
    const post = http.expectOne({ method: 'POST', url: STUDIES });
    expect(post.request.body).toEqual(THESIS);
    post.flush({ code: 409, message: 'study id thesis is in use' }, { status: 409, statusText: 'Conflict' });
    await harness.fixture.whenStable();
    expect(text(view().querySelector('.preset-error'))).toBe(studyExists('thesis'));
    expect(studyExists('thesis')).toBe('A study with the id "thesis" exists already: choose it in the list above to run it again.');

    button('Create "thesis" from preset').click();
    http.expectOne({ method: 'POST', url: STUDIES }).flush(THESIS, { status: 201, statusText: 'Created' });
    await harness.fixture.whenStable();
    expect(view().querySelector('.preset-error')).toBeNull();
    expect(text(view().querySelector('.notice'))).toContain('Study thesis created from its preset');
    expect(TestBed.inject(Router).url).toBe('/multihoming?study=thesis');
    http.expectOne(STUDIES).flush({ studies: [THESIS] });
    http.expectOne(RUNS).flush({ runs: [] });
    await harness.fixture.whenStable();
    expect(text(view().querySelector('#study-heading'))).toBe('Study thesis');
    expect(text(view().querySelector('.detail .status.empty'))).toContain('Not run yet');
  });

  it('runs the study and shows the new run, or why it cannot run', async () => {
    await open('/multihoming?study=thesis', [THESIS], []);
    expect(text(view().querySelector('.definition'))).toContain('128 B: 1, 10, 100; 1514 B: 10, 100, 1,000; and TCP');
    expect(Array.from(view().querySelectorAll('.definition li')).map(text)).toEqual(['IPv6 to fd00:5:c::10',
      'NPTv6 to fd00:5:c::10, 2 NPTv6 mapping(s)', 'ILNP to fd49:4c4e::b, an ILNP site on device:sbr with 2 uplinks']);
    expect(text(view().querySelector('.definition'))).toContain('100/0, 50/50, 80/20');
    button('Run').click();
    http.expectOne({ method: 'POST', url: RUNS }).flush({ code: 409, message: 'run 7 of thesis is already running' },
      { status: 409, statusText: 'Conflict' });
    await harness.fixture.whenStable();
    expect(text(view().querySelector('.action-error'))).toBe('run 7 of thesis is already running');

    button('Run').click();
    http.expectOne({ method: 'POST', url: RUNS }).flush(summary(8, 'QUEUED', { cellsDone: 0 }), { status: 201, statusText: 'Created' });
    await harness.fixture.whenStable();
    expect(TestBed.inject(Router).url).toBe('/multihoming?study=thesis&run=8');
    expect(text(view().querySelector('.notice'))).toBe('Run 8 of thesis queued: 60 cells.');
    http.expectOne(STUDIES).flush({ studies: [THESIS] });
    http.expectOne(RUNS).flush({ runs: [summary(8, 'QUEUED', { cellsDone: 0 })] });
    http.expectOne(run(8)).flush(bare(summary(8, 'QUEUED', { cellsDone: 0 })));
    await harness.fixture.whenStable();
    expect(text(view().querySelector('.run-state'))).toContain('State: Queued — waiting for the lab');
    expect(text(view().querySelector('.cells-done'))).toBe('0 of 60 cells');
  });

  it('offers Cancel only for runs queued or running, and shows a failed run\'s reason', async () => {
    const runs = [summary(9, 'QUEUED'), summary(8, 'RUNNING'), summary(7, 'DONE'),
      summary(6, 'FAILED', { reason: 'h_cn did not answer' }), summary(5, 'CANCELLED')];
    await open('/multihoming?study=thesis&run=7', [THESIS], runs, RUN);
    const rows = Array.from(view().querySelectorAll('table.runs tbody tr'));
    expect(rows.map((r) => [text(r.querySelector('th')), !!r.querySelector('button.cancel')])).toEqual([
      ['Run 9', true], ['Run 8', true], ['Run 7', false], ['Run 6', false], ['Run 5', false]]);
    expect(rows.map((r) => text(r.querySelector('.state')))).toEqual(['Queued', 'Running', 'Done', 'Failed', 'Cancelled']);
    expect(text(rows[3].querySelector('.reason'))).toBe('h_cn did not answer');
    expect(text(rows[1].querySelectorAll('td')[1])).toBe('12 / 60');
    expect(Array.from(view().querySelectorAll('table.runs th')).every((th) => th.hasAttribute('scope'))).toBeTrue();

    button('Cancel run 8').click();
    http.expectOne({ method: 'POST', url: `${BASE}/multihoming/runs/8/cancel` })
      .flush(summary(8, 'CANCELLED'), { status: 202, statusText: 'Accepted' });
    await harness.fixture.whenStable();
    expect(text(view().querySelector('.notice'))).toBe('Run 8 cancelled.');
    http.expectOne(STUDIES).flush({ studies: [THESIS] });
    http.expectOne(RUNS).flush({ runs: [runs[0], summary(8, 'CANCELLED'), ...runs.slice(2)] });
    http.expectOne(run(7)).flush(RUN);
    await harness.fixture.whenStable();
    expect(Array.from(view().querySelectorAll('table.runs button.cancel')).map(text)).toEqual(['Cancel run 9']);

    // A run that finished meanwhile cannot be cancelled: the server's word is shown.
    button('Cancel run 9').click();
    http.expectOne({ method: 'POST', url: `${BASE}/multihoming/runs/9/cancel` })
      .flush({ code: 409, message: 'run 9 has finished' }, { status: 409, statusText: 'Conflict' });
    await harness.fixture.whenStable();
    expect(text(view().querySelector('.action-error'))).toBe('run 9 has finished');
  });

  it('shows the shown run\'s grid, failover and routing state, and links its cells as CSV', async () => {
    await open('/multihoming?study=thesis', [THESIS], [summary(7, 'DONE')], RUN);
    expect(text(view().querySelector('#run-heading'))).toBe('Run 7');
    expect(view().querySelectorAll('app-run-grid table.grid').length).toBe(2);
    expect(view().querySelector('app-run-routing table.failovers')).not.toBeNull();
    const csv = view().querySelector('a.csv')!;
    expect(text(csv)).toBe('CSV');
    expect(csv.getAttribute('href')).toBe(`${BASE}/multihoming/runs/7/cells.csv`);
    expect(csv.hasAttribute('download')).toBeTrue();
  });

  it('asks about a running run every 3 s until it ends, then reads the runs again', async () => {
    jasmine.clock().install();
    try {
      await open('/multihoming?study=thesis', [THESIS], [summary(8, 'RUNNING')], bare(summary(8, 'RUNNING')));
      expect(text(view().querySelector('.cells-done'))).toBe('12 of 60 cells');
      jasmine.clock().tick(2999);
      await harness.fixture.whenStable();
      http.expectNone(run(8));
      jasmine.clock().tick(1);
      await harness.fixture.whenStable();
      http.expectOne(run(8)).flush(bare(summary(8, 'RUNNING', { cellsDone: 30 })));
      await harness.fixture.whenStable();
      expect(text(view().querySelector('.cells-done'))).toBe('30 of 60 cells');
      expect(text(view().querySelector('table.runs tbody td.number'))).toBe('30 / 60');

      jasmine.clock().tick(3000);
      await harness.fixture.whenStable();
      http.expectOne(run(8)).flush({ ...RUN, id: 8 });
      await harness.fixture.whenStable();
      http.expectOne(STUDIES).flush({ studies: [THESIS] });
      http.expectOne(RUNS).flush({ runs: [summary(8, 'DONE')] });
      await harness.fixture.whenStable();
      expect(text(view().querySelector('.run-state'))).toBe('State: Done');
      jasmine.clock().tick(6000);
      await harness.fixture.whenStable();
      http.expectNone(run(8));
    } finally {
      jasmine.clock().uninstall();
    }
  });
});
