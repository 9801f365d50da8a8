// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpTestingController } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { By } from '@angular/platform-browser';
import { RouterTestingHarness } from '@angular/router/testing';

import { Device, Topology } from '../core/api-models';
import { routedView } from '../core/testing';
import { TopologyView } from './topology';
import { TopologyGraph } from './topology-graph';
import { VIDEO_TREE } from './tree-overlay.spec';

const BASE = '/onos/sixflow/v1';

function device(id: string, role: Device['role']): Device {
  return { id, available: true, role, pipeconf: null, driver: null, manufacturer: null, swVersion: null, locator: null };
}

const LAB: Topology = {
  devices: ['beijing', 'guangzhou', 'nanjing', 'shanghai', 'wuhan']
    .map((n) => device(`device:${n}`, n === 'wuhan' ? 'TRANSIT' : 'EDGE')),
  links: [
    ['beijing/1', 'wuhan/1'], ['beijing/2', 'nanjing/1'], ['wuhan/2', 'nanjing/2'], ['wuhan/3', 'guangzhou/1'],
    ['nanjing/3', 'shanghai/1'], ['shanghai/2', 'guangzhou/2'],
  ].flatMap(([a, b]) => [
    { src: `device:${a}`, dst: `device:${b}`, state: 'ACTIVE' as const },
    { src: `device:${b}`, dst: `device:${a}`, state: 'ACTIVE' as const },
  ]),
};

describe('TopologyView', () => {
  let http: HttpTestingController;
  let harness: RouterTestingHarness;

  beforeEach(async () => {
    harness = await routedView('topology', TopologyView);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  const view = () => harness.routeNativeElement!;
  const graph = () => harness.fixture.debugElement.query(By.directive(TopologyGraph)).componentInstance as TopologyGraph;

  it('draws each device once and each link once', async () => {
    await harness.navigateByUrl('/topology');
    http.expectOne(`${BASE}/topology`).flush(LAB);
    http.expectOne(`${BASE}/trees`).flush({ trees: [] });
    await harness.fixture.whenStable();
    const cy = graph().cy()!;
    expect(cy.nodes().length).toBe(5);
    expect(cy.edges().length).toBe(6);
    expect(cy.getElementById('device:wuhan').hasClass('transit')).toBeTrue();
    expect(view().querySelector('[role=img]')?.getAttribute('aria-label')).toBe('Network of 5 devices and 6 links');
    expect(view().querySelectorAll('table.links tbody tr').length).toBe(6);
    expect(view().textContent).toContain('No trees yet');
  });

  it('draws the tree of the URL over the network', async () => {
    await harness.navigateByUrl('/topology?tree=video');
    http.expectOne(`${BASE}/topology`).flush(LAB);
    http.expectOne(`${BASE}/trees`).flush({ trees: [VIDEO_TREE] });
    http.expectOne(`${BASE}/trees/video`).flush(VIDEO_TREE);
    await harness.fixture.whenStable();
    const cy = graph().cy()!;
    expect(cy.edges('.tree-link').length).toBe(3);
    expect(cy.getElementById('device:beijing').hasClass('tree-source')).toBeTrue();
    expect(cy.getElementById('device:nanjing').hasClass('tree-replicates')).toBeTrue();
    expect(cy.getElementById('device:guangzhou').hasClass('tree-receiver')).toBeTrue();
    expect(view().querySelector('.replication-points')?.textContent).toContain('device:nanjing');
    expect(view().querySelectorAll('.sids li').length).toBe(3);
    expect(view().querySelectorAll('table.links tr.in-tree').length).toBe(3);
    expect((view().querySelector('#tree-select') as HTMLSelectElement).value).toBe('video');
  });

  it('says why a tree in the URL cannot be drawn', async () => {
    await harness.navigateByUrl('/topology?tree=gone');
    http.expectOne(`${BASE}/topology`).flush(LAB);
    http.expectOne(`${BASE}/trees`).flush({ trees: [] });
    http.expectOne(`${BASE}/trees/gone`).flush({ code: 404, message: 'No tree gone' }, { status: 404, statusText: 'Not Found' });
    await harness.fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain('No tree gone');
  });

  it('shows an empty network and a failure', async () => {
    await harness.navigateByUrl('/topology');
    http.expectOne(`${BASE}/topology`).flush({ devices: [], links: [] });
    http.expectOne(`${BASE}/trees`).flush({ trees: [] });
    await harness.fixture.whenStable();
    expect(view().querySelector('.status.empty')?.textContent).toContain('ONOS knows no devices');
    (view().querySelector('.title-row button') as HTMLButtonElement).click();
    await harness.fixture.whenStable();
    http.expectOne(`${BASE}/topology`).error(new ProgressEvent('error'), { status: 0 });
    expect(http.expectOne(`${BASE}/trees`).cancelled).toBeTrue();
    await harness.fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain('Cannot reach the Sixflow REST API');
  });
});
