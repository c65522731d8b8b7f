import { normaliseStatus, statusBadgeColour } from '../../../shared/domain/index.js';
import { statusLabelKey, useT } from '../../i18n/index.js';

const colours = {
  yellow: 'bg-yellow-300 text-yellow-950 border-yellow-600',
  blue: 'bg-blue-600 text-white border-blue-800',
  green: 'bg-green-600 text-white border-green-800',
  red: 'bg-red-600 text-white border-red-800',
} as const;

export function useStatusLabel(): (status: string) => string {
  const t = useT();
  return (status) => {
    const known = normaliseStatus(status);
    return known ? t(statusLabelKey(known)) : status;
  };
}

export function StatusBadge({ status }: { status: string }) {
  const label = useStatusLabel();
  const colour = statusBadgeColour(status);
  return (
    <span
      data-testid="status-badge"
      data-colour={colour}
      className={`inline-flex items-center rounded-full border-2 px-3 py-0.5 text-sm font-bold ${colours[colour]}`}
    >
      {label(status)}
    </span>
  );
}
