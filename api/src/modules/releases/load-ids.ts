import { createHmac, randomBytes } from 'node:crypto';
import { REMOTE_NAMES, releaseMessages as m } from '@pcpp/contracts/core';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { BadRequestError } from '../../errors';

const ALGORITHM = 'HS256';
const ISSUER = 'pcpp-api';
const AUDIENCE = 'pcpp-remote-load';

/** What a load id claims besides its id (jti) and end (exp): the versions served per remote, the cohort asked for, the address's hash. */
const claimsSchema = z.object({
  jti: z.string().min(16).max(32),
  exp: z.number().int(),
  s: z.partialRecord(z.enum(REMOTE_NAMES), z.array(z.string()).max(3)),
  c: z.string().optional(),
  a: z.string().min(1).max(64),
});

export interface LoadIdClaims {
  /** The page load's random id: one report per load id, version and kind. */
  id: string;
  /** The versions served, per remote. */
  served: Partial<Record<(typeof REMOTE_NAMES)[number], string[]>>;
  /** The cohort GET /remotes was asked with; none: the load id reports nothing about a rollout. */
  cohort?: string;
  /** The keyed hash of the address that asked (addressHash): never the address itself. */
  address: string;
}

/**
 * Load ids: JWTs (HS256, jose) under REMOTE_LOAD_ID_SECRET, naming the page load, what it was served,
 * its cohort and the hash of the network address that fetched it, until the TTL ends. The address
 * hash is an HMAC under the same secret, so a stored hash cannot be turned back into an address by
 * hashing every IPv4 address.
 */
export function createLoadIds(options: { secret: string; ttlMs: number; now: () => Date }) {
  const key = new TextEncoder().encode(`remote-load-ids:${options.secret}`);
  const addressKey = `remote-load-address:${options.secret}`;
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

  function addressHash(address: string): string {
    return createHmac('sha256', addressKey).update(address).digest('base64url').slice(0, 22);
  }

  return {
    addressHash,

    sign(served: LoadIdClaims['served'], cohort: string | undefined, address: string): Promise<string> {
      const now = options.now();
      return new SignJWT({ s: served, ...(cohort ? { c: cohort } : {}), a: addressHash(address) })
        .setProtectedHeader({ alg: ALGORITHM })
        .setJti(randomBytes(12).toString('base64url'))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setExpirationTime(seconds(new Date(now.getTime() + options.ttlMs)))
        .sign(key);
    },

    /** The claims of a load id this api signed and that has not ended; else the 400 that says which. */
    async read(loadId: string): Promise<LoadIdClaims> {
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(loadId, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['exp', 'jti'],
          currentDate: options.now(),
          clockTolerance: 0,
        }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new BadRequestError(m.loadIdExpired, { cause: error });
        throw new BadRequestError(m.loadIdInvalid, { cause: error });
      }
      const claims = claimsSchema.safeParse(payload);
      // Signed by this api, so only a secret shared with an api of another shape gets here.
      if (!claims.success) throw new BadRequestError(m.loadIdInvalid);
      return { id: claims.data.jti, served: claims.data.s, ...(claims.data.c ? { cohort: claims.data.c } : {}), address: claims.data.a };
    },
  };
}

export type LoadIds = ReturnType<typeof createLoadIds>;
