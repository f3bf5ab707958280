import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkLinkSettings,
  customCodeProblem,
  generateShortCode,
  isBlockedHost,
  isOwnShortLink,
  LINK_MESSAGES,
  normalizeDomain,
  redirectTarget,
  RESERVED_CODES,
  SHORT_CODE_ALPHABET,
  validateTargetUrl,
} from './links.ts';

describe('target URL', () => {
  it('gives the spec messages', () => {
    expect(validateTargetUrl('')).toEqual({ ok: false, code: 'url_required', message: LINK_MESSAGES.urlRequired });
    expect(validateTargetUrl('   ')).toEqual({ ok: false, code: 'url_required', message: LINK_MESSAGES.urlRequired });
    expect(validateTargetUrl('example.com')).toEqual({ ok: false, code: 'url_scheme', message: LINK_MESSAGES.urlScheme });
    expect(validateTargetUrl(`https://example.com/${'a'.repeat(2048)}`)).toEqual({ ok: false, code: 'url_too_long', message: LINK_MESSAGES.urlTooLong });
  });

  it('accepts plain http and https, in any case, trimmed', () => {
    expect(validateTargetUrl(' https://example.com/a?b=1 ')).toEqual({ ok: true, value: 'https://example.com/a?b=1' });
    expect(validateTargetUrl('HTTP://Example.com')).toEqual({ ok: true, value: 'HTTP://Example.com' });
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'https://exa\u0000mple.com',
    'https://example.com/\nSet-Cookie:x',
    'http:/\texample.com',
    'https://',
    'https:// example.com',
    '\u200bhttps://example.com',
  ])('refuses %j', (url) => {
    expect(validateTargetUrl(url).ok).toBe(false);
  });

  it('never accepts anything but http(s), whatever is hidden in it (property)', () => {
    const schemes = ['javascript', 'data', 'file', 'vbscript', 'ftp', 'blob'];
    const noise = fc.constantFrom('', ' ', '\t', '\n', '\r', '\u0000', '\u001f', '\u00a0', '\u200b', '\ufeff');
    fc.assert(
      fc.property(fc.constantFrom(...schemes), fc.array(noise, { maxLength: 3 }), fc.string(), fc.boolean(), (scheme, pad, rest, upper) => {
        const mixed = upper ? scheme.toUpperCase() : scheme;
        const at = rest.length % (mixed.length + 1);
        const disguised = pad.join('') + mixed.slice(0, at) + pad.join('') + mixed.slice(at) + ':' + rest;
        const result = validateTargetUrl(disguised);
        if (result.ok) expect(new URL(result.value).protocol).toMatch(/^https?:$/);
      }),
    );
  });

  it('only ever returns URLs that parse as http(s) with a host (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (raw) => {
        const result = validateTargetUrl(raw);
        if (result.ok) {
          const parsed = new URL(result.value);
          expect(['http:', 'https:']).toContain(parsed.protocol);
          expect(parsed.hostname).not.toBe('');
        }
      }),
    );
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http', 'https'] }), (url) => {
        expect(validateTargetUrl(url).ok).toBe(true);
      }),
    );
  });
});

describe('custom codes', () => {
  it('gives the spec messages', () => {
    expect(customCodeProblem('')).toBe(LINK_MESSAGES.codeRequired);
    expect(customCodeProblem('my code')).toBe(LINK_MESSAGES.codeCharacters);
    expect(customCodeProblem('ünï')).toBe(LINK_MESSAGES.codeCharacters);
    expect(customCodeProblem('ab')).toBe(LINK_MESSAGES.codeLength);
    expect(customCodeProblem('a'.repeat(65))).toBe(LINK_MESSAGES.codeLength);
    expect(customCodeProblem('My_Launch-2026')).toBeUndefined();
  });

  it('refuses every reserved code in any letter case', () => {
    for (const code of RESERVED_CODES) {
      if (code.length < 3) continue;
      expect(customCodeProblem(code)).toBe(LINK_MESSAGES.codeReserved(code));
      expect(customCodeProblem(code.toUpperCase())).toBe(LINK_MESSAGES.codeReserved(code.toUpperCase()));
    }
    expect(customCodeProblem('Api')).toBe(LINK_MESSAGES.codeReserved('Api'));
  });
});

