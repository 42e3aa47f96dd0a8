import type { AiLogRow } from "../../../../shared/admin";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { useTranslation } from "../../../lib/i18n";
import { useAdminFormatters } from "./format";

/** JSON is indented for reading; anything else is shown as it was logged. */
function readable(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Section({ title, text, empty }: { title: string; text: string | null; empty: string }) {
  return (
    <section className="grid min-w-0 gap-1.5">
      <h3 className="text-sm font-semibold">{title}</h3>
      {text ? (
        <pre className="max-h-64 overflow-auto rounded-lg border bg-muted/60 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words focus-visible:outline-2 focus-visible:outline-ring">
          {readable(text)}
        </pre>
      ) : (
        <p className="text-sm text-muted-foreground">{empty}</p>
      )}
    </section>
  );
}

interface AiLogDialogProps {
  /** The call shown; it stays while the dialog animates closed. */
  log: AiLogRow | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** docs/product-spec.md 2.16: one AI call's prompt, response and error. */
export function AiLogDialog({ log, open, onOpenChange }: AiLogDialogProps) {
  const { t } = useTranslation();
  const { timestamp } = useAdminFormatters();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("admin.aiLogs.detailsTitle")}</DialogTitle>
          <DialogDescription>
            {log && (
              <>
                <span className="font-mono">{log.endpoint}</span> · {timestamp(log.createdAt)}
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        {log && (
          <div className="grid min-w-0 gap-4">
            <Section title={t("admin.aiLogs.prompt")} text={log.prompt} empty={t("admin.aiLogs.noPrompt")} />
            <Section
              title={t("admin.aiLogs.response")}
              text={log.response}
              empty={t("admin.aiLogs.noResponse")}
            />
            <Section title={t("admin.aiLogs.error")} text={log.error} empty={t("admin.aiLogs.noError")} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
