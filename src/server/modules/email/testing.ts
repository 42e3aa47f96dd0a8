import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A local SMTP server for the tests: keeps every message it accepts (read back with mailparser), and
 * can be told to refuse the next ones with a temporary failure (451), as a mail server under load does.
 * A rejection is `callback(err)` with `err.responseCode` from onData, as smtp-server documents it.
 */
export async function startTestSmtpServer() {
  const received: ParsedMail[] = [];
  let refuseNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (refuseNext > 0) {
            refuseNext -= 1;
            const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
            return callback(error);
          }
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next `count` messages are refused with 451. */
    refuse(count: number) {
      refuseNext = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
