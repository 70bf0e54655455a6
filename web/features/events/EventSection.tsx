import { Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A titled group of fields: one level below the page title, so headings stay in order. */
export function EventSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} radius="md" component="section">
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
