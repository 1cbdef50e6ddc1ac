import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { setDemoPerms } from './site-settings';
import { VIEWER_PASSWORD, callApi, signUpViewer } from './viewers';

const baseUrl = inject('baseUrl');
const mailboxUrl = inject('mailboxUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Mail = { to: string[]; subject: string; text: string };

/** The first mail to `email` whose text matches `pattern`, waiting for it to arrive. */
async function waitForMail(email: string, pattern: RegExp, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await (await fetch(mailboxUrl)).json()) as Mail[];
    const mail = mails.find((m) => m.to.includes(email) && pattern.test(m.text));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const field = (page: Page, label: string | RegExp) =>
  page.getByLabel(label, { exact: typeof label === 'string' });

async function signIn(page: Page, email: string, password: string) {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByTestId('account-menu-button').click();
  await page.getByTestId('sign-out').click();
  await page.getByTestId('sign-in-link').waitFor();
}

const storedSession = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('marquee.session') ?? 'null') as { refreshToken: string } | null,
  );

/**
 * A browser context whose pages get the demo site's config with `perms` flipped (perms are edited by
 * admins, not by these screens). Pages carry the config inline (#marquee-bootstrap): it is dropped,
 * so the app asks for the edited one.
 */
async function withPerms(perms: Record<string, boolean>) {
  const config = (await (await fetch(`${baseUrl}/v2/sites/demo/config`)).json()) as {
    perms: Record<string, boolean>;
  };
  const context = await browser.newContext();
  await context.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
    const body = (await response.text()).replace(/<script id="marquee-bootstrap"[\s\S]*?<\/script>/, '');
    return route.fulfill({ response, headers, body });
  });
  await context.route('**/v2/sites/demo/config**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ ...config, perms: { ...config.perms, ...perms } }),
    }),
  );
  return context;
}

/** The site's toast that says `text` (toasts of earlier steps may still be up). */
const toast = (page: Page, text: string) => page.getByTestId('site-toast').filter({ hasText: text });

