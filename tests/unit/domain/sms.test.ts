import { describe, expect, it } from 'vitest';
import { smsProblem, smsTemplateFor } from '../../../src/shared/domain/sms.js';
import { smsForStatus, smsText } from '../../../src/admin/i18n/sms-templates.js';

const ctx = {
  orderId: '3f2a1b0c-9d8e-4b59',
  restaurantName: 'Churrasqueira Differdange',
  deliveryMethod: 'delivery' as const,
};

describe('SMS templates', () => {
  it('name the restaurant and the 8-character order number', () => {
    expect(smsText('preparation', ctx)).toBe(
      'Churrasqueira Differdange : votre commande n°3f2a1b0c est en préparation. Merci pour votre confiance !',
    );
    expect(smsText('out_for_delivery', ctx)).toBe(
      'Churrasqueira Differdange : votre commande n°3f2a1b0c est en cours de livraison. Elle arrive bientôt !',
    );
  });

  it('word "ready" for pickup and for delivery', () => {
    expect(smsText('ready', { ...ctx, deliveryMethod: 'pickup' })).toContain(
      'Vous pouvez venir la chercher au restaurant.',
    );
    expect(smsText('ready', ctx)).toContain('partira bientôt en livraison');
  });

  it('follow the status, variants included', () => {
    expect(smsForStatus('Prête', ctx)).toBe(smsText('ready', ctx));
    expect(smsForStatus('En préparation', ctx)).toBe(smsText('preparation', ctx));
    expect(smsForStatus('Livrée', ctx)).toBeNull();
    expect(smsForStatus('???', ctx)).toBeNull();
    // The domain names the template (a code); the words are the admin's catalogue.
    expect(smsTemplateFor(' prête ')).toBe('ready');
    expect(smsTemplateFor('En livraison')).toBe('out_for_delivery');
    expect(smsTemplateFor('Annulée')).toBeNull();
  });

  it('are not sent without a phone or with a blank text', () => {
    expect(smsProblem(null, 'x')).toBe('no_phone');
    expect(smsProblem('621 123 456', '  ')).toBe('empty_text');
    expect(smsProblem('621 123 456', 'Bonjour')).toBeNull();
  });
});
