// `npm run admin -- grant EMAIL` / `revoke EMAIL`: platform admin rights from the command line (decision 0004).
import { loadConfig } from "../config";
import { type AdminChange, runCommand } from "./server-commands";

const USAGE = "Usage: npm run admin -- grant EMAIL | revoke EMAIL";

async function main(argv: string[]) {
  const [command, email] = argv;
  if ((command !== "grant" && command !== "revoke") || !email) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // On the embedded database while Torg runs, the running server makes the change (decision 0059).
  const user = (await runCommand(loadConfig(), {
    command: "admin",
    action: command,
    email,
  })) as AdminChange | null;
  if (!user) {
    process.stderr.write(`No account with the email ${email}.\n`);
    return 1;
  }
  process.stdout.write(
    `${user.email} is ${user.isAdmin ? "now a platform admin" : "no longer a platform admin"}.\n`,
  );
  // Nobody proves owning an email at sign-up: the operator checks this is the person they meant.
  if (user.isAdmin) {
    process.stdout.write(
      `The account: ${user.fullName}, created ${user.createdAt.slice(0, 10)}, id ${user.id}. ` +
        "Emails are not verified: if this is not the person you meant, revoke it at once.\n",
    );
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
