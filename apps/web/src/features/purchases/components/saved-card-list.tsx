import type { PaymentMethod } from '@marquee/contract';
import type { ReactNode } from 'react';
import { useCardLabel } from './payment-methods';

/**
 * The saved cards as one radio group (the purchases screens: the card an upgrade pays with, the
 * card a purchase renews with). `note` adds the markers after a card's label (default, current).
 * A new card is added with the checkout's payment section (AddCardForm), composed by the route.
 */
export function SavedCardList({
  legend,
  cards,
  selected,
  onSelect,
  note,
  children,
}: {
  legend: string;
  cards: readonly PaymentMethod[];
  selected: string | null;
  onSelect: (id: string) => void;
  note?: (card: PaymentMethod) => string;
  /** Shown under the legend, before the cards. */
  children?: ReactNode;
}) {
  const label = useCardLabel();
  return (
    <fieldset className="purchases__fieldset">
      <legend>{legend}</legend>
      {children}
      {cards.map((m) => (
        <label key={m.id} className="purchases__radio">
          <input
            type="radio"
            name="paymentMethod"
            value={m.id}
            checked={selected === m.id}
            onChange={() => onSelect(m.id)}
          />
          <span>
            {label(m)}
            {note?.(m)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
