import type { Transporter } from 'nodemailer';

/** One message Genie sends: plain text always, so every mail client shows it the same way. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Outgoing mail (SMTP_URL, MAIL_FROM). `null` from createMailer means mail is not configured:
 * callers then show the link to copy instead, and nothing pretends to have sent anything.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailSettings {
  /** smtp://user:pass@host:port (STARTTLS when the server offers it) or smtps:// for TLS from the start. */
  SMTP_URL?: string | undefined;
  MAIL_FROM?: string | undefined;
}

/** Seconds a send may take, connection included, before it fails (nodemailer's defaults are minutes). */
const SEND_TIMEOUT_MS = 15_000;

export function createMailer(settings: MailSettings): Mailer | null {
  if (!settings.SMTP_URL) return null;
  const url = settings.SMTP_URL;
  const from = settings.MAIL_FROM ?? `Genie <genie@${new URL(url).hostname}>`;
  // nodemailer loads with the first message (it is ~14 MB resident), not with every Genie.
  let transport: Promise<Transporter> | null = null;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url, connectionTimeout: SEND_TIMEOUT_MS, greetingTimeout: SEND_TIMEOUT_MS, socketTimeout: SEND_TIMEOUT_MS }),
    ));
  return {
    async send(message) {
      await (await open()).sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => void transport?.then((opened) => opened.close(), () => undefined),
  };
}
