import { describe, expect, it } from 'vitest';
import { comesFromThisMachine, isLoopbackAddress, isLoopbackHost } from './loopback.js';

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '[::1]'])(
    'accepts %s',
    (address) => {
      expect(isLoopbackAddress(address)).toBe(true);
    },
  );
  it.each([
    undefined,
    '',
    '10.0.0.1',
    '192.168.1.5',
    '::',
    '::2',
    '::ffff:10.0.0.1',
    'localhost',
    '128.0.0.1',
    'unknown',
  ])('refuses %s', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});

describe('isLoopbackHost', () => {
  it('knows the listen addresses only this machine can reach', () => {
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('::1')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('::')).toBe(false);
    expect(isLoopbackHost('192.168.1.5')).toBe(false);
  });
});

describe('comesFromThisMachine', () => {
  const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
    comesFromThisMachine({ socket: { remoteAddress }, headers });

  it('trusts the socket, never a header', () => {
    expect(from('127.0.0.1')).toBe(true);
    expect(from('::ffff:127.0.0.1')).toBe(true);
    expect(from('203.0.113.7')).toBe(false);
    expect(from('203.0.113.7', { 'x-forwarded-for': '127.0.0.1' })).toBe(false);
    expect(from('203.0.113.7', { forwarded: 'for=127.0.0.1' })).toBe(false);
  });

  it('refuses what a proxy on this machine forwards for someone else', () => {
    expect(from('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).toBe(false);
    // A forged first hop is followed by the address the proxy appended.
    expect(from('127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' })).toBe(false);
    expect(from('127.0.0.1', { forwarded: 'for="[2001:db8::1]:4711";proto=https' })).toBe(false);
    expect(from('127.0.0.1', { 'x-forwarded-for': 'garbage' })).toBe(false);
  });

  it('accepts a local proxy forwarding a local client', () => {
    expect(from('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).toBe(true);
    expect(from('127.0.0.1', { forwarded: 'for="[::1]:5173";proto=http' })).toBe(true);
    expect(from('::1', { 'x-forwarded-for': '127.0.0.1:51234, ::1' })).toBe(true);
  });
});
