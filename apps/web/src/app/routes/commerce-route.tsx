import type { Bundle, CheckoutResult, GiftData, Rental } from '@marquee/contract';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { StatusMessage } from '../../components/status-message';
import { errorMessage } from '../../components/error-message';
import {
  PURCHASES_HREF,
  carrySubscribeParams,
  commerceLoginParams,
  commercePaths,
} from '../../config/commerce-paths';
import { accountPaths } from '../../config/account-paths';
import { paths } from '../../config/paths';
import { CheckoutPanel, TipJar, unlistedRedirectPath, useUpgradeProration } from '../../features/checkout';
import { useSiteConfig } from '../../features/site';
import {
  GiftForm,
  GiftSelection,
  PreorderOverlay,
  SubscribeList,
  oneActiveSubBlocks,
  parseHints,
  useBundles,
  useTitleHints,
} from '../../features/subscribe';
import { useSession } from '@marquee/api-client/react';
import { RequireLogin } from '../../lib/session';

/**
 * The commerce screens (accounts-and-commerce §2 Commerce routes, decision 0034): subscribe lists,
 * one bundle's checkout, gifts, the tip jar and the pre-order overlay. Every one needs login and
 * keeps its intent (odrc) through it.
 */

function Page({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="checkout">
      {title ? <h1>{title}</h1> : null}
      {children}
    </div>
  );
}

/**
 * §2 "Subscribe with odrc watch sets resume": back to the title (it resumes), else to the unlisted
 * bundle's redirect (decision 0068), else to purchases.
 */
export function afterPurchaseHref(
  params: URLSearchParams,
  videoUid?: string | null,
  unlistedRedirect?: string | null,
): string {
  const video = params.get('purchaseVideo') || videoUid || parseHints(params.get('data'))?.videoUid;
  const channel = params.get('channel');
  if (params.get('odrc') === 'watch' && video) {
    return channel ? paths.watch.getHref(channel, video) : paths.movie.getHref(video);
  }
  // An unlisted bundle's own next page (§3 unlistedRedirect, decision 0068), else the purchases.
  return unlistedRedirect ?? PURCHASES_HREF;
}

/** oneActiveSub: "If the user already has any active bundle and the oneActiveSub flag is set, subscribe goes to purchases." */
function useOneActiveSubRedirect(skip = false): 'pending' | 'blocked' | 'ok' {
  const config = useSiteConfig();
  const bundles = useBundles();
  if (skip) return 'ok';
  if (config.isPending) return 'pending';
  const oneActiveSub = config.data?.perms.oneActiveSub ?? false;
  if (!oneActiveSub) return 'ok';
  if (bundles.isPending) return 'pending';
  return oneActiveSubBlocks(true, bundles.data ?? []) ? 'blocked' : 'ok';
}

function Loading() {
  const { t } = useTranslation();
  return (
    <p className="checkout-muted" role="status">
      {t('loading')}
    </p>
  );
}

/** The list's links: checkout of the offer with the subscribe parameters carried. */
function useCheckoutHref(videoUid?: string | null) {
  const [params] = useSearchParams();
  return (offer: Bundle | Rental, kind: 'buy' | 'rent' | 'upgrade', upgradesPurchase?: string) => {
    // An Upgrade To offer: the upgrade page of the purchase it upgrades, that plan chosen.
    if (kind === 'upgrade') {
      return upgradesPurchase
        ? accountPaths.upgradePurchase.getHref(upgradesPurchase, params.get('couponCode'), offer.id)
        : PURCHASES_HREF;
    }
    const extra = videoUid && !params.get('purchaseVideo') ? { purchaseVideo: videoUid } : {};
    return commercePaths.subscribeBundle.getHref(offer.id, carrySubscribeParams(params, extra));
  };
}

function SubscribeListBody() {
  const [params] = useSearchParams();
  const config = useSiteConfig();
  const gate = useOneActiveSubRedirect();
  const hints = parseHints(params.get('data'));
  const checkoutHref = useCheckoutHref(params.get('purchaseVideo') ?? hints?.videoUid);
  if (gate === 'pending') return <Loading />;
  if (gate === 'blocked') return <Navigate replace to={PURCHASES_HREF} />;
  return (
    <SubscribeList
      hints={hints}
      ticketsLabel={config.data?.perms.rentalsAsTickets ?? false}
      checkoutHref={checkoutHref}
      couponCode={params.get('couponCode')}
    />
  );
}

