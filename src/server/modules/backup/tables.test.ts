import { describe, expect, it } from "vitest";
import { BackupRefusedError, knownTable, withoutDroppedColumns } from "./tables";

describe("columns a migration dropped since a backup was made", () => {
  it("are read from an older backup and left out of the restore", () => {
    const columns = ["id", "store_id", "verified_at"];
    expect(() => knownTable("payment_channels", columns)).not.toThrow();
    const rows = withoutDroppedColumns({
      table: "payment_channels",
      columns,
      rows: [["1", "2", "2026-11-01 10:00:00+00"]],
    });
    expect(rows).toEqual({ table: "payment_channels", columns: ["id", "store_id"], rows: [["1", "2"]] });
  });

  it("are known only in their own table: elsewhere the backup is still refused", () => {
    expect(() => knownTable("stores", ["id", "verified_at"])).toThrow(BackupRefusedError);
  });
});
