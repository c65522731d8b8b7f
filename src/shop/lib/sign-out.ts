import { useAccountReadsSettled } from '../../shared/data/account-reads.js';
import { fr } from '../i18n/fr.js';
import { toast } from '../components/ui/toast-store.js';

/** Signs the customer out, once their own reads in flight are answered; false (and said) when it failed. */
async function signOut(accountReadsSettled: () => Promise<void>): Promise<boolean> {
  const { signOut: signOutOfServer } = await import('./auth.js');
  try {
    await accountReadsSettled();
    await signOutOfServer();
    return true;
  } catch (error) {
    toast({
      title: fr.account.signOutFailed,
      description: (error instanceof Error && error.message) || fr.common.somethingWrong,
      variant: 'destructive',
    });
    return false;
  }
}

/** « Se déconnecter »: signs out and tells whether it worked; the caller then returns to the home page. */
export function useSignOut(): () => Promise<boolean> {
  const settled = useAccountReadsSettled();
  return () => signOut(settled);
}
