import { describe, expect, it } from 'vitest';
import { readSiteContent, siteContentSchema, socialUrlSchema } from './site-content.ts';
import { SITE_CONTENT_DEFAULTS, SITE_CONTENT_MESSAGES, showsUserCounter } from './site.ts';

describe('a social link', () => {
  it('is a page on the network, never its home page', () => {
    for (const url of ['https://www.facebook.com/zerri', 'https://x.com/zerri_app', 'http://linkedin.com/company/zerri', 'https://instagram.com/?id=zerri']) {
      expect(socialUrlSchema.safeParse(url).success, url).toBe(true);
    }
    for (const url of ['https://facebook.com', 'https://www.facebook.com/', 'https://x.com/']) {
      expect(socialUrlSchema.safeParse(url).error?.issues[0]?.message, url).toBe(SITE_CONTENT_MESSAGES.socialUrlHomePage);
    }
    for (const url of ['', 'facebook.com/zerri', 'javascript:alert(1)', 'mailto:a@b.example', 'https://localhost/me', 'https://a:b@x.com/me']) {
      expect(socialUrlSchema.safeParse(url).error?.issues[0]?.message, url).toBe(SITE_CONTENT_MESSAGES.socialUrlInvalid);
    }
  });
});

describe('the stored site content', () => {
  it('is the defaults on a new install, which the check accepts', () => {
    expect(readSiteContent(undefined)).toEqual(SITE_CONTENT_DEFAULTS);
    expect(readSiteContent({})).toEqual(SITE_CONTENT_DEFAULTS);
    expect(siteContentSchema.parse(SITE_CONTENT_DEFAULTS)).toEqual(SITE_CONTENT_DEFAULTS);
  });

  it('keeps each valid section and replaces an invalid one by its default', () => {
    const read = readSiteContent({ premiumNotice: { shown: false }, userCounter: { minUsers: -3 }, socialLinks: { facebook: 'https://facebook.com' } });
    expect(read.premiumNotice).toEqual({ shown: false });
    expect(read.userCounter).toEqual(SITE_CONTENT_DEFAULTS.userCounter);
    expect(read.socialLinks).toEqual(SITE_CONTENT_DEFAULTS.socialLinks);
  });
});

describe('the registered-user counter', () => {
  it('shows from the threshold on, always with 0', () => {
    expect(showsUserCounter(0, 0)).toBe(true);
    expect(showsUserCounter(9, 10)).toBe(false);
    expect(showsUserCounter(10, 10)).toBe(true);
  });
});
