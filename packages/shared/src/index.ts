export * from './errors.ts';
export * from './enums.ts';
export * from './schemas.ts';
