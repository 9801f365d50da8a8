// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';

import { RunningFeatures } from './running-features';

describe('RunningFeatures', () => {
  beforeEach(() => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting()] });
  });

  it('asks GET features once and shows the pages of running features only', () => {
    const running = TestBed.inject(RunningFeatures);
    expect(running.names()).toBeNull();
    expect(running.shows(['gtpu'])).toBeTrue();
    TestBed.inject(HttpTestingController).expectOne('/onos/sixflow/v1/features').flush({
      features: [{ name: 'gtpu', title: 'GTP-U tunnels', paths: ['/gtpu/tunnels'], dashboardPage: 'tunnels' }],
    });
    expect([...running.names()!]).toEqual(['gtpu']);
    expect(running.shows(['gtpu'])).toBeTrue();
    expect(running.shows(['multihoming', 'ilnp'])).toBeFalse();
    TestBed.inject(HttpTestingController).verify();
  });

  it('hides nothing when the server cannot say', () => {
    const running = TestBed.inject(RunningFeatures);
    TestBed.inject(HttpTestingController).expectOne('/onos/sixflow/v1/features')
      .error(new ProgressEvent('error'));
    expect(running.names()).toBeNull();
    expect(running.shows(['bng'])).toBeTrue();
  });
});
