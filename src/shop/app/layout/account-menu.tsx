import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { fr } from '../../i18n/fr.js';
import { useSession } from '../../lib/session.js';
import { useSignOut } from '../../lib/sign-out.js';
import { buttonClass } from '../../components/ui/button.js';
import { ChevronDownIcon, LogOutIcon, UserIcon } from '../../components/ui/icons.js';

export function AccountMenu({ className = '', stacked = false }: { className?: string; stacked?: boolean }) {
  const { status } = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onSignOut = async () => {
    setOpen(false);
    if (await signOut()) navigate('/');
  };

  // While the session is being read (and in the prerendered page), the sign-in links hold their place unseen:
  // most visitors have no account, and nothing in the header moves when they show (a link shifting under
  // the pointer between press and release is a lost tap).
  if (status === 'loading' || status === 'signedOut') {
    const loading = status === 'loading';
    return (
      <div
        className={`${className} items-center gap-2 ${stacked ? 'flex flex-col items-stretch' : ''} ${loading ? 'invisible' : ''}`}
        aria-hidden={loading || undefined}
        inert={loading || undefined}
      >
        <Link to="/login" className={buttonClass('secondary', 'sm', 'border-cream-50/40')}>
          {fr.account.signIn}
        </Link>
        <Link to="/register" className={buttonClass('primary', 'sm')}>
          {fr.account.signUp}
        </Link>
      </div>
    );
  }

  if (stacked) {
    return (
      <div className={`${className} flex flex-col gap-2`}>
        <Link to="/profil" className={buttonClass('secondary', 'sm')}>
          {fr.account.profile}
        </Link>
        <Link to="/mes-commandes" className={buttonClass('secondary', 'sm')}>
          {fr.account.myOrders}
        </Link>
        <button type="button" onClick={onSignOut} className={buttonClass('primary', 'sm')}>
          {fr.account.signOut}
        </button>
      </div>
    );
  }

  const item =
    'flex w-full items-center gap-2 px-4 py-2.5 text-left text-sm font-semibold text-charcoal-800 hover:bg-cream-100 focus-visible:bg-cream-100';
  return (
    <div ref={ref} className={`${className} relative`}>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-haspopup="menu"
        className="flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold text-cream-50 hover:bg-white/10"
      >
        <UserIcon className="size-5" />
        {fr.account.myAccount}
        <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 mt-2 w-52 animate-fade-in overflow-hidden rounded-xl bg-white py-1 shadow-2xl ring-1 ring-black/5"
        >
          <Link role="menuitem" to="/profil" className={item} onClick={() => setOpen(false)}>
            {fr.account.profile}
          </Link>
          <Link role="menuitem" to="/mes-commandes" className={item} onClick={() => setOpen(false)}>
            {fr.account.myOrders}
          </Link>
          <button
            role="menuitem"
            type="button"
            className={`${item} border-t border-cream-200 text-ember-600`}
            onClick={onSignOut}
          >
            <LogOutIcon className="size-4" /> {fr.account.signOut}
          </button>
        </div>
      )}
    </div>
  );
}
