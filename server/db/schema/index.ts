export * from './users';
export * from './library';
export * from './social';
export * from './ops';
