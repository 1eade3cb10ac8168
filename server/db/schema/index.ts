// Every table of the marketplace; drizzle-kit reads this file to generate migrations.

export * from './ads';
export * from './auth';
export * from './dealers';
export * from './deals';
export * from './handovers';
export * from './interactions';
export * from './legal';
export * from './mail';
export * from './price-drops';
export * from './profiles';
export * from './rate-limits';
export * from './saved-searches';
export * from './scam';
