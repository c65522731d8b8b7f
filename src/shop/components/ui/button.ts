const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

const variants = {
  primary: 'bg-flame-600 text-white shadow-lg shadow-flame-900/20 hover:bg-flame-700',
  secondary: 'border-2 border-cream-50/80 text-cream-50 hover:bg-cream-50 hover:text-charcoal-900',
  outline: 'border-2 border-charcoal-900 text-charcoal-900 hover:bg-charcoal-900 hover:text-cream-50',
  dark: 'bg-charcoal-900 text-cream-50 hover:bg-charcoal-800',
  ghost: 'text-charcoal-800 hover:bg-cream-200',
} as const;

const sizes = { sm: 'px-4 py-2 text-sm', md: 'px-6 py-3 text-base', lg: 'px-8 py-4 text-lg' } as const;

export function buttonClass(
  variant: keyof typeof variants = 'primary',
  size: keyof typeof sizes = 'md',
  extra = '',
): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`;
}
