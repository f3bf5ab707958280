import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_MESSAGES, newsletterEmailProblem, normalizeNewsletterEmail } from './newsletter.ts';
import { newsletterEmailSchema } from './newsletter-form.ts';

describe('newsletter e-mail check (the home page form and the server)', () => {
  it('asks for an address, then a valid one', () => {
    expect(newsletterEmailProblem('')).toBe(NEWSLETTER_MESSAGES.emailRequired);
    expect(newsletterEmailProblem('   ')).toBe(NEWSLETTER_MESSAGES.emailRequired);
    expect(newsletterEmailProblem('not-an-email')).toBe(NEWSLETTER_MESSAGES.emailInvalid);
    expect(newsletterEmailProblem('a@b')).toBe(NEWSLETTER_MESSAGES.emailInvalid);
    expect(newsletterEmailProblem('.a@example.com')).toBe(NEWSLETTER_MESSAGES.emailInvalid);
    expect(newsletterEmailProblem(' Fan+News@Example.com ')).toBeUndefined();
  });

  it(`refuses an address longer than ${NEWSLETTER_EMAIL_MAX} characters`, () => {
    const at = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    expect(newsletterEmailProblem(at(NEWSLETTER_EMAIL_MAX))).toBeUndefined();
    expect(newsletterEmailProblem(at(NEWSLETTER_EMAIL_MAX + 1))).toBe(NEWSLETTER_MESSAGES.emailInvalid);
  });

  it('is the schema the server parses with, which stores the address trimmed and in lower case', () => {
    expect(newsletterEmailSchema.parse(' Fan@Example.COM ')).toBe('fan@example.com');
    expect(normalizeNewsletterEmail(' Fan@Example.COM ')).toBe('fan@example.com');
    for (const raw of ['', ' ', 'x@y', 'no at sign']) {
      const result = newsletterEmailSchema.safeParse(raw);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([newsletterEmailProblem(raw)]);
    }
  });

  it("accepts exactly the addresses zod's z.email() accepts (the rule before the check)", () => {
    const zodEmail = z.email();
    // Mostly near-valid addresses (leading, doubled or trailing dots, dashes, short endings: where the rule draws its lines), some noise.
    const sometimes = (text: string) => fc.constantFrom('', '', '', text);
    const words = (pattern: RegExp) => fc.array(fc.stringMatching(pattern), { minLength: 1, maxLength: 3 });
    const local = fc
      .tuple(sometimes('.'), words(/^[A-Za-z0-9_'+-]{1,5}$/), sometimes('.'))
      .map(([lead, parts, end]) => `${lead}${parts.join(end ? '..' : '.')}${end}`);
    const domain = fc
      .tuple(sometimes('-'), words(/^[A-Za-z0-9-]{1,5}$/), fc.stringMatching(/^[A-Za-z0-9]{1,4}$/), sometimes('.'))
      .map(([lead, labels, ending, end]) => `${lead}${labels.join('.')}.${ending}${end}`);
    const address = fc.oneof(
      { weight: 4, arbitrary: fc.tuple(local, domain).map(([name, host]) => `${name}@${host}`) },
      { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    );
    fc.assert(
      fc.property(address, (raw) => {
        const email = raw.trim();
        expect(newsletterEmailProblem(email) === undefined).toBe(email.length > 0 && zodEmail.safeParse(email).success);
      }),
      { numRuns: 2000 },
    );
  });
});
