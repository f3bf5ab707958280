import { afterAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGE_PARAMS, API_KEY_MESSAGES } from '#shared/api-keys.ts';
import { COMMUNITY_MESSAGE_PARAMS, COMMUNITY_MESSAGES } from '#shared/community.ts';
import { DESIGN_MESSAGES } from '#shared/designs.ts';
import { MAIL_THROTTLE_MESSAGES } from '#shared/edge.ts';
import { LINK_MESSAGES } from '#shared/links.ts';
import { coded, codedMessage } from '#shared/messages.ts';
import { payoutRequestIssue } from '#shared/payouts.ts';
import { ApiError } from './api.ts';
import { changeLanguage, i18nReady, loadNamespaces } from './i18n.ts';
import { localizeCoded, localizeError, localizeMessage, MessageError } from './server-message.ts';

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

  it('translates the store currency’s refusals: a locked currency, a cart in two currencies', async () => {
    await loadNamespaces(['profiles', 'orders']);
    const locked = new ApiError(409, 'currency_locked', 'Your store currency cannot change after your first sale, invoice or payout.');
    const mixed = new ApiError(409, 'cart_currency_mixed', 'Your cart can hold products in one currency at a time. Check out or remove the items in the other currency first.');
    await changeLanguage('en');
    expect(localizeError(locked, 'profiles')).toBe(locked.message);
    await changeLanguage('fr');
    expect(localizeError(locked, 'profiles')).toBe('La devise de votre boutique ne peut plus changer après votre première vente, facture ou versement.');
    await changeLanguage('es');
    expect(localizeError(mixed, 'orders')).toBe(
      'Tu carrito solo puede contener productos en una moneda a la vez. Primero finaliza la compra o quita los artículos en la otra moneda.',
    );
    await changeLanguage('en');
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

// Messages of the shared checks are translated by their code, their key in a *_MESSAGES table (decision 016).
describe('localizeMessage and localizeCoded', () => {
  afterAll(() => changeLanguage('en'));

  it('finds a message’s code in the tables by their entries, with the fixed values it is written with', () => {
    expect(codedMessage(API_KEY_MESSAGES.nameTooLong, API_KEY_MESSAGES, API_KEY_MESSAGE_PARAMS)).toEqual({
      code: 'nameTooLong',
      message: 'The name can have at most 60 characters.',
      params: { max: 60 },
    });
    expect(codedMessage(COMMUNITY_MESSAGES.emptyComment, [API_KEY_MESSAGES, COMMUNITY_MESSAGES])).toEqual({ code: 'emptyComment', message: COMMUNITY_MESSAGES.emptyComment });
    expect(codedMessage('Please enter a URL to shorten', LINK_MESSAGES)).toBeUndefined();
  });

  it('shows the table’s own words in English', async () => {
    await i18nReady;
    await changeLanguage('en');
    await loadNamespaces(['api-keys', 'community', 'payouts', 'designs']);
    expect(localizeMessage(API_KEY_MESSAGES.nameTooLong, 'api-keys', API_KEY_MESSAGES, API_KEY_MESSAGE_PARAMS)).toBe('The name can have at most 60 characters.');
    expect(localizeCoded(payoutRequestIssue(null, 0)!, 'payouts')).toBe('Setup Required: Please set up a payout method first.');
  });

  it('translates a message with its values in Spanish and French', async () => {
    await changeLanguage('es');
    expect(localizeMessage(API_KEY_MESSAGES.nameTooLong, 'api-keys', API_KEY_MESSAGES, API_KEY_MESSAGE_PARAMS)).toBe('El nombre puede tener como máximo 60 caracteres.');
    expect(localizeMessage(COMMUNITY_MESSAGES.postTooLong, 'community', COMMUNITY_MESSAGES, COMMUNITY_MESSAGE_PARAMS)).toBe('Una publicación puede tener como máximo 5000 caracteres.');
    await changeLanguage('fr');
    expect(localizeMessage(COMMUNITY_MESSAGES.commentTooLong, 'community', COMMUNITY_MESSAGES, COMMUNITY_MESSAGE_PARAMS)).toBe('Un commentaire ne peut pas dépasser 2000 caractères.');
    // A message built from a value carries it as a param: the minimum payout, as the server formats it.
    expect(localizeCoded(payoutRequestIssue({ type: 'paypal', email: 'a@b.co' }, 500)!, 'payouts')).toBe('Sous le minimum : les versements commencent à $10.00.');
    expect(localizeError(new MessageError(coded(DESIGN_MESSAGES, 'notAnImage')), 'designs')).toBe('Ce fichier n’a pas pu être lu comme une image.');
  });

  it('falls back to common’s errors, then to the English words', async () => {
    await changeLanguage('fr');
    expect(localizeCoded({ code: 'clipboard', message: 'Could not copy.' }, 'designs')).toBe('Impossible de copier dans le presse-papiers. Veuillez le copier à la main.');
    expect(localizeCoded({ code: 'noSuchCode', message: 'Something the web has no words for.', params: { max: 3 } }, 'designs')).toBe('Something the web has no words for.');
    expect(localizeMessage('A text of no table.', 'community', COMMUNITY_MESSAGES)).toBe('A text of no table.');
  });
});
