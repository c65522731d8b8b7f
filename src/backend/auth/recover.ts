import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { BackendContext } from '../context.js';
import { sendJson } from '../http.js';
import { checkEmail } from './email-address.js';
import { newLinkToken, sendAccountEmail, storeOneTimeToken } from './emails.js';
import { internal } from './errors.js';
import { bindLinkToFlow, createFlowState, pkceChallenge } from './pkce.js';
import { allowedRedirect, readJson } from './request.js';
import { accountForLink } from './signup.js';

const RecoverBody = z.object({
  email: z.string().nullish(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

/** POST /recover: e-mails a password-reset link (with `code_challenge`: a PKCE link, pkce.ts). Answers 200 `{}` whether or not the address has an account. */
export async function recover(ctx: BackendContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const body = await readJson(req, ctx, RecoverBody);
  const email = checkEmail(body.email);
  const pkce = pkceChallenge(body);
  const user = await accountForLink(ctx, req, 'recovery', email);
  if (user) {
    const { token, hash } = newLinkToken();
    await ctx.db.transaction(async (tx) => {
      await storeOneTimeToken(tx, user.id, 'recovery', hash);
      if (pkce) await bindLinkToFlow(tx, hash, await createFlowState(tx, user.id, pkce, 'recovery'));
      await tx.query(`update auth.users set recovery_sent_at = now() where id = $1`, [user.id]);
    });
    try {
      await sendAccountEmail(ctx, email, 'recovery', token, allowedRedirect(ctx, url.searchParams.get('redirect_to')));
    } catch (e) {
      console.error(`[auth] recovery e-mail to user ${user.id} failed: ${(e as Error).message}`);
      await ctx.db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery'`, [user.id]);
      await ctx.db.query(`update auth.users set recovery_sent_at = $2 where id = $1`, [user.id, user.recovery_sent_at]);
      throw internal('Error sending recovery email');
    }
  }
  sendJson(res, 200, {});
}
