import '../zod-setup.js';
import { z } from 'zod';

export const challengeRegistrationSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  agreed_to_terms: z.boolean(),
  created_at: z.string(),
});
export type ChallengeRegistration = z.output<typeof challengeRegistrationSchema>;
