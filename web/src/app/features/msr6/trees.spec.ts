// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpTestingController } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { RouterTestingHarness } from '@angular/router/testing';

import { routedView, type } from '../../core/testing';
import { VIDEO_TREE } from '../../topology/tree-overlay.spec';
import { TreesView } from './trees';

const BASE = '/onos/sixflow/v1';

describe('TreesView', () => {
  let http: HttpTestingController;
  let harness: RouterTestingHarness;

  beforeEach(async () => {
    harness = await routedView('trees', TreesView);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  const view = () => harness.routeNativeElement!;

  it('lists trees and says so when there are none', async () => {
    await harness.navigateByUrl('/trees');
    http.expectOne(`${BASE}/trees`).flush({ trees: [] });
    await harness.fixture.whenStable();
    expect(view().querySelector('.status.empty')?.textContent).toContain('No trees are installed');
  });

  it('shows a load failure', async () => {
    await harness.navigateByUrl('/trees');
    http.expectOne(`${BASE}/trees`).flush({ code: 500, message: 'store down' }, { status: 500, statusText: 'x' });
    await harness.fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain('store down');
  });

  it('creates a tree from the form and opens it', async () => {
    await harness.navigateByUrl('/trees');
    http.expectOne(`${BASE}/trees`).flush({ trees: [] });
    await harness.fixture.whenStable();
    type(view(), '#tree-id', 'video');
    type(view(), '#tree-source', 'device:beijing/3');
    type(view(), '#tree-group', 'ff3e::1');
    type(view(), '#tree-receivers', 'device:nanjing/4\ndevice:shanghai/3, device:guangzhou/3');
    type(view(), '#tree-max-hops', '4');
    type(view(), '#tree-excluded-devices', 'device:wuhan');
    (view().querySelector('button[type=submit]') as HTMLButtonElement).click();
    const post = http.expectOne({ method: 'POST', url: `${BASE}/trees` });
    expect(post.request.body).toEqual({
      id: 'video', source: 'device:beijing/3', group: 'ff3e::1',
      receivers: ['device:nanjing/4', 'device:shanghai/3', 'device:guangzhou/3'], mode: 'TE', algorithm: 'STEINER',
      constraints: { metric: 'HOPS', maxHops: 4, excludedDevices: ['device:wuhan'] },
    });
    post.flush(VIDEO_TREE, { status: 201, statusText: 'Created' });
    await harness.fixture.whenStable();
    http.expectOne(`${BASE}/trees`).flush({ trees: [VIDEO_TREE] });
    http.expectOne(`${BASE}/trees/video`).flush(VIDEO_TREE);
    await harness.fixture.whenStable();
    expect(view().querySelector('[role=status]')?.textContent).toContain('Tree video installed: 3 links');
    expect(view().querySelector('#detail-heading')?.textContent).toContain('Tree video');
    expect((view().querySelector('#edit-receivers') as HTMLTextAreaElement).value).toBe(VIDEO_TREE.receivers.join('\n'));
  });

  it('shows each tree\'s state, and why a failed one failed', async () => {
    const failed = {
      ...VIDEO_TREE, state: 'FAILED' as const,
      failure: { deviceId: 'device:shanghai', reason: 'refused 2 transit entries (msr6_local_sid)' },
    };
    await harness.navigateByUrl('/trees?tree=video');
    http.expectOne(`${BASE}/trees`).flush({ trees: [failed, { ...VIDEO_TREE, id: 'radio', state: 'REQUESTED' }] });
    http.expectOne(`${BASE}/trees/video`).flush(failed);
    await harness.fixture.whenStable();
    const states = Array.from(view().querySelectorAll('table.trees .state')).map((s) => s.textContent?.trim());
    expect(states).toEqual(['FAILED', 'REQUESTED']);
    expect(view().querySelector('table.trees .state')?.getAttribute('title')).toContain('refused 2 transit entries');
    expect(view().querySelector('.tree-failure')?.textContent)
      .toContain('Failed on device:shanghai: refused 2 transit entries');
  });

  it('says when a created tree failed, and on which device', async () => {
    await harness.navigateByUrl('/trees');
    http.expectOne(`${BASE}/trees`).flush({ trees: [] });
    await harness.fixture.whenStable();
    type(view(), '#tree-id', 'video');
    type(view(), '#tree-source', 'device:beijing/3');
    type(view(), '#tree-group', 'ff3e::1');
    type(view(), '#tree-receivers', 'device:nanjing/4');
    (view().querySelector('button[type=submit]') as HTMLButtonElement).click();
    const failed = { ...VIDEO_TREE, state: 'FAILED' as const, failure: { deviceId: 'device:nanjing', reason: 'refused group 7' } };
    http.expectOne({ method: 'POST', url: `${BASE}/trees` }).flush(failed, { status: 201, statusText: 'Created' });
    await harness.fixture.whenStable();
    http.expectOne(`${BASE}/trees`).flush({ trees: [failed] });
    http.expectOne(`${BASE}/trees/video`).flush(failed);
    await harness.fixture.whenStable();
    expect(view().querySelector('.notice[role=alert]')?.textContent).toContain('Tree video failed on device:nanjing: refused group 7');
    expect(view().querySelector('.notice[role=status]')).toBeNull();
  });

  it('shows the server error beside the field it names, and others under the form', async () => {
    await harness.navigateByUrl('/trees');
    http.expectOne(`${BASE}/trees`).flush({ trees: [] });
    await harness.fixture.whenStable();
    (view().querySelector('button[type=submit]') as HTMLButtonElement).click();
    http.expectOne({ method: 'POST', url: `${BASE}/trees` })
      .flush({ code: 400, message: 'group "" is not an IPv6 address' }, { status: 400, statusText: 'Bad Request' });
    await harness.fixture.whenStable();
    expect(view().querySelector('#tree-group-error')?.textContent).toContain('is not an IPv6 address');
    expect(view().querySelector('#tree-group')?.getAttribute('aria-invalid')).toBe('true');
    expect(view().querySelector('#tree-group')?.getAttribute('aria-describedby')).toBe('tree-group-error');
    (view().querySelector('button[type=submit]') as HTMLButtonElement).click();
    http.expectOne({ method: 'POST', url: `${BASE}/trees` })
      .flush({ code: 400, message: 'maxHops 1 exceeded' }, { status: 400, statusText: 'Bad Request' });
    await harness.fixture.whenStable();
    expect(view().querySelector('#tree-group-error')?.textContent?.trim()).toBe('');
    expect(view().querySelector('.form-error')?.textContent).toContain('maxHops 1 exceeded');
  });

  it('flags every field the server names in one 400, receivers by their item', async () => {
    await harness.navigateByUrl('/trees');
    http.expectOne(`${BASE}/trees`).flush({ trees: [] });
    await harness.fixture.whenStable();
    (view().querySelector('button[type=submit]') as HTMLButtonElement).click();
    http.expectOne({ method: 'POST', url: `${BASE}/trees` }).flush({
      code: 400, message: 'source "beijing" is not a port; group "banana" is not an IPv6 address; …',
      errors: [
        { field: 'source', message: 'source "beijing" is not a port like device:beijing/3' },
        { field: 'group', message: 'group "banana" is not an IPv6 address' },
        { field: 'receivers[1]', message: 'receivers[1]: ONOS knows no host 00:00:00:00:00:99/None' },
        { field: 'receivers', message: 'device:nanjing/99 is no host-facing port ONOS knows' },
        { field: 'constraints.maxHops', message: 'constraints.maxHops must be a whole number' },
      ],
    }, { status: 400, statusText: 'Bad Request' });
    await harness.fixture.whenStable();
    for (const id of ['tree-source', 'tree-group', 'tree-receivers', 'tree-max-hops']) {
      expect(view().querySelector(`#${id}`)?.getAttribute('aria-invalid')).withContext(id).toBe('true');
    }
    const receivers = view().querySelector('#tree-receivers-error')?.textContent ?? '';
    expect(receivers).toContain('knows no host');
    expect(receivers).toContain('device:nanjing/99');
    expect(view().querySelector('#tree-group-error')?.textContent).toContain('banana');
    expect(view().querySelector('.form-error')).toBeNull();
  });

  it('changes receivers and deletes after a confirmation', async () => {
    await harness.navigateByUrl('/trees?tree=video');
    http.expectOne(`${BASE}/trees`).flush({ trees: [VIDEO_TREE] });
    http.expectOne(`${BASE}/trees/video`).flush(VIDEO_TREE);
    await harness.fixture.whenStable();
    type(view(), '#edit-receivers', 'device:nanjing/4');
    (Array.from(view().querySelectorAll('button')).find((b) => b.textContent?.includes('Save receivers')))!.click();
    const put = http.expectOne({ method: 'PUT', url: `${BASE}/trees/video/receivers` });
    expect(put.request.body).toEqual({ receivers: ['device:nanjing/4'] });
    put.flush({ code: 400, message: 'receivers: "x" is not a port' }, { status: 400, statusText: 'Bad Request' });
    await harness.fixture.whenStable();
    expect(view().querySelector('#edit-receivers-error')?.textContent).toContain('is not a port');

    const button = (text: string) => Array.from(view().querySelectorAll('button')).find((b) => b.textContent?.includes(text))!;
    button('Delete tree').click();
    await harness.fixture.whenStable();
    expect(document.activeElement?.textContent).toContain('Really delete video');
    button('Really delete video').click();
    http.expectOne({ method: 'DELETE', url: `${BASE}/trees/video` }).flush(null, { status: 204, statusText: 'No Content' });
    await harness.fixture.whenStable();
    http.expectOne(`${BASE}/trees`).flush({ trees: [] });
    await harness.fixture.whenStable();
    expect(view().textContent).toContain('Tree video removed.');
  });
});
