import { createContext, useContext, type ReactNode } from 'react';
import type { CardVideo } from './content-card';

/** Renders a card's extra buttons (the watch-list button); the app composes it in from another feature. */
export type CardActions = (item: CardVideo, context: { rowChannelId: string | null }) => ReactNode;

const CardActionsContext = createContext<CardActions | null>(null);

/** Gives every ContentCard below it its extra buttons (features do not import each other). */
export function CardActionsProvider({ value, children }: { value: CardActions | null; children: ReactNode }) {
  return <CardActionsContext.Provider value={value}>{children}</CardActionsContext.Provider>;
}

export const useCardActions = () => useContext(CardActionsContext);
