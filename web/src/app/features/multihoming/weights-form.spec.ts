// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ApiError } from '../../core/api-error';
import { SITE_A } from './fixtures.spec';
import { placedWeightErrors, weightSum, weightsFormOf, weightsOf, weightsProblems } from './weights-form';

describe('the weights editor', () => {
  it('starts from the operator\'s weights and sends them by port', () => {
    const value = weightsFormOf(SITE_A.uplinks);
    expect(value).toEqual({ '2': 80, '3': 20 });
    expect(weightsProblems(value)).toEqual({});
    expect(weightsOf(value)).toEqual({ '2': 80, '3': 20 });
  });

  it('names a weight that is missing or not a whole number 0..100 under its input', () => {
    expect(weightsProblems({ '2': null, '3': 101 })).toEqual({
      'weights.2': 'the weight of uplink 2 is required (a whole number 0..100)',
      'weights.3': 'the weight of uplink 3 must be a whole number 0..100, not 101',
    });
    expect(weightsProblems({ '2': 99.5, '3': 0.5 })['weights.2']).toContain('whole number');
    expect(weightsProblems({ '2': -1, '3': 101 })['weights.2']).toContain('not -1');
  });

  it('says under them all when the weights do not sum to 100', () => {
    expect(weightSum({ '2': 70, '3': 20 })).toBe(90);
    expect(weightsProblems({ '2': 70, '3': 20 })).toEqual({ weights: 'the weights sum to 90, not 100' });
  });

  it('puts the server\'s per-field errors under their inputs, the rest under them all or the editor', () => {
    const error = new ApiError(400, 'weights.2: must be a whole number 0..100, not string; weights: no weight for uplink port 3', {
      'weights.2': 'must be a whole number 0..100, not string', weights: 'no weight for uplink port 3', color: 'unknown field' });
    expect(placedWeightErrors(error, [2, 3])).toEqual({
      'weights.2': 'must be a whole number 0..100, not string', weights: 'no weight for uplink port 3', '': 'unknown field' });
    const full = 'device:sbr table ilnp_uplink holds 16 entries, 16 in use, this weight change needs 2 more';
    expect(placedWeightErrors(new ApiError(409, full), [2, 3])).toEqual({ '': full });
  });
});
