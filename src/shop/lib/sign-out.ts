import { fr } from '../i18n/fr.js';
import { toast } from '../components/ui/toast-store.js';

/** Signs the customer out; the caller then returns to the home page. */
export async function signOut(): Promise<boolean> {
  const { getSupabase } = await import('./data-client.js');
  const { error } = await getSupabase().auth.signOut();
  if (error) {
    toast({
      title: fr.account.signOutFailed,
      description: error.message || fr.common.somethingWrong,
      variant: 'destructive',
    });
    return false;
  }
  return true;
}