describe('random codes', () => {
  it('are 6 characters of A-Z a-z 0-9', () => {
    for (let i = 0; i < 200; i++) expect(generateShortCode(randomBytes)).toMatch(/^[A-Za-z0-9]{6}$/);
  });

  it('use every character and reject biased bytes', () => {
    const seen = new Set(Array.from({ length: 400 }, () => generateShortCode(randomBytes)).join(''));
    expect(seen.size).toBe(SHORT_CODE_ALPHABET.length);
    expect(generateShortCode((size) => new Uint8Array(size).fill(250).map((v, i) => (i % 2 ? 0 : v)))).toBe('AAAAAA');
  });
});

describe('loops, blocklist and redirect targets', () => {
  it('spots links to our own short links', () => {
    expect(isOwnShortLink('https://zerri.example/z/abc', ['zerri.example'])).toBe(true);
    expect(isOwnShortLink('https://ZERRI.example/Z/abc', ['zerri.example'])).toBe(true);
    expect(isOwnShortLink('http://localhost:3000/z/abc', ['localhost:3000'])).toBe(true);
    expect(isOwnShortLink('https://zerri.example/store', ['zerri.example'])).toBe(false);
    expect(isOwnShortLink('https://other.example/z/abc', ['zerri.example'])).toBe(false);
  });

  it('matches a blocked domain and its subdomains only', () => {
    const blocked = ['evil.example'];
    expect(isBlockedHost('evil.example', blocked)).toBe('evil.example');
    expect(isBlockedHost('www.EVIL.example', blocked)).toBe('evil.example');
    expect(isBlockedHost('notevil.example', blocked)).toBeUndefined();
  });

  it('normalises domains typed by admins', () => {
    expect(normalizeDomain(' https://Evil.Example/path ')).toBe('evil.example');
    expect(normalizeDomain('not a domain')).toBeUndefined();
    expect(normalizeDomain('https://www.Evil-Example.com/path')).toBe('evil-example.com');
    expect(normalizeDomain('www.com')).toBe('www.com');
  });

  it('prefixes http:// to a stored URL without a scheme', () => {
    expect(redirectTarget('example.com/x')).toBe('http://example.com/x');
    expect(redirectTarget('https://example.com')).toBe('https://example.com');
  });
});

describe('checkLinkSettings', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  it('accepts no settings, clearing them, and good values', () => {
    expect(checkLinkSettings({}, now)).toBeUndefined();
    expect(checkLinkSettings({ password: null, expiresAt: null, maxClicks: null, expiredUrl: null }, now)).toBeUndefined();
    expect(checkLinkSettings({ password: 'four', expiresAt: '2026-06-02T00:00:00Z', maxClicks: 1, expiredUrl: 'https://example.com/over' }, now)).toBeUndefined();
  });

  it.each([
    [{ password: 'abc' }, 'password', LINK_MESSAGES.passwordLength],
    [{ password: 'x'.repeat(129) }, 'password', LINK_MESSAGES.passwordLength],
    [{ expiresAt: 'soon' }, 'expiresAt', LINK_MESSAGES.expiresInvalid],
    [{ expiresAt: '2026-06-01T12:00:00Z' }, 'expiresAt', LINK_MESSAGES.expiresPast],
    [{ maxClicks: 0 }, 'maxClicks', LINK_MESSAGES.maxClicksInvalid],
    [{ maxClicks: 1.5 }, 'maxClicks', LINK_MESSAGES.maxClicksInvalid],
    [{ maxClicks: 1_000_000_001 }, 'maxClicks', LINK_MESSAGES.maxClicksInvalid],
    [{ expiredUrl: 'ftp://example.com' }, 'expiredUrl', LINK_MESSAGES.expiredUrlInvalid],
  ])('refuses %j on its field with its message', (settings, field, message) => {
    expect(checkLinkSettings(settings, now)).toMatchObject({ field, message });
  });

  it('keeps an end date that has passed when it is the one stored', () => {
    expect(checkLinkSettings({ expiresAt: '2026-01-01T00:00:00.000Z' }, now, '2026-01-01T00:00:00Z')).toBeUndefined();
    expect(checkLinkSettings({ expiresAt: '2026-01-01T00:00:00Z' }, now, '2025-01-01T00:00:00Z')?.code).toBe('expires_past');
  });
});
