import type { ComponentType } from 'react';

const disc = { md: 'size-12', lg: 'size-14', xl: 'size-20' } as const;
const glyph = { md: 'size-6', lg: 'size-7', xl: 'size-10' } as const;

/** An icon centred in a round disc half its size; `className` gives the colours and placement. */
export function IconDisc({
  icon: Icon,
  size,
  className,
}: {
  icon: ComponentType<{ className?: string }>;
  size: keyof typeof disc;
  className: string;
}) {
  return (
    <span className={`flex ${disc[size]} items-center justify-center rounded-full ${className}`}>
      <Icon className={glyph[size]} />
    </span>
  );
}
