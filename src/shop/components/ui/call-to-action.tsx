import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from './button.js';
import { SectionTitle } from './titled-section.js';

/**
 * A page's closing call: its title, the lines given as children, and the large primary button to where the
 * page leads. The section around it (background, padding, centring) stays the page's own.
 */
export function CallToAction({
  title,
  as,
  size,
  titleClassName,
  to,
  label,
  children,
}: {
  title: string;
  as?: 'h1' | 'h2';
  size: 'lg' | 'sm';
  titleClassName?: string;
  to: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <>
      <SectionTitle as={as} size={size} className={titleClassName}>
        {title}
      </SectionTitle>
      {children}
      <Link to={to} className={buttonClass('primary', 'lg', 'mt-8')}>
        {label}
      </Link>
    </>
  );
}
