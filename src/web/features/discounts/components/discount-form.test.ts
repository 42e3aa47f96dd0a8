import { describe, expect, it } from "vitest";
import { type DiscountView, discountInputSchema } from "../../../../shared/discount";
import { discountBodyOf, discountBodyWithState, formValuesOf } from "./discount-form";
import { generateDiscountCode } from "./generate-code";

const saved: DiscountView = {
  id: "c1",
  storeId: "s1",
  code: "JUL50",
  kind: "amount",
  value: "49.50",
  minOrderTotal: "300.00",
  startsAt: "2026-12-01T09:00:00.000Z",
  endsAt: "2026-12-24T17:00:00.000Z",
  maxUses: 20,
  onePerShopper: true,
  productIds: ["8f0c2a52-7d37-4a50-9a57-0d1f7b1b2c3d"],
  state: "paused",
  uses: 3,
  discountTotal: "148.50",
  revenue: "1200.00",
  active: false,
  createdAt: "2026-11-29T09:00:00.000Z",
};

describe("the discount dialog's values and the body they send", () => {
  it("shows a saved code in Oslo time and sends back the same terms, through the shared schema", () => {
    const values = formValuesOf(saved);
    expect(values).toMatchObject({
      value: "49.50",
      minOrderTotal: "300",
      startDate: "2026-12-01",
      startTime: "10:00",
      endDate: "2026-12-24",
      endTime: "18:00",
      maxUses: "20",
    });
    const parsed = discountInputSchema.parse(discountBodyOf(values, saved.state));
    expect(parsed).toMatchObject({
      code: "JUL50",
      kind: "amount",
      value: "49.50",
      minOrderTotal: "300.00",
      maxUses: 20,
      onePerShopper: true,
      productIds: saved.productIds,
      state: "paused",
    });
    expect(Date.parse(parsed.startsAt ?? "")).toBe(Date.parse(saved.startsAt ?? ""));
    expect(Date.parse(parsed.endsAt ?? "")).toBe(Date.parse(saved.endsAt ?? ""));
  });

  it("pausing, resuming and ending change only the state", () => {
    const ended = discountInputSchema.parse(
      discountBodyWithState({ ...saved, kind: "percent", value: "10.00" }, "ended"),
    );
    expect(ended).toMatchObject({ kind: "percent", value: "10.00", state: "ended", maxUses: 20 });
  });

  it("empty optional fields are none; what is not a number or a date is refused at its field", () => {
    const empty = discountBodyOf({ ...formValuesOf(null), code: "SOMMER10", value: "10" });
    expect(discountInputSchema.parse(empty)).toMatchObject({
      minOrderTotal: null,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      productIds: null,
      state: "active",
    });
    const wrong = discountInputSchema.safeParse(
      discountBodyOf({
        ...formValuesOf(null),
        code: "SOMMER10",
        value: "10",
        maxUses: "ten",
        startDate: "2026-02-30",
      }),
    );
    expect(wrong.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["startsAt", "errors.discountDateInvalid"],
      ["maxUses", "errors.discountMaxUsesInvalid"],
    ]);
  });

  it("generates readable codes the schema takes", () => {
    for (let i = 0; i < 50; i++) {
      const code = generateDiscountCode();
      expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY234679]{4}-[ACDEFGHJKMNPQRTUVWXY234679]{4}$/);
      expect(discountInputSchema.safeParse({ code, kind: "free_delivery" }).success).toBe(true);
    }
  });
});
