import type { Purchase } from '@marquee/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BillingHistory } from './billing-history';
import { CancelConfirm } from './cancel-confirm';
import { PaymentMethods } from './payment-methods';
import { PurchaseCard } from './purchase-card';
import { PurchaseSection } from './purchase-section';
import { SavedAddresses } from './saved-addresses';
import { UpgradeLink } from './upgrade-link';
import { useCardGateway } from '../api/use-payment-methods';
import { cancelState, type PurchaseListKind } from '../utils/purchase-rules';
import './purchases.css';

/** The Purchases page's states (§4): the lists, the two cancel confirmations, billing history. */
export type PurchasesState = 'myBundles' | 'cancelBundle' | 'cancelDonation' | 'billingHistory';

interface PurchasesViewProps {
  userId: string;
  /** /purchases/{id} */
  updateMethodHref: (purchaseId: string) => string;
  /** /upgrade-purchase/{id} */
  upgradeHref: (purchaseId: string) => string;
  /** The add-card form, composed by the route from the checkout feature; call onAdded once saved. */
  renderAddCard?: (onAdded: () => void) => ReactNode;
}

/** /purchases: purchased, gifted, active rentals and donations; cancel; payment methods; billing history. */
export function PurchasesView({ userId, updateMethodHref, upgradeHref, renderAddCard }: PurchasesViewProps) {
  const { t } = useTranslation('purchases');
  const [state, setState] = useState<PurchasesState>('myBundles');
  const [selected, setSelected] = useState<Purchase | null>(null);
  const [now] = useState(() => Date.now());
  const gateway = useCardGateway();

  const startCancel = (purchase: Purchase, kind: PurchaseListKind) => {
    setSelected(purchase);
    setState(cancelState(kind));
  };
  const backToList = () => {
    setSelected(null);
    setState('myBundles');
  };

  const card = (kind: PurchaseListKind) => (p: Purchase) => (
    <PurchaseCard
      key={p.id}
      purchase={p}
      kind={kind}
      now={now}
      updateMethodHref={updateMethodHref}
      onCancel={kind === 'gifted' ? undefined : (x) => startCancel(x, kind)}
      upgrade={kind === 'purchased' ? <UpgradeLink purchase={p} href={upgradeHref(p.id)} /> : null}
    />
  );

  const tab = (id: 'myBundles' | 'billingHistory') => {
    const current = state === id || (id === 'myBundles' && state !== 'billingHistory');
    return (
      <button
        type="button"
        className={`purchases__view${current ? ' purchases__view--current' : ''}`}
        aria-pressed={current}
        onClick={() => (id === 'myBundles' ? backToList() : setState(id))}
      >
        {t(`views.${id}`)}
      </button>
    );
  };

  return (
    <div className="purchases" data-testid="purchases" data-state={state}>
      <div className="purchases__views" role="group" aria-label={t('views.label')}>
        {tab('myBundles')}
        {tab('billingHistory')}
      </div>
      {state === 'billingHistory' ? <BillingHistory /> : null}
      {state === 'cancelBundle' || state === 'cancelDonation' ? (
        <CancelConfirm
          purchase={selected}
          donation={state === 'cancelDonation'}
          onDone={backToList}
          onBack={backToList}
        />
      ) : null}
      {state === 'myBundles' ? (
        <>
          <PurchaseSection kind="purchased" userId={userId} now={now} renderItem={card('purchased')} />
          <PurchaseSection kind="rentals" userId={userId} now={now} renderItem={card('rentals')} />
          <PurchaseSection kind="gifted" userId={userId} now={now} renderItem={card('gifted')} />
          <PurchaseSection kind="donations" userId={userId} now={now} renderItem={card('donations')} />
          <PaymentMethods gateway={gateway.name} renderAddCard={renderAddCard} />
          <SavedAddresses />
        </>
      ) : null}
    </div>
  );
}
