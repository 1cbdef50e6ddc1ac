import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { GiftData, RedeemGiftResult } from '@marquee/contract';
import { COMMERCE_MESSAGES, periodEnd } from '@marquee/domain';
import type { Insertable } from 'kysely';
import type { PurchasesTable } from '../../../db/schema';
import type { EventEmitter } from '../../../infra/event-bus';
import type { Mailer } from '../../../infra/mailer';
import type { AuthUser } from '../../../plugins/auth';
import { AppError, badRequest } from '../../../plugins/errors';
import { toPurchase } from '../commerce.mapper';
import type { OffersRepository } from '../offers/offers.repository';
import { planOfPurchase } from '../renewals/renewals.service';
import type { GiftsRepository } from './gifts.repository';

/** Gift e-mail rule of §5 ("valid e-mail"): one @, something on both sides, a dot in the domain. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const giftNotFound = () => new AppError(404, 'notFound', 'Gift not found', 'id');

/**
 * §5 Gift form: "name and e-mail required ("Please fill in all required fields"); valid e-mail;
 * recipient equal to giver gives "Gift recipient and giver can't have the same email address."".
 * Answers the normalised gift data.
 */
export function validateGift(giver: Pick<AuthUser, 'email'>, data: GiftData | undefined) {
  const name = (data?.name ?? '').trim();
  const email = (data?.email ?? '').trim().toLowerCase();
  if (!name) throw badRequest('giftData.name', COMMERCE_MESSAGES.giftRequiredFields);
  if (!email) throw badRequest('giftData.email', COMMERCE_MESSAGES.giftRequiredFields);
  if (!EMAIL.test(email) || email.length > 254)
    throw badRequest('giftData.email', 'Please enter a valid email address');
  if (email === giver.email.trim().toLowerCase())
    throw badRequest('giftData.email', COMMERCE_MESSAGES.giftSameEmail);
  const message = data?.message?.trim() || null;
  return { name, email, message };
}

/**
 * Gifts (decision 0033). The giver's purchase (is_gift) is written by checkout with an empty access
 * window; once it is recorded a random code is stored hashed on it and mailed to the recipient as
 * {origin}/redeem-gift/{purchaseId}?loginAs={email}&code={code}. Redeeming writes the recipient's
 * own purchase (gateway `gift`, one period from now) and marks the gift, in one transaction.
 */
export function createGifts(deps: {
  repo: GiftsRepository;
  offers: Pick<OffersRepository, 'bundle'>;
  mailer: Pick<Mailer, 'send'>;
  now: () => number;
  events: EventEmitter;
}) {
  const { repo, now } = deps;
  const iso = (ms = now()) => new Date(ms).toISOString();

  return {
    /**
     * Called once the gift purchase is recorded: stores a fresh code's hash (only when none is
     * stored, so a second caller sends nothing) and mails the recipient.
     */
    async mailRecipient(purchaseId: string, origin: string): Promise<void> {
      const code = randomBytes(24).toString('base64url');
      if (!(await repo.setCodeHash(purchaseId, sha256(code), iso()))) return;
      const row = await repo.mailData(purchaseId);
      const to = row.gifted_to_email!;
      const q = new URLSearchParams({ loginAs: to, code });
      const link = `${origin}/redeem-gift/${encodeURIComponent(purchaseId)}?${q.toString()}`;
      const giver = `${row.first_name} ${row.last_name}`.trim() || row.email;
      await deps.mailer.send({
        to,
        subject: `${giver} sent you a gift on ${row.site_name}`,
        text:
          `Hello ${row.gift_name ?? ''},\n\n` +
          `${giver} gave you ${row.name} on ${row.site_name}.\n\n` +
          (row.gift_message ? `"${row.gift_message}"\n\n` : '') +
          `Open this link to redeem your gift (sign in or create an account with this e-mail):\n\n${link}\n`,
      });
    },

    /** POST /api/payment/redeem-gift/{id}. */
    async redeem(user: AuthUser, purchaseId: string, code: string): Promise<RedeemGiftResult> {
      if (!code.trim()) throw badRequest('code', 'The gift code is required');
      const gift = await repo.purchase(purchaseId);
      if (!gift || gift.is_gift !== 1 || gift.site_uid !== user.siteUid) throw giftNotFound();
      const given = Buffer.from(sha256(code.trim()), 'hex');
      const stored = gift.gift_code_hash ? Buffer.from(gift.gift_code_hash, 'hex') : null;
      if (!stored || stored.length !== given.length || !timingSafeEqual(stored, given))
        throw badRequest('code', 'This gift code is not valid');
      if (gift.user_id === user.id)
        throw new AppError(409, 'ownGift', 'You cannot redeem a gift you gave', 'id');
      if (gift.redeemed_at)
        throw new AppError(409, 'alreadyRedeemed', 'This gift was already redeemed', 'id');

      const nowMs = now();
      const at = iso(nowMs);
      // One period of the bundle, from redemption (a recurring bundle is gifted as one period).
      const end = periodEnd(nowMs, (await planOfPurchase(deps.offers, gift)).plan);
      const row: Insertable<PurchasesTable> = {
        id: randomUUID(),
        site_uid: gift.site_uid,
        user_id: user.id,
        bundle_id: gift.bundle_id,
        rental_id: gift.rental_id,
        name: gift.name,
        type: gift.type,
        status: 'active',
        currency: gift.currency,
        amount_cents: 0,
        original_amount_cents: gift.original_amount_cents,
        taxes_amount_cents: 0,
        is_recurring: 0,
        discounted_billing_cycles: null,
        gateway: 'gift',
        // The gift it came from.
        gateway_id: gift.id,
        gateway_method: null,
        plan_type: gift.plan_type,
        coupon_code: null,
        available_from: at,
        available_to: end === null ? null : iso(end),
        previous_purchase: null,
        access_info: gift.access_info,
        bundle_type: gift.bundle_type,
        billing_address: null,
        shipping_address: null,
        shipping_full_name: null,
        description: gift.description,
        canceled_date: null,
        status_history: JSON.stringify([{ status: 'active', timestamp: at }]),
        cancel_subscription_in_progress: 0,
        is_gift: 0,
        gifted_to_email: null,
        redeemed_by_user_id: null,
        redeemed_at: null,
        created_at: at,
        updated_at: at,
        trial_ends_at: null,
        period_started_at: at,
        period_paid_cents: 0,
        next_cycle_cents: null,
        payment_method_id: null,
      };
      const won = await repo.redeem(gift.id, user.id, at, row);
      if (!won) throw new AppError(409, 'alreadyRedeemed', 'This gift was already redeemed', 'id');
      deps.events.emit('purchaseChanged', { siteUid: user.siteUid, userId: user.id });
      return { success: true, purchase: toPurchase((await repo.purchase(row.id))!) };
    },
  };
}
export type Gifts = ReturnType<typeof createGifts>;
