/**
 * Zod compiles object parsers with `new Function` when it may, and probes for that with a
 * `new Function("")` on the first parse. The CSP forbids eval, so the probe throws (zod falls
 * back quietly) but Chromium still reports a CSP violation, which Lighthouse counts against
 * Best Practices. `jitless` skips the probe. Zod keeps its settings on this global, so they
 * are set here, first thing, without loading zod on pages that do not use it.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
