import { fr } from '../../i18n/fr.js';
import { useRestaurant } from '../../lib/restaurant.js';
import { LegalPage } from './legal-page.js';

export default function LegalNoticePage() {
  return <LegalPage title={fr.legal.notice.title} sections={fr.legal.notice.sections(useRestaurant())} />;
}
