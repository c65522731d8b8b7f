import fs from 'node:fs';
import path from 'node:path';
import type { BackendConfig } from '../config.js';
import { newEs256Key, type JwtKeyOptions, type SigningJwk } from '../jwt.js';
import { loadAuthSettings } from './settings.js';

/**
 * The asymmetric signing keys beside the HS256 secret. With `signing_keys_path` (the Supabase CLI's setting,
 * or AUTH_SIGNING_KEYS_PATH) the keys of that file, and the one whose key_ops include 'sign' signs new tokens,
 * as GoTrue does with JWT_KEYS. Otherwise an ES256 key made at the first start and kept in the data directory
 * (`jwt-signing-key.json`, beside `jwt-secret`; a new one per start without a data directory): always in the
 * JWKS, signing user tokens only with AUTH_JWT_SIGNING_ALG=ES256. Tokens signed with the secret stay valid.
 */
export function loadSigningKeys(config: BackendConfig): JwtKeyOptions {
  const settings = loadAuthSettings(config.supabaseDir, config.env);
  if (settings.signingKeysPath) {
    const raw = JSON.parse(fs.readFileSync(settings.signingKeysPath, 'utf8')) as SigningJwk[] | { keys: SigningJwk[] };
    return { keys: Array.isArray(raw) ? raw : raw.keys, signAsymmetric: true };
  }
  return { keys: [dataDirKey(config)], signAsymmetric: settings.jwtSigningAlg === 'ES256' };
}

function dataDirKey(config: BackendConfig): SigningJwk {
  if (!config.dataDir) return newEs256Key();
  const file = path.join(config.dataDir, 'jwt-signing-key.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as SigningJwk;
  fs.mkdirSync(config.dataDir, { recursive: true });
  const key = newEs256Key();
  fs.writeFileSync(file, JSON.stringify(key) + '\n', { mode: 0o600 });
  return key;
}
