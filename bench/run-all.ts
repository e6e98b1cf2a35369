// Runs every benchmark in turn; each prints its own figures.
await import('./http-core.ts');
await import('./catalogue.ts');

export {};
