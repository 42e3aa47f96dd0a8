import { zodResolver } from "@hookform/resolvers/zod";
import { LockKeyhole, Store } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { type RegisterInput, registerSchema } from "../../../../shared/auth";
import { SignupRestrictedNote } from "../../../components/auth-layout";
import { RegisterFields } from "../../../components/register-fields";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useTranslation } from "../../../lib/i18n";
import { Photo, thumbnailUrl } from "../components/photo";
import { StepFrame } from "../components/step-frame";
import type { QuickCreateDraft } from "../draft";
import type { FrameProps } from "./frame-props";

interface RegisterStepProps {
  frame: FrameProps;
  draft: QuickCreateDraft;
  /** Keeps name and email in the draft (never the password), so a reload does not lose them. */
  onRegistrationChange: (registration: QuickCreateDraft["registration"]) => void;
  onSubmit: (values: RegisterInput) => void;
  onLogIn: () => void;
  /** "account" while the account is created, "store" while the store is saved after it. */
  pending: "account" | "store" | null;
}

/** D5's "One Last Step": full name, email and password; the account is created, then the store. */
export function RegisterStep({
  frame,
  draft,
  onRegistrationChange,
  onSubmit,
  onLogIn,
  pending,
}: RegisterStepProps) {
  const { t } = useTranslation();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { ...draft.registration, password: "" },
  });

  useEffect(() => {
    const subscription = form.watch(({ fullName = "", email = "" }, { name }) => {
      if (name === "fullName" || name === "email") onRegistrationChange({ fullName, email });
    });
    return () => subscription.unsubscribe();
  }, [form, onRegistrationChange]);

  const storeName = draft.store.name.trim();
  const photos = draft.products.slice(0, 3);

  return (
    <StepFrame
      {...frame}
      step="register"
      width="narrow"
      title={t("quickCreate.register.title")}
      description={t("quickCreate.register.subtitle")}
    >
      <Card>
        <CardContent className="grid gap-6 pt-5 sm:pt-6">
          <div className="flex items-center gap-3 rounded-xl bg-muted/60 p-3">
            <div className="flex -space-x-3">
              {photos.map((product) => (
                <Photo
                  key={product.id}
                  src={thumbnailUrl(product.imageUrl)}
                  alt=""
                  fallbackLabel=""
                  className="size-11 rounded-lg border-2 border-card shadow-sm"
                />
              ))}
            </div>
            <p className="min-w-0 text-sm">
              <span className="flex items-center gap-1.5 font-semibold">
                <Store aria-hidden="true" className="size-4 shrink-0 text-primary" />
                <span className="truncate">{storeName}</span>
              </span>
              <span className="text-muted-foreground">
                {t("quickCreate.register.waiting", { count: draft.products.length })}
              </span>
            </p>
          </div>
          <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
            <RegisterFields form={form} />
            <Button
              type="submit"
              size="lg"
              className="mt-1 w-full"
              disabled={pending !== null}
              aria-busy={pending !== null || undefined}
            >
              {pending && <Spinner />}
              {pending === "account"
                ? t("quickCreate.register.creatingAccount")
                : pending === "store"
                  ? t("quickCreate.store.creating")
                  : t("quickCreate.register.submit")}
            </Button>
            <p className="flex items-center justify-center gap-1.5 text-center text-xs text-muted-foreground">
              <LockKeyhole aria-hidden="true" className="size-3.5" />
              {t("quickCreate.register.privacy")}
            </p>
          </form>
          <p className="border-t pt-5 text-center text-sm text-muted-foreground">
            {t("register.haveAccount")}{" "}
            <button
              type="button"
              onClick={onLogIn}
              className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {t("quickCreate.register.logIn")}
            </button>
          </p>
          <SignupRestrictedNote />
        </CardContent>
      </Card>
    </StepFrame>
  );
}
