import type { Order } from '../../../src/shared/domain/order';

let n = 0;

/** An order as the orders table holds it, with accents and a price in euros. */
export function sampleOrder(overrides: Partial<Order> = {}): Order {
  n += 1;
  const id = `${(0xa1b2c3d4 + n).toString(16)}-4e5f-4a6b-8c7d-${String(n).padStart(12, '0')}`;
  return {
    id,
    created_at: new Date().toISOString(),
    status: 'En attente',
    customer_name: 'Élodie Gonçalves',
    customer_phone: '+352 621 123 456',
    customer_email: 'elodie@example.lu',
    customer_address: '3, Rue de la Chapelle',
    customer_postal_code: 'L-4570',
    customer_city: 'Niederkorn',
    delivery_method: 'delivery',
    payment_method: 'cash',
    is_preorder: false,
    preorder_date: null,
    preorder_time: null,
    order_items: [
      { id: '32', name: 'Poulet grillé entier', quantity: 2, price: 15, options: [] },
      {
        id: 'fra-1',
        name: 'Francesinha à la maison',
        quantity: 1,
        price: 19.49,
        options: [{ id: 'egg', name: 'Œuf au plat', price: 1.5 }],
      },
    ],
    total_price: 50.99,
    delivery_fee: 3,
    discount_amount: 0,
    discount_percentage: 0,
    grand_total: 53.99,
    notes: 'Sonner deux fois, s’il vous plaît',
    user_id: null,
    ...overrides,
  };
}
