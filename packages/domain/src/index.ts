export * from './paging';
export * from './site';
