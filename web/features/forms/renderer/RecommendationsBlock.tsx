import { Button, CloseButton, Fieldset, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A person the guest recommends (sendFormBody.recommendations). */
export type Recommendation = { firstName: string; lastName: string; email: string; company: string };
const emptyPerson: Recommendation = { firstName: "", lastName: "", email: "", company: "" };
const personFields = ["firstName", "lastName", "email", "company"] as const;

type Props = {
  title: string;
  max: number;
  /** Absent in the builder's preview: the block is shown, its button disabled. */
  people?: Recommendation[];
  onChange?: (people: Recommendation[]) => void;
  /** Messages by "recommendations.N.field", as the server names them. */
  errors: Record<string, string>;
};

/** The recommendations block: the guest adds up to `max` people with their name, email and company. */
export function RecommendationsBlock({ title, max, people = [], onChange, errors }: Props) {
  const { t } = useTranslation();
  const update = (index: number, field: keyof Recommendation, value: string) =>
    onChange?.(people.map((person, at) => (at === index ? { ...person, [field]: value } : person)));
  return (
    <Stack gap="sm">
      <Title order={3}>{title || t("formsPublic.recommendations.title")}</Title>
      <Text size="sm" c="dimmed">
        {t("formsPublic.recommendations.hint", { count: max })}
      </Text>
      {people.map((person, index) => (
        <Fieldset
          // biome-ignore lint/suspicious/noArrayIndexKey: people have no id until sent; rows only grow or shrink.
          key={index}
          legend={t("formsPublic.recommendations.person", { number: index + 1 })}
        >
          <Group justify="flex-end" mt={-8}>
            <CloseButton
              aria-label={t("formsPublic.recommendations.remove", { number: index + 1 })}
              onClick={() => onChange?.(people.filter((_, at) => at !== index))}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {personFields.map((field) => (
              <TextInput
                key={field}
                size="md"
                label={t(`formsPublic.recommendations.${field}`)}
                type={field === "email" ? "email" : "text"}
                withAsterisk={field === "email"}
                value={person[field]}
                onChange={(event) => update(index, field, event.currentTarget.value)}
                error={errors[`recommendations.${index}.${field}`]}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      ))}
      <Group>
        <Button
          variant="light"
          disabled={!onChange || people.length >= max}
          onClick={() => onChange?.([...people, { ...emptyPerson }])}
        >
          {t("formsPublic.recommendations.add")}
        </Button>
      </Group>
    </Stack>
  );
}
