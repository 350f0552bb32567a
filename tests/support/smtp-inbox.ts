import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it, parsed from the raw bytes on the wire. */
export interface DeliveredMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface SmtpInbox {
  /** smtp://user:pass@127.0.0.1:<port>, ready for SMTP_URL. */
  url: string;
  messages: DeliveredMail[];
  /** Resolves with the next message delivered (or one already waiting beyond `seen`). */
  next(seen?: number): Promise<DeliveredMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on loopback that requires a password, as a mail
 * relay would, and keeps what it is sent. STARTTLS is off: loopback has no certificate to trust.
 */
export async function startSmtpInbox(credentials = { user: 'genie', pass: 'mail-secret' }): Promise<SmtpInbox> {
  const messages: DeliveredMail[] = [];
  const waiting: Array<() => void> = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          for (const wake of waiting.splice(0)) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${port}`,
    messages,
    async next(seen = 0) {
      while (messages.length <= seen) await new Promise<void>((resolve) => waiting.push(resolve));
      return messages[seen]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
