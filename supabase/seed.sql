-- The restaurant's menu, delivery zones and reviews for a new database.
-- Image files are named after the item id: /images/menu/<id>.webp.

insert into public.menu_items (id, category_id, name, description, price, unavailable, special_offer, item_type, title, kids_menu_options, sort_order) values
  -- Entrées
  ('1', 'entrees', 'Caldo verde', 'Soupe portugaise au chou vert, pommes de terre et rondelles de chouriço.', 3.86, false, null, 'dish', null, null, 1),
  ('2', 'entrees', 'Pastéis de bacalhau (6 pièces)', 'Beignets de morue croustillants, persil frais et citron.', 7.90, false, null, 'dish', null, null, 2),
  ('3', 'entrees', 'Chouriço flambé', 'Saucisse portugaise fumée flambée à l''eau-de-vie devant vous.', 9.50, false, null, 'dish', null, null, 3),
  ('4', 'entrees', 'Gambas à l''ail', 'Crevettes sautées à l''huile d''olive, ail, piment et coriandre, pain grillé.', 12.30, false, null, 'dish', null, null, 4),
  ('5', 'entrees', 'Salade mixte', 'Laitue, tomates, oignons rouges, carottes râpées et olives, vinaigrette maison.', 5.20, false, null, 'dish', null, null, 5),
  ('6', 'entrees', 'Rissóis de crevettes (6 pièces)', 'Chaussons dorés farcis d''une crème onctueuse aux crevettes.', 6.90, false, null, 'dish', null, null, 6),
  ('7', 'entrees', 'Pain à l''ail gratiné', 'Pain de campagne toasté, beurre à l''ail et fromage fondu.', 4.50, false, null, 'dish', null, null, 7),
  ('8', 'entrees', 'Moelas à la portugaise', 'Gésiers de poulet mijotés à la tomate, vin blanc et piment doux.', 8.40, false, null, 'dish', null, null, 8),

  -- Chic'N'Fries
  ('cnf-1', 'chic_n_fries', 'Tenders & frites', 'Cinq filets de poulet panés, frites maison et sauce au choix.', 9.90, false, null, 'dish', null, null, 1),
  ('cnf-2', 'chic_n_fries', 'Demi-poulet & frites', 'Demi-poulet grillé au charbon de bois, frites maison et sauce piri-piri.', 11.50, false, null, 'dish', null, null, 2),
  ('cnf-3', 'chic_n_fries', 'Nuggets maison & frites', 'Huit nuggets de poulet faits maison, frites et sauce barbecue.', 8.90, false, null, 'dish', null, null, 3),
  ('cnf-4', 'chic_n_fries', 'Wings & frites', 'Huit ailes de poulet marinées et grillées, frites maison.', 10.90, false, null, 'dish', null, null, 4),
  ('cnf-5', 'chic_n_fries', 'Poulet croustillant coréen', 'Poulet frit double cuisson, glaçage sucré-épicé et sésame. Bientôt à la carte !', 0, false, null, 'coming_soon', null, null, 5),

  -- Grillades
  ('grill-poulets', 'grill', 'Nos poulets', '', 0, false, null, 'section_title', 'Poulets grillés au charbon de bois', null, 0),
  ('30', 'grill', 'Quart de poulet grillé', 'Cuisse de poulet grillée au charbon, marinade maison ail et citron.', 5.50, false, null, 'dish', null, null, 1),
  ('31', 'grill', 'Demi-poulet grillé', 'Demi-poulet grillé au charbon de bois, badigeonné de piri-piri à votre goût.', 8.50, false, null, 'dish', null, null, 2),
  ('32', 'grill', 'Poulet entier grillé', 'Notre spécialité : poulet entier grillé au charbon de bois, doré et juteux, avec sa sauce piri-piri maison.', 15.00, false, null, 'dish', null, null, 3),
  ('37', 'grill', 'Chouriço grillé', 'Saucisse portugaise fumée grillée au feu de bois.', 3.50, false, null, 'dish', null, null, 4),
  ('grill-viandes', 'grill', 'Nos viandes', '', 0, false, null, 'section_title', 'Viandes et poissons grillés', null, 10),
  ('33', 'grill', 'Espetada de poulet', 'Brochette de poulet mariné, poivrons et oignons, riz et frites.', 12.90, false, null, 'dish', null, null, 11),
  ('34', 'grill', 'Entremeada grillée', 'Poitrine de porc marinée au paprika et au vin blanc, grillée au charbon.', 13.90, false, null, 'dish', null, null, 12),
  ('35', 'grill', 'Espetada mixte', 'Grande brochette bœuf, porc et poulet, servie avec riz, frites et salade.', 18.90, false, null, 'dish', null, null, 13),
  ('36', 'grill', 'Entrecôte grillée (300 g)', 'Entrecôte de bœuf grillée, beurre à l''ail, frites maison et salade.', 22.50, false, null, 'dish', null, null, 14),
  ('38', 'grill', 'Morue grillée à la lagareiro', 'Dos de morue grillé, pommes de terre écrasées, ail et huile d''olive.', 24.50, false, null, 'dish', null, null, 15),
  ('39', 'grill', 'Picanha grillée', 'Picanha de bœuf tranchée, grillée au gros sel, riz, haricots noirs et farofa.', 25.64, false, null, 'dish', null, null, 16),

  -- Francesinhas
  ('fr-1', 'francesinhas', 'Francesinha classique', 'Pain de mie, steak, linguiça, jambon et saucisse, nappé de fromage fondu et de notre sauce épicée à la bière. Frites maison.', 19.49, false, null, 'dish', null, null, 1),
  ('fr-2', 'francesinhas', 'Francesinha spéciale', 'La classique couronnée d''un œuf au plat et de bacon croustillant. Frites maison.', 21.90, false, null, 'dish', null, null, 2),
  ('fr-3', 'francesinhas', 'Francesinha au poulet', 'Blanc de poulet grillé, jambon et fromage fondu sous la sauce maison. Frites maison.', 20.90, false, null, 'dish', null, null, 3),
  ('fr-4', 'francesinhas', 'Francesinha aux crevettes', 'Garnie de crevettes sautées à l''ail, sauce francesinha aux fruits de mer. Frites maison.', 24.90, false, null, 'dish', null, null, 4),
  ('fr-5', 'francesinhas', 'Francesinha XXL à partager', 'Double ration de viandes, double fromage, œufs et sauce à volonté. Pour deux gourmands.', 28.20, false, null, 'dish', null, null, 5),

  -- HungryBurgers
  ('hb-1', 'hamburgers', 'Classic Burger', 'Steak de bœuf 150 g, cheddar, salade, tomate, oignons et sauce maison, frites.', 12.77, false, null, 'dish', null, null, 1),
  ('hb-2', 'hamburgers', 'Chicken Burger', 'Filet de poulet grillé au piri-piri, salade croquante et mayonnaise à l''ail, frites.', 13.90, false, null, 'dish', null, null, 2),
  ('hb-3', 'hamburgers', 'Cheese Bacon', 'Steak de bœuf 180 g, double cheddar, bacon grillé et oignons caramélisés, frites.', 14.90, false, null, 'dish', null, null, 3),
  ('hb-4', 'hamburgers', 'Burger Lusitano', 'Steak de bœuf, chouriço grillé, œuf au plat et fromage de São Jorge, frites.', 16.50, false, null, 'dish', null, null, 4),
  ('hb-5', 'hamburgers', 'Double Smash', 'Deux steaks smashés, double cheddar, pickles et sauce burger, frites.', 17.90, false, null, 'dish', null, null, 5),
  ('hb-6', 'hamburgers', 'Burj Khalifa', 'Le burger du défi : cinq steaks, cinq tranches de cheddar, bacon, œufs et frites à volonté. Le finirez-vous ?', 23.69, false,
    '{"text": "Défi Burj Khalifa", "condition": "Inscrivez-vous au défi et finissez-le pour entrer dans notre mur des champions"}', 'dish', null, null, 6),

  -- Boissons
  ('bo-1', 'boissons', 'Eau plate 50 cl', 'Eau minérale naturelle.', 2.87, false, null, 'dish', null, null, 1),
  ('bo-2', 'boissons', 'Eau pétillante 50 cl', 'Eau minérale gazeuse.', 2.87, false, null, 'dish', null, null, 2),
  ('bo-3', 'boissons', 'Coca-Cola 33 cl', 'Bien frais.', 3.20, false, null, 'dish', null, null, 3),
  ('bo-4', 'boissons', 'Coca-Cola Zero 33 cl', 'Sans sucres.', 3.20, false, null, 'dish', null, null, 4),
  ('bo-5', 'boissons', 'Ice Tea pêche 33 cl', 'Thé glacé à la pêche.', 3.20, false, null, 'dish', null, null, 5),
  ('bo-6', 'boissons', 'Sumol ananas 33 cl', 'Le soda portugais à l''ananas.', 3.40, false, null, 'dish', null, null, 6),
  ('bo-7', 'boissons', 'Jus d''orange pressé', 'Oranges pressées à la commande.', 4.90, true, null, 'dish', null, null, 7),
  ('bo-8', 'boissons', 'Jus de mangue', 'Nectar de mangue bien frais.', 4.50, true, null, 'dish', null, null, 8),
  ('bo-9', 'boissons', 'Super Bock 33 cl', 'Bière blonde portugaise.', 3.90, false, null, 'dish', null, null, 9),
  ('bo-10', 'boissons', 'Vinho verde (verre)', 'Vin blanc jeune et léger du nord du Portugal.', 4.80, false, null, 'dish', null, null, 10),
  ('bo-11', 'boissons', 'Sangria maison 50 cl', 'Vin rouge, fruits frais et une touche de cannelle.', 6.83, false, null, 'dish', null, null, 11),

  -- Menu enfant
  ('kid-1', 'menu_enfant', 'Menu Enfant', 'Au choix : nuggets, ailes ou quart de poulet, avec frites et une boisson.', 9.80, false, null, 'dish', null,
    '[{"id": "nuggets", "name": "Nuggets"}, {"id": "wings", "name": "Ailes de poulet"}, {"id": "quarter_chicken", "name": "Quart de poulet"}]', 1),
  ('kid-2', 'menu_enfant', 'Menu Enfant Gourmand', 'Au choix : nuggets, ailes ou quart de poulet, avec frites, une boisson et une boule de glace.', 10.78, false, null, 'dish', null,
    '[{"id": "nuggets", "name": "Nuggets"}, {"id": "wings", "name": "Ailes de poulet"}, {"id": "quarter_chicken", "name": "Quart de poulet"}]', 2),

  -- Accompagnements
  ('acc-1', 'accompagnements', 'Frites maison', 'Pommes de terre fraîches coupées et frites chaque jour.', 3.50, false, null, 'dish', null, null, 1),
  ('acc-2', 'accompagnements', 'Riz à la portugaise', 'Riz parfumé à la tomate et aux oignons.', 3.00, false, null, 'dish', null, null, 2),
  ('acc-3', 'accompagnements', 'Salade verte', 'Laitue, tomates et oignons, vinaigrette maison.', 3.50, false, null, 'dish', null, null, 3),
  ('acc-4', 'accompagnements', 'Chips maison', 'Fines chips de pommes de terre, comme au Portugal.', 3.00, false, null, 'dish', null, null, 4),
  ('acc-5', 'accompagnements', 'Sauce piri-piri', 'Notre sauce pimentée maison.', 1.00, false, null, 'dish', null, null, 5),
  ('acc-6', 'accompagnements', 'Mayonnaise à l''ail', 'Mayonnaise maison relevée à l''ail.', 1.00, false, null, 'dish', null, null, 6),
  ('acc-7', 'accompagnements', 'Sauce maison', 'Sauce secrète du chef, douce et fumée.', 1.50, false, null, 'dish', null, null, 7),
  ('acc-8', 'accompagnements', 'Sauce francesinha', 'Un pot de notre sauce francesinha à la bière.', 2.00, false, null, 'dish', null, null, 8),

  -- Desserts
  ('de-1', 'desserts', 'Pastéis de nata (2 pièces)', 'Flans pâtissiers portugais, cannelle et sucre glace.', 5.84, false, null, 'dish', null, null, 1),
  ('de-2', 'desserts', 'Mousse au chocolat', 'Mousse maison au chocolat noir.', 5.84, false, null, 'dish', null, null, 2),
  ('de-3', 'desserts', 'Baba de camelo', 'Crème onctueuse au caramel de lait concentré.', 5.84, false, null, 'dish', null, null, 3),
  ('de-4', 'desserts', 'Arroz doce', 'Riz au lait à la portugaise, zeste de citron et cannelle.', 5.84, false, null, 'dish', null, null, 4),
  ('de-5', 'desserts', 'Tarte aux amandes', 'Tarte fondante aux amandes caramélisées.', 5.84, false, null, 'dish', null, null, 5);

