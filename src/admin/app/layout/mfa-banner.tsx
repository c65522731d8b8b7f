import { Link, useLocation } from 'react-router-dom';
import { useT } from '../../i18n/index.js';
import { useSession } from '../auth/session.js';

/** Where the reminder shows: the settings page, which the owner and managers visit, not the counter's screens. */
const SHOWN_ON = new Set(['/settings']);

/** Reminds an admin without a second factor that two-step sign-in is one click away (recommended, not required). */
export function MfaEnrolBanner() {
  const t = useT();
  const session = useSession();
  const { pathname } = useLocation();
  if (session.status !== 'signed-in' || !session.isAdmin || !SHOWN_ON.has(pathname)) return null;
  if ((session.session.user.factors ?? []).some((f) => f.status === 'verified')) return null;
  return (
    <div
      data-testid="mfa-banner"
      className="mx-3 mt-3 flex flex-wrap items-center justify-between gap-3 rounded-xl border-2 border-amber-600 bg-amber-50 p-4 sm:mx-5"
    >
      <p className="font-semibold text-amber-900">{t('mfa.banner')}</p>
      <Link to="/security" className="rounded-lg bg-brand-700 px-4 py-2 font-bold text-white">
        {t('mfa.bannerAction')}
      </Link>
    </div>
  );
}
