export * from './auth/auth.schema';
export * from './config.schema';
export * from './errors';
export * from './greeting';
export * from './money';
export * from './plans';
export * from './user/user.schema';
