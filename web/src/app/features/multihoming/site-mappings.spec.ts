// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { ComponentFixture, TestBed } from '@angular/core/testing';
import { provideRouter } from '@angular/router';

import { Nptv6Mapping } from '../nptv6/nptv6-models';
import { BASE } from './fixtures.spec';
import { SiteMappings, byDevice } from './site-mappings';

const LIST = `${BASE}/nptv6/mappings?limit=1000`;
const PA: Nptv6Mapping = { id: 'sbr-pa', internalPrefix: 'fd00:5:1::/48', externalPrefix: '2001:db8:a01::/48',
  uplink: 'device:sbr/2', state: 'INSTALLED' };
const PB: Nptv6Mapping = { ...PA, id: 'sbr-pb', externalPrefix: '2001:db8:b01::/48', uplink: 'device:sbr/3', state: 'REQUESTED' };
const OTHER: Nptv6Mapping = { ...PA, id: 'a-site', internalPrefix: 'fd00:6::/48', uplink: 'device:edge/1', state: 'FAILED' };

describe('SiteMappings', () => {
  let http: HttpTestingController;
  let fixture: ComponentFixture<SiteMappings>;

  beforeEach(async () => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting(), provideRouter([])] });
    http = TestBed.inject(HttpTestingController);
    fixture = TestBed.createComponent(SiteMappings);
    await fixture.whenStable();
  });

  afterEach(() => http.verify());

  const view = () => fixture.nativeElement as HTMLElement;

  it('groups the mappings by the device of their uplink', () => {
    expect(byDevice([PB, OTHER, PA]).map((g) => [g.device, g.mappings.map((m) => m.id)]))
      .toEqual([['device:edge', ['a-site']], ['device:sbr', ['sbr-pa', 'sbr-pb']]]);
    http.expectOne(LIST).flush({ mappings: [], total: 0, next: null });
  });

  it('lists them compactly under their device, each linking to the NPTv6 page', async () => {
    http.expectOne(LIST).flush({ mappings: [PB, OTHER, PA], total: 3, next: null });
    await fixture.whenStable();
    const tables = Array.from(view().querySelectorAll('table.mappings'));
    expect(tables.map((t) => t.querySelector('caption .device')?.textContent)).toEqual(['device:edge', 'device:sbr']);
    const sbr = Array.from(tables[1].querySelectorAll('tbody tr'))
      .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent?.trim()));
    expect(sbr).toEqual([['sbr-pa', 'fd00:5:1::/48', '2001:db8:a01::/48', 'device:sbr/2', 'INSTALLED'],
      ['sbr-pb', 'fd00:5:1::/48', '2001:db8:b01::/48', 'device:sbr/3', 'REQUESTED']]);
    expect(tables[1].querySelector('tbody a')?.getAttribute('href')).toBe('/nptv6?mapping=sbr-pa');
    expect(tables[1].querySelector('caption a')?.getAttribute('href')).toBe('/nptv6?device=device:sbr');
  });

  it('says when there are none, and when they cannot be read', async () => {
    http.expectOne(LIST).flush({ mappings: [], total: 0, next: null });
    await fixture.whenStable();
    expect(view().querySelector('.status.empty')?.textContent).toContain('No NPTv6 mappings. Create them on the NPTv6 page');
    expect(view().querySelector('.status.empty a')?.getAttribute('href')).toBe('/nptv6');

    fixture = TestBed.createComponent(SiteMappings);
    await fixture.whenStable();
    http.expectOne(LIST).flush({ code: 503, message: 'Sixflow is starting or stopping (Nptv6MappingService); try again later' },
      { status: 503, statusText: 'Service Unavailable' });
    await fixture.whenStable();
    expect(view().querySelector('[role=alert]')?.textContent).toContain('could not be loaded: Sixflow is starting or stopping');
  });
});
