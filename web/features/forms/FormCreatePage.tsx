import { Anchor, Card, SimpleGrid, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { type FormType, formTypeSchema, formTypes } from "../../../contract/forms";
import { useCustomFields } from "../../ui/custom-fields.queries";
import { eventPageQueries } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { useEvent } from "../events/events.queries";
import { FormEditor } from "./FormEditor";

/** A new form: first its type, then the builder on a blank form that the first save creates. */
export function FormCreatePage() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const [search, setSearch] = useSearchParams();
  const type = formTypeSchema.safeParse(search.get("type")).data;
  const adminPath = useAdminPath();
  usePageTitle(t("forms.create.title"));

  const page = eventPageQueries(useEvent(eventId), useCustomFields(eventId));
  if (!page.answers) return page.placeholder;
  const [event, customFields] = page.answers;
  if (type) return <FormEditor event={event} form={null} type={type} customFields={customFields} />;
  const choose = (chosen: FormType) => setSearch({ type: chosen });
  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={adminPath(`/events/${eventId}/forms`)} size="sm" c="blue.8">
        ← {t("forms.list.title")}
      </Anchor>
      <Stack gap={0}>
        <Title order={1}>{t("forms.create.title")}</Title>
        <Text c="gray.7">{t("forms.create.chooseType")}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {formTypes.map((candidate) => (
          <UnstyledButton key={candidate} onClick={() => choose(candidate)} style={{ display: "flex" }}>
            <Card withBorder radius="md" padding="lg" style={{ flex: 1 }}>
              <Text fw={700}>{t(`forms.types.${candidate}`)}</Text>
              <Text size="sm" c="gray.7" mt={4}>
                {t(`forms.create.describe.${candidate}`)}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
