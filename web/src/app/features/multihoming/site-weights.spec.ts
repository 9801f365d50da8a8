// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { ComponentFixture, TestBed } from '@angular/core/testing';

import { IlnpSite } from './ilnp-models';
import { type } from '../../core/testing';
import { BASE, SITE_A } from './fixtures.spec';
import { SiteWeights } from './site-weights';

const WEIGHTS = `${BASE}/ilnp/sites/site-a/weights`;

describe('SiteWeights', () => {
  let http: HttpTestingController;
  let fixture: ComponentFixture<SiteWeights>;
  let applied: IlnpSite[];

  beforeEach(async () => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    http = TestBed.inject(HttpTestingController);
    fixture = TestBed.createComponent(SiteWeights);
    fixture.componentRef.setInput('site', SITE_A);
    applied = [];
    fixture.componentInstance.applied.subscribe((site) => applied.push(site));
    await fixture.whenStable();
  });

  afterEach(() => http.verify());

  const view = () => fixture.nativeElement as HTMLElement;
  const input = (port: number) => view().querySelector(`#weight-site-a-${port}`) as HTMLInputElement;
  const errorOf = (port: number) => view().querySelector(`#weight-site-a-${port}-error`)?.textContent?.trim();
  const apply = async () => {
    (view().querySelector('button[type=submit]') as HTMLButtonElement).click();
    await fixture.whenStable();
  };

  it('has a labelled number input 0..100 per uplink, filled with the operator\'s weights', () => {
    expect([input(2).value, input(3).value]).toEqual(['80', '20']);
    expect(input(2).type).toBe('number');
    expect([input(2).min, input(2).max]).toEqual(['0', '100']);
    expect(view().querySelector('label[for="weight-site-a-2"]')?.textContent).toBe('Uplink 2');
    expect(view().querySelector('.sum')?.textContent).toBe('Sum: 100 of 100');
  });

  it('shows each field error of a 400 under its input, keeping what was typed', async () => {
    type(view(), '#weight-site-a-2', '60');
    type(view(), '#weight-site-a-3', '40');
    await apply();
    const put = http.expectOne({ method: 'PUT', url: WEIGHTS });
    expect(put.request.body).toEqual({ weights: { '2': 60, '3': 40 } });
    put.flush({ code: 400, message: 'weights.3: uplink 3 is down; weights: the weights sum to 100 but uplink 3 carries none',
      errors: [{ field: 'weights.3', message: 'uplink 3 is down' },
        { field: 'weights', message: 'the weights sum to 100 but uplink 3 carries none' }] },
    { status: 400, statusText: 'Bad Request' });
    await fixture.whenStable();
    expect(errorOf(3)).toBe('uplink 3 is down');
    expect(input(3).getAttribute('aria-invalid')).toBe('true');
    expect(input(3).getAttribute('aria-describedby')).toBe('weight-site-a-3-error');
    expect(errorOf(2)).toBe('');
    expect(input(2).getAttribute('aria-invalid')).toBeNull();
    expect(view().querySelector('.weights-error')?.textContent).toBe('the weights sum to 100 but uplink 3 carries none');
    expect([input(2).value, input(3).value]).toEqual(['60', '40']);
    expect(applied).toEqual([]);
    expect(document.activeElement).toBe(input(3));

    // A table without room for the new ranges (409) is the whole editor's business.
    await apply();
    http.expectOne({ method: 'PUT', url: WEIGHTS }).flush(
      { code: 409, message: 'device:sbr table ilnp_uplink holds 16 entries, 16 in use, this weight change needs 2 more' },
      { status: 409, statusText: 'Conflict' });
    await fixture.whenStable();
    expect(errorOf(3)).toBe('');
    expect(view().querySelector('.form-error')?.textContent).toContain('table ilnp_uplink holds 16 entries');
  });

  it('catches weights that are not whole numbers 0..100 or do not sum to 100 before asking', async () => {
    type(view(), '#weight-site-a-2', '70');
    await fixture.whenStable();
    expect(view().querySelector('.sum')?.textContent).toBe('Sum: 90 of 100');
    await apply();
    http.expectNone({ method: 'PUT' });
    expect(view().querySelector('.weights-error')?.textContent).toBe('the weights sum to 90, not 100');

    type(view(), '#weight-site-a-3', '');
    await apply();
    http.expectNone({ method: 'PUT' });
    expect(errorOf(3)).toBe('the weight of uplink 3 is required (a whole number 0..100)');
    expect(view().querySelector('.weights-error')?.textContent).toBe('');
  });

  it('applies, tells the site as the server answered it, and follows the stored weights while nothing is typed', async () => {
    type(view(), '#weight-site-a-2', '50');
    type(view(), '#weight-site-a-3', '50');
    await apply();
    const changed: IlnpSite = { ...SITE_A, revision: 4, uplinks: SITE_A.uplinks.map((u) => ({ ...u, weight: 50 })) };
    http.expectOne({ method: 'PUT', url: WEIGHTS }).flush({ site: changed });
    await fixture.whenStable();
    expect(applied).toEqual([changed]);
    expect([input(2).value, input(3).value]).toEqual(['50', '50']);

    fixture.componentRef.setInput('site', { ...changed, revision: 5, uplinks: SITE_A.uplinks });
    await fixture.whenStable();
    expect([input(2).value, input(3).value]).toEqual(['80', '20']);

    // What is typed and not applied stays when the site is read again.
    type(view(), '#weight-site-a-2', '10');
    fixture.componentRef.setInput('site', { ...changed, revision: 6 });
    await fixture.whenStable();
    expect([input(2).value, input(3).value]).toEqual(['10', '20']);
    (Array.from(view().querySelectorAll('button')).find((b) => b.textContent?.includes('Discard')) as HTMLButtonElement).click();
    await fixture.whenStable();
    expect([input(2).value, input(3).value]).toEqual(['50', '50']);
  });
});
