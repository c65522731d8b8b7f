// The shop's door to the shared auth calls, light enough to load when the browser is idle: importing it
// configures the client (the shop's own session key) before any call.
import './data-client.js';
import { fetchSession, onSessionChange } from '../../shared/data/auth.js';
import { followAuth } from './session.js';

export * from '../../shared/data/auth.js';

// Whoever loads auth (a sign-in, a sign-up, an account page) may change the session: the header follows it. Not
// while the build renders the pages, which knows no visitor.
if (typeof window !== 'undefined') followAuth({ fetchSession, onSessionChange });
