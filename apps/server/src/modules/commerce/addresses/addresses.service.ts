import { createHash } from 'node:crypto';
import type {
  AddressesAffected,
  SavedAddress,
  UpdateAddressBody,
  UpdateAddressResult,
} from '@marquee/contract';
import { ADDRESS_REQUIRED, COMMERCE_MESSAGES, validateAddress } from '@marquee/domain';
import type { AuthUser } from '../../../plugins/auth';
import { AppError, badRequest } from '../../../plugins/errors';
import type { AddressesRepository, AddressField } from './addresses.repository';

type Row = Awaited<ReturnType<AddressesRepository['withAddresses']>>[number];
/** The fields an address is told apart by (its `_id` hashes them). */
const TEXT_FIELDS = [...ADDRESS_REQUIRED, 'address2', 'fullName'] as const;
type Text = Record<(typeof TEXT_FIELDS)[number], string>;

const FIELDS: AddressField[] = ['billingAddress', 'shippingAddress'];
const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const addressNotFound = () => new AppError(404, 'notFound', 'Address not found');

function textOf(json: string | null): Text | null {
  if (!json) return null;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const text = Object.fromEntries(TEXT_FIELDS.map((k) => [k, str(raw[k])])) as Text;
  text.countryCode = text.countryCode.toUpperCase();
  return text.address1 ? text : null;
}

/**
 * The `_id` of a user's address: a hash of the user and the address text, so the same address on
 * two purchases is one saved address, and an id never leads to another user's (decision 0055).
 */
export function addressId(userId: string, address: Partial<Text>): string {
  const canon = TEXT_FIELDS.map((k) => (address[k] ?? '').trim().toLowerCase());
  return createHash('sha256')
    .update(JSON.stringify([userId, ...canon]))
    .digest('hex')
    .slice(0, 24);
}

function toSaved(id: string, t: Text, sameAsBilling: boolean): SavedAddress {
  const country = t.countryCode ? (countryNames.of(t.countryCode) ?? t.countryCode) : '';
  const fullAddress = [t.address1, t.address2, t.city, `${t.state} ${t.zip}`.trim(), country]
    .filter(Boolean)
    .join(', ');
  return {
    _id: id,
    address1: t.address1,
    address2: t.address2 || null,
    city: t.city,
    state: t.state,
    zip: t.zip,
    countryCode: t.countryCode,
    country,
    fullName: t.fullName || null,
    fullAddress,
    isNew: false,
    isPlaceHolder: false,
    sameAsBilling,
  };
}

/** Every address copy on the user's purchases: which purchase, which field, its id and text. */
function copiesOf(userId: string, rows: Row[]) {
  return rows.flatMap((row) =>
    FIELDS.flatMap((field) => {
      const json = field === 'billingAddress' ? row.billing_address : row.shipping_address;
      const text = textOf(json);
      return text && json ? [{ row, field, json, text, id: addressId(userId, text) }] : [];
    }),
  );
}

/** Saved addresses (accounts-and-commerce §3 Address, §5, §7 me/addresses, §8; decision 0055). */
export function createAddressesService(deps: { repo: AddressesRepository; now: () => number }) {
  const { repo } = deps;
  const copies = async (user: AuthUser) => copiesOf(user.id, await repo.withAddresses(user.siteUid, user.id));
  /** Still in force: active or trialing within its window, or suspended (it renews once fixed). */
  const inForce = (row: Row) =>
    row.status === 'suspended' ||
    ((row.status === 'active' || row.status === 'trialing') &&
      (row.available_to === null || row.available_to > new Date(deps.now()).toISOString()));

  return {
    async list(user: AuthUser): Promise<SavedAddress[]> {
      const all = await copies(user);
      const sameAsBilling = new Set(
        all
          .filter((c) => c.field === 'shippingAddress')
          .filter((c) => all.some((b) => b.row === c.row && b.field === 'billingAddress' && b.id === c.id))
          .map((c) => c.id),
      );
      const seen = new Map<string, SavedAddress>();
      for (const c of all)
        if (!seen.has(c.id)) seen.set(c.id, toSaved(c.id, c.text, sameAsBilling.has(c.id)));
      return [...seen.values()];
    },

    async affected(user: AuthUser, id: string): Promise<AddressesAffected> {
      const mine = (await copies(user)).filter((c) => c.id === id);
      if (mine.length === 0) throw addressNotFound();
      return {
        items: mine
          .filter((c) => inForce(c.row))
          .map((c) => ({
            purchaseId: c.row.id,
            name: c.row.name,
            status: c.row.status,
            isRecurring: c.row.is_recurring === 1,
            field: c.field,
          })),
      };
    },

    /** §5 "Address update requires address1, city, state, countryCode, zip"; §8 its messages. */
    async update(user: AuthUser, body: UpdateAddressBody): Promise<UpdateAddressResult> {
      const missing = Object.keys(validateAddress(body.address));
      if (missing.length > 0)
        throw badRequest(`address.${missing[0]}`, COMMERCE_MESSAGES.requiredInformation);
      const targets = (await copies(user)).filter(
        (c) =>
          c.id === body.address._id &&
          (body.purchaseId === undefined || c.row.id === body.purchaseId) &&
          (body.field === undefined || c.field === body.field),
      );
      if (targets.length === 0) throw addressNotFound();
      const a = body.address;
      const text: Text = {
        address1: a.address1?.trim() ?? '',
        address2: a.address2?.trim() ?? '',
        city: a.city?.trim() ?? '',
        state: a.state?.trim() ?? '',
        zip: a.zip?.trim() ?? '',
        countryCode: (a.countryCode ?? '').trim().toUpperCase(),
        fullName: a.fullName?.trim() || targets[0]!.text.fullName,
      };
      const stored = JSON.stringify({
        ...text,
        address2: text.address2 || undefined,
        fullName: text.fullName || undefined,
      });
      const updated: string[] = [];
      for (const c of targets)
        if (await repo.replace(c.row.id, user.id, c.field, c.json, stored)) updated.push(c.row.id);
      if (updated.length === 0) throw new AppError(409, 'conflict', COMMERCE_MESSAGES.addressModifyError);
      const id = addressId(user.id, text);
      return {
        message: COMMERCE_MESSAGES.addressModified,
        address: toSaved(id, text, false),
        purchaseIds: [...new Set(updated)],
      };
    },
  };
}
export type AddressesService = ReturnType<typeof createAddressesService>;
