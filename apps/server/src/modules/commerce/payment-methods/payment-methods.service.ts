import { randomUUID } from 'node:crypto';
import type { CreatePaymentMethodBody, PaymentMethod } from '@marquee/contract';
import { cardTypeOf, COMMERCE_MESSAGES, deleteMethodMessage, validateCard } from '@marquee/domain';
import type { EventEmitter } from '../../../infra/event-bus';
import type { AuthUser } from '../../../plugins/auth';
import { AppError, badRequest } from '../../../plugins/errors';
import { toPaymentMethod } from '../commerce.mapper';
import { GatewayRefusedError, GatewayValidationError } from '../gateways/gateway';
import type { SiteGateways } from '../gateways/site-gateways';
import type { PurchasesRepository } from '../purchases/purchases.repository';
import type { ReactivationOutcome } from '../renewals/renewals.service';
import type { PaymentMethodsRepository } from './payment-methods.repository';

/** Verifies a captcha token for an action (addCard, purchase; §7). */
export type CaptchaCheck = (
  token: string,
  ctx: { siteUid: string; ip?: string; action: string },
) => Promise<void>;

const methodNotFound = () => new AppError(404, 'notFound', 'Payment method not found');

/** Saved cards (accounts-and-commerce §7 Payments): list, save (captcha action addCard), default, remove. */
export function createPaymentMethodsService(deps: {
  repo: PaymentMethodsRepository;
  purchases: Pick<PurchasesRepository, 'setPurchasesMethod' | 'suspendedPurchases'>;
  siteGateways: Pick<SiteGateways, 'gatewayFor'>;
  captcha: CaptchaCheck;
  /** Restarts billing of a suspended purchase on its (new) saved card (renewals). */
  reactivate: (purchaseId: string) => Promise<ReactivationOutcome>;
  events: EventEmitter;
  now: () => number;
}) {
  const { repo, now } = deps;
  const iso = () => new Date(now()).toISOString();
  const gatewayFor = deps.siteGateways.gatewayFor;

  async function ownMethod(user: AuthUser, gateway: string, id: string) {
    const row = await repo.method(id);
    if (!row || row.user_id !== user.id || row.gateway !== gateway) throw methodNotFound();
    return row;
  }

  return {
    ownMethod,

    async methods(user: AuthUser, gateway: string): Promise<{ items: PaymentMethod[] }> {
      await gatewayFor(user.siteUid, gateway);
      return { items: (await repo.methods(user.id, gateway)).map(toPaymentMethod) };
    },

    /** Checks and saves a card at the gateway (captcha action addCard; §7). */
    async createMethod(
      user: AuthUser,
      gateway: string,
      body: CreatePaymentMethodBody,
      ip: string | undefined,
      action = 'addCard',
    ): Promise<PaymentMethod> {
      const gw = await gatewayFor(user.siteUid, gateway);
      if (!gw.savesCards)
        throw new AppError(400, 'gatewayUnavailable', `The ${gateway} gateway keeps no cards`, 'gateway');
      const card = body.paymentMethod;
      const errors = validateCard(
        {
          cardNumber: card.cardNumber,
          firstName: card.firstName,
          lastName: card.lastName,
          month: card.month,
          year: card.year,
          cardCode: card.cardCode,
          zip: card.zip,
        },
        now(),
      );
      const field = Object.keys(errors).find((k) => k !== 'form');
      if (field)
        throw new AppError(
          400,
          'invalidCard',
          errors[field as keyof typeof errors]!,
          `paymentMethod.${field}`,
        );
      if (!body.recaptchaToken) throw badRequest('recaptchaToken', COMMERCE_MESSAGES.requiredInformation);
      try {
        await deps.captcha(body.recaptchaToken, { siteUid: user.siteUid, ip, action });
      } catch (err) {
        // The captcha names its own field captchaToken; here the field is the spec's recaptchaToken.
        if (err instanceof AppError && err.statusCode === 400)
          throw new AppError(400, err.code, err.message, 'recaptchaToken');
        throw err;
      }
      const number = String(card.cardNumber);
      let saved;
      try {
        saved = await gw.saveCard({
          card: {
            number,
            expMonth: Number(card.month),
            expYear: Number(card.year),
            cvc: String(card.cardCode),
            firstName: String(card.firstName),
            lastName: String(card.lastName),
            zip: String(card.zip),
          },
          customer: { userId: user.id, email: user.email },
        });
      } catch (err) {
        if (err instanceof GatewayValidationError)
          throw new AppError(400, 'cardValidation', COMMERCE_MESSAGES.cardValidation, 'paymentMethod');
        throw err;
      }
      const id = randomUUID();
      await repo.insertMethod(
        {
          id,
          site_uid: user.siteUid,
          user_id: user.id,
          gateway,
          gateway_token: saved.token,
          card_type: cardTypeOf(number),
          last4: saved.last4,
          exp_month: saved.expMonth,
          exp_year: saved.expYear,
          first_name: String(card.firstName).trim(),
          last_name: String(card.lastName).trim(),
          email: user.email,
          billing_address: body.billingAddress ? JSON.stringify(body.billingAddress) : null,
          created_at: iso(),
          is_default: 0,
        },
        body.isDefault === true,
      );
      return toPaymentMethod((await repo.method(id))!);
    },

    /** PUT …/method/default/{gateway}/{id} {applyAllPurchases}. */
    async setDefaultMethod(user: AuthUser, gateway: string, id: string, applyAllPurchases: boolean) {
      await gatewayFor(user.siteUid, gateway);
      const method = await ownMethod(user, gateway, id);
      if (method.is_default === 0) await repo.setDefaultMethod(user.id, gateway, id);
      const updated = applyAllPurchases
        ? await deps.purchases.setPurchasesMethod(user.id, gateway, id, iso())
        : 0;
      if (updated > 0) deps.events.emit('purchaseChanged', { siteUid: user.siteUid, userId: user.id });
      // Suspended ones restart on the card; one that declines stays suspended (its alert remains).
      if (applyAllPurchases)
        for (const p of await deps.purchases.suspendedPurchases(user.id, gateway))
          await deps.reactivate(p.id);
      return {
        items: (await repo.methods(user.id, gateway)).map(toPaymentMethod),
        updatedPurchases: updated,
        message: applyAllPurchases ? COMMERCE_MESSAGES.purchasesUpdated : null,
      };
    },

    /**
     * DELETE …/method/remove/{gateway}/{id}. A card a live recurring purchase renews with is refused
     * the way the card gateway refuses it (E00105 → "This payment method is associated with an
     * active purchase…"); any other gateway refusal → "The selected payment method cannot be deleted."
     */
    async removeMethod(user: AuthUser, gateway: string, id: string): Promise<void> {
      const gw = await gatewayFor(user.siteUid, gateway);
      const method = await ownMethod(user, gateway, id);
      if (await repo.methodInUse(method.id))
        throw new AppError(409, 'methodInUse', deleteMethodMessage('E00105'), 'id');
      try {
        await gw.removeCard(method.gateway_token);
      } catch (err) {
        if (err instanceof GatewayRefusedError || err instanceof GatewayValidationError)
          throw new AppError(409, 'methodNotDeleted', deleteMethodMessage(err.message), 'id');
        throw err;
      }
      await repo.deleteMethod(method);
    },
  };
}
export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;