/** /subscribe?odrc&purchaseVideo&data&pageUrl&tabUrl&channel&isHybrid&platform */
export function SubscribeRoute() {
  const [params] = useSearchParams();
  return (
    <RequireLogin intent="subscribe" params={commerceLoginParams(params)}>
      <SubscribeListBody />
    </RequireLogin>
  );
}

function TitleOffers({ videoUid }: { videoUid: string }) {
  const { t } = useTranslation('subscribe');
  const config = useSiteConfig();
  const gate = useOneActiveSubRedirect();
  const playUrl = useTitleHints(videoUid);
  const checkoutHref = useCheckoutHref(videoUid);
  if (gate === 'pending' || playUrl.isPending) return <Loading />;
  if (gate === 'blocked') return <Navigate replace to={PURCHASES_HREF} />;
  if (playUrl.isError) {
    return (
      <StatusMessage kind="error" title={t('loadError')} onRetry={() => void playUrl.refetch()}>
        {errorMessage(playUrl.error)}
      </StatusMessage>
    );
  }
  const p = playUrl.data;
  // Already playable: nothing to buy, back to the title.
  if (p.url) return <Navigate replace to={paths.movie.getHref(videoUid)} />;
  return (
    <SubscribeList
      title={t('titleFor')}
      hints={{
        videoUid,
        bundleId: p.bundleId,
        bundleIds: p.bundleIds,
        rentalId: p.rentalId,
        rentalIds: p.rentalIds,
        productIds: p.productIds,
      }}
      ticketsLabel={config.data?.perms.rentalsAsTickets ?? false}
      checkoutHref={checkoutHref}
    />
  );
}

/** /subscribe/{contentType}/{videoUid}: the offers that unlock that title (its play-url hints). */
export function SubscribeTitleRoute() {
  const { contentType = '', videoUid = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <RequireLogin
      intent="subscribe-item"
      params={commerceLoginParams(params, { contentType, contentUid: videoUid, videoUid })}
    >
      <TitleOffers videoUid={videoUid} />
    </RequireLogin>
  );
}

function BundleCheckout({ bundle }: { bundle: string }) {
  const { t } = useTranslation('subscribe');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const upgradesPurchase = params.get('upgradesPurchase');
  const gate = useOneActiveSubRedirect(!!upgradesPurchase);
  const videoUid = params.get('purchaseVideo') || parseHints(params.get('data'))?.videoUid || null;
  const onDone = useCallback(
    (_result: CheckoutResult, bought: Bundle) =>
      void navigate(afterPurchaseHref(params, videoUid, unlistedRedirectPath(bought))),
    [navigate, params, videoUid],
  );
  // "A checkout load failure returns to subscribe."
  const onLoadError = useCallback(
    () => void navigate(commercePaths.subscribe.getHref(carrySubscribeParams(params)), { replace: true }),
    [navigate, params],
  );
  // The upgrade variant shows the unused time credited to the first payment (decision 0034).
  const proration = useUpgradeProration(upgradesPurchase, bundle, params.get('couponCode'));
  if (gate === 'pending' || (upgradesPurchase && proration.isPending)) return <Loading />;
  if (gate === 'blocked') return <Navigate replace to={PURCHASES_HREF} />;
  if (upgradesPurchase && proration.isError) {
    return (
      <Page title={t('upgradeTitle')}>
        <StatusMessage kind="error" title={t('upgradeError')} onRetry={() => void proration.refetch()}>
          {errorMessage(proration.error)}
        </StatusMessage>
      </Page>
    );
  }
  return (
    <Page title={upgradesPurchase ? t('upgradeTitle') : t('checkoutTitle')}>
      <CheckoutPanel
        bundleId={bundle}
        couponCode={params.get('couponCode')}
        kind={upgradesPurchase ? 'upgrade' : 'purchase'}
        upgradesPurchase={upgradesPurchase}
        prorationCents={upgradesPurchase ? (proration.data?.unusedTimeCents ?? 0) : 0}
        videoUid={videoUid}
        channel={params.get('channel')}
        platform={params.get('platform') ?? 'web'}
        onDone={onDone}
        onLoadError={onLoadError}
      />
    </Page>
  );
}

/** /subscribe/{bundle}?couponCode&upgradesPurchase (and the subscribe parameters). */
export function SubscribeBundleRoute() {
  const { bundle = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <RequireLogin
      intent="subscribe-one"
      params={commerceLoginParams(params, { bundle, upgradesPurchase: params.get('upgradesPurchase') })}
    >
      <BundleCheckout key={bundle} bundle={bundle} />
    </RequireLogin>
  );
}

