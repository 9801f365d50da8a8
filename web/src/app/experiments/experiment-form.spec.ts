// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { ComponentFixture, TestBed } from '@angular/core/testing';

import { Experiment } from '../core/api-models';
import { type } from '../core/testing';
import { ExperimentForm } from './experiment-form';
import { APN6, BASE } from './fixtures.spec';

describe('ExperimentForm', () => {
  let http: HttpTestingController;
  let fixture: ComponentFixture<ExperimentForm>;
  let created: Experiment[];
  const { runs: _runs, ...preset } = APN6;

  beforeEach(async () => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    http = TestBed.inject(HttpTestingController);
    fixture = TestBed.createComponent(ExperimentForm);
    created = [];
    fixture.componentInstance.created.subscribe((e) => created.push(e));
    await fixture.whenStable();
    http.expectOne(`${BASE}/experiments/presets`).flush({ presets: [preset] });
    await fixture.whenStable();
  });

  afterEach(() => http.verify());

  const view = () => fixture.nativeElement as HTMLElement;
  const button = (text: string) =>
    Array.from(view().querySelectorAll('button')).find((b) => b.textContent?.trim().startsWith(text))!;
  const value = (selector: string) => (view().querySelector(selector) as HTMLInputElement).value;

  async function usePreset(): Promise<void> {
    const select = view().querySelector('#exp-preset') as HTMLSelectElement;
    select.value = preset.id;
    select.dispatchEvent(new Event('change'));
    await fixture.whenStable();
    expect(view().querySelector('#exp-preset-hint')?.textContent).toContain('insertion against forwarding');
    button('Use preset').click();
    await fixture.whenStable();
  }

  it('fills every input, classes included, from a preset', async () => {
    expect(button('Use preset').disabled).toBeTrue();
    await usePreset();
    expect(value('#exp-id')).toBe('apn6-vs-ipv6');
    expect(value('#exp-ingress')).toBe('device:beijing/1');
    expect(value('#exp-thresholds')).toBe('0.018, 0.02');
    expect(view().querySelectorAll('fieldset.class').length).toBe(2);
    expect(value('#exp-class-1-policy')).toBe('apn6-ietf109');
    expect(value('#exp-class-1-latencyClass')).toBe('apn6-insert');
    expect(value('#exp-class-0-role')).toBe('BASELINE');
  });

  it('checks without storing and puts each problem beside its field', async () => {
    await usePreset();
    button('Validate').click();
    const check = http.expectOne({ method: 'POST', url: `${BASE}/experiments/validate` });
    expect(check.request.body.classes[1]).toEqual({ name: 'apn6', role: 'FEATURE', latencyClass: 'apn6-insert',
      policy: 'apn6-ietf109', packet: { source: 'fd00:1:1::10', destination: 'fd00:1:3::10', sourcePort: 40000,
        destinationPort: 6100, hopLimit: 64 } });
    check.flush({ valid: false, fields: { 'classes[1].policy': 'no APN6 policy apn6-ietf109',
      ingress: 'device:beijing/1 has no link into it', interval: 'a 10.0 µs interval; probes traffic goes no faster' } });
    await fixture.whenStable();
    expect(view().querySelector('#exp-class-1-policy-error')?.textContent).toContain('no APN6 policy apn6-ietf109');
    expect(view().querySelector('#exp-class-1-policy')?.getAttribute('aria-invalid')).toBe('true');
    expect(view().querySelector('#exp-ingress-error')?.textContent).toContain('has no link into it');
    expect(view().querySelector('#exp-intervalMicros-error')?.textContent).toContain('10.0 µs');
    expect(view().querySelector('.validation')?.textContent).toContain('3 problem(s)');

    type(view(), '#exp-class-1-policy', '');
    button('Validate').click();
    const again = http.expectOne({ method: 'POST', url: `${BASE}/experiments/validate` });
    expect(again.request.body.classes[1].policy).toBeUndefined();
    again.flush({ valid: true, fields: {} });
    await fixture.whenStable();
    expect(view().querySelector('.validation')?.textContent).toContain('Valid: the experiment fits the network');
    expect(view().querySelector('#exp-class-1-policy-error')?.textContent?.trim()).toBe('');
  });

  it('shows a refused creation beside the fields, or under the form when no field is named', async () => {
    type(view(), '#exp-id', 'lab');
    type(view(), '#exp-class-0-source', 'fd00::1');
    type(view(), '#exp-class-0-destination', 'banana');
    type(view(), '#exp-frameSizes', '128, 20');
    button('Create experiment').click();
    const post = http.expectOne({ method: 'POST', url: `${BASE}/experiments` });
    expect(post.request.body.frameSizes).toEqual([128, 20]);
    expect(post.request.body.ingress).toBeNull();
    post.flush({ code: 400, message: '…', fields: { 'classes[0].packet.destination': '"banana" is not an IPv6 address',
      'frameSizes[1]': 'must be 86..1514 bytes, got 20', ingress: 'required' } }, { status: 400, statusText: 'Bad Request' });
    await fixture.whenStable();
    expect(view().querySelector('#exp-class-0-destination-error')?.textContent).toContain('"banana" is not an IPv6 address');
    expect(view().querySelector('#exp-frameSizes-error')?.textContent).toContain('value 2: must be 86..1514');
    expect(view().querySelector('#exp-ingress-error')?.textContent).toContain('required');
    expect(created).toEqual([]);

    button('Create experiment').click();
    http.expectOne({ method: 'POST', url: `${BASE}/experiments` }).flush(
      { code: 503, message: 'experiments need the history database' }, { status: 503, statusText: 'Unavailable' });
    await fixture.whenStable();
    expect(view().querySelector('.form-error')?.textContent).toContain('experiments need the history database');
  });

  it('adds and removes classes, keeping at least one, and resets after creating', async () => {
    expect(button('Remove class 1').disabled).toBeTrue();
    button('Add a class').click();
    await fixture.whenStable();
    type(view(), '#exp-class-1-name', 'te');
    type(view(), '#exp-class-1-tree', 'te');
    expect(view().querySelectorAll('fieldset.class').length).toBe(2);
    type(view(), '#exp-id', 'lab');
    type(view(), '#exp-ingress', 'device:beijing/1');
    button('Create experiment').click();
    const post = http.expectOne({ method: 'POST', url: `${BASE}/experiments` });
    expect(post.request.body.classes.map((c: { name: string }) => c.name)).toEqual(['ipv6', 'te']);
    expect(post.request.body.classes[1].tree).toBe('te');
    post.flush({ ...preset, id: 'lab' }, { status: 201, statusText: 'Created' });
    await fixture.whenStable();
    expect(created.map((e) => e.id)).toEqual(['lab']);
    expect(value('#exp-id')).toBe('');
    expect(view().querySelectorAll('fieldset.class').length).toBe(1);

    button('Add a class').click();
    await fixture.whenStable();
    button('Remove class 1').click();
    await fixture.whenStable();
    expect(view().querySelectorAll('fieldset.class').length).toBe(1);
    expect(value('#exp-class-0-name')).toBe('');
  });
});
