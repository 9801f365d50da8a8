// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DOCUMENT } from '@angular/common';
import { TestBed } from '@angular/core/testing';

import { PAGE_VISIBLE } from './page-visible';

describe('PAGE_VISIBLE', () => {
  it('follows the document\'s visibility', () => {
    const events = new EventTarget();
    const document = Object.assign(events, { visibilityState: 'visible' as DocumentVisibilityState });
    TestBed.configureTestingModule({ providers: [{ provide: DOCUMENT, useValue: document }] });
    const visible = TestBed.inject(PAGE_VISIBLE);
    expect(visible()).toBeTrue();
    document.visibilityState = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(visible()).toBeFalse();
    document.visibilityState = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(visible()).toBeTrue();
  });
});