function GiftsAllowed({ children }: { children: ReactNode }) {
  const { t } = useTranslation('checkout');
  const config = useSiteConfig();
  if (config.isPending) return <Loading />;
  if (config.data && !config.data.perms.allowGifts)
    return <StatusMessage kind="info" title={t('messages.unavailableBundle')} />;
  return <>{children}</>;
}

function GiftSteps() {
  const { t } = useTranslation('subscribe');
  const { user } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<Bundle | null>(null);
  return (
    <Page title={t('gift.title')}>
      {chosen === null ? (
        <GiftSelection onChoose={setChosen} />
      ) : (
        <GiftForm
          giverEmail={user?.email}
          onBack={() => setChosen(null)}
          onSubmit={(giftData) =>
            void navigate(
              commercePaths.giftBundle.getHref(
                chosen.id,
                params.get('couponCode')
                  ? `?couponCode=${encodeURIComponent(params.get('couponCode')!)}`
                  : '',
              ),
              { state: { giftData } },
            )
          }
        />
      )}
    </Page>
  );
}

/** What /gift keeps through login (§2 Return after login). */
const GIFT_PARAMS = ['pageUrl', 'tabUrl', 'channel', 'pid', 'videoUid', 'seriesUid', 'couponCode'] as const;

/** /gift?odrc&pageUrl&tabUrl&channel&login&pid&videoUid&seriesUid: gift_selection then gift_form. */
export function GiftRoute() {
  const [params] = useSearchParams();
  const kept: Record<string, string | undefined> = {};
  for (const key of GIFT_PARAMS) kept[key] = params.get(key) ?? undefined;
  return (
    <RequireLogin intent="gift" params={kept}>
      <GiftsAllowed>
        <GiftSteps />
      </GiftsAllowed>
    </RequireLogin>
  );
}

function GiftCheckout({ bundle }: { bundle: string }) {
  const { t } = useTranslation('subscribe');
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromState = (location.state as { giftData?: GiftData } | null)?.giftData ?? null;
  const [giftData, setGiftData] = useState<GiftData | null>(fromState);
  const [editing, setEditing] = useState(!fromState);
  const onDone = useCallback(() => void navigate(PURCHASES_HREF), [navigate]);
  const onLoadError = useCallback(
    () => void navigate(commercePaths.gift.getHref(), { replace: true }),
    [navigate],
  );
  return (
    <Page title={t('gift.title')}>
      {editing || !giftData ? (
        <GiftForm
          initial={giftData}
          giverEmail={user?.email}
          onSubmit={(g) => {
            setGiftData(g);
            setEditing(false);
          }}
        />
      ) : (
        <>
          <p>
            <button type="button" className="button button--ghost" onClick={() => setEditing(true)}>
              {t('gift.change')}
            </button>
          </p>
          <CheckoutPanel
            bundleId={bundle}
            couponCode={params.get('couponCode')}
            kind="gift"
            giftData={giftData}
            onDone={onDone}
            onLoadError={onLoadError}
          />
        </>
      )}
    </Page>
  );
}

/** /gift/{bundle}?couponCode: the gift checkout (the recipient first when not given yet). */
export function GiftBundleRoute() {
  const { bundle = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <RequireLogin intent="gift" params={{ bundle, couponCode: params.get('couponCode') ?? undefined }}>
      <GiftsAllowed>
        <GiftCheckout key={bundle} bundle={bundle} />
      </GiftsAllowed>
    </RequireLogin>
  );
}

/** /contribute: the tip jar (login required, odrc=contribute). */
export function ContributeRoute() {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const onDone = useCallback(() => void navigate(PURCHASES_HREF), [navigate]);
  return (
    <RequireLogin intent="contribute">
      <Page title={t('tipJar.title')}>
        <TipJar onDone={onDone} />
      </Page>
    </RequireLogin>
  );
}

/** /preorder/{bundleId}/{videoUid}: the pre-order overlay, leading to that bundle's checkout. */
export function PreorderRoute() {
  const { bundleId = '', videoUid = '' } = useParams();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const checkout = () =>
    void navigate(
      commercePaths.subscribeBundle.getHref(
        bundleId,
        carrySubscribeParams(params, { odrc: params.get('odrc') ?? 'watch', purchaseVideo: videoUid }),
      ),
    );
  const close = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };
  return (
    <RequireLogin
      intent="subscribe-one"
      params={commerceLoginParams(params, { bundle: bundleId, purchaseVideo: videoUid })}
    >
      <div className="checkout">
        <PreorderOverlay bundleId={bundleId} onCheckout={checkout} onClose={close} />
      </div>
    </RequireLogin>
  );
}
