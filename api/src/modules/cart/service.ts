import { type Cart, type CartLineInput, mergeCartLines, priceCart } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import type { AccessClaims } from '../../auth/access-token';
import { ConflictError } from '../../errors';
import { toPart } from '../parts/service';
import type { CartRepository, StoredCartLine } from './repository';
import type { CartBody } from './validators';

/** How many merge keys a cart remembers (each browser's cart merges once; old keys go first). */
const REMEMBERED_MERGES = 20;
/** A merge rereads and redoes this many times when other writes keep coming first. */
const MERGE_ATTEMPTS = 5;

const asInput = (lines: readonly StoredCartLine[]): CartLineInput[] =>
  lines.map(({ productId, quantity }) => ({ productId: productId.toHexString(), quantity }));
const asStored = (lines: readonly CartLineInput[]): StoredCartLine[] =>
  lines.map(({ productId, quantity }) => ({ productId: ObjectId.createFromHexString(productId), quantity }));

export function createCartService(deps: { carts: CartRepository }) {
  const { carts } = deps;

  /** The parts of these lines as they are now, by id. */
  async function partsOf(lines: readonly { productId: ObjectId }[]) {
    const found = await carts.findParts(lines.map((line) => line.productId));
    return new Map(found.map((doc) => [doc._id.toHexString(), toPart(doc)]));
  }

  /** Prices the lines with the database's parts: the browser never sends a price. */
  async function priced(lines: readonly StoredCartLine[]): Promise<Cart> {
    const parts = await partsOf(lines);
    return priceCart(asInput(lines), (id) => parts.get(id));
  }

  return {
    /** GET /cart: the caller's cart (empty when they never had one). */
    async get(caller: AccessClaims): Promise<Cart> {
      return priced((await carts.find(caller.email))?.lines ?? []);
    },

    /** PUT /cart: the lines as sent (quantities beyond the stock are kept and flagged, not refused). */
    async replace(caller: AccessClaims, body: CartBody): Promise<Cart> {
      await carts.replace(caller.email, body.lines);
      return priced(body.lines);
    },

    /**
     * POST /cart/merge: the visitor's lines added to the account's (same part: quantities added,
     * capped at the stock). With a key already merged, the cart is answered as it is.
     */
    async merge(caller: AccessClaims, body: CartBody, key: string | undefined): Promise<Cart> {
      if (body.lines.length === 0) return priced((await carts.find(caller.email))?.lines ?? []);
      const visitorParts = await partsOf(body.lines);
      for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt += 1) {
        const current = await carts.find(caller.email);
        const mergedKeys = current?.mergedKeys ?? [];
        if (key && mergedKeys.includes(key)) return priced(current!.lines);
        const lines = asStored(
          mergeCartLines(asInput(current?.lines ?? []), asInput(body.lines), (id) => visitorParts.get(id)?.p_quantity),
        );
        const keys = key ? [...mergedKeys, key].slice(-REMEMBERED_MERGES) : mergedKeys;
        if (await carts.replaceIfVersion(caller.email, current?.version ?? 0, { lines, mergedKeys: keys })) return priced(lines);
      }
      throw new ConflictError('Your cart is changing in another tab. Please try again.');
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
