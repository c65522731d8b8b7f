import { describe, expect, it } from 'vitest';
import { createToastStore } from '../../src/shared/stores/toast-store.js';
import { toast as shopToast, useToastStore } from '../../src/shop/components/ui/toast-store.js';
import { addressLine, directionsUrl } from '../../src/shared/domain/maps.js';

describe('one toast store for both apps', () => {
  it('shows one toast at a time: a new one replaces the current one', () => {
    const store = createToastStore<{ title: string; tone: string }>();
    store.getState().show({ title: 'Primeiro', tone: 'info' });
    const first = store.getState().current!;
    store.getState().show({ title: 'Segundo', tone: 'error' });
    expect(store.getState().current).toEqual({ title: 'Segundo', tone: 'error', id: first.id + 1 });
  });

  it('a late dismissal of an old toast leaves the newer one; no id dismisses whatever shows', () => {
    const store = createToastStore<{ title: string }>();
    store.getState().show({ title: 'a' });
    const old = store.getState().current!.id;
    store.getState().show({ title: 'b' });
    store.getState().dismiss(old);
    expect(store.getState().current?.title).toBe('b');
    store.getState().dismiss();
    expect(store.getState().current).toBeNull();
  });

  it("the shop's toasts default to 5000 ms and the neutral variant", () => {
    shopToast({ title: 'Article ajouté' });
    expect(useToastStore.getState().current).toMatchObject({
      title: 'Article ajouté',
      variant: 'default',
      duration: 5000,
    });
  });
});

describe('one directions link', () => {
  it('routes to the address typed on one line', () => {
    const line = addressLine({ address: '3, rue de la Gare', postalCode: null, city: 'Sanem' });
    expect(line).toBe('3, rue de la Gare, Sanem');
    expect(directionsUrl(line)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=3%2C%20rue%20de%20la%20Gare%2C%20Sanem',
    );
  });
});
