import fs from "node:fs";
import pg from "pg";

/** A process's CPU time so far in seconds (user + system), or undefined when it is gone. */
function cpuSecondsOf(pid: number): number | undefined {
  try {
    // The command name (field 2) may hold spaces: the fields after its closing parenthesis are fixed.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds spent during a load by the Torg process, by the PostgreSQL backends of its database (read
 * from /proc, so only with PostgreSQL on this machine) and by this load generator. On a machine shared
 * with other work, orders/s moves with the neighbours; CPU per order is what one change costs or saves.
 */
export async function startCpuMeter(serverPid: number | undefined, databaseUrl: string | undefined) {
  const generatorStart = process.cpuUsage();
  const serverStart = serverPid ? (cpuSecondsOf(serverPid) ?? 0) : 0;
  const backends = new Map<number, { first: number; last: number }>();
  let client: pg.Client | undefined;
  if (databaseUrl) {
    client = new pg.Client({ connectionString: databaseUrl });
    client.on("error", () => {});
    await client.connect();
  }
  const sample = async () => {
    if (!client) return;
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    for (const { pid } of rows) {
      const seconds = cpuSecondsOf(pid);
      if (seconds === undefined) continue;
      const seen = backends.get(pid);
      if (seen) seen.last = seconds;
      // A backend seen first mid-load started during it: all its time counts.
      else backends.set(pid, { first: started ? 0 : seconds, last: seconds });
    }
  };
  let started = false;
  await sample();
  started = true;
  const timer = setInterval(() => void sample().catch(() => {}), 500);
  return {
    async stop() {
      clearInterval(timer);
      await sample().catch(() => {});
      await client?.end().catch(() => {});
      const generator = process.cpuUsage(generatorStart);
      return {
        server: serverPid ? (cpuSecondsOf(serverPid) ?? serverStart) - serverStart : 0,
        database: [...backends.values()].reduce((sum, { first, last }) => sum + last - first, 0),
        generator: (generator.user + generator.system) / 1e6,
      };
    },
  };
}
