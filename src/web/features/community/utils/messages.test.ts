import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES } from '#shared/community.ts';
import { i18n, i18nReady, loadNamespaces } from '#web/lib/i18n.ts';
import { splitMessage } from './messages.ts';

describe('splitMessage (community toasts)', () => {
  beforeAll(async () => {
    await i18nReady;
    await loadNamespaces(['community']); // as the routes that show these do
    await i18n.changeLanguage('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('splits "Title: description" into a toast title and description', () => {
    expect(splitMessage(COMMUNITY_MESSAGES.emptyPost)).toEqual({ title: 'Empty Post', description: 'Please add content, an image, or a video.' });
  });

  it('keeps a message without a short title whole', () => {
    expect(splitMessage('Something went wrong')).toEqual({ title: 'Something went wrong' });
  });

  it('splits the translated message, with its description capitalised', async () => {
    await i18n.changeLanguage('fr');
    // "Publication vide : veuillez…": the space before the French colon is not part of the title.
    expect(splitMessage(COMMUNITY_MESSAGES.emptyPost)).toEqual({
      title: 'Publication vide',
      description: 'Veuillez ajouter du texte, une image ou une vidéo.',
    });
  });
});
