import { describe, expect, it } from 'vitest';
import { addToCart, decrementLine, removeLine, type CartToastKey } from '../../src/shared/domain/cart.js';
import { ORDER_STATUSES, STATUS_VARIANTS } from '../../src/shared/domain/order-status.js';
import { validateZoneList } from '../../src/shared/domain/delivery-zones.js';
import { chicken, juice } from './domain/menu-fixtures.js';
import { fr } from '../../src/shop/i18n/fr.js';
import { pt as adminPt } from '../../src/admin/i18n/pt.js';
import { fr as adminFr } from '../../src/admin/i18n/fr.js';
import { statusLabelKey, translate } from '../../src/admin/i18n/index.js';

// The domain answers with codes; these are the words each app's catalogue puts on them.

describe('shop catalogue: cart toasts', () => {
  const words = (key: CartToastKey, lineName = '') => fr.cartToasts[key](lineName);

  it('words every cart event the domain can raise, with the spec texts', () => {
    const added = addToCart([], chicken);
    expect(words(added.toast!.key)).toEqual({ title: 'Article ajouté' });
    expect(words(addToCart(added.items, chicken).toast!.key)).toEqual({ title: 'Quantité mise à jour' });
    expect(words(decrementLine(added.items, '32').toast!.key)).toEqual({ title: 'Article retiré' });
    expect(words(removeLine(added.items, '32').toast!.key)).toEqual({
      title: 'Article supprimé',
      description: "L'article a été retiré de votre panier.",
    });
    const refused = addToCart([], juice);
    expect(refused.ok).toBe(false);
    expect(words(refused.toast!.key)).toEqual({
      title: 'Article indisponible',
      description: "Cet article n'est pas disponible pour le moment.",
    });
    expect(words('option_required')).toEqual({
      title: 'Choix requis',
      description: 'Veuillez choisir un plat pour le menu enfant.',
    });
    expect(words('added_to_cart', 'Menu Enfant (Nuggets)')).toEqual({
      title: 'Ajouté au panier !',
      description: 'Menu Enfant (Nuggets) a été ajouté.',
    });
  });
});

describe('one status list', () => {
  it('the shop words every status of the domain list and nothing else', () => {
    expect(Object.keys(fr.orderStatus).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const s of ORDER_STATUSES) {
      expect(fr.orderStatus[s].label.length).toBeGreaterThan(2);
      expect(fr.orderStatus[s].description.length).toBeGreaterThan(20);
    }
    expect(fr.orderStatus.Prêt.label).toBe('Prêt pour livraison');
    expect(fr.orderStatus['En livraison'].label).toBe('En cours de livraison');
  });

  it('the tracking bar climbs with the list, on its five steps; a cancelled order is off the bar', () => {
    const steps = ORDER_STATUSES.map((s) => fr.orderStatus[s].step).filter((n): n is number => n !== null);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(new Set(steps)).toEqual(new Set(fr.tracking.steps.map((_, i) => i)));
    expect(fr.orderStatus.Annulée.step).toBeNull();
  });

  it('the admin has a Portuguese and a French label for every status and its stored variants', () => {
    const statusKeys = (catalogue: object) =>
      Object.keys(catalogue)
        .filter((k) => k.startsWith('status.'))
        .sort();
    const expected = ORDER_STATUSES.map((s) => statusLabelKey(s)).sort();
    expect(statusKeys(adminPt)).toEqual(expected);
    expect(statusKeys(adminFr)).toEqual(expected);
    expect(translate('pt', statusLabelKey('Prête pour Livraison'))).toBe('Pronta para entrega');
    expect(translate('fr', statusLabelKey('Livrée'))).toBe('Livrée');
    for (const variant of Object.values(STATUS_VARIANTS)) expect(ORDER_STATUSES).toContain(variant);
  });
});

describe('admin catalogue: delivery zone problems', () => {
  it('words each problem code of the zone list in Portuguese', () => {
    const problem = (drafts: { name: string; fee: string; postalCodes?: string }[]) => {
      const check = validateZoneList(drafts);
      if (check.ok) throw new Error('expected a refusal');
      const key = {
        required: 'delivery.requiredBody',
        fee_invalid: 'delivery.feeInvalid',
        duplicate: 'delivery.duplicate',
        postal_code_invalid: 'delivery.postalCodeInvalid',
        postal_code_twice: 'delivery.postalCodeTwice',
      } as const;
      return translate('pt', key[check.problem], { name: check.name });
    };
    expect(problem([{ name: '', fee: '2' }])).toBe('Todos os campos de nome da zona e taxa devem ser preenchidos.');
    expect(problem([{ name: 'Sanem', fee: 'trois' }])).toBe('A taxa para a zona Sanem deve ser um número de 0 a 50 €.');
    expect(
      problem([
        { name: 'Sanem', fee: '1' },
        { name: 'sanem', fee: '2' },
      ]),
    ).toBe('A zona sanem aparece mais de uma vez.');
    expect(problem([{ name: 'Sanem', fee: '1', postalCodes: '44' }])).toBe(
      'Os códigos postais da zona Sanem devem ser códigos do Luxemburgo de 4 algarismos (ex.: 4501 ou L-4501).',
    );
  });
});
