import { describe, expect, it } from 'vitest';
import { hostName, rawHost } from './hosts.ts';

describe('hosts', () => {
  it('reads the first Host header from the raw list, its name in any case', () => {
    expect(rawHost(['User-Agent', 'Agent/1', 'Host', 'zerri.test:3000', 'Host', 'other.test'])).toBe('zerri.test:3000');
    expect(rawHost(['HOST', 'links.example', 'host', 'other.test'])).toBe('links.example');
    expect(rawHost(['user-agent', 'Agent/1', 'host', 'zerri.test'])).toBe('zerri.test');
    // A name of the same length is not taken for it; no Host (HTTP/1.0) is none.
    expect(rawHost(['Hose', 'x', 'Hosts', 'y'])).toBeUndefined();
    expect(rawHost([])).toBeUndefined();
  });

  it('names the host of each Host header in turn, whichever came before', () => {
    const cases: [string | undefined, string | undefined][] = [
      ['Zerri.Test:3000', 'zerri.test'],
      ['zerri.test.', 'zerri.test'],
      ['[::1]:3000', '[::1]'],
      ['Zerri.Test:3000', 'zerri.test'],
      [undefined, undefined],
      ['', undefined],
      ['links.example', 'links.example'],
      ['links.example', 'links.example'],
      ['[::1]:3000', '[::1]'],
    ];
    for (const [header, host] of cases) expect(hostName(header)).toBe(host);
  });
});
