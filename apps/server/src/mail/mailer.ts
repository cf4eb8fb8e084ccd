import type { Database } from '../db/client';
import type { JobRunner } from '../jobs/runner';
import { MAIL_JOB } from './job';
import { writeMailJob, type MailInput } from './queue';

/**
 * `app.mailer`: what features and tests use to send mail outside a transaction of their own.
 * A transaction that queues mail calls `queueMail(tx, …)` and then `wake()` after its commit.
 */
export class Mailer {
  constructor(
    private readonly db: Database,
    private readonly jobs: Pick<JobRunner, 'wake' | 'drain'>,
  ) {}

  /** Checks and stores the message, then has this process deliver it; resolves with its id. */
  async enqueue(input: MailInput): Promise<string> {
    const id = await writeMailJob(this.db, input);
    this.wake();
    return id;
  }

  /** Delivers at once what a committed transaction queued, rather than at the next poll. */
  wake(): void {
    this.jobs.wake(MAIL_JOB.name);
  }

  /** Delivers every due message now; resolves with the number delivered (tests, tools). */
  async drain(): Promise<number> {
    return (await this.jobs.drain(MAIL_JOB.name)).completed;
  }
}
