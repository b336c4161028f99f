import { describe, expect, it } from 'vitest';
import { acceptedCodings, chosenEncoding } from './accept-encoding.ts';

describe('Accept-Encoding, read once for pages and assets', () => {
  it.each([
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['br;q=0', null],
    ['gzip, br;q=0.0', 'gzip'],
    ['br; q=0, gzip; q=0', null],
    ['BR;Q=0, GZIP', 'gzip'],
  ] as const)('q=0 refuses a coding: %j → %s', (header, expected) => {
    expect(chosenEncoding(header)).toBe(expected);
  });

  it.each([
    ['*', 'br'],
    ['*;q=0', null],
    ['br;q=0, *', 'gzip'],
    ['gzip;q=0.2, *;q=0.5', 'br'],
    ['*;q=0.1, gzip', 'gzip'],
    ['identity, *;q=0', null],
  ] as const)('* stands for every coding not named: %j → %s', (header, expected) => {
    expect(chosenEncoding(header)).toBe(expected);
  });

  it.each([
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['gzip;q=0.4, br;q=0.6', 'br'],
    ['gzip, br', 'br'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['deflate, gzip;q=0.001', 'gzip'],
  ] as const)('the highest q wins, brotli on a tie: %j → %s', (header, expected) => {
    expect(chosenEncoding(header)).toBe(expected);
  });

  it.each([
    [null, null],
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate, zstd', null],
    ['br;q=abc, gzip', 'gzip'],
    ['x-gzip', null],
  ] as const)('nothing we can send, or nothing asked: %j → %s', (header, expected) => {
    expect(chosenEncoding(header)).toBe(expected);
  });

  it('reads weights, with 1 when none is given and no more than 1', () => {
    expect([...acceptedCodings('gzip;q=0.5, br, *;q=0, x;q=7')]).toEqual([
      ['gzip', 0.5],
      ['br', 1],
      ['*', 0],
      ['x', 1],
    ]);
  });
});
