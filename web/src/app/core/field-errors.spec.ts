// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ApiError } from './api-error';
import { fieldOf, listOf, placedErrors } from './field-errors';

describe('fieldOf', () => {
  const fields = ['id', 'group', 'source', 'sourceAddress', 'receivers', 'constraints.maxHops', 'match.source'];

  it('finds the field a codec message starts with', () => {
    expect(fieldOf('group "banana" is not an IPv6 address', fields)).toBe('group');
    expect(fieldOf('receivers: "x" is not a port like device:beijing/3', fields)).toBe('receivers');
    expect(fieldOf('constraints.maxHops must be a number', fields)).toBe('constraints.maxHops');
    expect(fieldOf('id is required (a string)', fields)).toBe('id');
  });

  it('prefers the longest name and does not match a prefix of a longer word', () => {
    expect(fieldOf('sourceAddress "x" is not an IPv6 address', fields)).toBe('sourceAddress');
    expect(fieldOf('match.source "x" is not an IPv6 prefix', fields)).toBe('match.source');
    expect(fieldOf('sources are odd', fields)).toBeNull();
  });

  it('leaves other messages to the whole form', () => {
    expect(fieldOf('maxHops 1 exceeded on the way to device:guangzhou', fields)).toBeNull();
  });
});

describe('listOf', () => {
  it('splits lines and commas and drops blanks', () => {
    expect(listOf(' device:a/1\n\ndevice:b/2 , device:c/3\n')).toEqual(['device:a/1', 'device:b/2', 'device:c/3']);
  });
});

describe('placedErrors', () => {
  const fields = ['id', 'receivers', 'constraints.maxHops', 'match.ingressPorts', 'option.appId'];

  it('puts each named problem beside the field its path belongs to', () => {
    const error = new ApiError(400, 'x', {
      'receivers[1]': 'no host', 'constraints.maxHops': 'not a number', 'match.ingressPorts[0]': 'not a port',
      'option.appId': 'is required', weird: 'elsewhere',
    });
    expect(placedErrors(error, fields)).toEqual({
      receivers: 'no host', 'constraints.maxHops': 'not a number', 'match.ingressPorts': 'not a port',
      'option.appId': 'is required', '': 'elsewhere',
    });
  });

  it('places a message without named fields by the field it starts with', () => {
    expect(placedErrors(new ApiError(400, 'id "X" must be …'), fields)).toEqual({ id: 'id "X" must be …' });
    expect(placedErrors(new Error('offline'), fields)).toEqual({ '': 'offline' });
  });
});
