export * from './constants';
export * from './messages';
export * from './money';
export * from './pricing';
export * from './tax';
export * from './card';
export * from './address';
export * from './renewal';
