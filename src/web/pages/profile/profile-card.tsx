import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Pencil, X } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { isEmailChange, type ProfileInput, type PublicUser, profileFormSchema } from "../../../shared/auth";
import { Avatar, AvatarFallback } from "../../components/ui/avatar";
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
import { initials } from "../../lib/utils";

/**
 * docs/product-spec.md 2.15: avatar, an edit toggle, and the full name and email form. A new email also needs the
 * current password, asked for in a field that appears once the email differs from the account's.
 */
export function ProfileCard({ user }: { user: PublicUser }) {
  const { t, language } = useTranslation();
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  const [editing, setEditing] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const schema = useMemo(() => profileFormSchema(user.email), [user.email]);
  const form = useForm<ProfileInput>({
    resolver: zodResolver(schema),
    values: { fullName: user.fullName, email: user.email, currentPassword: "" },
  });
  const { errors } = form.formState;
  const changesEmail = editing && isEmailChange(user.email, form.watch("email") ?? "");
  const submission = useSubmission();

  const update = useMutation({
    // The password goes to the server only when it is needed: with a new email.
    mutationFn: ({ currentPassword, ...input }: ProfileInput) =>
      apiJson<PublicUser>("PUT", `/api/users/${user.id}`, {
        ...input,
        ...(isEmailChange(user.email, input.email) ? { currentPassword } : {}),
      }),
    onSuccess: (updated, input) => {
      updateUser(updated);
      void queryClient.invalidateQueries({ queryKey: ["/api/users/me"] });
      toggleRef.current?.focus();
      setEditing(false);
      // A new address is the account's once the link sent to it is opened (decision 0065).
      if (isEmailChange(updated.email, input.email)) {
        toast({
          title: t("accountLinks.emailChangeSentTitle"),
          description: t("accountLinks.emailChangeSentDescription", { email: input.email }),
        });
      } else {
        toast({ title: t("profile.updatedTitle"), description: t("profile.updatedDescription") });
      }
    },
    onError: (err) => {
      toastFailure(t("profile.updateFailedTitle"), err, t("profile.updateFailedDescription"));
    },
  });

  const { setFocus } = form;
  useEffect(() => {
    if (editing) setFocus("fullName");
  }, [editing, setFocus]);

  function toggleEditing() {
    if (editing) form.reset({ fullName: user.fullName, email: user.email, currentPassword: "" });
    setEditing(!editing);
  }

  const memberSince = new Intl.DateTimeFormat(language, { dateStyle: "long" }).format(
    new Date(user.createdAt),
  );

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center gap-4">
        <Avatar className="size-16">
          <AvatarFallback className="text-xl">{initials(user.fullName)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-[1_1_12rem]">
          <CardTitle className="truncate">{user.fullName}</CardTitle>
          <CardDescription className="truncate">{user.email}</CardDescription>
          <CardDescription className="mt-1 text-xs">
            {t("profile.memberSince", { date: memberSince })}
          </CardDescription>
        </div>
        <Button ref={toggleRef} variant="outline" onClick={toggleEditing}>
          {editing ? <X aria-hidden="true" /> : <Pencil aria-hidden="true" />}
          {editing ? t("common.cancel") : t("profile.edit")}
        </Button>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => submission.submit(() => update.mutateAsync(values)))}
          className="grid gap-5 border-t pt-6"
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label={t("auth.fullName")} error={errors.fullName?.message}>
              {(control) => (
                <Input {...control} {...form.register("fullName")} autoComplete="name" readOnly={!editing} />
              )}
            </FormField>
            <FormField label={t("auth.email")} error={errors.email?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register("email")}
                  type="email"
                  autoComplete="email"
                  readOnly={!editing}
                />
              )}
            </FormField>
          </div>
          {changesEmail && (
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField
                label={t("profile.currentPassword")}
                hint={t("profile.currentPasswordHint")}
                error={errors.currentPassword?.message}
              >
                {(control) => (
                  <Input
                    {...control}
                    {...form.register("currentPassword")}
                    type="password"
                    autoComplete="current-password"
                  />
                )}
              </FormField>
            </div>
          )}
          {editing && (
            <div className="flex sm:justify-end">
              <Button type="submit" disabled={submission.pending} className="w-full sm:w-auto">
                {submission.pending && <Spinner />}
                {submission.pending ? t("profile.saving") : t("profile.save")}
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
