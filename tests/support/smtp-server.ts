import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestSmtp {
  /** Every mail received, parsed, in order (the array passed in, when one was). */
  mails: ParsedMail[];
  /** For SMTP_URL: smtp://127.0.0.1:{port}. */
  url: string;
  stop: () => Promise<void>;
}

/**
 * A real SMTP server on a loopback port (smtp-server), keeping what it receives: the mail tests
 * send through the app's own sender to it, never to a mock.
 */
export async function startTestSmtp(mails: ParsedMail[] = []): Promise<TestSmtp> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => {
        mails.push(mail);
        done();
      }, done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  return {
    mails,
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
