export * from './constants';
export * from './errors';
export * from './domain/money';
export * from './domain/user';
export * from './domain/countdown';
export * from './domain/location';
export * from './schemas/auth';
export * from './schemas/support';
