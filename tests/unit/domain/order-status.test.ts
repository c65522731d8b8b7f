import { describe, expect, it } from 'vitest';
import {
  ACTIVE_ORDER_STATUSES,
  ACTIVE_STATUS_SPELLINGS,
  FINAL_ORDER_STATUSES,
  ORDER_STATUSES,
  ORDER_STATUS_INFO,
  normaliseStatus,
  shouldKeepPolling,
  statusBadgeColour,
} from '../../../src/shared/domain/order-status.js';

describe('order statuses', () => {
  it('are one canonical list', () => {
    expect(ORDER_STATUSES).toEqual([
      'En attente',
      'Bien reçu',
      'En préparation',
      'Prêt',
      'Prête pour Livraison',
      'En livraison',
      'Livrée',
      'Annulée',
    ]);
    for (const s of ORDER_STATUSES) {
      const i = ORDER_STATUS_INFO[s];
      expect(i.status).toBe(s);
    }
  });

  it('map the spec variants onto the canonical spelling', () => {
    expect(normaliseStatus('Livré')).toBe('Livrée');
    expect(normaliseStatus('Annulé')).toBe('Annulée');
    expect(normaliseStatus('Acceptée')).toBe('Bien reçu');
    expect(normaliseStatus('Prête')).toBe('Prêt');
    expect(normaliseStatus(' prête pour livraison ')).toBe('Prête pour Livraison');
    expect(normaliseStatus('EN LIVRAISON')).toBe('En livraison');
    expect(normaliseStatus('Livre\u0301')).toBe('Livrée'); // decomposed accent
    expect(normaliseStatus('Perdue')).toBeNull();
    expect(normaliseStatus(42)).toBeNull();
  });

  it('colour badges green, blue, red, yellow otherwise', () => {
    expect(statusBadgeColour('Livrée')).toBe('green');
    expect(statusBadgeColour('Livré')).toBe('green');
    expect(statusBadgeColour('En livraison')).toBe('blue');
    expect(statusBadgeColour('Annulé')).toBe('red');
    expect(statusBadgeColour('En préparation')).toBe('yellow');
    expect(statusBadgeColour('???')).toBe('yellow');
  });

  it('stop tracking polling only on final statuses, including their variants', () => {
    expect(FINAL_ORDER_STATUSES).toEqual(['Livrée', 'Annulée']);
    expect(shouldKeepPolling('Livré')).toBe(false);
    expect(shouldKeepPolling('Annulée')).toBe(false);
    expect(shouldKeepPolling('En livraison')).toBe(true);
    expect(shouldKeepPolling(undefined)).toBe(true);
  });

  it('count the admin badge over active statuses and their stored variants', () => {
    expect(ACTIVE_ORDER_STATUSES).toEqual([
      'En attente',
      'Bien reçu',
      'En préparation',
      'Prêt',
      'Prête pour Livraison',
      'En livraison',
    ]);
    expect([...ACTIVE_STATUS_SPELLINGS].sort()).toEqual([...ACTIVE_ORDER_STATUSES, 'Acceptée', 'Prête'].sort());
  });

  it('send SMS on preparation, ready and delivery', () => {
    const withSms = ORDER_STATUSES.filter((s) => ORDER_STATUS_INFO[s].sms).map((s) => [s, ORDER_STATUS_INFO[s].sms]);
    expect(withSms).toEqual([
      ['En préparation', 'preparation'],
      ['Prêt', 'ready'],
      ['En livraison', 'out_for_delivery'],
    ]);
  });
});
