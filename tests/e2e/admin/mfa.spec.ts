import type { Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import WebSocket from 'ws';
import { test, expect, screenshot, type E2EBackend } from '../support/fixtures';

/** The code the owner's authenticator app shows, `steps` periods of 30 s from now. */
function codeFor(secret: string, steps = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** An owner-only call (the day's figures) with the access token the admin page holds. */
async function orderStatsWithPageSession(page: Page, backend: E2EBackend) {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('restaurant-admin-auth') ?? '{}') as { access_token?: string }).access_token,
  );
  const r = await fetch(`${backend.url}/rest/v1/rpc/order_stats`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  return { status: r.status, body: (await r.json()) as { details?: string } };
}

test.describe('two-factor sign-in (TOTP) in the back office', () => {
  test('the owner enrols TOTP with the QR code page, then signs in with password and code', async ({
    page,
    browser,
    baseURL,
    backend,
  }) => {
    const owner = await backend.createAdmin();
    await page.goto('/admin/settings');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Palavra-passe').fill(owner.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    // Not enrolled yet: the settings page says so and leads to the enrolment.
    await expect(page.getByTestId('mfa-banner')).toBeVisible();
    await page.getByRole('link', { name: 'Ativar a entrada em dois passos' }).click();
    await expect(page).toHaveURL(/\/admin\/security$/);
    await expect(page.getByRole('heading', { name: 'Entrada em dois passos' })).toBeVisible();
    await expect(page.getByText('Desativada')).toBeVisible();

    await page.getByRole('button', { name: 'Ativar' }).click();
    const qr = page.getByRole('img', { name: 'Código QR para a aplicação de autenticação' });
    await expect(qr).toBeVisible();
    // The browser drew the QR code (a broken image has no natural width).
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'admin-mfa-enrol');
    await page.getByLabel('Código de 6 algarismos').fill(codeFor(secret));
    await page.getByRole('button', { name: '2. Confirmar e ativar' }).click();
    await expect(page.getByTestId('mfa-active')).toContainText('Ativada');
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Definições' })).toBeVisible();
    await expect(page.getByTestId('mfa-banner')).toHaveCount(0);
    expect((await orderStatsWithPageSession(page, backend)).status).toBe(200);

    // Another device: the password alone leads to the code step, and the database refuses the owner's calls.
    const context = await browser.newContext({ baseURL, viewport: page.viewportSize() });
    const other = await context.newPage();
    await other.goto('/admin/dashboard');
    await other.getByLabel('E-mail').fill(owner.email);
    await other.getByLabel('Palavra-passe').fill(owner.password);
    await other.getByRole('button', { name: 'Entrar' }).click();
    await expect(other.getByRole('heading', { name: 'Código de verificação' })).toBeVisible();
    await expect(other).toHaveURL(/\/admin\/login$/);
    await screenshot(other, 'admin-mfa-code-step');
    const refused = await orderStatsWithPageSession(other, backend);
    expect(refused.status).toBe(403);
    expect(refused.body.details).toBe('aal2_required');
    // Going round the login page does not help: the guard sends it back to the code.
    await other.goto('/admin/reports');
    await expect(other.getByRole('heading', { name: 'Código de verificação' })).toBeVisible();

    // This period's code was spent at enrolment: the app's next one.
    await other.getByLabel('Código de 6 algarismos').fill(codeFor(secret, 1));
    await other.getByRole('button', { name: 'Confirmar' }).click();
    await expect(other).toHaveURL(/\/admin\/reports$/);
    expect((await orderStatsWithPageSession(other, backend)).status).toBe(200);
    await context.close();
  });

  test('lost phone: the e-mailed recovery link lets the owner remove the factor and come in', async ({
    page,
    backend,
  }) => {
    const owner = await backend.createAdmin();
    // Enrolled beforehand (as on the security page), through the API.
    const api = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    await api.auth.signInWithPassword(owner);
    const enrol = await api.auth.mfa.enroll({ factorType: 'totp' });
    const verified = await api.auth.mfa.challengeAndVerify({
      factorId: enrol.data!.id,
      code: codeFor(enrol.data!.totp.secret),
    });
    expect(verified.error).toBeNull();

    await page.goto('/admin/login');
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByRole('button', { name: 'Esqueci-me da palavra-passe' }).click();
    await expect(page.getByRole('status')).toHaveText(/enviámos uma ligação por e-mail/);
    let link = '';
    await expect
      .poll(async () => {
        const [mail] = await backend.mailbox(owner.email);
        link = /href="([^"]*\/auth\/v1\/verify\?[^"]*)"/.exec(mail?.html ?? '')?.[1]?.replace(/&amp;/g, '&') ?? '';
        return link;
      })
      .not.toBe('');
    await page.goto(link);
    // Signed in by the link, still without the code: the code step offers to remove the lost phone's factor.
    await expect(page.getByRole('heading', { name: 'Código de verificação' })).toBeVisible();
    await screenshot(page, 'admin-mfa-recovery');
    await page.getByRole('button', { name: 'Perdi o telemóvel: desativar a entrada em dois passos' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin/security');
    await expect(page.getByText('Desativada')).toBeVisible();
  });
});
