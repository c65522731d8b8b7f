import { fr } from '../../i18n/fr.js';
import { useRestaurant } from '../../lib/restaurant.js';
import { LegalPage } from './legal-page.js';

export default function TermsPage() {
  return <LegalPage title={fr.legal.terms.title} sections={fr.legal.terms.sections(useRestaurant())} />;
}
