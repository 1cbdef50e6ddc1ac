import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { accountPaths } from '../../config/account-paths';
import { paths } from '../../config/paths';
import { AccountShell } from '../../features/account';
import { AddCardForm } from '../../features/checkout';
import {
  PurchasesView,
  RedeemGift,
  UpdatePaymentMethod,
  UpgradePurchase,
  WalletCallback,
} from '../../features/purchases';
import { useSession } from '@marquee/api-client/react';
import { RequireLogin } from '../../lib/session';

/** "Purchases pages need login; anonymous users go to login with odrc=library" (§2). */
const PURCHASES_INTENT = 'library';

/** The checkout feature's add-card form, for the purchases screens. */
const renderAddCard = (onAdded: () => void) => <AddCardForm onAdded={() => onAdded()} />;

function PurchasesPage({ title, children }: { title?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <RequireLogin intent={PURCHASES_INTENT}>
      <AccountShell title={title ?? t('myAccount')}>{children}</AccountShell>
    </RequireLogin>
  );
}

/** /purchases: the account area's Purchases tab. */
export function PurchasesRoute() {
  const { user } = useSession();
  return (
    <PurchasesPage>
      {user ? (
        <PurchasesView
          userId={user.id}
          updateMethodHref={accountPaths.purchase.getHref}
          upgradeHref={(id) => accountPaths.upgradePurchase.getHref(id)}
          renderAddCard={renderAddCard}
        />
      ) : null}
    </PurchasesPage>
  );
}

/** /purchases/{purchaseId}: update the payment method of one purchase (or all). */
export function UpdatePaymentMethodRoute() {
  const { t } = useTranslation('purchases');
  const { purchaseId = '' } = useParams();
  const navigate = useNavigate();
  const toPurchases = () => void navigate(accountPaths.purchases.getHref());
  return (
    <PurchasesPage title={t('update.title')}>
      <UpdatePaymentMethod
        purchaseId={purchaseId}
        onDone={toPurchases}
        onBack={toPurchases}
        renderAddCard={renderAddCard}
      />
    </PurchasesPage>
  );
}

/** /upgrade-purchase/{purchaseId}?couponCode&bundleId */
export function UpgradePurchaseRoute() {
  const { t } = useTranslation('purchases');
  const { purchaseId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toPurchases = () => void navigate(accountPaths.purchases.getHref());
  return (
    <PurchasesPage title={t('upgrade.title')}>
      <UpgradePurchase
        purchaseId={purchaseId}
        couponCode={params.get('couponCode')}
        initialBundleId={params.get('bundleId')}
        onDone={toPurchases}
        onBack={toPurchases}
        renderAddCard={renderAddCard}
      />
    </PurchasesPage>
  );
}

/** "/subscriptions redirects to /purchases." */
export function SubscriptionsRedirect() {
  return <Navigate replace to={accountPaths.purchases.getHref()} />;
}

function WalletCallbackRoute({ gateway }: { gateway: 'paypal' | 'paypal-sub' }) {
  const [params] = useSearchParams();
  return (
    <RequireLogin intent={PURCHASES_INTENT}>
      <WalletCallback
        gateway={gateway}
        query={params}
        purchasesHref={accountPaths.purchases.getHref()}
        updateMethodHref={accountPaths.purchase.getHref}
        continueHref={paths.library.getHref()}
      />
    </RequireLogin>
  );
}

/** /paypal?op&cid&… (a one-time wallet payment). */
export function PaypalCallbackRoute() {
  return <WalletCallbackRoute gateway="paypal" />;
}

/** /paypal-sub?op&cid&… (a wallet subscription). */
export function PaypalSubCallbackRoute() {
  return <WalletCallbackRoute gateway="paypal-sub" />;
}

/** /redeem-gift/{purchase}?loginAs&code: login first (odrc=redeem-gift, loginAs fills the e-mail). */
export function RedeemGiftRoute() {
  const { purchase = '' } = useParams();
  const [params] = useSearchParams();
  const loginAs = params.get('loginAs') ?? undefined;
  const code = params.get('code') ?? undefined;
  return (
    <RequireLogin intent="redeem-gift" params={{ purchase, loginAs, code }}>
      <RedeemGift
        purchaseId={purchase}
        initialCode={code ?? ''}
        contentHref={() => paths.library.getHref()}
      />
    </RequireLogin>
  );
}
