import { promoteReleaseInputSchema, publishReleaseInputSchema, remoteLoadFailureInputSchema, remoteNameSchema } from '@pcpp/contracts/core';
import { z } from 'zod';

/** /releases/{remote}… */
export const remoteParamsSchema = z.strictObject({ remote: remoteNameSchema });

export { promoteReleaseInputSchema, publishReleaseInputSchema, remoteLoadFailureInputSchema };
export type PublishReleaseInput = z.output<typeof publishReleaseInputSchema>;
export type RemoteLoadFailureInput = z.output<typeof remoteLoadFailureInputSchema>;
