import pino from 'pino';
import {
  createTestApi,
  createTestOutbox,
  inboxOf,
  randomSuffix,
  type TestApi,
  UNREACHABLE_SMTP_URL,
  uniqueEmail,
} from '../../../test/helpers';
import { createOutbox, MAX_SEND_ATTEMPTS, RETRY_DELAYS_MS } from './outbox';
import { createMailTransport } from './transport';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const outboxCollection = () => api.database.collections.outbox;
const smtpUrl = () => process.env.SMTP_URL!;

function message(to = uniqueEmail('mail')) {
  const marker = randomSuffix();
  return { to, subject: `Subject ${marker}`, text: `Plain ${marker}`, html: `<p>Rich ${marker}</p>` };
}

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

describe('the outbox', () => {
  it('stores the email, sends it over SMTP in the background and marks it sent', async () => {
    const outbox = createTestOutbox(api.database, smtpUrl());
    const email = message();
    await outbox.enqueue(email);
    await outbox.idle();

    const received = await inboxOf(email.to);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      subject: email.subject,
      from: [{ address: 'orders@pcparts.dev', name: 'PC PART PICKER' }],
      to: [{ address: email.to, name: '' }],
    });
    expect(received[0]!.text.trim()).toBe(email.text);
    expect(received[0]!.html.trim()).toBe(email.html);
    expect(await outboxCollection().findOne({ to: email.to })).toMatchObject({
      status: 'sent',
      attempts: 1,
      sentAt: expect.any(Date),
    });
  });

  it('keeps an email the SMTP server could not take, and the worker sends it when its retry is due', async () => {
    const offline = createTestOutbox(api.database, UNREACHABLE_SMTP_URL);
    const email = message();
    const before = new Date();
    // Resolves although the send fails: the caller's action must not fail for an email.
    await expect(offline.enqueue(email)).resolves.toBeUndefined();
    await offline.idle();
    const waiting = await outboxCollection().findOne({ to: email.to });
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('ECONNREFUSED') });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before.getTime() + RETRY_DELAYS_MS[0]);

    // The worker (another api instance, say) with the mail server back.
    const worker = createTestOutbox(api.database, smtpUrl());
    await worker.deliverDue(new Date());
    expect(await inboxOf(email.to)).toHaveLength(0);
    await worker.deliverDue(later(waiting!.nextAttemptAt, 1));
    expect(await inboxOf(email.to)).toHaveLength(1);
    expect(await outboxCollection().findOne({ to: email.to })).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it(`gives up after ${MAX_SEND_ATTEMPTS} attempts, logging the failure`, async () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const offline = createOutbox({
      collection: outboxCollection(),
      transport: createMailTransport(UNREACHABLE_SMTP_URL),
      from: 'PC PART PICKER <orders@pcparts.dev>',
      logger,
    });
    const email = message();
    await offline.enqueue(email);
    await offline.idle();
    let now = new Date();
    for (let attempt = 2; attempt <= MAX_SEND_ATTEMPTS + 2; attempt += 1) {
      now = later(now, 2 * 60 * 60_000);
      await offline.deliverDue(now);
    }
    expect(await outboxCollection().findOne({ to: email.to })).toMatchObject({
      status: 'failed',
      attempts: MAX_SEND_ATTEMPTS,
    });
    const mine = lines.filter((line) => JSON.stringify(line).includes(email.to));
    expect(mine.map((line) => line.msg)).toEqual([
      ...Array.from({ length: MAX_SEND_ATTEMPTS - 1 }, () => 'email not sent; will retry'),
      'email not sent; giving up after the last attempt',
    ]);
  });

  it('retries a send that was interrupted (the api stopped while sending)', async () => {
    const email = message();
    const now = new Date();
    await outboxCollection().insertOne({
      ...email,
      status: 'sending',
      attempts: 1,
      nextAttemptAt: now,
      lockedUntil: later(now, -1000),
      createdAt: now,
    });
    const worker = createTestOutbox(api.database, smtpUrl());
    await worker.deliverDue(now);
    expect(await inboxOf(email.to)).toHaveLength(1);
    expect(await outboxCollection().findOne({ to: email.to })).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends a message once when two workers run at the same time', async () => {
    const email = message();
    const now = new Date();
    await outboxCollection().insertOne({ ...email, status: 'pending', attempts: 0, nextAttemptAt: now, createdAt: now });
    const workers = [createTestOutbox(api.database, smtpUrl()), createTestOutbox(api.database, smtpUrl())];
    const results = await Promise.all(workers.map((worker) => worker.deliverDue(now)));
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(1);
    expect(await inboxOf(email.to)).toHaveLength(1);
    expect(await outboxCollection().findOne({ to: email.to })).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('keeps emails unsent without an SMTP server configured', async () => {
    const unconfigured = createTestOutbox(api.database, undefined);
    const email = message();
    await unconfigured.enqueue(email);
    await unconfigured.idle();
    expect(await unconfigured.deliverDue(later(new Date(), 60_000))).toEqual({ sent: 0, notSent: 0 });
    expect(await outboxCollection().findOne({ to: email.to })).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
