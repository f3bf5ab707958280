import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { AI_SETTINGS, canSeeAiSettings } from '#shared/ai.ts';
import { changeLanguage, i18nReady, loadNamespaces } from '#web/lib/i18n.ts';
import { NotConfiguredNotice } from './not-configured-notice.tsx';

const text = (html: string) => html.replace(/<[^>]+>/g, '');
const notice = (role: 'creator' | 'admin') =>
  text(renderToStaticMarkup(<NotConfiguredNotice missingSettings={AI_SETTINGS} showSettings={canSeeAiSettings({ role })} />));

// Issue #20: a creator is told in plain words; only an admin, who runs the server, sees its setting names.
describe('the AI studio notice while no provider is configured', () => {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage('en');
    await loadNamespaces(['ai']);
  });

  it('tells a creator to ask the site’s administrator, naming no setting', () => {
    const shown = notice('creator');
    expect(shown).toContain('The AI assistant has not been set up on this site yet. Ask the site&#x27;s administrator to turn it on.');
    for (const setting of AI_SETTINGS) expect(shown).not.toContain(setting);
  });

  it('shows an admin the settings to set as well', () => {
    expect(notice('admin')).toContain('As an administrator, you can turn it on: set AI_BASE_URL, AI_API_KEY and AI_MODEL in the server&#x27;s environment, then restart it.');
  });

  it('lets only admins see the setting names', () => {
    expect(canSeeAiSettings({ role: 'admin' })).toBe(true);
    for (const role of ['creator', 'user', 'company']) expect(canSeeAiSettings({ role })).toBe(false);
    expect(canSeeAiSettings(null)).toBe(false);
  });
});
