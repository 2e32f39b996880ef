/**
 * In the browser zod must not compile parsers with `new Function`: the CSP has no
 * 'unsafe-eval', so even its feature probe is a reported violation (ADR 0008). zod makes
 * that probe when a route module first builds an object schema, and route modules are
 * evaluated before the client entry, so the setting goes in a classic inline script in
 * <head>, which runs before any module. `__zod_globalConfig` is the object z.config()
 * writes to (zod keeps it on globalThis so every copy shares it); a test checks zod still
 * reads it (app/zod-jitless.test.ts).
 */
export const ZOD_JITLESS_SCRIPT = `Object.assign(globalThis.__zod_globalConfig??={},{jitless:true});`;
