import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousA11yViolations } from './axe';
import { launchBrowser, submitLogin } from './browser';
import {
  BILLING,
  buy,
  callApi,
  CARD,
  e2eDataDir,
  mailedLink,
  pageSignedInAs,
  signUpViewer,
  solvedCaptcha,
  VIEWER_PASSWORD,
  type Login,
} from './viewers';

// The purchases screens (accounts-and-commerce §2 account routes, §4 Purchases page; decision 0035).
// Each test signs up a fresh user through the API (solving the ALTCHA challenge as the signup widget
// does) and buys through the API with the test gateway's 4242 card, so no two tests share purchases
// and the tests can run again on the same data directory.
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const pageAs = (login: Login) => pageSignedInAs(browser, login);

const card = (page: Page, purchaseId: string) => page.locator(`[data-purchase-id="${purchaseId}"]`);

describe('purchases', () => {
  it('sends an anonymous visitor to login with odrc=library, and /subscriptions to /purchases', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/purchases`);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('odrc') === 'library');
    const user = await signUpViewer('redirect');
    const signed = await pageAs(user);
    await signed.goto(`${baseUrl}/subscriptions`);
    await signed.waitForURL((url) => url.pathname === '/purchases');
    await signed.getByTestId('purchases-empty-purchased').waitFor();
    await page.close();
    await signed.context().close();
  });

  it("the wallet callback pages: an incomplete link, and a checkout that is not the viewer's", async () => {
    const user = await signUpViewer('wallet');
    const page = await pageAs(user);
    await page.goto(`${baseUrl}/paypal?op=confirm`);
    const box = page.getByTestId('wallet-callback');
    await expect.poll(() => box.getAttribute('data-outcome')).toBe('error');
    expect(await box.textContent()).toContain('This payment link is incomplete.');
    await page.goto(`${baseUrl}/paypal-sub?op=cancel&cid=no-such-checkout`);
    await expect.poll(() => box.getAttribute('data-outcome')).toBe('error');
    await box.getByRole('link', { name: 'Go to purchases' }).waitFor();
    await page.context().close();
  });

  it('upgrades a demo-monthly purchase to demo-annual: unused time shown, Confirm Upgrade, the monthly one hidden', async () => {
    const user = await signUpViewer('upgrade');
    // demo-monthly starts with a free trial, which earns no credit (decision 0029); one trial per
    // user, so the second purchase is paid from the start.
    const trial = await buy(user.token, 'demo-monthly');
    expect(
      (await callApi(user.token, 'POST', '/api/payment/unsubscribe', { purchaseId: trial.id })).status,
    ).toBe(200);
    const monthly = await buy(user.token, 'demo-monthly');
    const page = await pageAs(user);
    // /subscribe/{bundle}?upgradesPurchase: the checkout panel's upgrade variant shows the credit.
    await page.goto(`${baseUrl}/subscribe/demo-annual?upgradesPurchase=${monthly.id}`);
    const summary = page.getByTestId('bundle-summary');
    await summary.getByText('Unused time of your current plan').waitFor();
    expect(await summary.textContent()).toMatch(/current plan.*-\$(?!0\.00)\d+\.\d\dTotal today/);
    // /subscribe's Upgrade To offer leads to the upgrade of that purchase, the offer's plan chosen.
    await page.goto(`${baseUrl}/subscribe`);
    const upgradeTo = page
      .locator('section[aria-labelledby="offers-upgrade"]')
      .getByTestId('offer-action-demo-annual');
    await expect
      .poll(() => upgradeTo.getAttribute('href'))
      .toBe(`/upgrade-purchase/${monthly.id}?bundleId=demo-annual`);
    await upgradeTo.click();
    await page.waitForURL((url) => url.pathname === `/upgrade-purchase/${monthly.id}`);
    expect(await page.getByRole('radio', { name: /Annual/ }).isChecked()).toBe(true);
    await page.goto(`${baseUrl}/purchases`);
    await card(page, monthly.id).getByTestId('upgrade-link').click();
    await page.waitForURL((url) => url.pathname === `/upgrade-purchase/${monthly.id}`);
    const unused = page.getByTestId('unused-time');
    await unused.waitFor();
    // Bought a moment ago: nearly the whole month is unused and credited to the first payment.
    expect(await unused.textContent()).toMatch(/^−\$\d+\.\d\d$/);
    expect(await unused.textContent()).not.toBe('−$0.00');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Confirm Upgrade' }).click();
    await page.waitForURL((url) => url.pathname === '/purchases');
    const cards = page.getByTestId('purchase-card');
    await expect.poll(async () => (await cards.allTextContents()).join('|')).toMatch(/Annual/i);
    expect(await card(page, monthly.id).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('cancels a purchase: confirm, status canceled with its canceled date', async () => {
    const user = await signUpViewer('cancel');
    const monthly = await buy(user.token, 'demo-monthly');
    const page = await pageAs(user);
    await page.goto(`${baseUrl}/purchases`);
    await card(page, monthly.id).getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByTestId('cancel-confirm').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    const status = card(page, monthly.id).getByTestId('purchase-status');
    await expect.poll(() => status.textContent()).toBe('Canceled');
    expect(await card(page, monthly.id).textContent()).toMatch(/Canceled on \w{3} \d{1,2}, \d{4}/);
    const after = await callApi<{ status: string; canceledDate: string | null }>(
      user.token,
      'GET',
      `/api/payment/purchases/${monthly.id}`,
    );
    expect(after.body).toMatchObject({ status: 'canceled', canceledDate: expect.any(String) });
    // Canceled: no Cancel again, no method change.
    expect(await card(page, monthly.id).getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    await page.context().close();
  });

  it('changes the payment method of one purchase, then of all; a card in use cannot be deleted', async () => {
    const user = await signUpViewer('method');
    const monthly = await buy(user.token, 'demo-monthly');
    const second = await callApi<{ id: string }>(user.token, 'POST', '/api/payment/method/create/test', {
      recaptchaToken: await solvedCaptcha(),
      paymentMethod: { ...CARD, cardNumber: '5555555555554444' },
      billingAddress: BILLING,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const page = await pageAs(user);
    await page.goto(`${baseUrl}/purchases`);
    await card(page, monthly.id).getByRole('link', { name: 'Change payment method' }).click();
    await page.waitForURL((url) => url.pathname === `/purchases/${monthly.id}`);
    // Another card than the one it renews with is offered first; the current one is marked.
    expect(await page.getByRole('radio', { name: /ending in 4444/ }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /ending in 4242.*Current/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByTestId('update-error').textContent())
      .toBe('This is your current payment method, you should choose another one');
    await page.getByLabel(/ending in 4444/).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/purchases');
    await expect
      .poll(async () => (await page.getByTestId('site-toast').allTextContents()).join('|'))
      .toContain('Your purchases have been updated successfully');
    // The card the purchase now renews with cannot be deleted (§8).
    const mastercard = page.getByTestId('payment-method').filter({ hasText: '4444' });
    await mastercard.getByRole('button', { name: /^Delete/ }).click();
    await expect
      .poll(() => page.getByTestId('methods-error').textContent())
      .toBe(
        'This payment method is associated with an active purchase. Please add a new Credit Card and try again.',
      );
    // Every purchase back to the Visa: the update-all modal warns, Confirm applies.
    const visa = page.getByTestId('payment-method').filter({ hasText: '4242' });
    await visa.getByRole('button', { name: 'Use for all purchases' }).click();
    const modal = page.getByTestId('update-all-modal');
    await modal.waitFor();
    expect(await modal.textContent()).toContain('All your active subscriptions will use this payment method');
    await modal.getByRole('button', { name: 'Confirm' }).click();
    await modal.waitFor({ state: 'detached' });
    const methods = await callApi<{ items: Array<{ last4: string; isDefault: boolean }> }>(
      user.token,
      'GET',
      '/api/payment/method/get/test',
    );
    expect(methods.body.items.find((m) => m.isDefault)?.last4).toBe('4242');
    await page.context().close();
  });

  it('lists an active rental in its own section, with the hours left under 24 h', async () => {
    const user = await signUpViewer('rental');
    const rental = await buy(user.token, 'demo-rental-48h', undefined, 'Rental');
    const db = new Database(join(e2eDataDir, 'marquee.sqlite'));
    try {
      const end = new Date(Date.now() + 5.5 * 3_600_000).toISOString();
      db.prepare('UPDATE purchases SET available_to = ? WHERE id = ?').run(end, rental.id);
    } finally {
      db.close();
    }
    const page = await pageAs(user);
    await page.goto(`${baseUrl}/purchases`);
    const rentals = page.getByTestId('purchases-rentals');
    await rentals.locator(`[data-purchase-id="${rental.id}"]`).waitFor();
    expect(await rentals.textContent()).toContain('6 hours left');
    expect(
      await page.getByTestId('purchases-purchased').locator(`[data-purchase-id="${rental.id}"]`).count(),
    ).toBe(0);
    await page.context().close();
  });

  it('shows the suspended-purchase alert after login; My Subscriptions leads to /purchases', async () => {
    const user = await signUpViewer('suspended');
    const monthly = await buy(user.token, 'demo-monthly');
    // The renewal failed (decision 0032): the purchase is suspended.
    const db = new Database(join(e2eDataDir, 'marquee.sqlite'));
    try {
      db.prepare("UPDATE purchases SET status = 'suspended' WHERE id = ?").run(monthly.id);
    } finally {
      db.close();
    }
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, user.email, VIEWER_PASSWORD);
    const alert = page.getByTestId('suspended-alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      "We couldn't renew your subscription. Please update your payment information.",
    );
    await alert.getByRole('button', { name: 'My Subscriptions' }).click();
    await page.waitForURL((url) => url.pathname === '/purchases');
    await expect.poll(() => card(page, monthly.id).getAttribute('data-status')).toBe('suspended');
    // Once per login session: not again on the next page.
    await page.goto(`${baseUrl}/purchases`);
    await card(page, monthly.id).waitFor();
    expect(await page.getByTestId('suspended-alert').count()).toBe(0);
    await page.close();
  });

  it('redeems a gift as the recipient: login with loginAs, then the content', async () => {
    const giver = await signUpViewer('giver');
    const recipient = await signUpViewer('recipient');
    const gift = await callApi<{ purchase: { id: string } }>(
      giver.token,
      'POST',
      '/api/payment/gift',
      {
        gateway: 'test',
        gatewayMethod: 'newCard',
        gatewayData: {
          card: { ...CARD, cardNumber: '4242424242424242' },
        },
        resourceId: 'demo-monthly',
        type: 'Bundle',
        isGift: true,
        giftData: { name: 'Friend', email: recipient.email, message: 'Enjoy' },
        billingAddress: BILLING,
        disclaimerAccepted: true,
        recaptchaToken: await solvedCaptcha(),
      },
      { 'Idempotency-Key': `e2e-gift-${Date.now()}-${Math.random()}` },
    );
    expect(gift.status, JSON.stringify(gift.body)).toBe(201);
    // The link of the gift mail.
    const url = await mailedLink(recipient.email, '/redeem-gift/');
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl}${url.pathname}${url.search}`);
    // Login first (odrc=redeem-gift), the e-mail filled in from loginAs.
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('odrc') === 'redeem-gift');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(recipient.email);
    await submitLogin(page, recipient.email, VIEWER_PASSWORD);
    await page.waitForURL((u) => u.pathname === url.pathname);
    // A wrong code first, then the mail's code.
    const code = page.getByLabel('Gift code');
    await code.fill('wrong-code');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect
      .poll(() => page.getByTestId('redeem-error').textContent())
      .toBe('This gift code is not valid.');
    await code.fill(url.searchParams.get('code')!);
    await page.getByRole('button', { name: 'Redeem' }).click();
    await page.getByTestId('redeem-continue').click();
    await page.waitForURL((u) => u.pathname === '/library');
    // The giver cannot redeem it again, nor can anyone: already redeemed.
    const again = await callApi(
      recipient.token,
      'POST',
      `/api/payment/redeem-gift/${gift.body.purchase.id}`,
      {
        code: url.searchParams.get('code'),
      },
    );
    expect(again.status).toBe(409);
    await page.close();
  });
});

describe('saved addresses (decision 0055)', () => {
  it('lists the billing address of a purchase, warns what an edit affects, requires the five fields, and saves', async () => {
    const user = await signUpViewer('addresses');
    await buy(user.token, 'demo-monthly');
    const page = await pageAs(user);
    await page.goto(`${baseUrl}/purchases`);
    const section = page.getByTestId('saved-addresses');
    const item = section.getByTestId('saved-address');
    await item.getByText('1 Main St, Springfield, IL 62701, United States').waitFor();
    await item.getByRole('button', { name: /^Edit/ }).click();
    const form = section.getByRole('form', { name: 'Edit address' });
    await form
      .getByTestId('address-affected')
      .getByText(/on 1 purchase/)
      .waitFor();
    await form.locator('input[name="city"]').fill('');
    await form.getByRole('button', { name: 'Save address' }).click();
    await form.getByRole('alert').getByText('Please fill in the required information').waitFor();

    // Saved: the toast says so and the list shows the new address.
    await form.locator('input[name="city"]').fill('Shelbyville');
    await form.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Address was modified successfully').waitFor();
    await item.getByText('1 Main St, Shelbyville, IL 62701, United States').waitFor();
    await page.context().close();
  });
});
