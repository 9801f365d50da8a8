// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router, provideRouter, withComponentInputBinding } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { Device, Health, PipeconfDetail, PipeconfSummary } from '../core/api-models';
import { EVENT_SOURCE_FACTORY } from '../core/telemetry-stream.service';
import { FakeStream } from '../core/testing';
import { Overview } from './overview';

const BASE = '/onos/sixflow/v1';

const health: Health = {
  database: { status: 'DOWN', url: 'jdbc:postgresql://postgres:5432/sixflow', schemaVersion: null, message: 'Connection refused' },
  pipeconfs: 2,
  devices: 1,
};
const bmv2: PipeconfSummary = {
  id: 'org.sixflow.full.bmv2', target: 'bmv2', architecture: 'v1model', tables: 1, actions: 1, counters: 1,
  registers: 0, extensions: ['P4_INFO_TEXT', 'BMV2_JSON'], devices: ['device:beijing'],
};
const tofino: PipeconfSummary = {
  id: 'org.sixflow.core.tofino', target: 'tofino', architecture: 'tna', tables: 1, actions: 1, counters: 0,
  registers: 0, extensions: ['P4_INFO_TEXT', 'TOFINO_BIN'], devices: [],
};
const beijing: Device = {
  id: 'device:beijing', available: true, role: 'EDGE', pipeconf: 'org.sixflow.full.bmv2', driver: 'stratum-bmv2',
  manufacturer: 'ONF', swVersion: 'stratum', locator: 'fd00:1:1::/64',
};
const shanghai: Device = {
  id: 'device:shanghai', available: false, role: null, pipeconf: null, driver: null,
  manufacturer: null, swVersion: null, locator: null,
};
const detail: PipeconfDetail = {
  id: 'org.sixflow.full.bmv2', target: 'bmv2', architecture: 'v1model', extensions: [], devices: [],
  tables: [{
    id: 'SixflowIngress.routing.routing_v6', maxSize: 4096,
    matchFields: [{ id: 'ipv6_dst', bitWidth: 128, matchType: 'LPM' }],
    actions: ['SixflowIngress.routing.set_next_hop'],
  }],
  counters: [{ id: 'SixflowIngress.drop_counter', size: 16, unit: 'PACKETS' }], registers: [],
};

