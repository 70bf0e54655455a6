import { Stack, Text, Title } from "@mantine/core";

/** A title and description block: plain text, line breaks kept, never HTML. */
export function TextBlock({ title, description }: { title: string; description: string }) {
  if (!title && !description) return null;
  return (
    <Stack gap={4}>
      {title && <Title order={3}>{title}</Title>}
      {description && <Text style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{description}</Text>}
    </Stack>
  );
}
