export * from './common';
export * from './site';
export * from './catalog';
export * from './playback';
export * from './auth';
