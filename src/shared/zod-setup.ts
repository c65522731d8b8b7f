import { config } from 'zod/mini';

// The shop and the admin run under a Content-Security-Policy without 'unsafe-eval'. zod compiles
// object schemas with `new Function` unless told not to, and its probe for that is reported by the
// browser as a CSP violation even though zod catches it. Every module building zod schemas imports
// this file first, so the setting is in place before the first schema is constructed. The setting is
// zod's core's, shared by its chained API (`zod`) and its functional one (`zod/mini`, the shop's public
// reads): taken from the latter, a page that only reads the menu never loads the former.
config({ jitless: true });