update public.menu_items
   set image_src = '/images/menu/' || id || '.webp', image_alt = name
 where item_type <> 'section_title';

-- Allergens (EU 1169/2011, codes of src/shared/domain/allergens.ts), as the kitchen declared them: '{}' is « none of
-- the 14 ». The dishes left out (the chef's secret sauce, the picanha with its farofa, the dish not on sale yet)
-- are not declared yet: the shop tells the customer to ask the restaurant.
update public.menu_items set allergens = '{}'
 where id in ('1', 'cnf-2', 'cnf-4', '30', '31', '32', '33', 'bo-1', 'bo-2', 'bo-3', 'bo-4', 'bo-5', 'bo-6', 'bo-7',
              'bo-8', 'acc-1', 'acc-2', 'acc-4', 'acc-5');
update public.menu_items set allergens = '{gluten,eggs,fish}' where id = '2';
update public.menu_items set allergens = '{sulphites}' where id in ('3', '34', '37', 'bo-10', 'bo-11');
update public.menu_items set allergens = '{gluten,crustaceans}' where id = '4';
update public.menu_items set allergens = '{mustard,sulphites}' where id in ('5', '35');
update public.menu_items set allergens = '{gluten,crustaceans,eggs,milk}' where id = '6';
update public.menu_items set allergens = '{gluten,milk}' where id = '7';
update public.menu_items set allergens = '{celery,sulphites}' where id = '8';
update public.menu_items set allergens = '{gluten,eggs,mustard}' where id = 'cnf-1';
update public.menu_items set allergens = '{gluten,eggs}' where id in ('cnf-3', 'kid-1');
update public.menu_items set allergens = '{milk,mustard}' where id = '36';
update public.menu_items set allergens = '{fish}' where id = '38';
update public.menu_items set allergens = '{gluten,eggs,milk,celery,mustard,sulphites}'
 where id in ('fr-1', 'fr-2', 'fr-3', 'fr-5');
update public.menu_items set allergens = '{gluten,crustaceans,eggs,milk,celery,mustard,sulphites}' where id = 'fr-4';
update public.menu_items set allergens = '{gluten,eggs,milk,mustard,sesame}'
 where id in ('hb-1', 'hb-3', 'hb-4', 'hb-5', 'hb-6');
update public.menu_items set allergens = '{gluten,eggs,mustard,sesame}' where id = 'hb-2';
update public.menu_items set allergens = '{gluten}' where id = 'bo-9';
update public.menu_items set allergens = '{gluten,eggs,milk}' where id in ('kid-2', 'de-1');
update public.menu_items set allergens = '{mustard}' where id = 'acc-3';
update public.menu_items set allergens = '{eggs,mustard}' where id = 'acc-6';
update public.menu_items set allergens = '{gluten,milk,celery,mustard,sulphites}' where id = 'acc-8';
update public.menu_items set allergens = '{eggs,milk}' where id in ('de-2', 'de-3', 'de-4');
update public.menu_items set allergens = '{gluten,eggs,milk,nuts}' where id = 'de-5';

-- VAT (Luxembourg): 3 % for food and soft drinks (the column default), 17 % for alcohol.
update public.menu_items set vat_rate = 17 where id in ('bo-9', 'bo-10', 'bo-11');

-- The spec's offer: the whole grilled chicken (item 32) at 12,50 € for pickup, 10 to 13 October 2025. A dated offer
-- lives here only (the menu card shows it while it is live), never as the dish's fixed label, which outlived it.
insert into public.offers (title, body, image_url, item_id, price, delivery_method, starts_on, ends_on) values
  ('Poulet grillé entier',
   'Notre poulet entier grillé au charbon de bois, à emporter, à un prix exceptionnel.',
   '/images/offer-chicken.webp', '32', 12.50, 'pickup', '2025-10-10', '2025-10-13');

insert into public.store_settings (key, value) values
  ('delivery_zones', '[
    {"name": "Differdange", "fee": 2.00},
    {"name": "Niederkorn", "fee": 2.00},
    {"name": "Oberkorn", "fee": 2.00},
    {"name": "Lasauvage", "fee": 3.00},
    {"name": "Fousbann", "fee": 2.50},
    {"name": "Pétange", "fee": 3.00},
    {"name": "Rodange", "fee": 3.50},
    {"name": "Lamadelaine", "fee": 3.50},
    {"name": "Bascharage", "fee": 3.50},
    {"name": "Sanem", "fee": 3.00},
    {"name": "Soleuvre", "fee": 3.00},
    {"name": "Belvaux", "fee": 3.50},
    {"name": "Ehlerange", "fee": 4.00},
    {"name": "Esch-sur-Alzette", "fee": 4.50},
    {"name": "Schifflange", "fee": 5.00}
  ]')
on conflict (key) do update set value = excluded.value;

insert into public.reviews (author, rating, text, date, source) values
  ('Sophie M.', 5, 'Le meilleur poulet grillé de la région ! Peau croustillante, chair juteuse et la sauce piri-piri maison est une tuerie.', '2025-09-14', 'google'),
  ('Carlos F.', 5, 'Une vraie francesinha comme à Porto. La sauce est parfaite et les portions généreuses. On reviendra !', '2025-08-30', 'google'),
  ('Julien K.', 4, 'Commande en livraison à Niederkorn, arrivée chaude en 35 minutes. Frites maison excellentes.', '2025-10-02', 'google'),
  ('Ana P.', 5, 'Accueil chaleureux, on se sent comme au Portugal. Les pastéis de nata sont divins.', '2025-07-19', 'google'),
  ('Marc W.', 4, 'Très bon rapport qualité-prix. Le poulet entier à emporter nourrit toute la famille.', '2025-09-27', 'google'),
  ('Laura D.', 5, 'J''ai tenté le défi Burj Khalifa… je n''ai pas fini, mais quel burger ! Ambiance géniale.', '2025-06-08', 'google'),
  ('Patrick L.', 4, 'Picanha savoureuse et bien cuite. Un peu d''attente le samedi soir, mais ça vaut le coup.', '2025-10-05', 'google'),
  ('Inês R.', 5, 'Le menu enfant avec le choix nuggets ou poulet est parfait pour nos petits. Personnel aux petits soins.', '2025-08-11', 'google');
