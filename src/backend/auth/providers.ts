import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BackendContext } from '../context.js';
import { notFound } from './errors.js';
import { requireUser } from './sessions.js';

// What GoTrue answers for the sign-in ways this backend has no provider for: no OAuth provider is configured,
// so linking an identity (`linkIdentity`, `unlinkIdentity`) is off, and there is no SAML (`signInWithSSO`).

const manualLinkingDisabled = () => notFound('manual_linking_disabled', 'Manual linking is disabled');

/** GET /user/identities/authorize (linkIdentity) and DELETE /user/identities/<id> (unlinkIdentity): a session, then 404. */
export async function identities(ctx: BackendContext, req: IncomingMessage): Promise<void> {
  await requireUser(ctx, req);
  throw manualLinkingDisabled();
}

/** POST /sso (signInWithSSO). */
export async function sso(_ctx: BackendContext, _req: IncomingMessage, _res: ServerResponse): Promise<void> {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
}
