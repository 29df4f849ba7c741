import nodemailer from 'nodemailer';

/** One email as the outbox keeps it and the transport sends it. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** Resolves when the SMTP server accepted the message; rejects with its reason otherwise. */
  send(message: EmailMessage & { from: string }): Promise<void>;
}

// A server that accepts the connection and then says nothing must not hold a send for ever.
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** SMTP through nodemailer (`smtp://host:port`, `smtps://user:pass@host`); null without a URL. */
export function createMailTransport(smtpUrl: string | undefined): MailTransport | null {
  if (!smtpUrl) return null;
  // One connection per message: the outbox sends few, and nothing stays open to close at shutdown.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
  };
}
