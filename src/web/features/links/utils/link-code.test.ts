import { describe, expect, it } from 'vitest';
import { codeFromInput, shortUrlOf } from './link-code.ts';

describe('codeFromInput (the check form)', () => {
  it('takes a bare code as it is, trimmed', () => {
    expect(codeFromInput('  abc123 ')).toBe('abc123');
  });

  it('takes the code out of a whole short URL, with or without a scheme', () => {
    expect(codeFromInput('https://zerri.example/z/abc123')).toBe('abc123');
    expect(codeFromInput('zerri.example/z/abc123?utm=x#top')).toBe('abc123');
    expect(codeFromInput('HTTP://zerri.example/Z/abc123/')).toBe('abc123');
  });

  it('decodes an encoded code and drops the stats "+" suffix', () => {
    expect(codeFromInput('https://zerri.example/z/caf%C3%A9')).toBe('café');
    expect(codeFromInput('abc123+')).toBe('abc123');
    // A broken escape is kept as typed rather than throwing.
    expect(codeFromInput('https://zerri.example/z/bad%E0+')).toBe('bad%E0');
  });
});

describe('shortUrlOf', () => {
  it('uses the public URL when there is one, without doubling the slash', () => {
    expect(shortUrlOf('abc', 'https://zerri.example/')).toBe('https://zerri.example/z/abc');
  });
});
