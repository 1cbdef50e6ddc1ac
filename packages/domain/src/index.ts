export * from './paging';
export * from './site';
export * from './catalog';
export * from './live-event';
export * from './thumbnails';
export * from './access';
export * from './live-schedule';
export * from './theme';
