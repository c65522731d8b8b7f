import { Link, useNavigate } from 'react-router-dom';
import { fr } from '../../i18n/fr.js';
import { buttonClass } from '../../components/ui/button.js';
import { UserIcon } from '../../components/ui/icons.js';
import { IconDisc } from '../../components/ui/icon-disc.js';
import { useSession } from '../../lib/session.js';
import { useSignOut } from '../../lib/sign-out.js';
import { AuthCard } from './auth-card.js';
import { AccountDataSection } from './account-data-section.js';
import { PromotionConsentSection } from './promotion-consent-section.js';

const t = fr.auth;

export default function ProfilePage() {
  const { email } = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <AuthCard title={t.profileTitle} lead={t.profileLead}>
      <div className="flex items-center gap-3 rounded-xl bg-cream-100 p-4">
        <IconDisc icon={UserIcon} size="md" className="bg-flame-600 text-white" />
        <div className="min-w-0">
          <p className="text-xs tracking-wider text-charcoal-600 uppercase">{t.signedInAs}</p>
          <p className="font-semibold break-all" data-testid="profile-email">
            {email}
          </p>
        </div>
      </div>
      <div className="mt-6 grid gap-3">
        <Link to="/mes-commandes" className={buttonClass('primary', 'md')}>
          {t.myOrders}
        </Link>
        <Link to="/" className={buttonClass('outline', 'md')}>
          {t.home}
        </Link>
        <button
          type="button"
          onClick={async () => (await signOut()) && navigate('/')}
          className={buttonClass('ghost', 'md', 'text-ember-600')}
        >
          {t.signOut}
        </button>
      </div>
      <PromotionConsentSection />
      <AccountDataSection />
    </AuthCard>
  );
}
