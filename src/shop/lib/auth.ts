// The shop's door to the shared auth calls, light enough to load when the browser is idle: importing it
// configures the client (the shop's own session key) before any call.
import './data-client.js';

export * from '../../shared/data/auth.js';
