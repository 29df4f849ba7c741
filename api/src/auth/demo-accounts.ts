import accounts from '@pcpp/contracts/demo-accounts.json';
import { z } from 'zod';

/**
 * Created in the auth emulator at start, so a fresh checkout can sign in at once. The list lives
 * in contracts, shared with `npm start`'s banner and the e2e tests.
 */
export const DEMO_ACCOUNTS = z
  .array(
    z.object({
      email: z.string(),
      password: z.string(),
      displayName: z.string(),
      role: z.enum(['admin', 'customer']),
    }),
  )
  .readonly()
  .parse(accounts);

export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

/** The emulator's admins, so a fresh checkout has an admin without any setup. */
export const DEMO_ADMIN_EMAILS = DEMO_ACCOUNTS.filter((account) => account.role === 'admin').map(
  (account) => account.email,
);
