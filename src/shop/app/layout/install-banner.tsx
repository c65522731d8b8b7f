import { useEffect, useState } from 'react';
import { fr } from '../../i18n/fr.js';
import { CloseIcon } from '../../components/ui/icons.js';

const DISMISSED_KEY = 'installBannerDismissed';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Offered only when the browser proposes installation and the customer has not dismissed it before. */
export function InstallBanner() {
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);

  useEffect(() => {
    if (localStorage.getItem(DISMISSED_KEY) === 'true' || window.matchMedia?.('(display-mode: standalone)').matches)
      return;
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setPrompt(e as InstallPromptEvent);
    };
    const onInstalled = () => setPrompt(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!prompt) return null;

  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, 'true');
    setPrompt(null);
  };
  const install = async () => {
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    if (outcome === 'dismissed') localStorage.setItem(DISMISSED_KEY, 'true');
    setPrompt(null);
  };

  return (
    <div
      role="region"
      aria-label={fr.install.install}
      className="fixed inset-x-3 bottom-3 z-50 flex animate-toast-in items-center gap-3 rounded-2xl bg-charcoal-900 p-3 text-cream-50 shadow-2xl sm:left-auto sm:w-96"
    >
      <img src="/icons/icon-192.png" alt="" className="size-11 rounded-xl" />
      <p className="flex-1 text-sm">{fr.install.text}</p>
      <button
        type="button"
        onClick={install}
        className="rounded-full bg-flame-600 px-4 py-2 text-sm font-semibold hover:bg-flame-700"
      >
        {fr.install.install}
      </button>
      <button
        type="button"
        onClick={dismiss}
        aria-label={fr.install.close}
        className="rounded-full p-2 hover:bg-white/10"
      >
        <CloseIcon className="size-5" />
      </button>
    </div>
  );
}
