/** The data layer both apps use: no component talks to supabase-js directly. */
export * from './client.js';
export * from './errors.js';
export * from './rows.js';
export * from './query-keys.js';
export * from './realtime.js';
export * from './menu.js';
export * from './settings.js';
export * from './opening-hours.js';
export * from './orders.js';
export * from './reports.js';
export * from './tracking.js';
export * from './reservations.js';
export * from './challenge.js';
export * from './customers.js';
export * from './notifications.js';
export * from './notify.js';
export * from './functions.js';
