import { AppError } from '../../../plugins/errors';
import type { GatewayRegistry } from './gateway';

/**
 * The gateways an order on a site may use: those this server runs that the site has enabled
 * (`sites.payment_gateways`; decision 0036), and `free`, which only ever takes zero-amount orders.
 * `gatewayFor` is the one check every order and payment-method call goes through.
 */
export function createSiteGateways(
  gateways: GatewayRegistry,
  /** The gateway names the site has enabled. */
  siteGateways: (siteUid: string) => Promise<string[]>,
) {
  async function enabled(siteUid: string) {
    const names = new Set(await siteGateways(siteUid));
    return Object.values(gateways).filter((g) => g.name === 'free' || names.has(g.name));
  }
  return {
    enabled,
    /** The named gateway when the site takes orders through it; else 400 naming `gateway`. */
    async gatewayFor(siteUid: string, name: string) {
      const gw = (await enabled(siteUid)).find((g) => g.name === name);
      if (!gw)
        throw new AppError(400, 'gatewayUnavailable', `The ${name} gateway is not available`, 'gateway');
      return gw;
    },
    /** GET /api/payment/gateways: the gateways the site has enabled (decision 0036). */
    async list(siteUid: string) {
      return {
        items: (await enabled(siteUid)).map((g) => ({
          name: g.name,
          enabled: true,
          savesCards: g.savesCards,
        })),
      };
    },
  };
}
export type SiteGateways = ReturnType<typeof createSiteGateways>;
