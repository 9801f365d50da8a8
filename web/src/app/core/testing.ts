// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { provideHttpClient } from '@angular/common/http';
import { provideHttpClientTesting } from '@angular/common/http/testing';
import { EnvironmentProviders, Provider, Type } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { provideRouter, withComponentInputBinding } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';
import { Subject } from 'rxjs';

import { EVENT_SOURCE_FACTORY } from './telemetry-stream.service';

/** The live stream as a test drives it: `emit(name, data)` delivers one server-sent event. */
export class FakeStream {
  private readonly events = new Subject<{ name: string; data: string }>();
  private readonly opens = new Subject<void>();
  readonly factory = (): EventSource => {
    const target = new EventTarget() as EventTarget & { close(): void; onopen: (() => void) | null; onerror: unknown };
    target.close = () => undefined;
    target.onopen = null;
    this.opens.subscribe(() => target.onopen?.());
    this.events.subscribe(({ name, data }) => target.dispatchEvent(new MessageEvent(name, { data })));
    return target as unknown as EventSource;
  };
  /** The connection opens (as EventSource's `open` event). */
  open(): void {
    this.opens.next();
  }
  emit(name: string, data: unknown): void {
    this.events.next({ name, data: JSON.stringify(data) });
  }
}

/** Sets up a routed view with the HTTP testing backend and a fake stream; returns the harness. */
export async function routedView(path: string, component: Type<unknown>, stream = new FakeStream(),
                                 extra: (Provider | EnvironmentProviders)[] = []): Promise<RouterTestingHarness> {
  TestBed.configureTestingModule({
    providers: [
      provideRouter([{ path, component }], withComponentInputBinding()),
      provideHttpClient(),
      provideHttpClientTesting(),
      { provide: EVENT_SOURCE_FACTORY, useValue: stream.factory },
      ...extra,
    ],
  });
  return RouterTestingHarness.create();
}

/** Types into an input or textarea as a person would. */
export function type(element: HTMLElement, selector: string, value: string): void {
  const input = element.querySelector(selector) as HTMLInputElement;
  input.value = value;
  input.dispatchEvent(new Event('input'));
}
