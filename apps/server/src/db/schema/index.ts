export * from './auth';
export * from './mail';
export * from './support';
export * from './deals';
export * from './engagement';
export * from './commerce';
export * from './operations';
export * from './live-events';
