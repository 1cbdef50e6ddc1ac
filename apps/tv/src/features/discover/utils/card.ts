import type { cardLinks } from '@marquee/domain';

/** A card's play and details targets. */
export type CardLinks = ReturnType<typeof cardLinks>;
