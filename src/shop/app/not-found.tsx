import { Navigate } from 'react-router';

/** An address the shop does not know: its home page. */
export default function NotFound() {
  return <Navigate to="/" replace />;
}
