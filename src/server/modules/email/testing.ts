import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A local SMTP server for the tests: keeps every message it accepts (read back with mailparser), and
 * can be told to refuse the next ones with a temporary failure (451), as a mail server under load does.
 * A rejection is `callback(err)` with `err.responseCode` from onData, as smtp-server documents it.
 */
/** `port` 0 takes a free one (the API tests); the journeys name the port the journey server sends to. */
export async function startTestSmtpServer(port = 0) {
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
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: listening } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    received,
    /** The next `count` messages are refused with 451. */
    refuse(count: number) {
      refuseNext = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
