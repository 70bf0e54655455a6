import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { EbadgeConditions } from "../../../contract/ebadges";
import { translate } from "../../../contract/error-messages";
import type { Event } from "../../../contract/events";
import { localizedText } from "../../../contract/forms";
import { noGuestConditions } from "../../../contract/guest-conditions";
import type { CustomField } from "../../../contract/guests";
import type { Category, Ticket } from "../../../contract/ticketing-catalogue";
import { toLanguage } from "../../i18n/i18n";
import { useAdminContext } from "../../ui/admin-context";
import { useAlert } from "../../ui/alert";
import { useCustomFields } from "../../ui/custom-fields.queries";
import { eventPageQueries } from "../../ui/event-page-queries";
import { GuestConditionsEditor } from "../../ui/GuestConditionsEditor";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { useEvent } from "../events/events.queries";
import { useCategories, useTickets } from "../ticketing/catalogue/catalogue.queries";
import {
  useEbadgeConditions,
  useEbadgeSettings,
  useSetEbadgeConditions,
  useSetEbadgeSettings,
} from "./ebadges.queries";

/** SPEC §3 and §5 E-badge conditions: which guests get which badge, with a warning when one would get several. */
export function EbadgeConditionsPage() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const event = useEvent(eventId);
  usePageTitle(event.data ? t("ebadges.conditions.pageTitle", { name: event.data.name }) : t("ebadges.title"));
  const conditions = useEbadgeConditions(eventId);
  const tickets = useTickets(eventId);
  const categories = useCategories(eventId);
  const customFields = useCustomFields(eventId);
  const page = eventPageQueries(event, conditions, tickets, categories, customFields);
  if (!page.answers) return page.placeholder;
  const [loadedEvent, loadedConditions, ticketList, categoryList, fields] = page.answers;
  return (
    <ConditionsEditor
      event={loadedEvent}
      saved={loadedConditions}
      tickets={ticketList.items}
      categories={categoryList.items}
      customFields={fields}
    />
  );
}

