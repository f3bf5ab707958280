import { describe, expect, it } from 'vitest';
import { networkOf, newVisitorId, visitHeaders, visitorIdOf, VisitorKeys } from './visitor.ts';

describe('visitor keys', () => {
  it('take an IPv4 address as it is and an IPv6 address by its /64', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(networkOf('2001:0DB8:0000:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('1::2:3:4:5:6.7.8.9')).toBe('1:0:2:3::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('hash the network, the scope and the day with the secret, and nothing else', () => {
    const keys = new VisitorKeys('secret-one', 'product-views');
    const key = keys.of('2001:db8:0:1::1', 'product-a', '2026-03-01');
    expect(keys.of('2001:db8:0:1:ffff::9', 'product-a', '2026-03-01')).toBe(key);
    expect(key).not.toContain('2001');
    expect(keys.of('2001:db8:0:2::1', 'product-a', '2026-03-01')).not.toBe(key);
    expect(keys.of('2001:db8:0:1::1', 'product-b', '2026-03-01')).not.toBe(key);
    expect(keys.of('2001:db8:0:1::1', 'product-a', '2026-03-02')).not.toBe(key);
    expect(new VisitorKeys('secret-two', 'product-views').of('2001:db8:0:1::1', 'product-a', '2026-03-01')).not.toBe(key);
    expect(new VisitorKeys('secret-one', 'other-counter').of('2001:db8:0:1::1', 'product-a', '2026-03-01')).not.toBe(key);
  });
});

describe('person keys', () => {
  it('hash the person (an account or a browser’s visitor id), the scope and the day with the secret', () => {
    const keys = new VisitorKeys('secret-one', 'product-views');
    const key = keys.ofPerson('browser:abc', 'product-a', '2026-03-01');
    expect(key).not.toContain('abc');
    expect(keys.ofPerson('browser:abc', 'product-a', '2026-03-01')).toBe(key);
    expect(keys.ofPerson('browser:abd', 'product-a', '2026-03-01')).not.toBe(key);
    expect(keys.ofPerson('browser:abc', 'product-b', '2026-03-01')).not.toBe(key);
    expect(keys.ofPerson('browser:abc', 'product-a', '2026-03-02')).not.toBe(key);
    expect(new VisitorKeys('secret-two', 'product-views').ofPerson('browser:abc', 'product-a', '2026-03-01')).not.toBe(key);
  });

  it('give a browser a random visitor id in an HttpOnly, SameSite=Lax cookie, and read back only a well-formed one', () => {
    const made = newVisitorId(true);
    expect(made.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(made.cookie).toBe(`zerri_vid=${made.id}; Max-Age=34128000; Path=/; HttpOnly; SameSite=Lax; Secure`);
    expect(newVisitorId(false).cookie).not.toContain('Secure');
    expect(newVisitorId(false).id).not.toBe(made.id);
    expect(visitorIdOf(`a=1; zerri_vid=${made.id}; b=2`)).toBe(made.id);
    expect(visitorIdOf('zerri_vid=short')).toBeUndefined();
    expect(visitorIdOf(`xzerri_vid=${made.id}`)).toBeUndefined();
    expect(visitorIdOf(undefined)).toBeUndefined();
  });
});

describe('visit headers', () => {
  it('reads User-Agent, Referer and the first X-Forwarded-For from the raw list, names in any case', () => {
    const raw = ['Host', 'zerri.test', 'user-agent', 'Agent/1', 'REFERER', 'https://news.example/', 'X-Forwarded-For', '203.0.113.7', 'x-forwarded-for', '198.51.100.2', 'Accept-Encoding', 'gzip'];
    expect(visitHeaders(raw)).toEqual({ userAgent: 'Agent/1', referer: 'https://news.example/', forwardedFor: '203.0.113.7' });
    expect(visitHeaders(['User-Agent', 'Browser/2', 'X-FORWARDED-FOR', '192.0.2.1'])).toEqual({ userAgent: 'Browser/2', referer: undefined, forwardedFor: '192.0.2.1' });
    // A name of the same length is not taken for another.
    expect(visitHeaders(['User-Agenz', 'x', 'Refered', 'y'])).toEqual({ userAgent: '', referer: undefined, forwardedFor: undefined });
  });
});
