import { describe, expect, it } from 'vitest';
import { nextDomainState, normalizeHostname } from './domains.ts';

describe('normalizeHostname', () => {
  it('takes a domain as people paste it', () => {
    expect(normalizeHostname(' Shop.Example.COM ')).toBe('shop.example.com');
    expect(normalizeHostname('https://shop.example.com/store?x=1#y')).toBe('shop.example.com');
    expect(normalizeHostname('shop.example.com.')).toBe('shop.example.com');
    expect(normalizeHostname('go.example.co.uk:443')).toBe('go.example.co.uk');
    expect(normalizeHostname('xn--bcher-kva.example')).toBe('xn--bcher-kva.example');
  });

  it('refuses what is no domain name', () => {
    for (const bad of ['', 'localhost', '192.168.1.10', 'a..b.com', '-a.example.com', 'a-.example.com', 'shop example.com', 'shop_1.example.com', `${'a'.repeat(64)}.com`, `${'a.'.repeat(127)}com`]) {
      expect(normalizeHostname(bad), bad).toBeNull();
    }
  });
});

describe('nextDomainState', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const week = new Date('2026-12-01T12:00:00Z');
  const past = new Date('2026-11-27T11:59:00Z');

  it('verifies on a pass, from any state', () => {
    for (const state of ['pending', 'failed', 'suspended', 'verified'] as const) expect(nextDomainState({ state, checkUntil: past }, null, now)).toBe('verified');
  });

  it('keeps checking a new domain for its week, then gives up', () => {
    expect(nextDomainState({ state: 'pending', checkUntil: week }, 'txt_missing', now)).toBe('pending');
    expect(nextDomainState({ state: 'pending', checkUntil: past }, 'txt_missing', now)).toBe('failed');
  });

  it('suspends a served domain whose records go wrong, however old', () => {
    expect(nextDomainState({ state: 'verified', checkUntil: past }, 'not_pointing', now)).toBe('suspended');
    expect(nextDomainState({ state: 'suspended', checkUntil: past }, 'txt_wrong', now)).toBe('suspended');
  });
});
