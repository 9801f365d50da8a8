// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Reloads } from './reloads';

describe('Reloads', () => {
  it('counts every reload and marks polls quiet', () => {
    const reloads = new Reloads();
    expect(reloads.current()).toEqual({ count: 0, quiet: false });
    reloads.poll();
    expect(reloads.current()).toEqual({ count: 1, quiet: true });
    reloads.refresh();
    expect(reloads.current()).toEqual({ count: 2, quiet: false });
  });
});
