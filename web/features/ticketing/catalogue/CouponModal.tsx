import { Checkbox, NumberInput, TextInput } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useTranslation } from "react-i18next";
import { type Coupon, couponBody, type Ticket } from "../../../../contract/ticketing-catalogue";
import { useContractForm } from "../../../ui/forms";
import { CatalogueModal } from "./CatalogueModal";
import { useSaveCoupon } from "./catalogue.queries";
import { ReductionFields } from "./ReductionFields";

type Props = { eventId: string; coupon: Coupon | null; tickets: Ticket[]; onClose(): void };

/** Creates a coupon (`coupon` null) or edits one (SPEC §3 Coupon, §5 code rules); remounted per coupon. */
export function CouponModal({ eventId, coupon, tickets, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveCoupon(eventId);
  const form = useContractForm(couponBody, {
    code: coupon?.code ?? "",
    discountType: coupon?.discountType ?? "percent",
    amountOffCents: coupon?.amountOffCents ?? null,
    percentOff: coupon?.percentOff ?? null,
    maxRedemptions: coupon?.maxRedemptions ?? null,
    combinable: coupon?.combinable ?? false,
    redeemBy: coupon?.redeemBy ?? null,
    ticketIds: coupon?.ticketIds ?? [],
  });
  const values = form.getValues();
  const limit = form.getInputProps("maxRedemptions");

  return (
    <CatalogueModal
      title={t(coupon ? "ticketing.catalogue.coupons.editTitle" : "ticketing.catalogue.coupons.create")}
      size="lg"
      form={form}
      save={save}
      variables={(body) => ({ id: coupon?.id, body })}
      onClose={onClose}
    >
      <TextInput
        label={t("ticketing.catalogue.coupons.code")}
        description={t("ticketing.catalogue.coupons.codeHelp")}
        withAsterisk
        maxLength={30}
        {...form.getInputProps("code")}
      />
      <ReductionFields form={form} tickets={tickets} />
      <NumberInput
        label={t("ticketing.catalogue.coupons.maxRedemptions")}
        description={t("ticketing.catalogue.coupons.maxRedemptionsHelp")}
        allowDecimal={false}
        allowNegative={false}
        value={limit.value ?? ""}
        onChange={(value) => form.setFieldValue("maxRedemptions", value === "" ? null : Number(value))}
        error={limit.error}
      />
      <DatePickerInput
        label={t("ticketing.catalogue.coupons.redeemBy")}
        description={t("ticketing.catalogue.coupons.redeemByHelp")}
        placeholder={t("ticketing.catalogue.coupons.noEnd")}
        clearable
        valueFormat="D MMM YYYY"
        previousLabel={t("common.previous")}
        nextLabel={t("common.next")}
        value={values.redeemBy ?? null}
        onChange={(value) => form.setFieldValue("redeemBy", value)}
        error={form.errors.redeemBy}
      />
      <Checkbox
        label={t("ticketing.catalogue.coupons.combinable")}
        {...form.getInputProps("combinable", { type: "checkbox" })}
      />
    </CatalogueModal>
  );
}
