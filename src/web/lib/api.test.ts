import { afterAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES } from '#shared/orders-payment-mode.ts';
import { ApiError, call, errorMessage, fillPath } from './api.ts';
import { changeLanguage, i18nReady } from './i18n.ts';

describe('errorMessage', () => {
  afterAll(() => changeLanguage('en'));

  it('shows the server’s own words in English', async () => {
    await i18nReady;
    await changeLanguage('en');
    expect(errorMessage(new ApiError(401, 'invalid_email_or_password', 'Invalid email or password'))).toBe('Invalid email or password');
    expect(errorMessage(new ApiError(429, 'rate_limited', 'Too many attempts. Please wait 1 minute and try again.'))).toBe(
      'Too many attempts. Please wait 1 minute and try again.',
    );
    expect(errorMessage('not an error')).toBe('An unexpected error occurred. Please try again.');
  });

  it('translates known codes in another language and keeps any other message as sent', async () => {
    await changeLanguage('fr');
    expect(errorMessage(new ApiError(401, 'invalid_email_or_password', 'Invalid email or password'))).toBe('E-mail ou mot de passe incorrect');
    expect(errorMessage(new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.'))).toBe(
      'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
    );
    expect(errorMessage(new ApiError(502, 'http_502', 'The server had a problem. Please try again.'))).toBe(
      'Le serveur a rencontré un problème. Veuillez réessayer.',
    );
    // A feature's own code keeps its words here (the feature translates it); a generic code is translated by code alone.
    expect(errorMessage(new ApiError(404, 'product_not_found', 'Product not found.'))).toBe('Product not found.');
    expect(errorMessage(new ApiError(404, 'not_found', 'Not found.'))).toBe('Introuvable.');
    expect(errorMessage(new ApiError(409, 'slug_taken', 'That storefront address is taken.'))).toBe('That storefront address is taken.');
    expect(errorMessage(undefined)).toBe('Une erreur inattendue s’est produite. Veuillez réessayer.');

    await changeLanguage('es');
    expect(errorMessage(new ApiError(429, 'rate_limited', 'Too many attempts. Please wait 1 minute and try again.'))).toBe(
      'Demasiados intentos. Inténtalo de nuevo más tarde.',
    );
    // Checkout and /pay without a payment provider (503).
    expect(errorMessage(new ApiError(503, 'payments_unavailable', PAYMENT_MESSAGES.unavailable))).toBe(
      'Los pagos aún no están configurados en este sitio, así que ahora no se puede pagar nada. Inténtalo de nuevo más tarde.',
    );
  });
});

describe('call', () => {
  it('fills path parameters, adds the query and sends the route’s method', async () => {
    expect(fillPath('/api/jobs/:id/applications/:applicationId/file', { id: 'a b', applicationId: '7' })).toBe('/api/jobs/a%20b/applications/7/file');
    expect(() => fillPath('/api/products/:id', {})).toThrow('Missing path parameter id');
    const seen: { url: string; method: string }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push({ url, method: init.method ?? 'GET' });
      return new Response(JSON.stringify({ ok: true }), { status: 200 });
    });
    try {
      const answer = await (call as (route: string, options?: object) => Promise<unknown>)('DELETE /api/cart/items/:productId', {
        params: { productId: 'p1' },
        query: { page: 2, q: undefined },
      });
      expect(answer).toEqual({ ok: true });
      expect(seen).toEqual([{ url: '/api/cart/items/p1?page=2', method: 'DELETE' }]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
