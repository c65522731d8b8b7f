// The retention job's timer settings (src/backend/jobs/retention.ts). A timer longer than 2^31 - 1 ms fires
// after 1 ms in Node: RETENTION_INTERVAL_HOURS=1000 would have run the retention rules in a loop.
import { describe, expect, it } from 'vitest';
import { retentionSettings } from '../../src/backend/jobs/retention.js';

const MAX_TIMER_MS = 2 ** 31 - 1;

describe('retention job settings', () => {
  it('keeps the defaults: first run after 2 minutes, then every 24 hours, a retry after 30 minutes', () => {
    expect(retentionSettings({})).toEqual({
      auto: true,
      intervalMs: 86_400_000,
      firstDelayMs: 120_000,
      retryMs: 1_800_000,
    });
    expect(retentionSettings({ RETENTION_AUTO: 'off' }).auto).toBe(false);
  });

  it('accepts the longest values a timer can wait', () => {
    const s = retentionSettings({
      RETENTION_INTERVAL_HOURS: '576',
      RETENTION_FIRST_DELAY_SECONDS: '86400',
      RETENTION_RETRY_MINUTES: '1440',
    });
    for (const ms of [s.intervalMs, s.firstDelayMs, s.retryMs]) expect(ms).toBeLessThanOrEqual(MAX_TIMER_MS);
  });

  it.each([
    ['RETENTION_INTERVAL_HOURS', '1000'],
    ['RETENTION_INTERVAL_HOURS', '1e9'],
    ['RETENTION_INTERVAL_HOURS', 'Infinity'],
    ['RETENTION_INTERVAL_HOURS', '-1'],
    ['RETENTION_INTERVAL_HOURS', 'NaN'],
    ['RETENTION_FIRST_DELAY_SECONDS', '2147484'],
    ['RETENTION_RETRY_MINUTES', '40000'],
    ['RETENTION_RETRY_MINUTES', 'soon'],
  ])('refuses %s=%s at start with a message naming it', (name, value) => {
    expect(() => retentionSettings({ [name]: value })).toThrow(
      new RegExp(`^${name} must be a number from 0 to \\d+, got "${value}"$`),
    );
  });
});
