import { z } from 'zod';
import { defineJob } from '../../jobs/definition';

/**
 * The jobs that tell voters (docs/product.md 'Releases' ('Voters hear about it')): written in
 * the transaction of the change they follow (a publication, a move to in progress), they draw
 * and queue one e-mail per voter and item. A job run twice, or by two processes, mails once:
 * each e-mail is queued with its row of voter_notifications, whose key refuses a second.
 */
export const RELEASE_VOTERS_JOB = defineJob<{ releaseId: string }>({
  name: 'release-voter-mails',
  payload: z.object({ releaseId: z.uuid() }).strict(),
  retryLimit: 5,
  retryDelaySeconds: 30,
  timeoutSeconds: 300,
});

export const ROADMAP_PROGRESS_JOB = defineJob<{ itemId: number }>({
  name: 'roadmap-progress-mails',
  payload: z.object({ itemId: z.number().int().positive() }).strict(),
  retryLimit: 5,
  retryDelaySeconds: 30,
  timeoutSeconds: 300,
});
