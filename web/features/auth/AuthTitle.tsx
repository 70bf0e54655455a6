import { Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { usePageTitle } from "../../ui/usePageTitle";

/** The heading of a sign-in page, which is also the window title. */
export function AuthTitle({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <Stack gap={6} mb="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children && <Text c="gray.8">{children}</Text>}
    </Stack>
  );
}
