import { config } from 'zod';

// The shop and the admin run under a Content-Security-Policy without 'unsafe-eval'. zod compiles
// object schemas with `new Function` unless told not to, and its probe for that is reported by the
// browser as a CSP violation even though zod catches it. Every module building zod schemas imports
// this file first, so the setting is in place before the first schema is constructed.
config({ jitless: true });
