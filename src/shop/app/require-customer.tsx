import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../lib/session.js';
import { Spinner } from '../components/ui/spinner.js';

/** Customer-only pages: a spinner while the session loads, then /login (replace) when signed out. */
export default function RequireCustomer() {
  const { status } = useSession();
  if (status === 'loading')
    return (
      <div className="min-h-dvh bg-charcoal-950 pt-24">
        <Spinner />
      </div>
    );
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  return <Outlet />;
}
