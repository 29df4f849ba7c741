import {
  ADVICE_WEIGHTS,
  GPU_PERFORMANCE_SOURCE,
  MAX_SAVED_BUILDS_PER_ACCOUNT,
  buildAdviceSchema,
  buildCheckSchema,
  buildSummarySchema,
  deletedCountAnswerSchema,
  objectIdStringSchema,
  pageSchema,
  savedBuildSchema,
} from '@pcpp/contracts/core';
import { z } from 'zod';
import { accessClaims } from '../../auth/middleware';
import { type RouteModule, routeDeclarer } from '../../http/route-spec';
import { examples } from '../../openapi/examples';
import type { BuildsService } from './service';
import { buildAdviceBodySchema, buildBodySchema, buildCheckBodySchema, buildParamsSchema, myBuildsQuerySchema } from './validators';

export interface BuildsRouteDeps {
  builds: BuildsService;
}

const route = routeDeclarer<BuildsRouteDeps>();
const savedIdSchema = z.object({ _id: objectIdStringSchema });
const NOT_FOUND = { description: 'No saved build has this id.' };
const NOT_OWNER = { description: 'The build is another account’s: only its owner changes or deletes it.' };
const PARTS_REFUSED = { description: 'A slot names a part the catalog does not have, or a part of another category than the slot’s.' };

/** The PC builder's saved and shared builds, and the compatibility check any client can ask for. */
export const buildsRoutes: RouteModule<BuildsRouteDeps> = {
  name: 'builds',
  routes: [
    route({
      method: 'post',
      path: '/builds/check',
      operationId: 'checkBuild',
      tag: 'Builds',
      summary: 'Check a build’s compatibility',
      description:
        'The compatibility rules’ results (each with a stable `rule` id, `problem` or `note`, and a sentence naming both parts and the numbers), ' +
        'the estimated draw (CPU TDP + video card board power + 50 W motherboard, 10 W memory, 10 W per drive, 10 W cooler), the recommended ' +
        'wattage (× 1.25), the total at the quantities the cart would take, and the state. The builder computes the same with the same ' +
        'functions (contracts’ build-rules.ts). `cpu` is an id from the reference list of CPUs.',
      access: 'public',
      body: buildCheckBodySchema,
      answers: {
        200: { description: 'The build’s check.', schema: buildCheckSchema, example: examples.buildCheck },
        422: PARTS_REFUSED,
      },
      handle:
        ({ builds }) =>
        ({ body }) =>
          builds.check(body),
    }),
    route({
      method: 'post',
      path: '/builds/advise',
      operationId: 'adviseBuild',
      tag: 'Builds',
      summary: 'Suggest a build for a budget and a use',
      description:
        'The best compatible build of in-stock parts for `budget` (integer cents), `use` and `cpu` (an id from the reference list): a ' +
        'motherboard, cooler, memory, one drive, a power supply and a video card (an `office` build whose CPU has graphics of its own goes ' +
        'without). It passes every Problem rule of POST /builds/check (its `check` is that answer), its cooler is rated for the CPU’s TDP, ' +
        'and its total at the cart’s quantities is at most the budget. It maximizes a stated score: each part’s points, weighted per use ' +
        `(gaming: ${JSON.stringify(ADVICE_WEIGHTS.gaming)}), the video card’s from ${GPU_PERFORMANCE_SOURCE.publisher}’s ` +
        `${GPU_PERFORMANCE_SOURCE.title}; ties go to the lower total, then the smaller ids. \`keep\` holds parts as they are; ` +
        '`storage.minGB` asks for a drive at least that large. With it: a reason per part, and a cheaper and a stronger alternative when ' +
        'there are any. Nothing fits: a 422 that says what is missing or what the cheapest compatible build costs.',
      access: 'public',
      rateLimit: 'buildAdvice',
      body: buildAdviceBodySchema,
      answers: {
        200: { description: 'The suggested build, its reasons, alternatives and check.', schema: buildAdviceSchema, example: examples.buildAdvice },
        422: {
          description:
            'Nothing fits: what is missing (“No AM5 board is in stock, so nothing fits the AMD Ryzen 7 7700.”), what the cheapest compatible ' +
            'build costs when that is over the budget, or why a part to keep cannot be used.',
        },
      },
      handle:
        ({ builds }) =>
        ({ body }) =>
          builds.advise(body),
    }),
    route({
      method: 'post',
      path: '/builds',
      operationId: 'saveBuild',
      tag: 'Builds',
      summary: 'Save a build',
      description:
        `A build with Problems is saved too. An account keeps at most ${MAX_SAVED_BUILDS_PER_ACCOUNT} builds: one more is a 409 ` +
        'that says so. Anyone with the id can open it (GET /builds/{id}).',
      access: 'customer',
      body: buildBodySchema,
      answers: {
        201: { description: 'Saved.', schema: savedIdSchema, example: { _id: examples.savedBuild._id } },
        409: { description: `The account keeps ${MAX_SAVED_BUILDS_PER_ACCOUNT} builds already.` },
        422: PARTS_REFUSED,
      },
      handle:
        ({ builds }) =>
        ({ body }, req) =>
          builds.save(accessClaims(req), body),
    }),
    route({
      method: 'get',
      path: '/builds',
      operationId: 'listMyBuilds',
      tag: 'Builds',
      summary: 'My Builds',
      description: 'The caller’s saved builds, last saved first, a page at a time, each with its compatibility state as the catalog is now.',
      access: 'customer',
      query: myBuildsQuerySchema,
      answers: { 200: { description: 'One page of the caller’s builds.', schema: pageSchema(buildSummarySchema), example: examples.buildPage } },
      handle:
        ({ builds }) =>
        ({ query }, req) =>
          builds.listMine(accessClaims(req), query),
    }),
    route({
      method: 'get',
      path: '/builds/{id}',
      operationId: 'getBuild',
      tag: 'Builds',
      summary: 'A saved build (its shared link)',
      description: 'Public: a shared link works signed out. Each slot’s part as the catalog has it now (price and stock), or null when it is no longer sold.',
      access: 'public',
      params: buildParamsSchema,
      answers: { 200: { description: 'The build.', schema: savedBuildSchema, example: examples.savedBuild }, 404: NOT_FOUND },
      handle:
        ({ builds }) =>
        ({ params }) =>
          builds.get(params.id),
    }),
    route({
      method: 'put',
      path: '/builds/{id}',
      operationId: 'updateBuild',
      tag: 'Builds',
      summary: 'Change a saved build',
      description: 'Its owner only.',
      access: 'customer',
      params: buildParamsSchema,
      body: buildBodySchema,
      answers: {
        200: { description: 'Saved.', schema: savedIdSchema, example: { _id: examples.savedBuild._id } },
        403: NOT_OWNER,
        404: NOT_FOUND,
        422: PARTS_REFUSED,
      },
      handle:
        ({ builds }) =>
        ({ params, body }, req) =>
          builds.update(accessClaims(req), params.id, body),
    }),
    route({
      method: 'delete',
      path: '/builds/{id}',
      operationId: 'deleteBuild',
      tag: 'Builds',
      summary: 'Delete a saved build',
      description: 'Its owner only. `deletedCount` is 0 when it was already gone.',
      access: 'customer',
      params: buildParamsSchema,
      answers: {
        200: { description: 'Deleted (or already gone).', schema: deletedCountAnswerSchema, example: { deletedCount: 1 } },
        403: NOT_OWNER,
      },
      handle:
        ({ builds }) =>
        ({ params }, req) =>
          builds.remove(accessClaims(req), params.id),
    }),
  ],
};
