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

-- The delivery zones with their real postal codes (public.postal_codes, GeoNames CC BY 4.0): the code decides
-- the zone; a code two towns share (4601 Differdange and Niederkorn…) is in the first town's zone. Fousbann, a
-- quarter of Differdange and Oberkorn with no code of its own, matches by its name.
insert into public.store_settings (key, value) values
  ('delivery_zones', '[
    {"name": "Differdange", "fee": 2.00, "postal_codes": [
       "4501", "4502", "4503", "4507", "4508", "4511", "4514", "4515", "4516", "4518", "4519", "4521",
       "4524", "4528", "4529", "4530", "4531", "4532", "4534", "4535", "4536", "4537", "4540", "4541",
       "4542", "4543", "4544", "4545", "4546", "4547", "4548", "4549", "4556", "4559", "4560", "4564",
       "4573", "4574", "4575", "4577", "4580", "4581", "4582", "4583", "4591", "4593", "4594", "4595",
       "4596", "4597", "4599", "4601", "4603", "4604", "4605", "4607", "4608", "4613", "4620", "4621",
       "4623", "4625", "4627", "4628", "4629", "4630", "4632", "4633", "4634", "4635", "4636", "4638",
       "4639", "4640", "4642", "4647", "4648", "4651", "4653", "4654", "4657", "4660", "4662", "4663",
       "4668", "4669", "4670", "4677", "4682", "4683", "4684", "4687", "4688", "4689", "4690", "4691",
       "4692", "4693"]},
    {"name": "Niederkorn", "fee": 2.00, "postal_codes": [
       "4505", "4506", "4509", "4512", "4513", "4520", "4525", "4526", "4533", "4551", "4552", "4553",
       "4555", "4557", "4562", "4563", "4565", "4570", "4572", "4576", "4578", "4598", "4602", "4609",
       "4610", "4611", "4612", "4643", "4644", "4645", "4646", "4650", "4656", "4661", "4664", "4666",
       "4676", "4678", "4680", "4681", "4686"]},
    {"name": "Oberkorn", "fee": 2.00, "postal_codes": [
       "4504", "4510", "4517", "4522", "4523", "4527", "4538", "4539", "4550", "4554", "4558", "4561",
       "4569", "4571", "4579", "4590", "4592", "4606", "4622", "4624", "4626", "4631", "4641", "4649",
       "4658", "4665", "4667", "4671", "4672", "4679", "4685"]},
    {"name": "Lasauvage", "fee": 3.00, "postal_codes": [
       "4696", "4697", "4698"]},
    {"name": "Fousbann", "fee": 2.50},
    {"name": "Pétange", "fee": 3.00, "postal_codes": [
       "4702", "4707", "4708", "4709", "4710", "4711", "4712", "4713", "4714", "4715", "4716", "4717",
       "4718", "4719", "4720", "4721", "4722", "4730", "4731", "4732", "4733", "4734", "4735", "4736",
       "4737", "4738", "4739", "4740", "4741", "4742", "4743", "4744", "4745", "4750", "4751", "4752",
       "4753", "4754", "4755", "4756", "4757", "4758", "4759", "4760", "4761", "4762", "4763", "4770",
       "4771", "4772", "4773", "4774", "4775", "4776", "4777", "4778", "4779", "4780", "4781", "4782",
       "4783", "4784", "4785", "4786", "4908"]},
    {"name": "Rodange", "fee": 3.50, "postal_codes": [
       "4801", "4804", "4805", "4806", "4807", "4808", "4809", "4810", "4811", "4812", "4813", "4814",
       "4815", "4818", "4819", "4820", "4822", "4823", "4824", "4825", "4826", "4829", "4830", "4831",
       "4832", "4833", "4834", "4837", "4838", "4839", "4840", "4842", "4843", "4844", "4845", "4846",
       "4847", "4848", "4849", "4850", "4853"]},
    {"name": "Lamadelaine", "fee": 3.50, "postal_codes": [
       "4706", "4802", "4870", "4871", "4872", "4873", "4874", "4875", "4876", "4877", "4878", "4879",
       "4880", "4881", "4882", "4883", "4884", "4885", "4886", "4887", "4888", "4889", "4890", "4891",
       "4892", "4893", "4894", "4895"]},
    {"name": "Bascharage", "fee": 3.50, "postal_codes": [
       "4901", "4902", "4907", "4909", "4911", "4912", "4914", "4916", "4917", "4918", "4919", "4920",
       "4922", "4925", "4926", "4928", "4930", "4933", "4936", "4938", "4939", "4940", "4941", "4942",
       "4944", "4945", "4946", "4947", "4948", "4950", "4951", "4952", "4954", "4955", "4958", "4959"]},
    {"name": "Sanem", "fee": 3.00, "postal_codes": [
       "4498", "4984", "4985", "4986", "4987", "4988", "4989", "4990", "4991", "4992", "4993"]},
    {"name": "Soleuvre", "fee": 3.00, "postal_codes": [
       "4405", "4410", "4411", "4413", "4414", "4415", "4417", "4418", "4420", "4421", "4423", "4432",
       "4433", "4434", "4435", "4437", "4438", "4439", "4440", "4441", "4442", "4447", "4448", "4449",
       "4459", "4460", "4463", "4464", "4465", "4466", "4467", "4469", "4470", "4475", "4479", "4480",
       "4482", "4483", "4484", "4485", "4486", "4492", "4493", "4494"]},
    {"name": "Belvaux", "fee": 3.50, "postal_codes": [
       "4367", "4368", "4370", "4371", "4372", "4373", "4401", "4402", "4406", "4407", "4408", "4409",
       "4412", "4416", "4419", "4422", "4424", "4425", "4426", "4427", "4428", "4429", "4430", "4431",
       "4436", "4443", "4444", "4445", "4446", "4450", "4451", "4452", "4453", "4454", "4461", "4462",
       "4468", "4471", "4472", "4473", "4474", "4476", "4477", "4478", "4481", "4487", "4488", "4489",
       "4490", "4491"]},
    {"name": "Ehlerange", "fee": 4.00, "postal_codes": [
       "4380", "4381", "4382", "4383", "4384", "4385"]},
    {"name": "Esch-sur-Alzette", "fee": 4.50, "postal_codes": [
       "4001", "4002", "4003", "4004", "4005", "4006", "4007", "4008", "4009", "4010", "4011", "4012",
       "4013", "4014", "4015", "4016", "4017", "4018", "4019", "4020", "4021", "4022", "4023", "4024",
       "4025", "4026", "4027", "4028", "4029", "4030", "4031", "4032", "4033", "4034", "4035", "4036",
       "4037", "4038", "4039", "4040", "4041", "4042", "4043", "4044", "4045", "4046", "4047", "4048",
       "4049", "4050", "4051", "4052", "4053", "4054", "4055", "4057", "4058", "4059", "4060", "4061",
       "4062", "4063", "4064", "4065", "4066", "4067", "4068", "4069", "4070", "4071", "4072", "4073",
       "4074", "4080", "4081", "4082", "4083", "4084", "4085", "4086", "4088", "4100", "4101", "4102",
       "4103", "4105", "4106", "4107", "4108", "4109", "4110", "4111", "4112", "4113", "4114", "4115",
       "4116", "4118", "4119", "4120", "4121", "4122", "4123", "4125", "4126", "4130", "4131", "4132",
       "4133", "4134", "4135", "4136", "4137", "4138", "4139", "4140", "4141", "4142", "4143", "4149",
       "4150", "4151", "4152", "4153", "4154", "4155", "4156", "4164", "4165", "4166", "4167", "4168",
       "4169", "4170", "4171", "4172", "4173", "4174", "4175", "4176", "4177", "4178", "4179", "4180",
       "4201", "4202", "4203", "4204", "4205", "4206", "4207", "4208", "4209", "4210", "4211", "4213",
       "4214", "4216", "4217", "4220", "4221", "4222", "4230", "4231", "4232", "4233", "4234", "4235",
       "4236", "4237", "4238", "4239", "4240", "4241", "4242", "4243", "4244", "4245", "4246", "4247",
       "4248", "4249", "4250", "4251", "4252", "4253", "4254", "4255", "4256", "4260", "4261", "4262",
       "4263", "4264", "4265", "4266", "4267", "4268", "4270", "4271", "4272", "4275", "4276", "4277",
       "4278", "4279", "4280", "4281", "4282", "4283", "4289", "4301", "4302", "4303", "4304", "4305",
       "4306", "4307", "4308", "4309", "4310", "4314", "4315", "4316", "4317", "4318", "4319", "4320",
       "4321", "4322", "4323", "4324", "4325", "4326", "4327", "4328", "4330", "4331", "4332", "4333",
       "4334", "4335", "4336", "4337", "4340", "4341", "4342", "4343", "4344", "4345", "4346", "4347",
       "4348", "4349", "4350", "4351", "4352", "4353", "4354", "4355", "4359", "4360", "4361", "4362",
       "4363", "4364", "4365", "4366", "4369", "4374"]},
    {"name": "Schifflange", "fee": 5.00, "postal_codes": [
       "3801", "3810", "3811", "3812", "3813", "3814", "3815", "3816", "3817", "3818", "3819", "3820",
       "3821", "3822", "3823", "3824", "3825", "3826", "3830", "3831", "3832", "3833", "3834", "3835",
       "3836", "3837", "3838", "3839", "3840", "3841", "3842", "3843", "3844", "3850", "3851", "3852",
       "3853", "3854", "3855", "3856", "3857", "3858", "3859", "3860", "3861", "3862", "3863", "3864",
       "3870", "3871", "3872", "3873", "3874", "3875", "3876", "3877", "3878", "3879", "3880", "3881",
       "3882", "3883", "3884"]}
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
