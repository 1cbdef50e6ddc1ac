/**
 * Branded unit types (STYLE.md, "Pure domain code with units in the types"): a plain number that
 * the type checker will not mix up with a number of another unit. Make one with its constructor.
 */
declare const unit: unique symbol;
type Unit<T extends string> = number & { readonly [unit]: T };

/** A duration in milliseconds, or milliseconds since the Unix epoch. */
export type Milliseconds = Unit<'ms'>;

/** A number of milliseconds (`Date.now()`, `Date.parse(…)`, a constant). */
export const ms = (value: number): Milliseconds => value as Milliseconds;
