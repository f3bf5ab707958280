import { describe, expect, it } from 'vitest';
import { nextDomainState, normalizeHostname, servedDomainIds } from './domains.ts';

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

describe('servedDomainIds', () => {
  const at = (iso: string) => new Date(iso);
  const domains = [
    { id: 'c', verifiedAt: at('2026-03-01T00:00:00Z'), createdAt: at('2026-01-01T00:00:00Z') },
    { id: 'a', verifiedAt: at('2026-01-05T00:00:00Z'), createdAt: at('2026-01-03T00:00:00Z') },
    { id: 'b', verifiedAt: at('2026-02-01T00:00:00Z'), createdAt: at('2026-01-02T00:00:00Z') },
    { id: 'd', verifiedAt: null, createdAt: at('2025-01-01T00:00:00Z') },
  ];

  it('serves the oldest verified ones, up to the limit', () => {
    expect([...servedDomainIds(domains, 1)]).toEqual(['a']);
    expect([...servedDomainIds(domains, 3)]).toEqual(['a', 'b', 'c']);
    expect([...servedDomainIds(domains, 10)]).toEqual(['a', 'b', 'c', 'd']);
    expect(servedDomainIds(domains, 0).size).toBe(0);
  });

  it('breaks ties by the date added, then the id', () => {
    const same = at('2026-01-01T00:00:00Z');
    expect([...servedDomainIds([{ id: 'y', verifiedAt: same, createdAt: same }, { id: 'x', verifiedAt: same, createdAt: same }], 1)]).toEqual(['x']);
  });
});