describe('Overview', () => {
  let http: HttpTestingController;
  let harness: RouterTestingHarness;

  beforeEach(async () => {
    TestBed.configureTestingModule({
      providers: [
        provideRouter([{ path: 'overview', component: Overview }], withComponentInputBinding()),
        provideHttpClient(),
        provideHttpClientTesting(),
        { provide: EVENT_SOURCE_FACTORY, useValue: new FakeStream().factory },
      ],
    });
    http = TestBed.inject(HttpTestingController);
    harness = await RouterTestingHarness.create();
  });

  afterEach(() => {
    // the recent-events list has its own spec; answer its requests here
    http.match(`${BASE}/events?limit=10`).filter((r) => !r.cancelled).forEach((r) => r.flush({ events: [] }));
    http.verify();
  });

  function view(): HTMLElement {
    return harness.routeNativeElement!;
  }

  function text(): string {
    return view().textContent ?? '';
  }

  function answer(pipeconfs: PipeconfSummary[], devices: Device[], healthNow: Health = health): void {
    http.expectOne(`${BASE}/health`).flush(healthNow);
    http.expectOne(`${BASE}/pipeconfs`).flush({ pipeconfs });
    http.expectOne(`${BASE}/devices`).flush({ devices });
  }

  /** forkJoin cancels the other two requests once one fails; take them off the open list. */
  function cancelledSiblings(): void {
    expect(http.expectOne(`${BASE}/pipeconfs`).cancelled).toBeTrue();
    expect(http.expectOne(`${BASE}/devices`).cancelled).toBeTrue();
  }

  async function settle(): Promise<void> {
    await harness.fixture.whenStable();
  }

  async function open(url = '/overview', pipeconfs = [bmv2, tofino], devices = [beijing, shanghai]): Promise<void> {
    await harness.navigateByUrl(url, Overview);
    answer(pipeconfs, devices);
    await settle();
  }

  it('shows a loading state until every request answered', async () => {
    await harness.navigateByUrl('/overview', Overview);
    expect(view().querySelector('.status.loading[role=status]')?.textContent).toContain(`Loading Sixflow status from ${BASE}`);
    expect(view().querySelector('table')).toBeNull();

    http.expectOne(`${BASE}/health`).flush(health);
    http.expectOne(`${BASE}/pipeconfs`).flush({ pipeconfs: [bmv2] });
    await settle();
    expect(view().querySelector('.status.loading')).not.toBeNull(); // devices still missing

    http.expectOne(`${BASE}/devices`).flush({ devices: [beijing] });
    http.expectOne(`${BASE}/events?limit=10`).flush({ events: [] });
    await settle();
    expect(view().querySelector('.status.loading')).toBeNull();
  });

  it('shows what the partition maintenance did, and its failure', async () => {
    await harness.navigateByUrl('/overview', Overview);
    answer([bmv2], [beijing], {
      ...health,
      database: {
        status: 'UP', url: 'jdbc:postgresql://postgres:5432/sixflow', schemaVersion: '7', message: null,
        retention: {
          retentionDays: 30, lastRun: '2026-11-23T04:00:00Z', partitions: 32, partitionsCreated: 32,
          partitionsDropped: 2, rowsMoved: 0, rowsExpired: 5, error: 'lock timeout on sixflow.port_counters',
        },
      },
    });
    await settle();
    const retention = view().querySelector('.retention')?.textContent?.replace(/\s+/g, ' ').trim();
    expect(retention).toContain('History kept 30 days in 32 day partitions; last maintained 2026-11-23 04:00:00 UTC '
      + '(32 created, 2 dropped, 5 expired rows deleted).');
    expect(view().querySelector('.retention [role=alert]')?.textContent).toBe(
      'Maintenance failed: lock timeout on sixflow.port_counters');
  });

  it('tells how many rows PostgreSQL refused and why, and nothing while none was', async () => {
    await harness.navigateByUrl('/overview', Overview);
    answer([bmv2], [beijing], {
      ...health,
      database: {
        status: 'UP', url: 'jdbc:postgresql://postgres:5432/sixflow', schemaVersion: '7', message: null,
        retention: null,
        quarantine: {
          rows: 3, lastQuarantined: '2026-11-23T10:00:01Z',
          lastReason: 'sixflow.port_counters (sampled_at, ...): ERROR: date/time field value out of range',
        },
      },
    });
    await settle();
    const quarantine = view().querySelector('.quarantine[role=alert]')?.textContent?.replace(/\s+/g, ' ').trim();
    expect(quarantine).toBe('3 rows refused by PostgreSQL set aside in sixflow.quarantined_rows. Latest, '
      + '2026-11-23 10:00:01 UTC: sixflow.port_counters (sampled_at, ...): ERROR: date/time field value out of range');
  });

  it('says nothing of a quarantine that holds no row', async () => {
    await harness.navigateByUrl('/overview', Overview);
    answer([bmv2], [beijing], {
      ...health,
      database: {
        status: 'UP', url: 'jdbc:postgresql://postgres:5432/sixflow', schemaVersion: '7', message: null,
        quarantine: { rows: 0, lastQuarantined: null, lastReason: null },
      },
    });
    await settle();
    expect(view().querySelector('.quarantine')).toBeNull();
  });

  it('says nothing of retention before the first maintenance', async () => {
    await open();
    expect(view().querySelector('.retention')).toBeNull();
  });

  it('shows health, pipeconfs and devices', async () => {
    await open();
    expect(view().querySelector('.database')?.getAttribute('data-status')).toBe('DOWN');
    expect(text()).toContain('History database: DOWN');
    expect(text()).toContain('Connection refused');

    const pipeconfRows = Array.from(view().querySelectorAll('table.pipeconfs tbody tr'));
    expect(pipeconfRows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent?.trim()))).toEqual([
      ['org.sixflow.full.bmv2', 'bmv2', 'v1model', '1', 'P4_INFO_TEXT, BMV2_JSON', '1'],
      ['org.sixflow.core.tofino', 'tofino', 'tna', '1', 'P4_INFO_TEXT, TOFINO_BIN', '0'],
    ]);

    const deviceRows = Array.from(view().querySelectorAll('table.devices tbody tr'));
    expect(deviceRows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent?.trim()))).toEqual([
      ['device:beijing', 'yes', 'EDGE', 'org.sixflow.full.bmv2', 'stratum-bmv2', 'fd00:1:1::/64'],
      ['device:shanghai', 'no', '—', '—', '—', '—'],
    ]);
    expect(deviceRows[1].querySelector('td.down')).not.toBeNull();
  });

  it('explains empty lists', async () => {
    await open('/overview', [], []);
    const empties = Array.from(view().querySelectorAll('.status.empty')).map((e) => e.textContent);
    expect(empties.length).toBe(2);
    expect(empties[0]).toContain('No pipeconfs are registered');
    expect(empties[1]).toContain('ONOS knows no devices yet');
    expect(view().querySelector('table')).toBeNull();
  });

  it('shows the API error, then recovers on Refresh', async () => {
    await harness.navigateByUrl('/overview', Overview);
    http.expectOne(`${BASE}/health`).flush({ code: 503, message: 'ONOS is starting' }, { status: 503, statusText: 'x' });
    cancelledSiblings();
    await settle();
    const alert = view().querySelector('.status.error[role=alert]');
    expect(alert?.textContent).toContain('The overview could not be loaded');
    expect(alert?.textContent).toContain('ONOS is starting');
    expect(view().querySelector('table')).toBeNull();

    view().querySelector<HTMLButtonElement>('button.refresh')!.click();
    await settle();
    expect(view().querySelector('[role=alert]')).toBeNull();
    expect(view().querySelector('.status.loading')).not.toBeNull();
    answer([bmv2], [beijing]);
    await settle();
    expect(view().querySelector('[role=alert]')).toBeNull();
    expect(view().querySelectorAll('table.pipeconfs tbody tr').length).toBe(1);
  });

  it('says where the API was expected when it cannot be reached', async () => {
    await harness.navigateByUrl('/overview', Overview);
    http.expectOne(`${BASE}/health`).error(new ProgressEvent('error'), { status: 0 });
    cancelledSiblings();
    await settle();
    expect(view().querySelector('[role=alert]')?.textContent).toContain(`Cannot reach the Sixflow REST API at ${BASE}`);
  });

  it('expands a clicked pipeconf row into its tables and puts it in the URL', async () => {
    await open();
    const row = view().querySelector<HTMLElement>('tr.pipeconf-row')!;
    expect(row.querySelector('button')?.getAttribute('aria-expanded')).toBe('false');

    row.querySelector('td:nth-child(3)')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await settle();
    expect(TestBed.inject(Router).url).toBe('/overview?pipeconf=org.sixflow.full.bmv2');
    expect(view().querySelector('.detail-row .status.loading')?.textContent).toContain('Loading the tables of org.sixflow.full.bmv2');

    http.expectOne(`${BASE}/pipeconfs/org.sixflow.full.bmv2`).flush(detail);
    await settle();
    const button = view().querySelector('tr.pipeconf-row button')!;
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const detailRow = view().querySelector('.detail-row')!;
    expect(detailRow.id).toBe(button.getAttribute('aria-controls')!);
    expect(detailRow.textContent).toContain('SixflowIngress.routing.routing_v6');
    expect(detailRow.textContent).toContain('ipv6_dst 128 bit LPM');
  });

  it('collapses the expanded pipeconf and drops it from the URL', async () => {
    await open('/overview?pipeconf=org.sixflow.full.bmv2');
    http.expectOne(`${BASE}/pipeconfs/org.sixflow.full.bmv2`).flush(detail);
    await settle();

    view().querySelector<HTMLButtonElement>('tr.pipeconf-row button')!.click(); // keyboard activation is a click too
    await settle();
    expect(TestBed.inject(Router).url).toBe('/overview');
    expect(view().querySelector('.detail-row')).toBeNull();
  });

  it('switches the expanded pipeconf to another row', async () => {
    await open('/overview?pipeconf=org.sixflow.full.bmv2');
    http.expectOne(`${BASE}/pipeconfs/org.sixflow.full.bmv2`).flush(detail);
    await settle();

    view().querySelectorAll<HTMLButtonElement>('tr.pipeconf-row button')[1].click();
    await settle();
    expect(TestBed.inject(Router).url).toBe('/overview?pipeconf=org.sixflow.core.tofino');
    http.expectOne(`${BASE}/pipeconfs/org.sixflow.core.tofino`).flush({ ...detail, id: 'org.sixflow.core.tofino', tables: [] });
    await settle();
    expect(view().querySelectorAll('.detail-row').length).toBe(1);
    expect(view().querySelector('.detail-row')?.textContent).toContain('org.sixflow.core.tofino has no match-action tables');
  });

  it('opens the pipeconf named in a shared URL', async () => {
    await harness.navigateByUrl('/overview?pipeconf=org.sixflow.full.bmv2', Overview);
    answer([bmv2], [beijing]);
    http.expectOne(`${BASE}/pipeconfs/org.sixflow.full.bmv2`).flush(detail);
    await settle();
    expect(view().querySelector('tr.pipeconf-row button')?.getAttribute('aria-expanded')).toBe('true');
    expect(text()).toContain('set_next_hop');
  });

  it('shows why a pipeconf detail failed', async () => {
    await open('/overview?pipeconf=org.sixflow.full.bmv2');
    http.expectOne(`${BASE}/pipeconfs/org.sixflow.full.bmv2`)
      .flush({ code: 500, message: 'P4Info of org.sixflow.full.bmv2 cannot be parsed' }, { status: 500, statusText: 'x' });
    await settle();
    expect(view().querySelector('.detail-row [role=alert]')?.textContent)
      .toContain('Cannot show org.sixflow.full.bmv2: P4Info of org.sixflow.full.bmv2 cannot be parsed');
    expect(view().querySelector('table.pipeconfs')).not.toBeNull(); // the rest of the page stays
  });

  it('tells about a shared link to a pipeconf that is gone, and closes it', async () => {
    await open('/overview?pipeconf=org.example.gone');
    http.expectOne(`${BASE}/pipeconfs/org.example.gone`).flush({ code: 404, message: 'no such pipeconf' }, { status: 404, statusText: 'x' });
    await settle();
    const alert = view().querySelector('section [role=alert]')!;
    expect(alert.textContent).toContain('The link names pipeconf org.example.gone');

    alert.querySelector('button')!.click();
    await settle();
    expect(TestBed.inject(Router).url).toBe('/overview');
    expect(view().querySelector('[role=alert]')).toBeNull();
  });

  it('reloads the expanded pipeconf on Refresh', async () => {
    await open('/overview?pipeconf=org.sixflow.full.bmv2');
    http.expectOne(`${BASE}/pipeconfs/org.sixflow.full.bmv2`).flush(detail);
    await settle();

    view().querySelector<HTMLButtonElement>('button.refresh')!.click();
    await settle();
    answer([bmv2], [beijing]);
    http.expectOne(`${BASE}/pipeconfs/org.sixflow.full.bmv2`).flush(detail);
    await settle();
    expect(text()).toContain('SixflowIngress.routing.routing_v6');
  });
});
