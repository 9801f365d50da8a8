// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';

import { Health } from '../core/api-models';
import { EnvironmentBanner } from './environment-banner';

const BASE = '/onos/sixflow/v1';
const health: Health = {
  database: { status: 'UP', url: null, schemaVersion: '6', message: null },
  pipeconfs: 2,
  devices: 5,
};

describe('EnvironmentBanner', () => {
  let http: HttpTestingController;

  beforeEach(() => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  async function render(answer: (request: ReturnType<HttpTestingController['expectOne']>) => void): Promise<HTMLElement> {
    const fixture = TestBed.createComponent(EnvironmentBanner);
    await fixture.whenStable();
    answer(http.expectOne(`${BASE}/health`));
    await fixture.whenStable();
    return fixture.nativeElement as HTMLElement;
  }

  it('shows the server\'s note when the environment is simulated', async () => {
    const note = 'Demo: the ONOS core and the switches are simulated. Run `make lab` for the real lab.';
    const element = await render((r) => r.flush({ ...health, environment: { kind: 'simulated', note } }));
    const banner = element.querySelector('[role="note"]');
    expect(banner?.textContent).toContain('Simulated environment.');
    expect(banner?.textContent).toContain(note);
  });

  it('shows nothing on a real ONOS, whose health has no environment', async () => {
    const element = await render((r) => r.flush(health));
    expect(element.querySelector('[role="note"]')).toBeNull();
  });

  it('shows nothing for another kind of environment or when health fails', async () => {
    expect((await render((r) => r.flush({ ...health, environment: { kind: 'lab', note: 'bmv2' } })))
      .querySelector('[role="note"]')).toBeNull();
    expect((await render((r) => r.flush({ code: 500, message: 'down' }, { status: 500, statusText: 'Server Error' })))
      .querySelector('[role="note"]')).toBeNull();
  });
});
