import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";

/** Whom the card is for, as typed: the buyer, or a recipient with a message and perhaps a day to send it. */
export interface GiftWish {
  gift: boolean;
  name: string;
  email: string;
  message: string;
  /** yyyy-mm-dd; "" sends it as soon as the order is paid. */
  day: string;
}

const today = () => new Date().toLocaleDateString("sv-SE");

/** "For me" or "As a gift"; a gift asks the recipient's name, e-mail, a message and when to send it. */
export function GiftFields({
  wish,
  onChange,
  errors,
}: {
  wish: GiftWish;
  onChange: (wish: GiftWish) => void;
  errors: Partial<Record<"recipientName" | "recipientEmail" | "message" | "sendAt", string>>;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<GiftWish>) => onChange({ ...wish, ...patch });
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 text-sm font-medium">{t("giftCardPage.forWhom")}</legend>
      <div className="grid grid-cols-2 gap-2">
        {[false, true].map((gift) => (
          <label
            key={String(gift)}
            className={cn(
              "flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border-2 bg-card px-4 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
              wish.gift === gift ? "border-primary" : "border-input",
            )}
          >
            <input
              type="radio"
              name="giftCardFor"
              checked={wish.gift === gift}
              onChange={() => set({ gift })}
              className="size-4 accent-primary"
            />
            {gift ? t("giftCardPage.asGift") : t("giftCardPage.forMe")}
          </label>
        ))}
      </div>
      {wish.gift && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t("giftCardPage.recipientName")} error={errors.recipientName}>
            {(control) => (
              <Input
                {...control}
                value={wish.name}
                onChange={(event) => set({ name: event.target.value })}
                autoComplete="off"
                className="h-12 sm:h-11"
              />
            )}
          </FormField>
          <FormField label={t("giftCardPage.recipientEmail")} error={errors.recipientEmail}>
            {(control) => (
              <Input
                {...control}
                type="email"
                inputMode="email"
                autoCapitalize="none"
                spellCheck={false}
                value={wish.email}
                onChange={(event) => set({ email: event.target.value })}
                className="h-12 sm:h-11"
              />
            )}
          </FormField>
          <FormField label={t("giftCardPage.message")} error={errors.message} className="sm:col-span-2">
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={500}
                value={wish.message}
                onChange={(event) => set({ message: event.target.value })}
                className="w-full min-w-0 resize-none rounded-md border border-input bg-card px-3 py-2.5 text-base shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring sm:text-sm"
              />
            )}
          </FormField>
          <FormField
            label={t("giftCardPage.sendOn")}
            error={errors.sendAt}
            hint={t("giftCardPage.sendOnHint")}
          >
            {(control) => (
              <Input
                {...control}
                type="date"
                min={today()}
                value={wish.day}
                onChange={(event) => set({ day: event.target.value })}
                className="h-12 sm:h-11"
              />
            )}
          </FormField>
        </div>
      )}
    </fieldset>
  );
}
