import { fr } from '../../i18n/fr.js';

export function Spinner({ label = fr.common.loading, className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center py-16 ${className}`}>
      <span
        className="size-10 animate-spin rounded-full border-4 border-cream-300 border-t-flame-600"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
