import type { APIRequestContext, Page } from '@playwright/test';
import { totpCode, totpSecret } from '../src/server/test/totp.ts';
import { createConfirmedAccount, expect, logInThroughForm, openPage, PASSWORD, signInThroughApi, test, uniqueEmail } from './fixtures.ts';

// Two-factor sign-in and passkeys (issue #16): set up in Settings, then used on the login page.
// Codes are computed here the way an authenticator app does (RFC 6238); passkeys live in
// Chromium's virtual authenticator (DevTools protocol, WebAuthn domain).

const LANGUAGE_KEY = 'zerri.language';

/** Settings' Security section: loaded first, or followed to as the app's links do when the app is open. */
async function openSecuritySettings(page: Page) {
  await openPage(page, '/dashboard/settings');
  const section = page.getByRole('region', { name: 'Security' });
  await expect(section).toBeVisible();
  return section;
}

/** Turns two-factor sign-in on through the API, as Settings does; returns the secret. */
async function enableTwoFactorByApi(request: APIRequestContext, baseURL: string, email: string) {
  const headers = { origin: baseURL };
  await signInThroughApi(request, email);
  const enabled = await request.post('/api/auth/two-factor/enable', { data: { password: PASSWORD }, headers });
  expect(enabled.ok()).toBe(true);
  const secret = totpSecret(((await enabled.json()) as { totpURI: string }).totpURI);
  expect((await request.post('/api/auth/two-factor/verify-totp', { data: { code: totpCode(secret) }, headers })).ok()).toBe(true);
  return secret;
}

test('two-factor sign-in: set up with the QR code key in Settings, then asked on every sign-in', async ({ page, request }) => {
  const email = uniqueEmail('totp');
  await createConfirmedAccount(request, { email });
  await signInThroughApi(page.request, email);

  const security = await openSecuritySettings(page);
  await expect(security.getByText('Off', { exact: true })).toBeVisible();
  await security.getByRole('button', { name: 'Turn On Two-Factor' }).click();
  // A wrong password stops it here.
  await security.getByLabel('Password', { exact: true }).fill('not-my-password');
  await security.getByRole('button', { name: 'Continue' }).click();
  await expect(security.getByText('The password is not correct.')).toBeVisible();
  await security.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await security.getByRole('button', { name: 'Continue' }).click();

  await expect(security.getByRole('img', { name: 'QR code to add your account to an authenticator app' })).toBeVisible();
  const secret = totpSecret(await security.getByTestId('totp-key').innerText());
  await security.getByLabel('6-digit code').fill(totpCode(secret));
  await security.getByRole('button', { name: 'Verify and Turn On' }).click();
  await expect(page.getByText('Two-Factor Sign-in On')).toBeVisible();
  const codes = await security.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  await security.getByRole('button', { name: 'I Have Saved My Codes' }).click();
  await expect(security.getByText('On', { exact: true })).toBeVisible();

  // Signing in again: the password, then the code from the app (a wrong one is refused).
  await page.context().clearCookies();
  await logInThroughForm(page, email);
  const step = page.getByRole('form', { name: 'Two-factor verification' });
  await expect(step.getByLabel('Authentication code')).toBeFocused();
  await step.getByLabel('Authentication code').fill(totpCode(secret, 5));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByText('That code is not correct. Check the time on your phone and try the newest code.')).toBeVisible();
  await step.getByLabel('Authentication code').fill(totpCode(secret, 1));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Login Successful')).toBeVisible();

  // A recovery code instead of the app, once.
  await page.context().clearCookies();
  await logInThroughForm(page, email);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('passkeys: added in Settings with a virtual authenticator, then used to sign in, then removed', async ({ page, request }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  const email = uniqueEmail('passkey');
  await createConfirmedAccount(request, { email, name: 'Pat Passkey' });
  await signInThroughApi(page.request, email);

  const security = await openSecuritySettings(page);
  await expect(security.getByText('You have no passkeys yet.')).toBeVisible();
  await security.getByLabel('Passkey name (optional)').fill('E2E laptop');
  await security.getByRole('button', { name: 'Add a Passkey' }).click();
  await expect(page.getByText('Passkey Added')).toBeVisible();
  const list = security.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByText('E2E laptop')).toBeVisible();

  // Signed out: the passkey alone signs in (the browser finds it; no e-mail typed).
  await page.context().clearCookies();
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back, Pat Passkey!')).toBeVisible();

  // Removed in Settings, it no longer signs in.
  const again = await openSecuritySettings(page);
  await again.getByRole('button', { name: 'Remove the passkey E2E laptop' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(again.getByText('You have no passkeys yet.')).toBeVisible();
  await page.context().clearCookies();
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('This passkey is not registered with any account here. Log in with your password instead.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

const SCREENS = {
  es: {
    passkey: 'Iniciar sesión con una llave de acceso',
    title: 'Verificación en dos pasos',
    code: 'Código de autenticación',
    verify: 'Verificar',
    wrong: 'El código no es correcto. Comprueba la hora de tu teléfono y prueba con el código más reciente.',
    recovery: 'Usar un código de recuperación',
    recoveryLabel: 'Código de recuperación',
    app: 'Usar tu app de autenticación',
    security: 'Seguridad',
    twoFactor: 'Inicio de sesión en dos pasos',
    passkeys: 'Llaves de acceso',
  },
  fr: {
    passkey: 'Se connecter avec une clé d’accès',
    title: 'Vérification en deux étapes',
    code: 'Code d’authentification',
    verify: 'Vérifier',
    wrong: 'Ce code n’est pas correct. Vérifiez l’heure de votre téléphone et essayez le code le plus récent.',
    recovery: 'Utiliser un code de secours',
    recoveryLabel: 'Code de secours',
    app: 'Utiliser votre application d’authentification',
    security: 'Sécurité',
    twoFactor: 'Connexion en deux étapes',
    passkeys: 'Clés d’accès',
  },
} as const;

for (const language of ['es', 'fr'] as const) {
  test(`the two-factor sign-in screens and the Security section in ${language}`, async ({ page, request, baseURL }) => {
    const text = SCREENS[language];
    const email = uniqueEmail(`totp-${language}`);
    await createConfirmedAccount(request, { email });
    const secret = await enableTwoFactorByApi(request, baseURL!, email);
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, language]);

    await page.goto('/auth');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('button', { name: text.passkey })).toBeVisible();
    await page.locator('#login-email').fill(email);
    await page.locator('#login-password').fill(PASSWORD);
    await page.locator('form').filter({ has: page.locator('#login-email') }).locator('button[type="submit"]').click();

    const step = page.getByRole('form', { name: text.title });
    await expect(step.getByRole('heading', { name: text.title })).toBeVisible();
    await step.getByRole('button', { name: text.recovery }).click();
    await expect(step.getByLabel(text.recoveryLabel)).toBeVisible();
    await step.getByRole('button', { name: text.app }).click();
    await step.getByLabel(text.code).fill(totpCode(secret, 5));
    await step.getByRole('button', { name: text.verify, exact: true }).click();
    await expect(step.getByText(text.wrong)).toBeVisible();
    await step.getByLabel(text.code).fill(totpCode(secret, 1));
    await step.getByRole('button', { name: text.verify, exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await openPage(page, '/dashboard/settings');
    const security = page.getByRole('region', { name: text.security });
    await expect(security.getByRole('heading', { name: text.twoFactor })).toBeVisible();
    await expect(security.getByRole('heading', { name: text.passkeys })).toBeVisible();
  });
}
