import { Link } from 'react-router-dom';
import { fr } from '../i18n/fr.js';
import { buttonClass } from '../components/ui/button.js';

/** Shown when a page fails to load (e.g. a new version was deployed while the tab was open). */
export function RouteError() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-charcoal-950 px-6 text-center text-cream-50">
      <h1 className="text-3xl font-bold uppercase">{fr.errors.pageTitle}</h1>
      <p className="max-w-md text-cream-100/85">{fr.errors.pageText}</p>
      <div className="flex gap-3">
        <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
          {fr.errors.reload}
        </button>
        <Link to="/" className={buttonClass('secondary')} reloadDocument>
          {fr.common.backHome}
        </Link>
      </div>
    </div>
  );
}
