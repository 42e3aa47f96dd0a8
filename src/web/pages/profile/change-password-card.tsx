import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { type ChangePasswordInput, changePasswordSchema, type PublicUser } from "../../../shared/auth";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { useSubmission } from "../../hooks/use-submission";
import { toast } from "../../hooks/use-toast";
import { apiJson } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useTranslation } from "../../lib/i18n";
import { toastFailure } from "../../lib/toast-failure";

const EMPTY: ChangePasswordInput = { currentPassword: "", newPassword: "" };

/** Current and new password; the server keeps this session and signs out every other one. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const { updateUser } = useAuth();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const submission = useSubmission();

  const change = useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiJson<{ user: PublicUser }>("POST", "/api/users/me/password", input),
    onSuccess: ({ user }) => {
      updateUser(user);
      form.reset(EMPTY);
      toast({ title: t("password.changedTitle"), description: t("password.changedDescription") });
    },
    onError: (err) => {
      toastFailure(t("password.failedTitle"), err, t("password.failedDescription"));
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("password.title")}</CardTitle>
        <CardDescription>{t("password.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => submission.submit(() => change.mutateAsync(values)))}
          className="grid gap-5"
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label={t("password.current")} error={errors.currentPassword?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register("currentPassword")}
                  type="password"
                  autoComplete="current-password"
                />
              )}
            </FormField>
            <FormField
              label={t("password.new")}
              hint={t("register.passwordHint")}
              error={errors.newPassword?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register("newPassword")}
                  type="password"
                  autoComplete="new-password"
                />
              )}
            </FormField>
          </div>
          <div className="flex sm:justify-end">
            <Button
              type="submit"
              variant="secondary"
              disabled={submission.pending}
              className="w-full sm:w-auto"
            >
              {submission.pending && <Spinner />}
              {submission.pending ? t("password.pending") : t("password.submit")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
