// The shop's only door to the shared data layer: importing it configures the client first.
import './data-client.js';

export * from '../../shared/data/index.js';
export * from '../../shared/data/account-data.js';