function ConditionsEditor({
  event,
  saved,
  tickets,
  categories,
  customFields,
}: {
  event: Event;
  saved: EbadgeConditions;
  tickets: Ticket[];
  categories: Category[];
  customFields: CustomField[];
}) {
  const { t, i18n } = useTranslation();
  const adminPath = useAdminPath();
  const { can } = useAdminContext();
  const { showAlert, clearAlert } = useAlert();
  const save = useSetEbadgeConditions(event.id);
  const [rules, setRules] = useState(saved.rules);
  const disabled = !can("events.update") || event.archived;
  const ticketOptions = tickets.map((ticket) => ({
    id: ticket.id,
    label: localizedText(ticket.caption, i18n.language),
  }));
  const categoryOptions = categories.map((category) => ({ id: category.id, label: category.name }));
  const dirty = JSON.stringify(rules) !== JSON.stringify(saved.rules);
  const [moved, setMoved] = useState<{ ebadgeId: string; by: -1 | 1 } | null>(null);
  const list = useRef<HTMLDivElement>(null);

  // The order is the priority: a guest gets the first badge that matches. It is saved with the conditions.
  const move = (index: number, by: -1 | 1) => {
    const next = [...rules];
    const [rule] = next.splice(index, 1);
    if (!rule) return;
    next.splice(index + by, 0, rule);
    setRules(next);
    setMoved({ ebadgeId: rule.ebadgeId, by });
  };
  // React may move the focused button's card out of the page and back, which drops the focus: it goes back to the
  // moved badge's button, or to its other one once it has reached the end of the list.
  useEffect(() => {
    if (!moved) return;
    const buttons = (by: -1 | 1) =>
      list.current?.querySelector<HTMLButtonElement>(`[data-move="${moved.ebadgeId} ${by}"]:not(:disabled)`);
    (buttons(moved.by) ?? buttons(moved.by === 1 ? -1 : 1))?.focus();
  }, [moved]);
  const movedIndex = moved ? rules.findIndex((rule) => rule.ebadgeId === moved.ebadgeId) : -1;

  const submit = () => {
    clearAlert();
    save.mutate(
      { rules: rules.map(({ ebadgeId, conditions }) => ({ ebadgeId, conditions })) },
      {
        onSuccess: (answer) => {
          setRules(answer.rules);
          notifications.show({ color: "green", message: t("common.saved") });
        },
        onError: (error) => showAlert(error.message),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={adminPath(`/events/${event.id}/ebadges`)} size="sm" c="blue.8">
        ← {t("ebadges.title")}
      </Anchor>
      <Stack gap={0}>
        <Title order={1}>{t("ebadges.conditions.title")}</Title>
        <Text c="gray.7">{event.name}</Text>
      </Stack>
      <AttachToMailSwitch eventId={event.id} disabled={disabled} />
      {rules.length === 0 ? (
        <Alert color="blue" title={translate("EBADGE_REQUIRED_FOR_CONDITIONS", toLanguage(i18n.language))}>
          <Anchor component={Link} to={adminPath(`/events/${event.id}/ebadges`)} c="inherit" underline="always" inherit>
            {t("ebadges.conditions.createFirst")}
          </Anchor>
        </Alert>
      ) : (
        <>
          <Text>
            {t("ebadges.conditions.intro")}
            {!disabled && rules.length > 1 && ` ${t("ebadges.conditions.orderHint")}`}
          </Text>
          {saved.overlapping > 0 && (
            <Alert color="yellow" title={t("ebadges.conditions.overlapTitle")} role="status">
              {t("ebadges.conditions.overlap", { count: saved.overlapping })}
            </Alert>
          )}
          {saved.without > 0 && (
            <Alert color="blue" role="status">
              {t("ebadges.conditions.without", { count: saved.without })}
            </Alert>
          )}
          <VisuallyHidden aria-live="polite">
            {movedIndex >= 0 &&
              t("ebadges.conditions.moved", { name: rules[movedIndex]?.name, position: movedIndex + 1 })}
          </VisuallyHidden>
          <Stack gap="lg" ref={list}>
            {rules.map((rule, index) => (
              <Paper key={rule.ebadgeId} withBorder p="md" radius="md" component="section" aria-label={rule.name}>
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Group gap="xs" wrap="nowrap">
                      {!disabled && (
                        <>
                          <ActionIcon
                            variant="subtle"
                            data-move={`${rule.ebadgeId} -1`}
                            disabled={index === 0}
                            aria-label={t("ebadges.conditions.moveUp", { name: rule.name })}
                            onClick={() => move(index, -1)}
                          >
                            ↑
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            data-move={`${rule.ebadgeId} 1`}
                            disabled={index === rules.length - 1}
                            aria-label={t("ebadges.conditions.moveDown", { name: rule.name })}
                            onClick={() => move(index, 1)}
                          >
                            ↓
                          </ActionIcon>
                        </>
                      )}
                      <Title order={2} size="h4">
                        {index + 1}. {rule.name}
                      </Title>
                    </Group>
                    <Anchor component={Link} to={adminPath(`/events/${event.id}/ebadges/${rule.ebadgeId}`)} c="blue.8">
                      {t("ebadges.list.designNamed", { name: rule.name })}
                    </Anchor>
                  </Group>
                  <Switch
                    label={t("ebadges.conditions.limited")}
                    checked={rule.conditions !== null}
                    onChange={(change) => {
                      const conditions = change.currentTarget.checked ? noGuestConditions : null;
                      setRules((current) =>
                        current.map((r) => (r.ebadgeId === rule.ebadgeId ? { ...r, conditions } : r)),
                      );
                    }}
                    disabled={disabled}
                  />
                  {rule.conditions && (
                    <GuestConditionsEditor
                      value={rule.conditions}
                      onChange={(conditions) =>
                        setRules((current) =>
                          current.map((r) => (r.ebadgeId === rule.ebadgeId ? { ...r, conditions } : r)),
                        )
                      }
                      tickets={ticketOptions}
                      categories={categoryOptions}
                      customFields={customFields}
                      disabled={disabled}
                    />
                  )}
                </Stack>
              </Paper>
            ))}
          </Stack>
          {!disabled && (
            <Group>
              <Button onClick={submit} loading={save.isPending} disabled={!dirty}>
                {t("common.save")}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

/** The event's choice to send each guest's badge with the registration confirmation mail; saved at once. */
function AttachToMailSwitch({ eventId, disabled }: { eventId: string; disabled: boolean }) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const settings = useEbadgeSettings(eventId);
  const change = useSetEbadgeSettings(eventId);
  return (
    <Paper withBorder p="md" radius="md">
      <Switch
        label={t("ebadges.conditions.attach")}
        description={t("ebadges.conditions.attachHint")}
        checked={change.isPending ? change.variables : (settings.data?.attachToConfirmation ?? false)}
        onChange={(event) =>
          change.mutate(event.currentTarget.checked, { onError: (error) => showAlert(error.message) })
        }
        disabled={disabled || !settings.data}
      />
    </Paper>
  );
}
