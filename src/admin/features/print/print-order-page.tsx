import { PrintShell } from './print-shell.js';

export function PrintOrderPage() {
  return <PrintShell columns={42} />;
}
