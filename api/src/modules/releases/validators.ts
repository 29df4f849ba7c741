import {
  promoteReleaseInputSchema,
  publishReleaseInputSchema,
  remoteLoadFailureInputSchema,
  remoteLoadInputSchema,
  remoteNameSchema,
  remoteVitalsInputSchema,
  rolloutInputSchema,
  cohortIdSchema,
} from '@pcpp/contracts/core';
import { z } from 'zod';

/** /releases/{remote}… */
export const remoteParamsSchema = z.strictObject({ remote: remoteNameSchema });

/** GET /remotes: the browser's cohort (none: the shell's server, which chooses per page). */
export const liveRemotesQuerySchema = z.strictObject({ cohort: cohortIdSchema.optional() });

export { promoteReleaseInputSchema, publishReleaseInputSchema, remoteLoadFailureInputSchema, remoteLoadInputSchema, remoteVitalsInputSchema, rolloutInputSchema };
export type PublishReleaseInput = z.output<typeof publishReleaseInputSchema>;
export type RemoteLoadFailureInput = z.output<typeof remoteLoadFailureInputSchema>;
export type RemoteLoadInput = z.output<typeof remoteLoadInputSchema>;
export type RolloutInput = z.output<typeof rolloutInputSchema>;
export type RemoteVitalsInput = z.output<typeof remoteVitalsInputSchema>;
