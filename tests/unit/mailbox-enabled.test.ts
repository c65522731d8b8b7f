import { describe, expect, it } from 'vitest';
import { configFromEnv, mailboxEnabled } from '../../src/backend/config';

describe('the dev mailbox', () => {
  it('is served on loopback by default and hidden when the backend listens beyond it', () => {
    expect(mailboxEnabled(configFromEnv({}))).toBe(true);
    expect(mailboxEnabled(configFromEnv({ HOST: 'localhost' }))).toBe(true);
    expect(mailboxEnabled(configFromEnv({ HOST: '0.0.0.0' }))).toBe(false);
    expect(mailboxEnabled(configFromEnv({ HOST: '192.168.1.10' }))).toBe(false);
  });

  it('is never on when SITE_URL is a public address, even behind a same-host proxy or with MAILBOX=on', () => {
    expect(mailboxEnabled(configFromEnv({ HOST: '127.0.0.1', SITE_URL: 'https://churrasqueira.example.lu' }))).toBe(
      false,
    );
    expect(
      mailboxEnabled(configFromEnv({ HOST: '127.0.0.1', SITE_URL: 'https://churrasqueira.example.lu', MAILBOX: 'on' })),
    ).toBe(false);
    expect(
      mailboxEnabled(configFromEnv({ HOST: '0.0.0.0', SITE_URL: 'http://192.168.1.10:54321', MAILBOX: 'on' })),
    ).toBe(false);
    expect(mailboxEnabled(configFromEnv({ SITE_URL: 'http://localhost:54321' }))).toBe(true);
    expect(mailboxEnabled(configFromEnv({ SITE_URL: 'http://127.0.0.1:8080/' }))).toBe(true);
  });

  it('follows MAILBOX=on and MAILBOX=off', () => {
    expect(mailboxEnabled(configFromEnv({ HOST: '0.0.0.0', MAILBOX: 'on' }))).toBe(true);
    expect(mailboxEnabled(configFromEnv({ MAILBOX: 'off' }))).toBe(false);
  });
});
