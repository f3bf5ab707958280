import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '#shared/ai.ts';
import { CONTACT_MESSAGES } from '#shared/products-contact.ts';
import { JOB_MESSAGES } from '#shared/jobs.ts';
import { COMMUNITY_MESSAGES } from '#shared/community.ts';
import { customCodeProblem, LINK_MESSAGES, validateTargetUrl } from '#shared/links.ts';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import { matchServerMessage, serverPatterns, type ServerStrings } from './server-message-match.ts';

// A namespace translates a shared message either as a server error, by its code (`errors`), or as the
// message of a check that runs in the browser (`server`).
const serverStrings = (namespace: string) => {
  const strings = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../locales/en/${namespace}.json`), 'utf8')) as { server?: ServerStrings; errors?: ServerStrings };
  return { ...strings.server, ...strings.errors };
};
const keyOf = (namespace: string, message: string) => matchServerMessage(serverPatterns(serverStrings(namespace)), message)?.key;

describe('matchServerMessage', () => {
  it('finds a message with its variables and leaves others unmatched', () => {
    const patterns = serverPatterns({ taken: 'The code "{{code}}" is taken. (Try {{other}}.)', plain: 'Not Found' });
    expect(matchServerMessage(patterns, 'The code "a.b*c" is taken. (Try x y.)')).toEqual({ key: 'taken', values: { code: 'a.b*c', other: 'x y' } });
    expect(matchServerMessage(patterns, 'Not Found')).toEqual({ key: 'plain', values: {} });
    expect(matchServerMessage(patterns, 'Not Found at all')).toBeUndefined();
    expect(matchServerMessage(patterns, 'The code "" is taken. (Try x.)')).toBeUndefined();
  });

  it('translates every shared message that the feature screens show', () => {
    for (const message of Object.values(LINK_MESSAGES)) {
      const text = typeof message === 'function' ? message('my-code') : message;
      expect(keyOf('links', text), text).toBeDefined();
    }
    expect(keyOf('links', (validateTargetUrl('ftp://x') as { message: string }).message)).toBe('urlScheme');
    expect(keyOf('links', customCodeProblem('admin')!)).toBe('codeReserved');
    for (const message of Object.values(PRODUCT_MESSAGES)) {
      if (typeof message === 'string' && !/cart|No Products/.test(message)) expect(keyOf('products', message), message).toBeDefined();
    }
    for (const message of Object.values(CONTACT_MESSAGES)) {
      if (typeof message === 'string' && message !== CONTACT_MESSAGES.sentTitle) expect(keyOf('products', message), message).toBeDefined();
    }
    expect(keyOf('products', 'Too many messages from your network. Please wait 42 seconds.')).toBe('rate_limited');
    for (const message of Object.values(AI_MESSAGES)) expect(keyOf('ai', message), message).toBeDefined();
    for (const message of Object.values(JOB_MESSAGES)) expect(keyOf('jobs', message), message).toBeDefined();
    for (const message of Object.values(COMMUNITY_MESSAGES)) expect(keyOf('community', message), message).toBeDefined();
  });
});
