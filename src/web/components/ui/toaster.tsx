import { CircleAlert, CircleCheck } from "lucide-react";
import { useToast } from "../../hooks/use-toast";
import { useTranslation } from "../../lib/i18n";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";

export function Toaster() {
  const { toasts, dismiss } = useToast();
  const { t } = useTranslation();

  return (
    <ToastProvider label={t("toast.label")}>
      {toasts.map(({ id, title, description, variant, open }) => {
        const Icon = variant === "destructive" ? CircleAlert : CircleCheck;
        return (
          <Toast
            key={id}
            variant={variant}
            open={open}
            onOpenChange={(next) => {
              if (!next) dismiss(id);
            }}
          >
            <Icon
              aria-hidden="true"
              className={
                variant === "destructive" ? "mt-0.5 size-5 shrink-0" : "mt-0.5 size-5 shrink-0 text-primary"
              }
            />
            <div className="grid gap-1">
              {title && <ToastTitle>{title}</ToastTitle>}
              {description && <ToastDescription>{description}</ToastDescription>}
            </div>
            <ToastClose label={t("toast.close")} />
          </Toast>
        );
      })}
      <ToastViewport label={t("toast.region")} />
    </ToastProvider>
  );
}
