// Mails go out in their recipient's language (issue #20): an account's language from sign-up (the
// interface language the web sends as Accept-Language) and from Settings; a guest's from the checkout.
import { describe, expect, it } from 'vitest';
import { confirmEmail, createSignedInUser, latestMailTo, listeningTestApp, logIn, request, TEST_PASSWORD, uniqueEmail } from '../test/test-app.ts';
import { buy, createProduct, salesOf } from '../modules/orders/test-helpers.ts';
import { createInvoice, invoiceBody } from '../modules/invoices/test-helpers.ts';
import { orderNumbersOf } from '../modules/sales/order-numbers.ts';

const app = listeningTestApp();

/** Signs up from an interface in `language` and confirms: the confirmation mail comes back too. */
async function signUpIn(language: string, role = 'user') {
  const email = uniqueEmail(`lang-${role}`);
  const response = await request(app.test.app, {
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { 'accept-language': language },
    payload: { email, name: 'Ana', password: TEST_PASSWORD, role },
  });
  expect(response.statusCode, response.body).toBe(200);
  const confirmation = await latestMailTo(app.test.database, email);
  await confirmEmail(app.test, email);
  return { email, cookie: await logIn(app.test.app, email), confirmation: confirmation! };
}

async function product(price: string) {
  const creator = await createSignedInUser(app.test, { role: 'creator', name: 'Inès Moreau' });
  return { creator, product: await createProduct(app.base, creator.cookie, { price, name: 'Guía de precios' }) };
}

describe('mails in the recipient’s language', () => {
  it('confirms a Spanish sign-up in Spanish and an English one in English', async () => {
    const spanish = await signUpIn('es-ES,es;q=0.9,en;q=0.5');
    expect(spanish.confirmation.subject).toBe('Confirma tu cuenta de Zerri');
    expect(spanish.confirmation.text).toContain('¡Te damos la bienvenida a Zerri, Ana!');
    const english = await signUpIn('en-US');
    expect(english.confirmation.subject).toBe('Confirm your Zerri account');
  });

  it('sends the password reset in the language chosen later in Settings', async () => {
    const user = await signUpIn('es');
    const saved = await request(app.test.app, {
      method: 'PATCH',
      url: '/api/profile',
      cookie: user.cookie,
      payload: { preferences: { language: 'fr', theme: 'dark' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const asked = await request(app.test.app, { method: 'POST', url: '/api/auth/request-password-reset', payload: { email: user.email, redirectTo: '/auth/reset-password' } });
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = await latestMailTo(app.test.database, user.email);
    expect(mail!.subject).toBe('Réinitialisez votre mot de passe Zerri');
  });

  it('sends a French user their receipt and refund notice in French, amounts written the French way', async () => {
    const { creator, product: sold } = await product('1234.50');
    const buyer = await signUpIn('fr');
    // The request's own language does not matter: the account's is used.
    const orderId = await buy(app.test, buyer.email, [sold.id], buyer.cookie);
    const receipt = await latestMailTo(app.test.database, buyer.email);
    expect(receipt!.subject).toBe('Votre achat chez Inès Moreau');
    expect(receipt!.text).toContain('Merci pour votre achat !');
    // The order by the store's own number (modules/sales/order-numbers.ts).
    const number = (await orderNumbersOf(app.test.database.db, orderId)).values().next().value;
    expect(number).toMatch(/^[A-Z0-9]+-0001$/);
    expect(receipt!.text).toContain(`Commande ${number} · Total 1\u202f234,50\u00a0$US`);
    expect(receipt!.text).toContain('Téléchargement : http');

    const [sale] = await salesOf(app.test, orderId);
    const refunded = await request(app.test.app, { method: 'POST', url: `/api/sales/${sale!.id}/refund`, payload: {}, cookie: creator.cookie });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const notice = await latestMailTo(app.test.database, buyer.email);
    expect(notice!.subject).toBe('Votre achat sur Zerri a été remboursé');
    expect(notice!.text).toBe('Votre achat de Guía de precios (1\u202f234,50\u00a0$US) a été remboursé. Son téléchargement n’est plus disponible.');
  });

  it('sends a Spanish user their receipt in Spanish', async () => {
    const { product: sold } = await product('9.99');
    const buyer = await signUpIn('es');
    await buy(app.test, buyer.email, [sold.id], buyer.cookie);
    const receipt = await latestMailTo(app.test.database, buyer.email);
    expect(receipt!.subject).toBe('Tu compra a Inès Moreau');
    expect(receipt!.text).toContain('¡Gracias por tu compra!');
    expect(receipt!.text).toContain('9,99\u00a0US$');
  });

  it('sends a guest checking out in French a French receipt, and an English guest an English one', async () => {
    const { product: sold } = await product('5.00');
    const guest = uniqueEmail('guest-fr');
    const started = await request(app.test.app, {
      method: 'POST',
      url: '/api/checkout',
      headers: { 'accept-language': 'fr' },
      payload: { email: guest, productIds: [sold.id] },
    });
    expect(started.statusCode, started.body).toBe(201);
    const paid = await request(app.test.app, { method: 'POST', url: `/api/orders/${started.json().orderId}/pay`, payload: { card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' } } });
    expect(paid.statusCode, paid.body).toBe(200);
    const receipt = await latestMailTo(app.test.database, guest);
    expect(receipt!.subject).toBe('Votre achat chez Inès Moreau');
    expect(receipt!.text).toContain('Total 5,00\u00a0$US');

    const english = uniqueEmail('guest-en');
    await buy(app.test, english, [sold.id]);
    expect((await latestMailTo(app.test.database, english))!.subject).toBe('Your purchase from Inès Moreau');
  });

  it('sends an invoice in the language the creator’s interface was in', async () => {
    const creator = await createSignedInUser(app.test, { role: 'creator', name: 'Inès' });
    const clientEmail = uniqueEmail('client');
    const invoice = await createInvoice(app.test.app, creator.cookie, invoiceBody({ clientEmail, clientName: 'Atelier' }));
    const sent = await request(app.test.app, { method: 'POST', url: `/api/invoices/${invoice.id}/send`, cookie: creator.cookie, headers: { 'accept-language': 'fr' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await latestMailTo(app.test.database, clientEmail);
    expect(mail!.subject).toBe(`Facture ${invoice.id} sur Zerri (349,99\u00a0$US)`);
    expect(mail!.text).toContain('Bonjour Atelier,');
    expect(mail!.text).toContain('- Logo design : 2 × 150,00\u00a0$US');
    expect(mail!.text).toMatch(/Réglez-la en ligne avant le \d{1,2} \p{L}+\.? \d{4} :/u);
  });
});
