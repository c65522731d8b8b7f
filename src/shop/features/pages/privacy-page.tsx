import { PageHero } from '../../components/ui/page-hero.js';

export default function Page() {
  return <PageHero title="privacy-page" />;
}
