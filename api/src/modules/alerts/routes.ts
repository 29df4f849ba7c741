import { alertMessages, alertSchema, brand, deletedCountAnswerSchema } from '@pcpp/contracts/core';
import escapeHtml from 'escape-html';
import { z } from 'zod';
import { accessClaims } from '../../auth/middleware';
import { NotFoundError } from '../../errors';
import { type RouteModule, routeDeclarer, SENT } from '../../http/route-spec';
import type { AlertsService } from './service';
import { alertBodySchema, alertParamsSchema, unsubscribeParamsSchema } from './validators';

export interface AlertsRouteDeps {
  alerts: AlertsService;
}

const route = routeDeclarer<AlertsRouteDeps>();
const EXAMPLE = {
  _id: '6745c0ffee0000000000a1e7',
  productId: '6745c0ffee0000000000b001',
  productName: 'GeForce RTX 4070 SUPER',
  kind: 'price-below',
  priceBelow: 54999,
  createdAt: '2026-11-24T13:35:19.000Z',
};

/** A small page for the link a customer opens from the email, signed out. */
const page = (text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${escapeHtml(brand.full)}</title></head><body><main><h1>${escapeHtml(brand.full)}</h1><p>${escapeHtml(text)}</p></main></body></html>`;

/** Stock and price alerts (issue 33): My Alerts, and the emails' unsubscribe link. */
export const alertsRoutes: RouteModule<AlertsRouteDeps> = {
  name: 'alerts',
  routes: [
    route({
      method: 'post',
      path: '/alerts',
      operationId: 'addAlert',
      tag: 'Alerts',
      summary: 'Ask for an email when a part is back in stock or its price drops',
      description:
        '`back-in-stock` is for a sold-out part; `price-below` takes `priceBelow` in integer cents, below today’s price. The alert ' +
        'emails once (through the outbox) when the stock goes from 0 to more or the price falls to or below the target, then ends. ' +
        'At most 50 waiting alerts per account, one of each kind per part.',
      access: 'customer',
      body: alertBodySchema,
      answers: {
        201: { description: 'The alert waits.', schema: alertSchema, example: EXAMPLE },
        400: { description: 'The body is malformed, or the account has 50 alerts already.' },
        404: { description: 'No part has this id.' },
        409: { description: 'The part is in stock (back-in-stock), already at or below the price, or the same alert exists.' },
      },
      handle:
        ({ alerts }) =>
        ({ body }, req) =>
          alerts.add(accessClaims(req), body),
    }),
    route({
      method: 'get',
      path: '/alerts',
      operationId: 'listMyAlerts',
      tag: 'Alerts',
      summary: 'My Alerts',
      description: 'The caller’s waiting alerts, newest first (at most 50, so one answer). Fired and removed ones are not listed.',
      access: 'customer',
      answers: { 200: { description: 'The alerts.', schema: z.array(alertSchema), example: [EXAMPLE] } },
      handle:
        ({ alerts }) =>
        (_input, req) =>
          alerts.mine(accessClaims(req)),
    }),
    route({
      method: 'delete',
      path: '/alerts/{id}',
      operationId: 'removeAlert',
      tag: 'Alerts',
      summary: 'Remove one of my alerts',
      access: 'customer',
      params: alertParamsSchema,
      answers: {
        200: { description: 'The alert is gone.', schema: deletedCountAnswerSchema, example: { deletedCount: 1 } },
        404: { description: 'No waiting alert of the caller’s has this id (another account’s reads the same).' },
      },
      handle:
        ({ alerts }) =>
        ({ params }, req) =>
          alerts.remove(accessClaims(req), params.id),
    }),
    route({
      method: 'get',
      path: '/alerts/unsubscribe/{token}',
      operationId: 'unsubscribeAlert',
      tag: 'Alerts',
      summary: 'The alert email’s one-click unsubscribe link',
      description:
        'Works signed out: the token is signed by the api and names the alert. The alert ends (one already fired or removed ' +
        'stays ended) and a short page says so. Anything else is a 404.',
      access: 'public',
      params: unsubscribeParamsSchema,
      answers: {
        200: { description: 'The alert has ended: a page saying so.', contentType: 'text/html', schema: z.string() },
        404: { description: 'The link is not one of the shop’s, or it has expired.' },
      },
      handle:
        ({ alerts }) =>
        async ({ params }, _req, res) => {
          if (!(await alerts.unsubscribe(params.token))) throw new NotFoundError(alertMessages.badLink);
          res.status(200).type('html').set('Cache-Control', 'no-store').send(page(alertMessages.unsubscribed));
          return SENT;
        },
    }),
  ],
};
