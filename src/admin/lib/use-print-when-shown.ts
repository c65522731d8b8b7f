import { useEffect, useRef } from 'react';
import { AUTO_PRINT_DELAY_MS } from './kiosk/kiosk.js';

/** Prints the page once, 500 ms after its data has arrived on screen (spec §9): a ticket, the day summary. */
export function usePrintWhenShown(data: unknown): void {
  const printed = useRef(false);
  useEffect(() => {
    if (!data || printed.current) return;
    printed.current = true;
    const timer = setTimeout(() => window.print(), AUTO_PRINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [data]);
}
