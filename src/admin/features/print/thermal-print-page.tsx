import { PrintShell } from './print-shell.js';

/** The 302x600 popup: the narrower thermal ticket of 32 columns. */
export function ThermalPrintPage() {
  return <PrintShell columns={32} compact />;
}
