import { fr } from '../../i18n/fr.js';
import { useRestaurant } from '../../lib/restaurant.js';
import { LegalPage } from './legal-page.js';

export default function PrivacyPage() {
  return <LegalPage title={fr.legal.privacy.title} sections={fr.legal.privacy.sections(useRestaurant())} />;
}
