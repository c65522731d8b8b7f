import { fr } from '../i18n/fr.js';
import { toast } from '../components/ui/toast-store.js';

/** Signs the customer out; the caller then returns to the home page. */
export async function signOut(): Promise<boolean> {
  const { signOut: signOutOfServer } = await import('./auth.js');
  try {
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
