export * from './analytics';
export * from './constants';
export * from './documents';
export * from './errors';
export * from './messages';
export * from './permissions';
export * from './user';
export * from './routes';
