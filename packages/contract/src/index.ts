export * from './common';
export * from './site';
