import {
  activityEntrySchema,
  buildCheckSchema,
  buildSummarySchema,
  catalogFacetSchema,
  partSpecsSchema,
  ruleResultSchema,
  savedBuildSchema,
  apiErrorSchema,
  cartLineSchema,
  cartSchema,
  centsSchema,
  isoDateTimeSchema,
  liveRemotesSchema,
  moderatedReviewSchema,
  objectIdStringSchema,
  orderSchema,
  orderStatusChangeSchema,
  partSchema,
  profileSchema,
  remoteReleasesSchema,
  reviewSchema,
  userSummarySchema,
} from '@pcpp/contracts/core';
import { z } from 'zod';

// Names and descriptions of the schemas the document reuses. They are given here, by the api,
// rather than in contracts, so the browser bundles carry none of this text.
const COMPONENTS: [z.ZodType, { id: string; description: string }][] = [
  [objectIdStringSchema, { id: 'ObjectId', description: 'A MongoDB ObjectId: 24 lowercase hex digits.' }],
  [isoDateTimeSchema, { id: 'DateTime', description: 'An ISO 8601 time in UTC, e.g. 2026-11-24T13:35:19.000Z.' }],
  [centsSchema, { id: 'Cents', description: 'Money in integer cents of US dollars (currency USD): 12999 is $129.99.' }],
  [apiErrorSchema, { id: 'ApiError', description: 'Every error: a sentence to show; for a 400, the fields at fault.' }],
  [partSchema, { id: 'Part', description: 'A part for sale (a `tool` in the spec’s paths). `p_quantity` is the stock, `min_quantity` the minimum order.' }],
  [partSpecsSchema, { id: 'PartSpecs', description: 'A part’s structured specs: the fields of its category’s schema (contracts’ part-specs.ts).' }],
  [catalogFacetSchema, { id: 'CatalogFacet', description: 'A catalog facet: its values among the parts the other filters leave, with counts.' }],
  [ruleResultSchema, { id: 'RuleResult', description: 'One compatibility rule’s finding: a Problem (it will not work) or a Note, with a sentence naming the parts and numbers.' }],
  [buildCheckSchema, { id: 'BuildCheck', description: 'A build’s compatibility state, rule results, estimated and recommended wattage, and total.' }],
  [savedBuildSchema, { id: 'SavedBuild', description: 'A saved build with each slot’s part as the catalog has it now.' }],
  [buildSummarySchema, { id: 'BuildSummary', description: 'A row of My Builds.' }],
  [reviewSchema, { id: 'Review', description: 'A customer’s star review, as the public sees it.' }],
  [moderatedReviewSchema, { id: 'ModeratedReview', description: 'A review as admins see it: hidden or not, and its author.' }],
  [orderSchema, { id: 'Order', description: 'An order of one part. The name and unit price are copied from the part when ordered.' }],
  [orderStatusChangeSchema, { id: 'OrderStatusChange', description: 'One step of an order’s life: who, when, and why.' }],
  [cartSchema, { id: 'Cart', description: 'A customer’s cart, priced by the database now: lines, subtotal, and whether it can be ordered.' }],
  [cartLineSchema, { id: 'CartLine', description: 'One part in a cart: how many, the part as it is now, the line’s total, and why it cannot be ordered, if so.' }],
  [profileSchema, { id: 'Profile', description: 'My Profile’s fields, as the spec names them.' }],
  [userSummarySchema, { id: 'UserSummary', description: 'An account as the Make Admin table shows it.' }],
  [activityEntrySchema, { id: 'ActivityEntry', description: 'Something an admin did.' }],
  [liveRemotesSchema, { id: 'LiveRemotes', description: 'The live (and previous) manifest of each remote.' }],
  [remoteReleasesSchema, { id: 'RemoteReleases', description: 'A remote’s versions, the live one, and its load failures.' }],
];

/** Gives the shared schemas their component names (once per zod instance). */
export function registerComponents(): void {
  for (const [schema, meta] of COMPONENTS) {
    if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, meta);
  }
}
