import { Link } from 'react-router-dom';
import { fr } from '../../i18n/fr.js';

export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link
      to="/"
      className={`flex items-center gap-2.5 ${className}`}
      aria-label={`${fr.brand.name} ${fr.brand.place} — ${fr.nav.home}`}
    >
      <img src="/icons/logo-mark.svg" alt="" className="size-10 md:size-12" width={48} height={48} />
      <span className="flex flex-col leading-none">
        <span className="font-display text-xl font-bold tracking-wider text-cream-50 uppercase md:text-2xl">
          {fr.brand.name}
        </span>
        <span className="text-[0.7rem] font-semibold tracking-[0.3em] text-flame-400 uppercase">{fr.brand.place}</span>
      </span>
    </Link>
  );
}
