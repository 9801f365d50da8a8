// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { IlnpUplink } from './ilnp-models';
import { placedErrors } from '../../core/field-errors';

/** The weight inputs' values by uplink port, as the number inputs give them (null: empty or not a number). */
export type WeightsFormValue = Record<string, number | null>;

/** The contract's limits (IlnpSite): each weight a whole 0..100, a site's weights summing to 100. */
export const WEIGHT_TOTAL = 100;

/** The key of an uplink's weight in a request and in the server's field errors ("weights.2"). */
export function weightField(port: number | string): string {
  return `weights.${port}`;
}

/** The form's values for a site's uplinks: the operator's weights. */
export function weightsFormOf(uplinks: readonly IlnpUplink[]): WeightsFormValue {
  return Object.fromEntries(uplinks.map((u) => [String(u.port), u.weight]));
}

/** The sum of the weights typed (what is not a number counts 0). */
export function weightSum(value: WeightsFormValue): number {
  return Object.values(value).reduce<number>((sum, w) => sum + (typeof w === 'number' && Number.isFinite(w) ? w : 0), 0);
}

/**
 * The editor's mistakes the browser can see, by field (empty when there are none): a weight that is
 * not a whole number 0..100 under its input ("weights.2"), weights not summing to 100 under them all
 * ("weights"). Whether the new ranges fit the device's tables is the server's to say.
 */
export function weightsProblems(value: WeightsFormValue): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [port, weight] of Object.entries(value)) {
    if (weight === null || weight === undefined) {
      problems[weightField(port)] = `the weight of uplink ${port} is required (a whole number 0..${WEIGHT_TOTAL})`;
    } else if (!Number.isInteger(weight) || weight < 0 || weight > WEIGHT_TOTAL) {
      problems[weightField(port)] = `the weight of uplink ${port} must be a whole number 0..${WEIGHT_TOTAL}, not ${weight}`;
    }
  }
  const sum = weightSum(value);
  if (Object.keys(problems).length === 0 && sum !== WEIGHT_TOTAL) {
    problems['weights'] = `the weights sum to ${sum}, not ${WEIGHT_TOTAL}`;
  }
  return problems;
}

/** The request's weights, by port. */
export function weightsOf(value: WeightsFormValue): Record<string, number> {
  return Object.fromEntries(Object.entries(value).map(([port, weight]) => [port, weight ?? 0]));
}

/**
 * A refused change's problems beside the inputs they name: "weights.2" under uplink 2's weight,
 * "weights" (the sum, a port that is no uplink) under them all, anything else (a table without room
 * for the new ranges: 409) for the whole editor ("").
 */
export function placedWeightErrors(error: unknown, ports: readonly (number | string)[]): Record<string, string> {
  return placedErrors(error, [...ports.map(weightField), 'weights']);
}
