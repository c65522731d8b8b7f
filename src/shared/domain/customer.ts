import '../zod-setup.js';
import { z } from 'zod';

/** What the cart form asks of the person ordering; address fields only matter for delivery. */
export const customerInfoSchema = z.object({
  name: z.string().default(''),
  phone: z.string().default(''),
  email: z.string().default(''),
  address: z.string().default(''),
  postalCode: z.string().default(''),
  city: z.string().default(''),
  notes: z.string().default(''),
});
export type CustomerInfo = z.output<typeof customerInfoSchema>;

/** An empty cart form: every field blank (the schema's defaults). */
export const EMPTY_CUSTOMER_INFO: CustomerInfo = customerInfoSchema.parse({});

/** A registered customer as the get-users function lists them for the admin. */
export const customerSchema = z.object({
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable().default(null),
  email_confirmed_at: z.string().nullable().default(null),
});
export type Customer = z.output<typeof customerSchema>;
