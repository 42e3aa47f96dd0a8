import { Copy } from "lucide-react";
import type { DnsRecord } from "../../../../shared/domains";
import { Button } from "../../../components/ui/button";
import { copyText } from "../../../lib/copy-text";
import { useTranslation } from "../../../lib/i18n";

/**
 * The records the seller sets at their registrar: type, name and value, each copyable. A table on wider
 * screens; on a phone each record is a small block, its cells labelled.
 */
export function DnsRecordsTable({ records }: { records: readonly DnsRecord[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">{t("domains.recordsHeading")}</p>
      <table className="block w-full text-sm sm:table sm:border-collapse">
        <thead className="sr-only sm:not-sr-only sm:table-header-group">
          <tr className="text-left text-xs text-muted-foreground">
            <th scope="col" className="pb-1 pr-3 font-medium">
              {t("domains.recordType")}
            </th>
            <th scope="col" className="pb-1 pr-3 font-medium">
              {t("domains.recordName")}
            </th>
            <th scope="col" className="pb-1 font-medium">
              {t("domains.recordValue")}
            </th>
          </tr>
        </thead>
        <tbody className="grid gap-2 sm:table-row-group">
          {records.map((record) => (
            <tr
              key={`${record.type} ${record.name} ${record.value}`}
              className="grid gap-1 rounded-md border bg-muted/40 p-3 sm:table-row sm:border-0 sm:border-t sm:bg-transparent sm:p-0"
            >
              <td className="sm:py-2 sm:pr-3 sm:align-middle">
                <span className="inline-block rounded bg-secondary px-1.5 py-0.5 font-mono text-xs font-semibold text-secondary-foreground">
                  {record.type}
                </span>
              </td>
              <CopyCell label={t("domains.recordName")} text={record.name} type={record.type} />
              <CopyCell label={t("domains.recordValue")} text={record.value} type={record.type} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CopyCell({ label, text, type }: { label: string; text: string; type: string }) {
  const { t } = useTranslation();
  return (
    <td className="sm:py-2 sm:pr-3 sm:align-middle">
      <div className="flex items-center gap-1">
        <span className="w-14 shrink-0 text-xs text-muted-foreground sm:hidden">{label}</span>
        <code className="min-w-0 flex-1 font-mono text-xs break-all sm:flex-none">{text}</code>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8 shrink-0"
          aria-label={t("domains.copy", { what: label, type })}
          title={t("domains.copy", { what: label, type })}
          onClick={() => void copyText(text, t)}
        >
          <Copy aria-hidden="true" />
        </Button>
      </div>
    </td>
  );
}
