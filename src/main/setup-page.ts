import type { KioskConnection } from './kiosk-config';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** First start: the counter PC asks once for the restaurant's server and keeps the answer. */
export function setupPageHtml(current: KioskConnection | null): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Configuration du kiosque</title>
<style>
body{font-family:system-ui,sans-serif;background:#111827;color:#f9fafb;display:grid;place-items:center;min-height:100vh;margin:0}
form{background:#1f2937;padding:2rem;border-radius:1rem;width:min(32rem,90vw);display:grid;gap:1rem}
label{display:grid;gap:.35rem;font-weight:600}input{font:inherit;padding:.7rem;border-radius:.5rem;border:1px solid #4b5563;background:#111827;color:inherit}
button{font:inherit;font-weight:700;padding:.8rem;border:0;border-radius:.5rem;background:#ea580c;color:#fff;cursor:pointer}
#error{color:#fca5a5;min-height:1.2em}p{color:#d1d5db;margin:0}
</style></head><body>
<form id="setup">
<h1>Configuration du kiosque</h1>
<p>Adresse du serveur du restaurant et sa clé publique (anon key), fournies à l’installation.</p>
<label>Adresse du serveur<input name="supabaseUrl" type="url" required placeholder="https://xxxx.supabase.co" value="${escape(current?.supabaseUrl ?? '')}"></label>
<label>Clé publique (anon key)<input name="supabaseAnonKey" required value="${escape(current?.supabaseAnonKey ?? '')}"></label>
<div id="error" role="alert"></div>
<button type="submit">Enregistrer et démarrer</button>
</form>
<script src="/setup.js"></script>
</body></html>`;
}

export const setupPageScript = `
document.getElementById('setup').addEventListener('submit', async (e) => {
  e.preventDefault();
  const data = Object.fromEntries(new FormData(e.target));
  try {
    await window.kioskSetup.saveConnection(data);
  } catch (err) {
    document.getElementById('error').textContent = String(err.message || err).replace(/^Error invoking remote method '[^']+': (Error: )?/, '');
  }
});
`;
