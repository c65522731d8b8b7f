import { luxembourgClock } from '../../../shared/domain/index.js';

/** "19:45" as staff read it: the Luxembourg wall-clock time of an instant. */
export function clockOf(iso: string): string {
  return luxembourgClock(new Date(iso)).time;
}
