import { Alert, Button, Group, Stack, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { DefaultEventParams } from "../../../contract/accounts";
import { eventCreateBody } from "../../../contract/events";
import { useAdminContext } from "../../ui/admin-context";
import { useAlert } from "../../ui/alert";
import { useContractForm } from "../../ui/forms";
import { LoadingLine } from "../../ui/LoadingLine";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAccount } from "../accounts/accounts.queries";
import { EventDateFields } from "./EventDateFields";
import { EventDatesProvider } from "./EventDatesProvider";
import { EventSection } from "./EventSection";
import { EventSlugInput } from "./EventSlugInput";
import { browserTimeZone } from "./event-dates";
import { blankToNull, useReportError, useSuggestedSlug } from "./event-form";
import { useCreateEvent } from "./events.queries";

export function EventCreatePage() {
  const { t } = useTranslation();
  const { can, accountId } = useAdminContext();
  const adminPath = useAdminPath();
  usePageTitle(t("events.create.title"));
  const account = useAccount(accountId);

  if (!can("events.create")) {
    return (
      <Stack>
        <Title order={1}>{t("events.create.title")}</Title>
        <Alert color="blue" variant="light">
          {t("events.create.notAllowed")}
        </Alert>
        <Button component={Link} to={adminPath("/events")} variant="default" style={{ alignSelf: "flex-start" }}>
          {t("events.backToList")}
        </Button>
      </Stack>
    );
  }
  if (account.isPending) return <LoadingLine />;
  // Without the account's defaults the form still works, with the contract's own defaults.
  return (
    <EventDatesProvider>
      <EventCreateForm defaults={account.data?.defaultEventParams} />
    </EventDatesProvider>
  );
}

function EventCreateForm({ defaults }: { defaults: DefaultEventParams | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const { clearAlert } = useAlert();
  const create = useCreateEvent();
  const form = useContractForm(eventCreateBody, {
    name: "",
    slug: "",
    startsAt: "",
    endsAt: null,
    allDay: false,
    timezone: defaults?.timezone ?? browserTimeZone(),
    registrationClosesAt: null,
    venueName: "",
    address: "",
    country: "",
    ...(defaults && {
      languages: defaults.languages,
      preferredLanguage: defaults.preferredLanguage,
      maxCompanions: defaults.maxCompanions,
      ratingMax: defaults.ratingMax,
    }),
  });
  const report = useReportError(form);
  const { nameProps, slugProps } = useSuggestedSlug(form.getInputProps("name"), form.getInputProps("slug"));

  const submit = form.onSubmit((body) => {
    clearAlert();
    create.mutate(
      {
        ...body,
        venueName: blankToNull(body.venueName),
        address: blankToNull(body.address),
        country: blankToNull(body.country),
      },
      {
        onSuccess: (event) => {
          notifications.show({ color: "green", message: t("events.create.done", { name: event.name }) });
          navigate(adminPath(`/events/${event.id}`));
        },
        onError: report,
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={880}>
        <Title order={1}>{t("events.create.title")}</Title>
        <EventSection title={t("events.sections.info")}>
          <TextInput label={t("events.fields.name")} withAsterisk {...nameProps} />
          <EventSlugInput {...slugProps} />
        </EventSection>
        <EventSection title={t("events.sections.dates")}>
          <EventDateFields values={form.values} errors={form.errors} onChange={form.setValues} />
        </EventSection>
        <EventSection title={t("events.sections.venue")}>
          <TextInput label={t("events.fields.venueName")} {...form.getInputProps("venueName")} />
          <TextInput
            label={t("events.fields.address")}
            autoComplete="street-address"
            {...form.getInputProps("address")}
          />
          <TextInput
            label={t("events.fields.country")}
            autoComplete="country-name"
            {...form.getInputProps("country")}
          />
        </EventSection>
        <Group justify="flex-end">
          <Button component={Link} to={adminPath("/events")} variant="default">
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t("events.create.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
