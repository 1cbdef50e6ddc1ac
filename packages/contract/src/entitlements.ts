import { z } from 'zod';
import { SiteParams } from './common';

/**
 * Operators' complimentary grants (decision 0025): a purchase of a bundle at no cost (gateway
 * `comp`), given to a user of the site by one of its admins, and revoked by them.
 */

const id = (name: string) =>
  z
    .string({ message: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(128, `${name} is too long`);

export const GrantUserParams = SiteParams.extend({ userId: id('userId') });
export type GrantUserParams = z.infer<typeof GrantUserParams>;
export const GrantParams = GrantUserParams.extend({ purchaseId: id('purchaseId') });
export type GrantParams = z.infer<typeof GrantParams>;

export const GrantBody = z.object({
  bundleId: id('bundleId'),
  /** The grant ends here (ISO date-time, in the future); open-ended when omitted. */
  availableTo: z.iso.datetime({ offset: true, message: 'availableTo must be an ISO date-time' }).optional(),
  /** Why it was given, kept as the purchase's description. */
  description: z.string().trim().max(500, 'description is too long').optional(),
});
export type GrantBody = z.infer<typeof GrantBody>;

export const Grant = z
  .object({
    /** The purchase id. */
    id: z.string(),
    userId: z.string(),
    bundleId: z.string(),
    name: z.string(),
    /** The bundle's type: ENTIRE_SITE, CHANNELS, PRODUCT, DISABLE_ADS or RENTAL. */
    type: z.string(),
    /** active, or canceled once revoked. */
    status: z.string(),
    gateway: z.literal('comp'),
    amount: z.number(),
    availableFrom: z.string().nullable(),
    availableTo: z.string().nullable(),
    description: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Grant' });
export type Grant = z.infer<typeof Grant>;
