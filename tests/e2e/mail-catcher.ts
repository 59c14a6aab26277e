import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP receiver for the end-to-end tests: the app sends through SMTP_URL to it, and
 * each message lands as a JSON file that tests read back.
 */
export function startMailCatcher(port: number, dir: string): Promise<SMTPServer> {
  mkdirSync(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : [mail.to])
            .flatMap((a) => a?.value ?? [])
            .map((v) => v.address);
          const file = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
          // Written aside, then renamed: a test polling the folder never reads half a message.
          writeFileSync(
            `${file}.part`,
            JSON.stringify({ to, from: mail.from?.text, subject: mail.subject, text: mail.text, html: mail.html }),
          );
          renameSync(`${file}.part`, file);
          callback();
        })
        .catch(callback);
    },
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

export interface CaughtMail {
  to: string[];
  /** The From header as sent ("Name <address>"). */
  from: string;
  subject: string;
  text: string;
  html: string;
  file: string;
}

/** Every caught message to an address, oldest first. */
export function mailsTo(dir: string, address: string): CaughtMail[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => ({ ...JSON.parse(readFileSync(path.join(dir, file), "utf8")), file }))
    .filter((mail: CaughtMail) => mail.to.includes(address.toLowerCase()));
}
