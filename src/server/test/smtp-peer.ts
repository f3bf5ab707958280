import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Recipients refused: every RCPT TO one of these gets the given SMTP error. */
  refuse(address: string, code: number, message: string): void;
  close(): Promise<void>;
}

/** A real SMTP server (the smtp-server package) for mail tests: plain SMTP, no auth, on `port` (default: any free one). */
export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const refused = new Map<string, { code: number; message: string }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A closed peer drops kept-open (pooled) connections at once, like a server going away.
    closeTimeout: 50,
    onRcptTo(address, _session, callback) {
      const refusal = refused.get(address.address.toLowerCase());
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    refuse: (address, code, message) => refused.set(address.toLowerCase(), { code, message }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
