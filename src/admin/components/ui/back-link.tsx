import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from './button.js';

/** The "← back" button of a page header; to the dashboard unless told otherwise. */
export function BackLink({ to = '/dashboard', children }: { to?: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClass('secondary')}>
      ← {children}
    </Link>
  );
}
