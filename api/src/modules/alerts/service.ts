import { type Alert, type AlertInput, alertMessages, MAX_ALERTS_PER_ACCOUNT } from '@pcpp/contracts/core';
import { ObjectId, type WithId } from 'mongodb';
import type { AccessClaims } from '../../auth/access-token';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import type { Logger } from '../../logger';
import type { Outbox } from '../mail/outbox';
import { alertEmail } from '../mail/templates';
import type { PartsRepository } from '../parts/repository';
import type { AlertDocument } from './documents';
import type { AlertsRepository } from './repository';
import type { UnsubscribeLinks } from './unsubscribe-links';

/** Alerts read and claimed per round of a part's fan-out. */
export const FAN_OUT_BATCH = 200;

function toAlert(doc: WithId<AlertDocument>): Alert {
  return {
    _id: doc._id.toHexString(),
    productId: doc.productId.toHexString(),
    productName: doc.productName,
    kind: doc.kind,
    ...(doc.priceBelow !== undefined ? { priceBelow: doc.priceBelow } : {}),
    createdAt: doc.createdAt.toISOString(),
  };
}

export function createAlertsService(deps: {
  alerts: AlertsRepository;
  parts: Pick<PartsRepository, 'findById'>;
  outbox: Outbox;
  links: UnsubscribeLinks;
  shopUrl: string;
  logger: Logger;
  now?: () => Date;
}) {
  const { alerts, parts, outbox, links, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const running = new Set<Promise<unknown>>();

  /**
   * Fires the part's alerts its stock and price now meet, a batch at a time: each alert is claimed
   * by a conditional update (so two api instances never both send it), then its email goes to the
   * outbox. Answers how many this call fired.
   */
  async function fanOut(productId: ObjectId): Promise<number> {
    const part = await parts.findById(productId);
    if (!part) return 0;
    let fired = 0;
    for (;;) {
      const batch = await alerts.due(productId, part, FAN_OUT_BATCH);
      if (batch.length === 0) return fired;
      // A batch's claims and emails run side by side; the next batch waits for them.
      const sent = await Promise.all(
        batch.map(async (alert) => {
          if (!(await alerts.claim(alert._id, now()))) return 0;
          const unsubscribe = await links.url(alert._id.toHexString());
          await outbox.enqueue(alertEmail({ ...alert, price: part.price }, { part: `${deps.shopUrl}/products/${productId.toHexString()}`, unsubscribe }));
          return 1;
        }),
      );
      fired += sent.reduce<number>((sum, one) => sum + one, 0);
    }
  }

  return {
    /** POST /alerts: a back-in-stock alert on a sold-out part, or a price alert below today's price. */
    async add(caller: AccessClaims, input: AlertInput): Promise<Alert> {
      const productId = ObjectId.createFromHexString(input.productId);
      const part = await parts.findById(productId);
      if (!part) throw new NotFoundError(alertMessages.partNotFound);
      if (input.kind === 'back-in-stock' && part.p_quantity > 0) throw new ConflictError(alertMessages.notSoldOut);
      if (input.kind === 'price-below' && input.priceBelow! >= part.price) throw new ConflictError(alertMessages.alreadyBelow(part.price));
      const owner = caller.sub;
      if (await alerts.sameActive({ ownerId: owner, productId, kind: input.kind })) throw new ConflictError(alertMessages.duplicate);
      if ((await alerts.countActiveOf(owner)) >= MAX_ALERTS_PER_ACCOUNT) throw new BadRequestError(alertMessages.tooMany);
      const doc: AlertDocument = {
        ownerId: owner,
        email: caller.email,
        productId,
        productName: part.name,
        kind: input.kind,
        ...(input.kind === 'price-below' ? { priceBelow: input.priceBelow! } : {}),
        status: 'active',
        createdAt: now(),
      };
      const _id = await alerts.insert(doc);
      return toAlert({ ...doc, _id });
    },
    /** GET /alerts: the caller's waiting alerts, newest first (at most 50, so one answer). */
    async mine(caller: AccessClaims): Promise<Alert[]> {
      return (await alerts.activeOf(caller.sub)).map(toAlert);
    },
    /** DELETE /alerts/{id}: only the owner's; someone else's reads as missing. */
    async remove(caller: AccessClaims, id: ObjectId): Promise<{ deletedCount: number }> {
      const deletedCount = await alerts.remove(id, caller.sub);
      if (deletedCount === 0) throw new NotFoundError(alertMessages.notFound);
      return { deletedCount };
    },
    /** The email's link: ends the alert it names, signed out. False when the link is not ours. */
    async unsubscribe(token: string): Promise<boolean> {
      const id = await links.alertOf(token);
      if (!id) return false;
      // Already fired or removed: the link still says there will be no more emails.
      await alerts.remove(ObjectId.createFromHexString(id));
      return true;
    },
    /**
     * After an admin's edit changed a part's price or stock: its fan-out starts in the background,
     * so the edit answers at once however many alerts wait.
     */
    partChanged(productId: ObjectId): void {
      const run = fanOut(productId)
        .catch((error: unknown) => logger.error({ err: error, productId: productId.toHexString() }, 'alert fan-out failed'))
        .finally(() => running.delete(run));
      running.add(run);
    },
    /**
     * The background job's sweep: every part with waiting alerts, whatever changed it (a cancelled
     * order's units coming back, an edit whose fan-out stopped with its api).
     */
    async sweep(): Promise<number> {
      let fired = 0;
      for (const productId of await alerts.partsWithActive()) fired += await fanOut(productId);
      return fired;
    },
    fanOut,
    /** Resolves when the fan-outs started so far have finished (shutdown, tests). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
