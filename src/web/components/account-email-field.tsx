import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "../lib/i18n";
import { FormField } from "./ui/form-field";
import { Input } from "./ui/input";

/** The account e-mail input of sign-in, sign-up and "Forgot password?": one label, one autofill hint. */
export function AccountEmailField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<"email">;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <FormField label={t("auth.email")} error={error}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          type="email"
          autoComplete="email"
          placeholder={t("auth.emailPlaceholder")}
        />
      )}
    </FormField>
  );
}
