import { Anchor, Button, Card, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { type CampaignType, campaignTypes } from "../../../contract/campaigns";
import { ApiError } from "../../api/client";
import { eventLoadFailure } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { useEvent } from "../events/events.queries";
import { useCreateCampaign } from "./campaigns.queries";

/** SPEC §2 "create by type": a card per type saying whom it goes to (SPEC §4 Campaign targets), then a name. */
export function NewCampaignPage() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const adminPath = useAdminPath();
  const navigate = useNavigate();
  const event = useEvent(eventId);
  usePageTitle(t("campaigns.new.title"));
  const [type, setType] = useState<CampaignType | null>(null);
  const [name, setName] = useState("");
  const create = useCreateCampaign(eventId);
  const failure = eventLoadFailure(event);
  if (failure) return failure;
  const error = create.error instanceof ApiError ? create.error : null;

  const submit = () => {
    if (!type) return;
    create.mutate(
      { name: name.trim() || t(`campaigns.types.${type}.name`), type },
      { onSuccess: (campaign) => navigate(adminPath(`/events/${eventId}/campaigns/${campaign.id}`)) },
    );
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={adminPath(`/events/${eventId}/campaigns`)} size="sm" c="blue.8">
        ← {t("campaigns.title")}
      </Anchor>
      <Title order={1}>{t("campaigns.new.title")}</Title>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <legend>
          <Text fw={600} mb="sm">
            {t("campaigns.new.chooseType")}
          </Text>
        </legend>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {campaignTypes.map((value) => (
            <Card
              key={value}
              withBorder
              padding="md"
              component="label"
              style={{ cursor: "pointer", borderColor: type === value ? "var(--mantine-color-blue-8)" : undefined }}
            >
              <Stack gap={4}>
                <Text fw={600}>
                  <input
                    type="radio"
                    name="campaign-type"
                    value={value}
                    checked={type === value}
                    onChange={() => setType(value)}
                    style={{ marginInlineEnd: 8 }}
                  />
                  {t(`campaigns.types.${value}.name`)}
                </Text>
                <Text size="sm" c="gray.7">
                  {t(`campaigns.types.${value}.target`)}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </fieldset>
      <TextInput
        label={t("campaigns.new.name")}
        value={name}
        maxLength={200}
        onChange={(change) => setName(change.currentTarget.value)}
        error={error?.fields.name}
        maw={480}
      />
      {error && !error.fields.name && (
        <Text c="red.8" role="alert">
          {error.message}
        </Text>
      )}
      <div>
        <Button onClick={submit} disabled={!type} loading={create.isPending}>
          {t("campaigns.new.create")}
        </Button>
      </div>
    </Stack>
  );
}
