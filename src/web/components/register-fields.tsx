import { type UseFormReturn, useFormState } from "react-hook-form";
import type { RegisterInput } from "../../shared/auth";
import { useTranslation } from "../lib/i18n";
import { AccountEmailField } from "./account-email-field";
import { FormField } from "./ui/form-field";
import { Input } from "./ui/input";

/** Full name, email and password of a new account: the sign-up page and quick-create's last step. */
export function RegisterFields({ form }: { form: UseFormReturn<RegisterInput> }) {
  const { t } = useTranslation();
  // Subscribes this component to the form's errors, however the parent renders.
  const { errors } = useFormState({ control: form.control });
  return (
    <>
      <FormField label={t("auth.fullName")} error={errors.fullName?.message}>
        {(control) => <Input {...control} {...form.register("fullName")} autoComplete="name" />}
      </FormField>
      <AccountEmailField registration={form.register("email")} error={errors.email?.message} />
      <FormField
        label={t("auth.password")}
        hint={t("register.passwordHint")}
        error={errors.password?.message}
      >
        {(control) => (
          <Input {...control} {...form.register("password")} type="password" autoComplete="new-password" />
        )}
      </FormField>
    </>
  );
}
