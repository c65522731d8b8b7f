import { menuItemSchema, type MenuItem, type MenuItemInput } from '../../../src/shared/domain/menu.js';

export const item = (input: MenuItemInput): MenuItem => menuItemSchema.parse(input);

export const chicken = item({ id: '32', categoryId: 'grill', name: 'Poulet grillé entier', price: 15 });
export const fries = item({ id: 'cnf-1', categoryId: 'chic_n_fries', name: 'Frites maison', price: 3.5 });
export const juice = item({ id: 'b-7', categoryId: 'boissons', name: 'Jus de mangue', price: 3.2, unavailable: true });
export const kids = item({
  id: 'k1',
  categoryId: 'menu_enfant',
  name: 'Menu Enfant',
  price: 9.8,
  isKidsMenuWithOptions: true,
  options: [
    { id: 'nuggets', name: 'Nuggets' },
    { id: 'wings', name: 'Ailes de poulet' },
    { id: 'quarter_chicken', name: '1/4 de poulet' },
  ],
});
