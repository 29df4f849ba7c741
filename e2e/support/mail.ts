import { expect, type APIRequestContext } from '@playwright/test';
import { stackUrls } from './environment';

/** A message as MailDev's REST api lists it. */
export interface MailDevEmail {
  subject: string;
  to: { address: string }[];
  text: string;
  html: string;
}

/** The messages MailDev (the stack's inbox) holds for this address. */
export async function inboxOf(request: APIRequestContext, address: string): Promise<MailDevEmail[]> {
  const inbox = (await (await request.get(`${stackUrls.mailInbox}/api/email`)).json()) as MailDevEmail[];
  return inbox.filter((mail) => mail.to.some((to) => to.address === address));
}

/** Waits for the one email to this address with this subject (sending goes through the outbox, in the background). */
export async function emailTo(request: APIRequestContext, address: string, subject: string): Promise<MailDevEmail> {
  await expect.poll(async () => (await inboxOf(request, address)).filter((mail) => mail.subject === subject).length, { timeout: 20_000 }).toBe(1);
  return (await inboxOf(request, address)).find((mail) => mail.subject === subject)!;
}
