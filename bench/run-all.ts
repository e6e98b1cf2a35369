// Runs every benchmark in turn; each prints its own figures.
await import('./http-core.ts');
await import('./catalogue.ts');
await import('./collect.ts');
await import('./checkout.ts');

export {};
