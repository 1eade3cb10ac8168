// zod compiles object parsers with new Function(), which the CSP (no 'unsafe-eval') refuses and
// reports as a violation, even when zod only probes for it. zod reads its settings from this global
// (zod/v4/core's globalConfig) when a schema is built; setting it here, first thing, keeps zod
// itself out of the first paint's bundle. Same effect as z.config({ jitless: true }).
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
