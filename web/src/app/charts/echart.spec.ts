// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { TestBed } from '@angular/core/testing';

import { THEME_KEY, ThemeService } from '../core/theme.service';
import { EChart } from './echart';

describe('EChart', () => {
  afterEach(() => localStorage.removeItem(THEME_KEY));

  it('draws the option with its text alternative and redraws in the other theme', async () => {
    localStorage.setItem(THEME_KEY, 'light');
    const fixture = TestBed.createComponent(EChart);
    fixture.componentRef.setInput('label', 'Latency of ipv6');
    fixture.componentRef.setInput('option', {
      xAxis: { type: 'category', data: ['a', 'b'] }, yAxis: { type: 'value' }, series: [{ type: 'bar', data: [1, 2] }],
    });
    await fixture.whenStable();
    const element = fixture.nativeElement as HTMLElement;
    expect(element.querySelector('[role=img]')?.getAttribute('aria-label')).toBe('Latency of ipv6');
    const light = fixture.componentInstance.instance()!;
    expect((light.getOption() as { series: { data: number[] }[] }).series[0].data).toEqual([1, 2]);
    expect(element.querySelector('canvas')).not.toBeNull();

    TestBed.inject(ThemeService).toggle();
    await fixture.whenStable();
    const dark = fixture.componentInstance.instance()!;
    expect(dark).not.toBe(light);
    expect(light.isDisposed()).toBeTrue();
    fixture.componentRef.setInput('option', { xAxis: { type: 'category', data: ['a'] }, yAxis: { type: 'value' },
      series: [{ type: 'line', data: [5] }] });
    await fixture.whenStable();
    expect(fixture.componentInstance.instance()).toBe(dark);
    expect((dark.getOption() as { series: { type: string }[] }).series[0].type).toBe('line');
  });
});
