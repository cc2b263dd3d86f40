export * from './audits.ts';
export * from './billing.ts';
export * from './brands.ts';
export * from './competitors.ts';
export * from './insights.ts';
export * from './notifications.ts';
export * from './reports.ts';
export * from './users.ts';
