import { afterAll, describe, expect, it } from 'vitest';
import { MAIL_THROTTLE_MESSAGES } from '#shared/edge.ts';
import { LINK_MESSAGES } from '#shared/links.ts';
import { ApiError } from './api.ts';
import { changeLanguage, i18nReady, loadNamespaces } from './i18n.ts';
import { localizeError } from './server-message.ts';

// Server errors are translated by their code and params, never by their English words (issue #18).
describe('localizeError', () => {
  afterAll(() => changeLanguage('en'));
  const taken = new ApiError(409, 'code_taken', LINK_MESSAGES.codeTaken('promo'), undefined, { code: 'promo' });

  it('shows the server’s own words in English', async () => {
    await i18nReady;
    await changeLanguage('en');
    expect(localizeError(taken, 'links')).toBe('The code "promo" is already taken. Please try a different one.');
  });

  it('translates a feature’s code with the error’s params, whatever the English says', async () => {
    await changeLanguage('fr');
    await loadNamespaces(['links', 'orders']);
    expect(localizeError(taken, 'links')).toBe('Le code « promo » est déjà pris. Veuillez en essayer un autre.');
    // The code decides, not the words: a reworded English message is still translated.
    expect(localizeError(new ApiError(409, 'code_taken', 'That code is in use.', undefined, { code: 'x1' }), 'links')).toBe(
      'Le code « x1 » est déjà pris. Veuillez en essayer un autre.',
    );
    await changeLanguage('es');
    expect(localizeError(new ApiError(400, 'cart_full', 'A cart holds at most 50 products.', undefined, { max: 50 }), 'orders')).toBe(
      'Un carrito admite como máximo 50 productos.',
    );
  });

  it('falls back to the app’s errors by code, then to the server’s words', async () => {
    await changeLanguage('fr');
    const throttled = new ApiError(429, 'mail_rate_limited', MAIL_THROTTLE_MESSAGES.recipient(7), undefined, { minutes: 7 });
    expect(localizeError(throttled, 'links')).toBe('Trop d’e-mails ont été envoyés à cette adresse. Patientez 7 minutes et réessayez.');
    expect(localizeError(new ApiError(418, 'teapot', 'I am a teapot.'), 'links')).toBe('I am a teapot.');
    expect(localizeError(new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.'), 'links')).toBe(
      'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
    );
    expect(localizeError('not an error', 'links', 'Repli')).toBe('Repli');
  });
});
