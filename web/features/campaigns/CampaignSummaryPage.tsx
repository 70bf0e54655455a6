import { Alert, Button, Card, Group, List, Modal, Radio, SimpleGrid, Stack, Text } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ApiError } from "../../api/client";
import { useAdminContext } from "../../ui/admin-context";
import { EventPageHeader } from "../../ui/EventPageHeader";
import { eventLoadFailure } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { fromWallTime, toWallTime } from "../events/event-dates";
import { useEvent } from "../events/events.queries";
import { useCampaignSummary, useCancelCampaign, useSendCampaign } from "./campaign-recipients.queries";

type When = "now" | "later";

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
    </Card>
  );
}

/**
 * The summary step of a campaign (SPEC §2): its recipients, the credits it costs and those the account holds, what
 * is missing, then send now or schedule for a date and time in the event's time zone; a scheduled campaign is
 * cancelled here.
 */
export function CampaignSummaryPage() {
  const { t, i18n } = useTranslation();
  const { eventId = "", campaignId = "" } = useParams();
  const adminPath = useAdminPath();
  const { can } = useAdminContext();
  const event = useEvent(eventId);
  usePageTitle(event.data ? t("campaignSummary.pageTitle", { name: event.data.name }) : t("campaignSummary.title"));
  const summary = useCampaignSummary(eventId, campaignId);
  const send = useSendCampaign(eventId, campaignId);
  const cancel = useCancelCampaign(eventId, campaignId);
  const [when, setWhen] = useState<When>("now");
  const [wall, setWall] = useState<string | null>(null);
  const [confirming, { open, close }] = useDisclosure(false);

  const failure = eventLoadFailure(event);
  if (failure) return failure;
  const zone = event.data?.timezone ?? "UTC";
  const data = summary.data;
  const campaignPath = adminPath(`/events/${eventId}/campaigns/${campaignId}`);
  const at = when === "later" && wall ? fromWallTime(wall, zone) : undefined;
  const formatInstant = (instant: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "full", timeStyle: "short", timeZone: zone }).format(
      new Date(instant),
    );
  const sendError = send.error instanceof ApiError ? send.error : undefined;
  const canSend = data?.status === "draft" && data.problems.length === 0 && can("events.update");
  const nowWall = toWallTime(new Date(), zone).slice(0, 10);

  return (
    <Stack gap="lg">
      <EventPageHeader
        back={`${campaignPath}/recipients`}
        backLabel={t("campaignSummary.backToRecipients")}
        title={t("campaignSummary.title")}
        eventName={event.data?.name}
      />
      {summary.isError && (
        <Alert color="red" role="alert" variant="light">
          {summary.error.message}
        </Alert>
      )}
      {data && (
        <>
          <Text fw={600}>
            {t(`campaignSummary.status.${data.status}`)}
            {data.sendingAt && data.status !== "draft" ? ` · ${formatInstant(data.sendingAt)}` : ""}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Figure
              label={t("campaignSummary.recipients")}
              value={data.status === "draft" ? data.counts.recipients : data.recorded}
            />
            <Figure label={t("campaignSummary.cost")} value={data.cost} />
            <Figure label={t("campaignSummary.balance")} value={data.balance} />
          </SimpleGrid>
          {data.problems.length > 0 && (
            <Alert color="orange" variant="light" title={t("campaignSummary.problemsTitle")}>
              <List size="sm">
                {data.problems.map((problem) => (
                  <List.Item key={`${problem.field}-${problem.code}`}>{problem.message}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {sendError && (
            <Alert color="red" role="alert" variant="light">
              <Text>{sendError.message}</Text>
              {Object.values(sendError.fields).map((message) => (
                <Text key={message}>{message}</Text>
              ))}
            </Alert>
          )}
          {send.isSuccess && (
            <Alert color="green" role="status" variant="light">
              {send.data.status === "scheduled"
                ? t("campaignSummary.scheduledAt", { date: formatInstant(send.data.sendingAt ?? "") })
                : t("campaignSummary.sending", { count: send.data.recipients })}
            </Alert>
          )}
          {cancel.isError && (
            <Alert color="red" role="alert" variant="light">
              {cancel.error.message}
            </Alert>
          )}

          {data.status === "draft" && can("events.update") && (
            <Card withBorder padding="lg" radius="md">
              <Stack gap="md">
                <Radio.Group
                  label={t("campaignSummary.when")}
                  value={when}
                  onChange={(value) => setWhen(value as When)}
                >
                  <Group mt="xs">
                    <Radio value="now" label={t("campaignSummary.now")} />
                    <Radio value="later" label={t("campaignSummary.later")} />
                  </Group>
                </Radio.Group>
                {when === "later" && (
                  <DateTimePicker
                    label={t("campaignSummary.sendingAt", { zone })}
                    description={t("campaignSummary.zoneHelp", { zone })}
                    withAsterisk
                    valueFormat="D MMM YYYY HH:mm"
                    minDate={nowWall}
                    value={wall}
                    onChange={setWall}
                    previousLabel={t("common.previous")}
                    nextLabel={t("common.next")}
                    timePickerProps={{
                      hoursInputLabel: t("events.fields.hours"),
                      minutesInputLabel: t("events.fields.minutes"),
                    }}
                    submitButtonProps={{ "aria-label": t("common.confirm") }}
                    error={sendError?.fields.at}
                    maw={360}
                  />
                )}
                <Group>
                  <Button onClick={open} disabled={!canSend || (when === "later" && !wall)}>
                    {when === "now" ? t("campaignSummary.sendNow") : t("campaignSummary.schedule")}
                  </Button>
                </Group>
              </Stack>
            </Card>
          )}
          {data.status === "scheduled" && can("events.update") && (
            <Group>
              <Button color="red.8" variant="outline" onClick={() => cancel.mutate()} loading={cancel.isPending}>
                {t("campaignSummary.cancelSchedule")}
              </Button>
            </Group>
          )}
        </>
      )}
      <Modal opened={confirming} onClose={close} title={t("campaignSummary.confirmTitle")} centered>
        <Stack gap="md">
          <Text>
            {at
              ? t("campaignSummary.confirmSchedule", {
                  count: data?.counts.recipients ?? 0,
                  date: formatInstant(at),
                })
              : t("campaignSummary.confirmNow", { count: data?.counts.recipients ?? 0 })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("common.cancel")}
            </Button>
            <Button
              loading={send.isPending}
              onClick={() =>
                send.mutate(at, {
                  onSettled: close,
                })
              }
            >
              {t("common.confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
