import { describe, expect, it } from 'vitest';
import { configFromEnv, mailboxEnabled } from '../../src/backend/config';

describe('the dev mailbox', () => {
  it('is served on loopback by default and hidden when the backend listens beyond it', () => {
    expect(mailboxEnabled(configFromEnv({}))).toBe(true);
    expect(mailboxEnabled(configFromEnv({ HOST: 'localhost' }))).toBe(true);
    expect(mailboxEnabled(configFromEnv({ HOST: '0.0.0.0' }))).toBe(false);
    expect(mailboxEnabled(configFromEnv({ HOST: '192.168.1.10' }))).toBe(false);
  });

  it('follows MAILBOX=on and MAILBOX=off', () => {
    expect(mailboxEnabled(configFromEnv({ HOST: '0.0.0.0', MAILBOX: 'on' }))).toBe(true);
    expect(mailboxEnabled(configFromEnv({ MAILBOX: 'off' }))).toBe(false);
  });
});
