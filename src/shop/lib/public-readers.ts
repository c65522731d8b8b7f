// The public reads' door to the data layer: the menu, store settings and opening hours readers alone, not the
// whole layer (./data.js) with its orders', accounts' and back office's schemas, which a visitor who only reads the
// menu never needs. Importing it configures the client first, as ./data.js does.
import './data-client.js';

export { fetchMenu } from '../../shared/data/menu.js';
export { fetchStoreSettings } from '../../shared/data/settings.js';
export { fetchOpeningSchedule } from '../../shared/data/opening-hours.js';
