import type { ReactNode } from 'react';

/** The column's width and the title's size: the home page's wide sections, a page's own, a narrow one. */
const sizes = {
  lg: { width: 'max-w-7xl', title: 'text-4xl md:text-5xl' },
  md: { width: 'max-w-6xl', title: 'text-4xl' },
  sm: { width: 'max-w-3xl', title: 'text-3xl md:text-4xl' },
} as const;

/** A display title (bold, uppercase) in one of the sections' sizes; `className` places it. */
export function SectionTitle({
  as: Tag = 'h2',
  size,
  id,
  className,
  children,
}: {
  as?: 'h1' | 'h2';
  size: keyof typeof sizes;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Tag id={id} className={[className, sizes[size].title, 'font-bold uppercase'].filter(Boolean).join(' ')}>
      {children}
    </Tag>
  );
}

/**
 * A page section under a centred title that names it for screen readers (`aria-labelledby`), with an
 * optional lead line; `className` gives its background and padding.
 */
export function TitledSection({
  id,
  title,
  lead,
  className,
  size = 'lg',
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  className: string;
  size?: keyof typeof sizes;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className={`mx-auto ${sizes[size].width} px-4`}>
        <SectionTitle id={id} size={size} className="text-center">
          {title}
        </SectionTitle>
        {lead && <p className="mt-3 text-center text-charcoal-700">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