describe('accounts in the web app', () => {
  it('signs up through the ALTCHA captcha, signs out and in, renames, resets the password by mail and signs in with it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = `e2e-${Date.now()}@marquee.test`;
    const password = 'first-pass-1';
    const newPassword = 'second-pass-2';

    // Sign up: client-side validation first, then the real widget solves the server's challenge.
    await page.goto(`${baseUrl}/signup`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByTestId('error-firstName').textContent()).toBe('First name is required');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('firstName');
    await field(page, 'First name').fill('Eve');
    await field(page, 'Last name').fill('Tester');
    await field(page, 'Email').fill('not-an-email');
    await field(page, 'Password').fill('12345');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByTestId('error-password').textContent()).toMatch(/at least 6/);
    expect(await page.getByTestId('error-email').textContent()).toMatch(/valid e-mail/);
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(password);
    await page.getByTestId('signup-terms').check();
    await page.waitForFunction(
      () =>
        (
          document.querySelector('altcha-widget') as (HTMLElement & { getState?: () => string }) | null
        )?.getState?.() === 'verified',
      undefined,
      { timeout: 30_000 },
    );
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('account-menu-button').waitFor();
    expect(await page.getByTestId('account-menu-button').textContent()).toContain('Eve');
    expect(new URL(page.url()).pathname).toBe('/');

    // Signed in, the not-logged-in group sends the viewer to the profile.
    await page.goto(`${baseUrl}/login`);
    await page.waitForURL(/\/profile-info$/);

    // Sign out revokes the refresh token on the server.
    const before = await storedSession(page);
    expect(before?.refreshToken).toBeTruthy();
    await signOut(page);
    expect(await storedSession(page)).toBeNull();
    const reuse = await fetch(`${baseUrl}/v2/me/auth/refresh-access?__site=demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: before!.refreshToken }),
    });
    expect(reuse.status).toBe(401);

    // Sign in: required fields, a wrong password, then the right one.
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByTestId('error-email').textContent()).toBe('Email is required');
    expect(await page.getByTestId('error-password').textContent()).toBe('Password is required');
    await signIn(page, email, 'wrong-password');
    await page.getByTestId('login-error').waitFor();
    await field(page, 'Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('account-menu-button').waitFor();

    // Change the name in the account area; the header follows the session's user.
    await page.goto(`${baseUrl}/profile-info`);
    await page.getByTestId('change-name').click();
    const nameForm = page.getByTestId('change-name-form');
    await nameForm.getByLabel('First name').fill('Evelyn');
    await nameForm.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByTestId('site-toast').first().textContent())
      .toContain('Name changed successfully');
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toContain('Evelyn');
    await expect.poll(() => page.getByTestId('account-menu-button').textContent()).toContain('Evelyn');

    // Forgot password: the mail's link opens the reset screen, which sets the password and signs in.
    await signOut(page);
    await page.goto(`${baseUrl}/forgot-pw`);
    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByTestId('forgot-pw-sent').waitFor();
    const mail = await waitForMail(email, /\/reset-pw\//);
    const link = /https?:\/\/[^\s"'<>]+\/reset-pw\/[^\s"'<>]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const resetPath = new URL(link!).pathname;
    await page.goto(`${baseUrl}${resetPath}`);
    await page.getByRole('heading', { name: 'Password Reset' }).waitFor();
    await field(page, 'New password').fill('short');
    await field(page, 'Confirm password').fill('short');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect
      .poll(() => page.getByTestId('error-password').textContent())
      .toBe('Password must be atleast 6 characters');
    await field(page, 'New password').fill(newPassword);
    await field(page, 'Confirm password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect.poll(() => page.getByTestId('error-confirm').textContent()).toBe('Passwords do not match');
    await field(page, 'Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect
      .poll(() => page.getByTestId('reset-pw-done').textContent())
      .toBe('You have successfully updated your password!');
    await page.getByTestId('account-menu-button').waitFor();

    // The code is spent: opening the link again shows the invalid state.
    await page.goto(`${baseUrl}${resetPath}`);
    await page.getByTestId('reset-pw-invalid').waitFor();

    // The old password no longer works; the new one does.
    await signOut(page);
    await page.goto(`${baseUrl}/login`);
    await signIn(page, email, password);
    await page.getByTestId('login-error').waitFor();
    await field(page, 'Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('account-menu-button').waitFor();
    expect(await page.getByTestId('account-menu-button').textContent()).toContain('Evelyn');
    await context.close();
  });

  it('sends an anonymous viewer from /activate to login and back, then activates a TV code', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/activate/vizio`);
    await page.waitForURL(/\/login\?odrc=activate&source=vizio$/);
    await page.getByRole('heading', { name: 'Sign in to activate your device' }).waitFor();
    await signIn(page, 'viewer@marquee.test', 'marquee-viewer');
    await page.waitForURL(/\/activate\?source=vizio$/);

    await page.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => page.getByTestId('error-code').textContent()).toBe('A code is required');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('activate-code');

    await page.getByTestId('activate-code').fill('BBBBBBBB');
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByTestId('activate-error').waitFor();

    const tv = await fetch(`${baseUrl}/v2/sites/demo/second-screens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId: `e2e-tv-${Date.now()}`, deviceType: 'webtv' }),
    });
    expect(tv.status).toBe(201);
    const { code } = (await tv.json()) as { code: string };
    await page.getByTestId('activate-code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => page.getByTestId('activate-success').textContent()).toBe('Device activated!');
    await context.close();
  });

  it('shows the autologin and social-login failure states', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/autologin/not-a-real-code`);
    await page.waitForURL(/\/login$/);
    await page.getByText('Login code expired or invalid.').waitFor();

    await page.goto(`${baseUrl}/oauth/facebook/callback?error=access_denied`);
    await expect
      .poll(() => page.getByTestId('oauth-error').textContent())
      .toContain('Not authorized to log in with Facebook');
    await page.goto(`${baseUrl}/oauth/facebook/callback?code=forged&state=forged`);
    await expect
      .poll(() => page.getByTestId('oauth-error').textContent())
      .toContain('Unable to log in with facebook. Please try again');
    await page.close();
  });

  it('runs the account area: login back to /delete-account, deletion request, devices, the change modals and their toasts', async () => {
    const viewer = await signUpViewer('account');
    // A TV signed in to the account (registered, then activated by its code).
    const tv = await callApi<{ code: string }>(null, 'POST', '/v2/sites/demo/second-screens', {
      deviceId: `e2e-account-tv-${Date.now()}`,
      deviceType: 'webtv',
    });
    expect((await callApi(viewer.token, 'PUT', `/v2/sites/demo/second-screens/${tv.body.code}`)).status).toBe(
      200,
    );

    const context = await browser.newContext();
    const page = await context.newPage();
    // /delete-account needs login: to login with odrc delete-account, and back after it.
    await page.goto(`${baseUrl}/delete-account`);
    await page.waitForURL(/\/login\?odrc=delete-account$/);
    await signIn(page, viewer.email, VIEWER_PASSWORD);
    await page.waitForURL(/\/delete-account$/);

    // The deletion request (selfDelete off): confirm identity, then the §8 error or "Request sent".
    const confirmIdentity = async () => {
      await page.getByTestId('request-delete').click();
      const modal = page.getByTestId('confirm-identity-modal');
      await modal.getByLabel('E-mail').fill(viewer.email);
      await modal.getByLabel('Password').fill(VIEWER_PASSWORD);
      await modal.getByRole('button', { name: 'Confirm' }).click();
    };
    await page.route('**/v2/me/request-delete**', (route) => route.fulfill({ status: 500, json: {} }), {
      times: 1,
    });
    await confirmIdentity();
    await expect
      .poll(() => page.getByTestId('delete-request-error').textContent())
      .toContain('There was and error processing your request.');
    await confirmIdentity();
    await expect.poll(() => page.getByTestId('delete-request-sent').textContent()).toBe('Request sent');

    // Devices: a failed disconnect, then a disconnect.
    await page.getByRole('link', { name: 'Active Devices' }).click();
    const device = page.getByTestId('device');
    await expect.poll(() => device.count()).toBe(1);
    await page.route('**/second-screens/*/logout**', (route) => route.fulfill({ status: 500, json: {} }), {
      times: 1,
    });
    await device.getByRole('button', { name: /^Disconnect/ }).click();
    await toast(page, 'Error disconnecting device').waitFor();
    await device.getByRole('button', { name: /^Disconnect/ }).click();
    await toast(page, 'Device disconnected!').waitFor();
    await page.getByTestId('devices-empty').waitFor();

    // The change modals, each closing on success with its toast.
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByTestId('change-user-info').click();
    await page.getByTestId('change-user-info-modal').getByLabel('Gender').selectOption('other');
    await page.getByTestId('change-user-info-modal').getByRole('button', { name: 'Save' }).click();
    await toast(page, 'User details changed successfully').waitFor();
    await page.getByTestId('change-user-info-modal').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('profile-gender').textContent()).toBe('Other');

    const newPassword = `${VIEWER_PASSWORD}-2`;
    await page.getByTestId('change-password').click();
    const passwordModal = page.getByTestId('change-password-modal');
    await passwordModal.getByLabel('Current password').fill(VIEWER_PASSWORD);
    await passwordModal.getByLabel('New password', { exact: true }).fill(newPassword);
    await passwordModal.getByLabel('Retype new password').fill(newPassword);
    await passwordModal.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'User password changed successfully').waitFor();
    await passwordModal.waitFor({ state: 'detached' });

    // E-mail: not updating → updating (the call held until seen) → the modal closes.
    const newEmail = viewer.email.replace('@', '.new@');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v2/me/email**', async (route) => {
      await held;
      await route.fallback();
    });
    await page.getByTestId('change-email').click();
    const emailModal = page.getByTestId('change-email-modal');
    await emailModal.getByLabel('New e-mail').fill(newEmail);
    await emailModal.getByLabel('Retype e-mail').fill(newEmail);
    await emailModal.getByLabel('Password').fill(newPassword);
    await expect.poll(() => emailModal.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
    await emailModal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => emailModal.locator('button[type="submit"]').textContent()).toBe('Updating…');
    release();
    await emailModal.waitFor({ state: 'detached' });
    await toast(page, 'Email changed successfully').waitFor();
    await expect.poll(() => page.getByTestId('profile-email').textContent()).toBe(newEmail.toLowerCase());
    await context.close();

    // With selfDelete on, deleting says "Account Deleted", then signs out and goes home, and the
    // account is gone (the server's site cache lasts a few seconds: wait until it has the perm).
    const restore = setDemoPerms({ selfDelete: true });
    try {
      await expect
        .poll(
          async () =>
            (await callApi<{ perms: { selfDelete: boolean } }>(null, 'GET', '/v2/sites/demo/config')).body
              .perms.selfDelete,
          { timeout: 20_000 },
        )
        .toBe(true);
      const selfDelete = await withPerms({ selfDelete: true });
      const own = await selfDelete.newPage();
      await own.goto(`${baseUrl}/login?odrc=delete-account`);
      await signIn(own, newEmail, newPassword);
      await own.getByTestId('self-delete-form').waitFor();
      await own.getByTestId('self-delete-form').getByLabel('Password').fill(newPassword);
      await own.getByRole('button', { name: 'Delete account' }).click();
      await expect.poll(() => own.getByTestId('account-deleted').textContent()).toBe('Account Deleted');
      await own.getByTestId('sign-in-link').waitFor();
      expect(new URL(own.url()).pathname).toBe('/');
      await selfDelete.close();
      const again = await callApi(null, 'POST', '/v2/me/auth/login', {
        email: newEmail,
        password: newPassword,
        site: 'demo',
      });
      expect(again.status).toBe(401);
    } finally {
      restore();
    }
  });

  it('shares the session between tabs and follows a sign-out in another tab', async () => {
    const context = await browser.newContext();
    const first = await context.newPage();
    await first.goto(`${baseUrl}/login`);
    await signIn(first, 'viewer@marquee.test', 'marquee-viewer');
    await first.getByTestId('account-menu-button').waitFor();
    const second = await context.newPage();
    await second.goto(`${baseUrl}/`);
    await second.getByTestId('account-menu-button').waitFor();
    await signOut(first);
    await second.getByTestId('sign-in-link').waitFor();
    await context.close();
  });

  it('refreshes a token with under 60 s left, retries after a network failure and signs out on a refused refresh', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await signIn(page, 'viewer@marquee.test', 'marquee-viewer');
    await page.getByTestId('account-menu-button').waitFor();
    const shorten = () =>
      page.evaluate(() => {
        const stored = JSON.parse(localStorage.getItem('marquee.session')!) as { expiresAt: number };
        localStorage.setItem(
          'marquee.session',
          JSON.stringify({ ...stored, expiresAt: Date.now() + 30_000 }),
        );
      });

    // Under 60 s left counts as expired: the page refreshes on load and stores the new pair.
    const first = await storedSession(page);
    await shorten();
    await page.reload();
    await expect
      .poll(async () => (await storedSession(page))?.refreshToken, { timeout: 10_000 })
      .not.toBe(first!.refreshToken);
    await page.getByTestId('account-menu-button').waitFor();

    // The server refuses the access token (revoked, skewed clock): the session refreshes at once.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('marquee.session')!) as object;
      localStorage.setItem('marquee.session', JSON.stringify({ ...stored, accessToken: 'refused' }));
    });
    await page.reload();
    await expect
      .poll(async () => ((await storedSession(page)) as { accessToken?: string } | null)?.accessToken, {
        timeout: 10_000,
      })
      .not.toBe('refused');
    await page.getByTestId('account-menu-button').waitFor();

    // The network fails: still signed in, and the refresh is tried again about 5 s later.
    const attempts: number[] = [];
    await page.route('**/v2/me/auth/refresh-access**', (route) => {
      attempts.push(Date.now());
      return route.abort('internetdisconnected');
    });
    await shorten();
    await page.reload();
    await expect.poll(() => attempts.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(4_500);
    expect(await page.getByTestId('account-menu-button').isVisible()).toBe(true);

    // Any other failure signs out.
    await page.unroute('**/v2/me/auth/refresh-access**');
    await page.route('**/v2/me/auth/refresh-access**', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'refreshTokenReused', message: 'reused' } }),
      }),
    );
    await page.getByTestId('sign-in-link').waitFor({ timeout: 15_000 });
    expect(await storedSession(page)).toBeNull();
    await context.close();
  });

  it('maps the login refusals: locked account, expired password, pending terms', async () => {
    // The server's refusals are stubbed here (the states need database surgery); the client's handling is what is tested.
    const context = await browser.newContext();
    const page = await context.newPage();
    const bodies: Array<{ terms?: boolean }> = [];
    let answer: { status: number; code: string; message: string } | null = null;
    await page.route('**/v2/me/auth/login**', async (route) => {
      bodies.push(route.request().postDataJSON() as { terms?: boolean });
      if (!answer) return route.continue();
      return route.fulfill({
        status: answer.status,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: answer.code, message: answer.message } }),
      });
    });
    await page.goto(`${baseUrl}/login`);

    const locked =
      'Welcome back! Your account has been locked for security reasons and your password needs to be reset';
    answer = { status: 403, code: 'accountLocked', message: locked };
    await signIn(page, 'viewer@marquee.test', 'marquee-viewer');
    await expect.poll(() => page.getByTestId('login-error').textContent()).toContain(locked);
    expect(await page.getByTestId('login-error').getByRole('link').getAttribute('href')).toBe('/forgot-pw');

    answer = {
      status: 429,
      code: 'rateLimited',
      message: 'Too many login attempts. Try again in 60 seconds',
    };
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toContain('Too many login attempts');

    answer = { status: 403, code: 'unreelTerms', message: 'Please accept the terms' };
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('terms-box').waitFor();
    answer = null;
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByText('Please accept the terms to continue').count()).toBe(1);
    await page.getByLabel('I accept the terms of use').check();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('account-menu-button').waitFor();
    expect(bodies.at(-1)?.terms).toBe(true);
    await signOut(page);

    answer = { status: 403, code: 'pwdExpired', message: 'Your password has expired' };
    await page.goto(`${baseUrl}/login`);
    await signIn(page, 'viewer@marquee.test', 'marquee-viewer');
    await page.waitForURL(/\/required-reset-pw$/);
    await page.getByText('Your password has expired').first().waitFor();
    expect(await field(page, 'Email').inputValue()).toBe('viewer@marquee.test');
    await context.close();
  });

  it('signs in from an admin-issued autologin link and a passcode', async () => {
    const admin = (await (
      await fetch(`${baseUrl}/v2/me/auth/login?__site=demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@marquee.test', password: 'marquee-admin', site: 'demo' }),
      })
    ).json()) as { token: string };
    const issue = async (path: string) => {
      const res = await fetch(`${baseUrl}/v2/sites/demo/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
        body: JSON.stringify({ email: 'viewer@marquee.test' }),
      });
      expect(res.status).toBe(201);
      return res.json() as Promise<{ code?: string; passcode?: string }>;
    };

    const context = await browser.newContext();
    const page = await context.newPage();
    const { code } = await issue('autologin');
    await page.goto(`${baseUrl}/autologin/${code}`);
    await page.getByTestId('account-menu-button').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await signOut(page);

    await page.goto(`${baseUrl}/passcode`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByTestId('error-code').textContent()).toBe('A code is required');
    await field(page, 'Passcode').fill('nope-nope');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('passcode-error').waitFor();
    const { passcode } = await issue('passcodes');
    await field(page, 'Passcode').fill(passcode!);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('passcode-success').textContent())
      .toBe('Successfully logged in.');
    await page.getByTestId('account-menu-button').waitFor();
    await context.close();
  });

  it('follows the site flags hideAuth and swapLogin', async () => {
    const hidden = await withPerms({ hideAuth: true });
    const page = await hidden.newPage();
    for (const path of ['/login', '/signup', '/forgot-pw']) {
      await page.goto(`${baseUrl}${path}`);
      await expect
        .poll(() => page.getByTestId('auth-disabled').textContent())
        .toContain('This site has currently disabled logins / signups');
    }
    expect(await page.getByTestId('sign-in-link').count()).toBe(0);
    await hidden.close();

    const swapped = await withPerms({ swapLogin: true, hideAuth: false });
    const swappedPage = await swapped.newPage();
    await swappedPage.goto(`${baseUrl}/login`);
    await swappedPage.getByTestId('signup-offer').waitFor();
    expect(await swappedPage.getByTestId('sign-in-link').textContent()).toBe('Sign up');
    const offerFirst = await swappedPage.evaluate(() => {
      const offer = document.querySelector('[data-testid="signup-offer"]')!;
      const form = document.querySelector('form.auth-form')!; // not the header's search form
      return !!(offer.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(offerFirst).toBe(true);
    await swapped.close();
  });
});
